import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  /** One or two sentences under the title: what this page is for. */
  description?: ReactNode;
  /** The page's own buttons, the primary one last; they wrap under the title on a phone. */
  actions?: ReactNode;
  'data-testid'?: string;
}

/** The top of a page: its one heading (h1), what it is for, and its actions. */
export function PageHeader({ title, description, actions, 'data-testid': testId }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm" data-testid={testId}>
      <Stack gap={4} style={{ flex: '1 1 18rem', minWidth: 0 }}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
