import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { STAMP_PAPER_CSV_COLUMNS, type StampPaperCsvUploadResult } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvUploadFields, useUploadPhase } from '../../../app/csv-upload-fields.tsx';
import { closeButtonProps, showFailure } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { saveBlob } from '../../bulkcompose/save-blob.ts';
import { fetchFailedRowsCsv, useImportStampCsv } from '../api.ts';
import { stampErrorMessage, stampRowReason } from '../stamp-errors.ts';

/** A sample file with the columns the import reads (`STAMP_PAPER_CSV_COLUMNS`). */
const SAMPLE = `${STAMP_PAPER_CSV_COLUMNS.join(',')}\r\nIN-MH-000001,MH,100\r\nIN-DL-000002,DL,500\r\n`;

/**
 * Imports stamp papers from a CSV (`POST /v1/stamppapers/csv/upload`): progress, how many were
 * imported, the rows that were not with why, and those rows back as a CSV from the server
 * (`POST /v1/stamppapers/csv/export`) to fix and upload again.
 */
export function StampCsvDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useImportStampCsv();
  const [file, setFile] = useState<File | null>(null);
  const { phase, start, onProgress, done } = useUploadPhase();
  const [result, setResult] = useState<StampPaperCsvUploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send() {
    if (!file) return;
    setResult(null);
    setError(null);
    start();
    try {
      setResult(
        await upload.mutateAsync({
          file,
          onProgress,
        }),
      );
    } catch (e) {
      if (!isHandled(e)) setError(stampErrorMessage(t, e));
    } finally {
      done();
    }
  }

  async function downloadFailed() {
    if (!result) return;
    try {
      saveBlob(await fetchFailedRowsCsv(result.failed), 'stamp-papers-not-imported.csv');
    } catch (e) {
      showFailure(t, e);
    }
  }

  function close() {
    setFile(null);
    setResult(null);
    setError(null);
    onClose();
  }

  const failed = result?.failed ?? [];
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('stampPapers.csv.title')}
      size="lg"
      closeButtonProps={closeButtonProps()}
    >
      <Stack gap="sm" data-testid="stamp-csv-dialog">
        <Text size="sm">{t('stampPapers.csv.hint')}</Text>
        <Group>
          <Button
            variant="default"
            onClick={() =>
              saveBlob(new Blob([SAMPLE], { type: 'text/csv;charset=utf-8' }), 'stamp-papers.csv')
            }
            data-testid="stamp-csv-template"
          >
            {t('stampPapers.csv.template')}
          </Button>
        </Group>
        <CsvUploadFields
          file={file}
          onFile={(f) => {
            setFile(f);
            setError(null);
          }}
          onUpload={() => void send()}
          phase={phase}
          keyPrefix="stampPapers.csv"
          testId="stamp-csv"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="stamp-csv-error">
            {error}
          </Alert>
        )}
        {result && failed.length === 0 && (
          <Alert color="green" data-testid="stamp-csv-done">
            {t('stampPapers.csv.allImported', { count: result.imported })}
          </Alert>
        )}
        {result && failed.length > 0 && (
          <Stack gap="xs" data-testid="stamp-csv-failed">
            <Alert color="orange" role="alert" data-testid="stamp-csv-summary">
              {t('stampPapers.csv.someFailed', { imported: result.imported, failed: failed.length })}
            </Alert>
            <Table>
              <Table.Caption>{t('stampPapers.csv.failedRows')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('stampPapers.csv.row')}</Table.Th>
                  <Table.Th>{t('stampPapers.csv.stampId')}</Table.Th>
                  <Table.Th>{t('stampPapers.csv.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {failed.map((r) => (
                  <Table.Tr key={r.row} data-testid="stamp-csv-failed-row">
                    <Table.Td data-label={t('stampPapers.csv.row')}>{r.row}</Table.Td>
                    <Table.Td data-label={t('stampPapers.csv.stampId')}>{r.stampId}</Table.Td>
                    <Table.Td data-label={t('stampPapers.csv.reason')}>{stampRowReason(t, r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button
                variant="default"
                onClick={() => void downloadFailed()}
                data-testid="stamp-csv-download-failed"
              >
                {t('stampPapers.csv.downloadFailed')}
              </Button>
            </Group>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} data-testid="stamp-csv-close">
            {t('stampPapers.csv.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
