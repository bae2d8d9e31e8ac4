import { Text } from '@mantine/core';

/** A dialog's refusal from the server, read out to screen readers. */
export function FormError({ error, testId }: { error: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <Text c="red.8" size="sm" role="alert" data-testid={testId}>
      {error}
    </Text>
  );
}
