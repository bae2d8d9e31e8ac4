import { Alert, Badge, Button, Card, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { DirectoryRun } from '@signet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt } from '../../../app/feedback.tsx';
import { isActive, useStartSync, useSyncRuns } from '../directory-api.ts';

const STATUS_COLOURS = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' } as const;

function RunResult({ run }: { run: DirectoryRun }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="directory-run-counts">
        {t('adminDirectory.summaryLine', {
          created: run.created,
          updated: run.updated,
          disabled: run.disabled,
          failed: run.failed,
        })}
      </Text>
      {run.groups.map((g) => (
        <Text key={g.groupName} size="sm" data-testid="directory-run-group">
          {t(g.created ? 'adminDirectory.groupCreated' : 'adminDirectory.groupResult', {
            name: g.groupName,
            added: g.added,
            removed: g.removed,
          })}
        </Text>
      ))}
      {run.errorKind && (
        <Text size="sm" c="red.8" data-testid="directory-run-error">
          {t(`adminDirectory.runErrors.${run.errorKind}`)}
        </Text>
      )}
    </Stack>
  );
}

/** The latest run: its live progress while at work, then its summary with what could not be synchronised. */
function LatestRun({ run }: { run: DirectoryRun }) {
  const { t, i18n } = useTranslation();
  const active = isActive(run);
  const total = run.total ?? 0;
  const percent = total > 0 ? Math.round((run.seen / total) * 100) : 0;
  return (
    <Stack gap="xs" data-testid="directory-latest-run" data-status={run.status}>
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('adminDirectory.lastRun')}
        </Text>
        <Badge color={STATUS_COLOURS[run.status]} variant="dot">
          {t(`adminDirectory.statuses.${run.status}`)}
        </Badge>
        <Text size="xs">
          {new Date(run.createdAt).toLocaleString(i18n.language)} ·{' '}
          {t('adminDirectory.startedBy', { email: run.startedBy })}
        </Text>
      </Group>
      {active && (
        <>
          <Progress
            value={run.status === 'queued' ? 0 : percent}
            animated
            aria-label={t('adminDirectory.progressLabel')}
            data-testid="directory-progress"
          />
          <Text size="sm" aria-live="polite">
            {run.status === 'queued' || run.total === null
              ? t('adminDirectory.queued')
              : t('adminDirectory.running', { seen: run.seen, total: run.total })}
          </Text>
        </>
      )}
      {!active && <RunResult run={run} />}
      {!active && run.failures.length > 0 && (
        <Alert color="gray" data-testid="directory-run-failures">
          {/* The title as body text: an alert's coloured title falls short of the contrast rules. */}
          <Text size="sm" fw={600}>
            {t('adminDirectory.failuresTitle')}
          </Text>
          <List size="sm">
            {run.failures.map((f) => (
              <List.Item key={`${f.entry}-${f.kind}`}>
                {f.entry}: {t(`adminDirectory.failures.${f.kind}`)}
                {f.kind === 'refused' || f.kind === 'notDisabled' ? ` (${f.reason})` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}

/** "Synchronise now", the run at work or just done, and the history of earlier runs. */
export function DirectoryRuns({ configured }: { configured: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const runs = useSyncRuns();
  const start = useStartSync();
  const latest = runs.data?.[0];
  const active = isActive(latest);

  // When a run ends, the members and groups it changed are read again by their tabs.
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active) {
      void queryClient.invalidateQueries({ queryKey: ['groups'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
    }
    wasActive.current = active;
  }, [active, queryClient]);

  return (
    <Card withBorder data-testid="directory-runs">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('adminDirectory.syncTitle')}
        </Title>
        <Button
          onClick={() => void attempt(t, () => start.mutateAsync())}
          loading={start.isPending}
          disabled={!configured || active}
          data-testid="directory-sync-now"
        >
          {t('adminDirectory.syncNow')}
        </Button>
      </Group>
      {!configured && <Text size="sm">{t('adminDirectory.notConfigured')}</Text>}
      {configured && runs.data?.length === 0 && <Text size="sm">{t('adminDirectory.noRuns')}</Text>}
      <Stack>
        {latest && <LatestRun run={latest} />}
        {runs.data && runs.data.length > 1 && (
          <>
            <Text size="sm" fw={500}>
              {t('adminDirectory.history')}
            </Text>
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="directory-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('adminDirectory.when')}</Table.Th>
                    <Table.Th>{t('adminDirectory.status')}</Table.Th>
                    <Table.Th>{t('adminDirectory.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {runs.data.slice(1).map((run) => (
                    <Table.Tr key={run.runId} data-testid="directory-history-run">
                      <Table.Td>
                        <Text size="sm">{new Date(run.createdAt).toLocaleString(i18n.language)}</Text>
                        <Text size="xs">{run.startedBy}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOURS[run.status]} variant="dot">
                          {t(`adminDirectory.statuses.${run.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <RunResult run={run} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Card>
  );
}
