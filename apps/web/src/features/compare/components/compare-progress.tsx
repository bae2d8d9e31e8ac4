import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompareSource } from '../api.ts';

/** While the server compares: the upload's progress for files, then "Comparing…". */
export function CompareProgress({ source, progress }: { source: CompareSource | null; progress: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid="compare-progress">
      <Text size="sm">
        {source?.kind === 'files' && progress < 1
          ? t('compare.uploading', { percent: Math.round(progress * 100) })
          : t('compare.comparing')}
      </Text>
      <Progress
        value={source?.kind === 'files' && progress < 1 ? progress * 100 : 100}
        animated={!(source?.kind === 'files' && progress < 1)}
        aria-label={t('compare.progressLabel')}
      />
    </Stack>
  );
}
