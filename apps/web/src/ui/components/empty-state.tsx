import { Box, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** A Tabler icon at its default size (e.g. `<IconInbox />`); drawn in a soft circle. */
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  /** The next job: one primary button (a `Button`, often `component={Link}`). */
  action?: ReactNode;
  /** Inside a card or a table: less air around it. */
  compact?: boolean;
  'data-testid'?: string;
}

/**
 * Where a list or a screen has nothing yet: what is (not) here, and the one thing to do next.
 * The caller passes words already translated.
 */
export function EmptyState({ icon, title, text, action, compact, 'data-testid': testId }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py={compact ? 'md' : 'xl'} px="md" ta="center" data-testid={testId}>
      {icon && (
        <Box
          aria-hidden
          c="gray.7"
          bg="gray.1"
          w={56}
          h={56}
          style={{ borderRadius: '50%', display: 'grid', placeItems: 'center' }}
        >
          {icon}
        </Box>
      )}
      <Title order={3} size="h4" fw={600}>
        {title}
      </Title>
      {text && (
        <Text size="sm" c="dimmed" maw={420}>
          {text}
        </Text>
      )}
      {action && <Box mt="xs">{action}</Box>}
    </Stack>
  );
}
