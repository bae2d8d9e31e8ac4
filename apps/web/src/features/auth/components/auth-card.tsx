import { Alert, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the sign-in family of pages: a title, an optional error, the form. */
export function AuthCard({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={460} mx="auto" w="100%">
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {error && (
          <Alert color="red" role="alert" data-testid="form-error">
            {error}
          </Alert>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
