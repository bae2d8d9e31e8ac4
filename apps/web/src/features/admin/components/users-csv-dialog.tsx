import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { Code, neutraliseCsvCell } from '@signet/contracts';
import Papa from 'papaparse';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvUploadFields, useUploadPhase } from '../../../app/csv-upload-fields.tsx';
import { errorMessage } from '../../../app/error-message.ts';
import { closeButtonProps, showFailure } from '../../../app/feedback.tsx';
import { ApiError } from '../../../app/session/api-client.ts';
import {
  type CsvInviteSummary,
  type CsvRowResult,
  fetchInviteTemplate,
  saveBlob,
  useCsvInvite,
} from '../users-api.ts';

/** A row's code as words (spec §8 codes of POST /v1/users/invite). */
export function rowReason(t: (key: string, o?: Record<string, unknown>) => string, r: CsvRowResult): string {
  switch (r.code) {
    case Code.INVALID_INPUT:
      return t('adminUsers.errors.rowCodes.invalid', { message: r.message });
    case Code.USER_WITH_TENANT:
    case Code.USER_EXISTS:
      return t('adminUsers.errors.rowCodes.exists');
    case Code.CUSTODIAN_LIMIT_EXCEEDED:
      return t('adminUsers.errors.rowCodes.limit');
    case Code.NOT_AUTHORIZED:
      return t('adminUsers.errors.rowCodes.forbidden');
    default:
      return t('adminUsers.errors.rowCodes.other', { code: r.code, message: r.message });
  }
}

/**
 * The failed rows of an upload as a CSV to fix and upload again: the file's own columns, the
 * failed rows as they were, and a last column saying why (the server ignores unknown columns).
 * `row` numbers count the header as row 1 and skip blank lines, as the server does. Cells pass
 * through `neutraliseCsvCell`, as in every CSV the server writes (formula injection).
 */
export function failedRowsCsv(
  original: string,
  failed: CsvRowResult[],
  reason: (r: CsvRowResult) => string,
  errorColumn: string,
): string {
  const parsed = Papa.parse<string[]>(original.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [header = [], ...records] = parsed.data;
  const rows = failed.map((f) => {
    const cells = records[f.row - 2] ?? [f.email];
    return [...header.map((_, i) => cells[i] ?? ''), reason(f)];
  });
  return Papa.unparse({
    fields: [...header, errorColumn].map(neutraliseCsvCell),
    data: rows.map((row) => row.map(neutraliseCsvCell)),
  });
}

/** A file's text through FileReader (what every browser, and jsdom, has). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** Invites many people from a CSV: template, upload with progress, per-row results, failed rows to fix. */
export function UsersCsvDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const upload = useCsvInvite();
  const [file, setFile] = useState<File | null>(null);
  const { phase, start, onProgress, done } = useUploadPhase();
  const [result, setResult] = useState<{ summary: CsvInviteSummary; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function downloadTemplate() {
    try {
      saveBlob(await fetchInviteTemplate(), 'invite-users.csv');
    } catch (e) {
      showFailure(t, e);
    }
  }

  async function send() {
    if (!file) return;
    setResult(null);
    setError(null);
    const text = await readText(file);
    start();
    try {
      const summary = await upload.mutateAsync({
        file,
        onProgress,
      });
      setResult({ summary, text });
    } catch (e) {
      if (e instanceof ApiError && e.code === Code.PARTIAL_FAILURE && e.data) {
        setResult({ summary: e.data as CsvInviteSummary, text });
      } else if (e instanceof ApiError && !e.handled) {
        setError(errorMessage(t, e));
      } else showFailure(t, e);
    } finally {
      done();
    }
  }

  const failed = result?.summary.rows.filter((r) => r.code !== Code.SUCCESS) ?? [];
  const reason = (r: CsvRowResult) => rowReason(t, r);

  function downloadFailed() {
    if (!result) return;
    const csv = failedRowsCsv(result.text, failed, reason, t('adminUsers.csv.errorColumn'));
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'invite-users-failed.csv');
  }

  function close() {
    setFile(null);
    setResult(null);
    setError(null);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('adminUsers.csv.title')}
      size="lg"
      closeButtonProps={closeButtonProps()}
    >
      <Stack gap="sm" data-testid="users-csv-dialog">
        <Text size="sm">{t('adminUsers.csv.hint')}</Text>
        <Group>
          <Button variant="default" onClick={() => void downloadTemplate()} data-testid="users-csv-template">
            {t('adminUsers.csv.template')}
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
          keyPrefix="adminUsers.csv"
          testId="users-csv"
        />
        {error && (
          <Alert color="red" role="alert" data-testid="users-csv-error">
            {error}
          </Alert>
        )}
        {result && failed.length === 0 && (
          <Alert color="green" data-testid="users-csv-done">
            {t('adminUsers.csv.allInvited', { count: result.summary.invited })}
          </Alert>
        )}
        {result && failed.length > 0 && (
          <Stack gap="xs" data-testid="users-csv-failed">
            <Alert color="orange" role="alert">
              {t('adminUsers.csv.someFailed', { invited: result.summary.invited, failed: failed.length })}
            </Alert>
            <Table>
              <Table.Caption>{t('adminUsers.csv.failedRows')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('adminUsers.csv.row')}</Table.Th>
                  <Table.Th>{t('adminUsers.csv.email')}</Table.Th>
                  <Table.Th>{t('adminUsers.csv.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {failed.map((r) => (
                  <Table.Tr key={r.row} data-testid="users-csv-failed-row">
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.email}</Table.Td>
                    <Table.Td>{reason(r)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group>
              <Button variant="default" onClick={downloadFailed} data-testid="users-csv-download-failed">
                {t('adminUsers.csv.downloadFailed')}
              </Button>
            </Group>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('adminUsers.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
