import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone } from '../ui/components/file-dropzone.tsx';
import { useFileDropzoneWords } from '../ui/components/file-dropzone-words.ts';

const CSV_TYPES = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

/** Where an upload is: sending the file (a fraction of it sent), or the server reading it. */
export type UploadPhase = { kind: 'idle' } | { kind: 'uploading'; fraction: number } | { kind: 'processing' };

/** The phase of one upload, moved on by the upload's progress callback. */
export function useUploadPhase() {
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  return {
    phase,
    start: () => setPhase({ kind: 'uploading', fraction: 0 }),
    onProgress: (fraction: number) =>
      setPhase(fraction >= 1 ? { kind: 'processing' } : { kind: 'uploading', fraction }),
    done: () => setPhase({ kind: 'idle' }),
  };
}

/**
 * A CSV import's file field, upload button and progress, as every CSV import shows them. The
 * words are the feature's own, under `keyPrefix` (`file`,
 * `upload`, `uploading` with `percent`, `processing`); test ids start with `testId`.
 */
export function CsvUploadFields({
  file,
  onFile,
  onUpload,
  phase,
  keyPrefix,
  testId,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  onUpload: () => void;
  phase: UploadPhase;
  keyPrefix: string;
  testId: string;
}) {
  const { t } = useTranslation();
  useFileDropzoneWords();
  const word = (key: string, options?: Record<string, unknown>) => t(`${keyPrefix}.${key}`, options);
  return (
    <>
      <FileDropzone
        label={word('file')}
        hint={t('fileDropzone.csv')}
        accept={CSV_TYPES}
        value={file}
        onChange={onFile}
        compact
        data-testid={`${testId}-file`}
      />
      <Group>
        <Button
          onClick={onUpload}
          disabled={!file}
          loading={phase.kind !== 'idle'}
          data-testid={`${testId}-upload`}
        >
          {word('upload')}
        </Button>
      </Group>
      {phase.kind !== 'idle' && (
        <Stack gap={4} data-testid={`${testId}-progress`}>
          <Text size="sm" aria-live="polite">
            {phase.kind === 'uploading'
              ? word('uploading', { percent: Math.round(phase.fraction * 100) })
              : word('processing')}
          </Text>
          <Progress
            value={phase.kind === 'uploading' ? phase.fraction * 100 : 100}
            animated={phase.kind === 'processing'}
            aria-label={word('processing')}
          />
        </Stack>
      )}
    </>
  );
}
