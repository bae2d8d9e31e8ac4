import { Stack } from '@mantine/core';

/** `/settings`: the super admin's console (issue 12). */
export function SettingsPage() {
  return <Stack data-testid="page-settings" />;
}
