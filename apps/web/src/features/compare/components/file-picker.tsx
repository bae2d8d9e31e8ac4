import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One PDF to compare: a button to choose it and the chosen file's name. */
export function FilePicker({
  label,
  file,
  onFile,
  testId,
}: {
  label: string;
  file: File | null;
  onFile: (f: File | null) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{label}</Text>
        <Group>
          <Button component="label" variant="light">
            {t('compare.chooseFile')}
            <input
              type="file"
              accept="application/pdf,.pdf"
              hidden
              aria-label={label}
              data-testid={testId}
              onChange={(e) => {
                onFile(e.currentTarget.files?.[0] ?? null);
                e.currentTarget.value = '';
              }}
            />
          </Button>
          <Text size="sm">{file?.name ?? t('compare.noFile')}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
