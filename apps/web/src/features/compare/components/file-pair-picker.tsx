import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilePicker } from './file-picker.tsx';

/** The two PDFs to compare and the button that compares them. */
export function FilePairPicker({
  first,
  second,
  onFirst,
  onSecond,
  pending,
  onCompare,
}: {
  first: File | null;
  second: File | null;
  onFirst: (f: File | null) => void;
  onSecond: (f: File | null) => void;
  pending: boolean;
  onCompare: (first: File, second: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FilePicker label={t('compare.first')} file={first} onFile={onFirst} testId="compare-first-file" />
        <FilePicker
          label={t('compare.second')}
          file={second}
          onFile={onSecond}
          testId="compare-second-file"
        />
      </SimpleGrid>
      <Group>
        <Button
          disabled={!first || !second}
          loading={pending}
          onClick={() => first && second && onCompare(first, second)}
          data-testid="compare-run"
        >
          {t('compare.compare')}
        </Button>
      </Group>
    </Stack>
  );
}
