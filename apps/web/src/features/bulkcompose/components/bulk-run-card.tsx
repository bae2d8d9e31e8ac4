import { Alert, Button, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { BulkComposeRun } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { confirm, showFailure } from '../../../app/feedback.tsx';
import { fetchFailedRows, isRunning, useBulkRun, useCancelBulkRun } from '../api.ts';
import { rowReason } from '../row-reason.ts';
import { saveBlob } from '../save-blob.ts';

function timeLeft(t: (k: string, o?: Record<string, unknown>) => string, seconds: number): string {
  return seconds < 90
    ? t('bulkcompose.seconds', { count: seconds })
    : t('bulkcompose.minutes', { count: Math.ceil(seconds / 60) });
}

/** A run as it goes: rows done and failed, time left, cancel, and the failed rows to fix. */
export function BulkRunCard({ runId }: { runId: string }) {
  const { t } = useTranslation();
  const query = useBulkRun(runId);
  const cancel = useCancelBulkRun();
  const run: BulkComposeRun | undefined = query.data;
  if (!run) return null;
  const done = run.sent + run.failed + run.cancelled;
  const percent = run.total > 0 ? Math.round((done / run.total) * 100) : 0;
  const running = isRunning(run);

  async function stop() {
    if (!(await confirm(t('bulkcompose.cancelConfirm')))) return;
    try {
      await cancel.mutateAsync(runId);
    } catch (e) {
      showFailure(t, e);
    }
  }

  async function downloadFailed() {
    try {
      saveBlob(
        await fetchFailedRows(runId),
        `${run?.fileName.replace(/\.csv$/i, '') || 'bulk-compose'}-failed.csv`,
      );
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <Card withBorder data-testid="bulk-run" data-status={run.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('bulkcompose.run', { file: run.fileName })}
          </Text>
          <Text size="sm" data-testid="bulk-run-status">
            {t(`bulkcompose.status.${run.status}`)}
          </Text>
        </Group>
        <Progress
          value={percent}
          animated={running}
          aria-label={t('bulkcompose.progressLabel')}
          data-testid="bulk-run-progress"
        />
        <Text size="sm" role="status" data-testid="bulk-run-counts">
          {t('bulkcompose.counts', { done, count: run.total, sent: run.sent, failed: run.failed })}
          {run.cancelled > 0 ? ` · ${t('bulkcompose.cancelledCount', { count: run.cancelled })}` : ''}
          {running && run.secondsLeft !== null
            ? ` · ${t('bulkcompose.timeLeft', { time: timeLeft(t, run.secondsLeft) })}`
            : ''}
        </Text>
        {running ? (
          <Group>
            <Button
              variant="default"
              color="red"
              onClick={stop}
              loading={cancel.isPending}
              data-testid="bulk-run-cancel"
            >
              {t('bulkcompose.cancel')}
            </Button>
          </Group>
        ) : null}
        {!running && run.failed === 0 && run.cancelled === 0 ? (
          <Alert color="green" data-testid="bulk-run-all-sent">
            {t('bulkcompose.allSent')}
          </Alert>
        ) : null}
        {run.failed > 0 ? (
          <Stack gap="xs">
            <Text fw={600}>{t('bulkcompose.failures')}</Text>
            {run.failed > run.failures.length ? (
              <Text size="sm">
                {t('bulkcompose.failuresMore', { shown: run.failures.length, count: run.failed })}
              </Text>
            ) : null}
            <Table data-testid="bulk-run-failures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bulkcompose.row')}</Table.Th>
                  <Table.Th>{t('bulkcompose.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.failures.map((f) => (
                  <Table.Tr key={f.row}>
                    <Table.Td data-label={t('bulkcompose.row')}>{f.row}</Table.Td>
                    <Table.Td data-label={t('bulkcompose.reason')} style={{ overflowWrap: 'anywhere' }}>
                      {rowReason(t, f)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {!running ? (
              <>
                <Group>
                  <Button variant="light" onClick={downloadFailed} data-testid="bulk-run-download-failed">
                    {t('bulkcompose.downloadFailed')}
                  </Button>
                </Group>
                <Text size="sm">{t('bulkcompose.fixHint')}</Text>
              </>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
