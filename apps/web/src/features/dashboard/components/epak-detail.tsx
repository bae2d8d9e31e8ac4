import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  List,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type EpakDetail as Detail, type EpakSummary, ownerName, readableTitle } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { confirm, showFailure, toast } from '../../../app/feedback.tsx';
import { type DatePreferences, formatDate } from '../../../app/i18n/dates.ts';
import { isHandled } from '../../../app/session/client.ts';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import { Timeline } from '../../../ui/components/timeline.tsx';
import { activityEvent } from '../activity-events.ts';
import { downloadDocument, downloadEpak, useEpakAction, useEpakActivity, useEpakDetail } from '../api.ts';
import { useActivityWords } from '../i18n/activity-words.ts';
import { EpakSteps } from './epak-steps.tsx';

function parseTags(tags: string): { key: string; value: string }[] {
  try {
    const parsed = JSON.parse(tags) as { data?: { key: string; value: string }[] };
    return Array.isArray(parsed.data) ? parsed.data : [];
  } catch {
    return [];
  }
}

type Action = 'stop' | 'archive' | 'delete';

/** The custodian hosts the signers of a current in-person step on their own session. */
function hostsInPerson(detail: Detail): boolean {
  const step = detail.steps.find((s) => s.status === 'current');
  return detail.can.stop && step?.type === 'INPERSONSIGN';
}

/** What the viewer may do: the server's `can` once the detail is here; nothing before. */
function allowed(detail: Detail | undefined, action: Action): boolean {
  return detail?.can[action] ?? false;
}

/**
 * One ePak: summary, documents, workflow steps with each recipient's status, activity timeline,
 * and the custodian's actions (remind, delegate cancel, stop, archive, delete, download).
 */
export function EpakDetail(props: {
  epakId: string | undefined;
  summary: EpakSummary | null;
  prefs: DatePreferences;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  useActivityWords();
  const detail = useEpakDetail(props.epakId);
  const activity = useEpakActivity(props.epakId);
  const action = useEpakAction();
  if (!props.epakId) return null;
  const epak: EpakSummary | Detail | null = detail.data ?? props.summary;
  const { onClose } = props;

  async function handleAction(kind: Action, current: EpakSummary) {
    if (!(await confirm(t(`epaks.confirm.${kind}`, { subject: current.subject })))) return;
    try {
      await action.mutateAsync({ action: kind, epak: current });
      toast.success(t(`epaks.done.${kind}`));
      onClose();
    } catch (e) {
      showFailure(t, e);
    }
  }

  async function handleDownload(run: () => Promise<void>) {
    try {
      await run();
    } catch (e) {
      toast.error(errorMessage(t, e));
    }
  }

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={epak?.subject || epak?.ePakName || ''}
      data-testid="epak-detail"
    >
      {!epak && detail.isLoading && <Loader size="sm" aria-label={t('common.loading')} />}
      {!epak && detail.isError && !isHandled(detail.error) && (
        <Alert color="red">{errorMessage(t, detail.error)}</Alert>
      )}
      {epak && (
        <Stack>
          <Group>
            <StatusBadge kind="epak" status={epak.status} data-testid="epak-detail-status" />
            <Text size="sm">{t('epaks.progress', { n: epak.progressPercent })}</Text>
          </Group>
          <Progress
            value={epak.progressPercent}
            aria-label={t('epaks.progress', { n: epak.progressPercent })}
          />
          <Text size="sm">
            {t('epaks.from')}: {ownerName(epak)}
          </Text>
          <Text size="sm">
            {t('epaks.sentOn')}: {formatDate(epak.sentOn, props.prefs, true) || '—'} · {t('epaks.expiresOn')}:{' '}
            {formatDate(epak.expiredOn, props.prefs) || '—'}
          </Text>
          {detail.data?.message && <Text size="sm">{detail.data.message}</Text>}
          {parseTags(epak.tags).length > 0 && (
            <Group gap={4}>
              {parseTags(epak.tags).map((tag) => (
                <Badge key={tag.key} variant="outline">
                  {tag.key}: {tag.value}
                </Badge>
              ))}
            </Group>
          )}

          {detail.data && (
            <>
              <Title order={3} size="h5">
                {t('epaks.documents')}
              </Title>
              <List size="sm" data-testid="epak-documents">
                {detail.data.documents.map((doc) => (
                  <List.Item key={doc.id}>
                    <Group gap="xs">
                      <Text size="sm" title={doc.name}>
                        {readableTitle(doc.name)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('epaks.pages', { count: doc.pageCount })}
                      </Text>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        aria-label={t('epaks.downloadDocument', { name: readableTitle(doc.name) })}
                        onClick={() => void handleDownload(() => downloadDocument(epak.id, doc))}
                      >
                        {t('epaks.actions.download')}
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
              <Title order={3} size="h5">
                {t('epaks.steps')}
              </Title>
              <EpakSteps detail={detail.data} prefs={props.prefs} />
            </>
          )}

          <Title order={3} size="h5">
            {t('epaks.activity')}
          </Title>
          {activity.isError && (
            <Text size="sm" c="dimmed" data-testid="epak-activity-unavailable">
              {t('epaks.activityUnavailable')}
            </Text>
          )}
          {activity.data && (
            <Timeline
              events={activity.data.map((entry) => activityEvent(entry, t, language))}
              prefs={props.prefs}
              data-testid="epak-activity"
            />
          )}

          <Group>
            {detail.data &&
              (detail.data.can.sign || detail.data.can.review || hostsInPerson(detail.data)) && (
                <Button component={Link} to={`/sign?ePakId=${epak.id}`} data-testid="epak-open-sign">
                  {t(
                    detail.data.can.review
                      ? 'epaks.actions.review'
                      : detail.data.can.sign
                        ? 'epaks.actions.sign'
                        : 'epaks.actions.hostInPerson',
                  )}
                </Button>
              )}
            <Button
              variant="light"
              onClick={() => void handleDownload(() => downloadEpak(epak))}
              data-testid="epak-download"
            >
              {t('epaks.actions.download')}
            </Button>
            {allowed(detail.data, 'stop') && (
              <Button
                variant="light"
                color="orange"
                onClick={() => void handleAction('stop', epak)}
                data-testid="epak-stop"
              >
                {t('epaks.actions.stop')}
              </Button>
            )}
            {allowed(detail.data, 'archive') && (
              <Button
                variant="light"
                onClick={() => void handleAction('archive', epak)}
                data-testid="epak-archive"
              >
                {t('epaks.actions.archive')}
              </Button>
            )}
            {allowed(detail.data, 'delete') && (
              <Button
                variant="light"
                color="red"
                onClick={() => void handleAction('delete', epak)}
                data-testid="epak-delete"
              >
                {t('epaks.actions.delete')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}
