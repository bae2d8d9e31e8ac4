import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { ApiError } from '../../../app/session/api-client.ts';
import { type BulkRow, type BulkRun, counts, type RowState } from '../bulk-run.ts';

export type RunPhase = 'idle' | 'running' | 'done' | 'stopped' | 'needPin' | 'wrongPin' | 'locked' | 'failed';

/** Dark shades: the light badges' default text fails contrast on their tint (axe). */
const STATE_COLOUR: Record<RowState, string> = {
  waiting: 'gray.9',
  signing: 'blue.9',
  signed: 'green.9',
  skipped: 'orange.9',
};

/** Why an ePak was skipped, in the reader's language: the fields to fill, else the code's message. */
function skipReason(t: TFunction, row: BulkRow): string {
  if (row.missing.length > 0) return t('bulkSign.needsFields', { fields: row.missing.join(', ') });
  return errorMessage(t, new ApiError(409, row.code ?? -1, row.reason ?? ''));
}

/**
 * The run as it goes: a progress bar and count, each ePak's state, and the skipped ones listed
 * with their reason and a link to open them (to fill the fields and sign one by one).
 */
export function BulkProgressDialog({
  opened,
  run,
  phase,
  failure,
  onStop,
  onResume,
  onClose,
}: {
  opened: boolean;
  run: BulkRun;
  phase: RunPhase;
  failure: string | null;
  onStop: () => void;
  onResume: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const c = counts(run);
  const running = phase === 'running';
  const skipped = run.rows.filter((r) => r.state === 'skipped');
  return (
    <Modal
      opened={opened}
      onClose={() => !running && onClose()}
      title={t('bulkSign.title', { count: c.total })}
      size="lg"
      withCloseButton={!running}
      closeOnClickOutside={false}
      closeOnEscape={!running}
      closeButtonProps={closeButtonProps()}
      data-testid="bulk-progress"
      data-phase={phase}
    >
      <Stack gap="sm">
        <Text size="sm" role="status" aria-live="polite" data-testid="bulk-progress-text">
          {t('bulkSign.progress', { ...c })}
        </Text>
        <Progress
          value={c.total ? (c.done / c.total) * 100 : 0}
          animated={running}
          aria-label={t('bulkSign.progressLabel')}
          data-testid="bulk-progress-bar"
        />
        {phase === 'done' && c.skipped === 0 && (
          <Alert color="green" data-testid="bulk-all-signed">
            {t('bulkSign.allSigned', { count: c.signed })}
          </Alert>
        )}
        {phase === 'stopped' && <Alert color="yellow">{t('bulkSign.stopped')}</Alert>}
        {phase === 'wrongPin' && (
          <Alert color="red" data-testid="bulk-wrong-pin">
            {t('bulkSign.wrongPin')}
          </Alert>
        )}
        {phase === 'needPin' && <Alert color="blue">{t('bulkSign.pinNeeded')}</Alert>}
        {phase === 'locked' && <Alert color="red">{t('bulkSign.locked')}</Alert>}
        {phase === 'failed' && <Alert color="red">{t('bulkSign.failed', { message: failure ?? '' })}</Alert>}
        {skipped.length > 0 && (
          <>
            <Title order={3} size="h5">
              {t('bulkSign.skippedTitle', { count: skipped.length })}
            </Title>
            <Stack
              gap={4}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              data-testid="bulk-skipped"
            >
              {skipped.map((r) => (
                <li key={r.id} data-testid={`bulk-skipped-${r.id}`}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {r.subject}{' '}
                    <Anchor component={Link} to={`/sign?ePakId=${r.id}`} size="sm">
                      {t('bulkSign.open')}
                    </Anchor>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {skipReason(t, r)}
                  </Text>
                </li>
              ))}
            </Stack>
          </>
        )}
        {/* Focusable, so the list scrolls from the keyboard too. */}
        <ScrollArea.Autosize
          mah={240}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('bulkSign.progressLabel') }}
        >
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="bulk-rows">
            {run.rows.map((r) => (
              <Group
                key={r.id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                data-testid={`bulk-row-${r.id}`}
                data-state={r.state}
              >
                <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  {r.subject}
                </Text>
                <Badge variant="light" color={STATE_COLOUR[r.state]} style={{ flexShrink: 0 }}>
                  {t(`bulkSign.state.${r.state}`)}
                </Badge>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          {running ? (
            <Button variant="default" onClick={onStop} data-testid="bulk-stop">
              {t('bulkSign.stop')}
            </Button>
          ) : (
            <>
              {(phase === 'needPin' || phase === 'wrongPin' || phase === 'failed' || phase === 'stopped') && (
                <Button variant="light" onClick={onResume} data-testid="bulk-resume">
                  {t('bulkSign.resume')}
                </Button>
              )}
              <Button onClick={onClose} data-testid="bulk-close">
                {t('bulkSign.close')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
