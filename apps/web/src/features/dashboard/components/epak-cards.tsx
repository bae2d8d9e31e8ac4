import {
  ActionIcon,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { type EpakSummary, ownerName } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type DatePreferences, formatDate } from '../../../app/i18n/dates.ts';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import { type RowSelection, SelectBox } from './epak-table.tsx';

/** The step the viewer is awaited in, if any: the one action that matters on a phone. */
export function awaitedStep(e: EpakSummary, email: string): 'sign' | 'review' | null {
  if (!e.currentStatePendingSigners.some((s) => s.toLowerCase() === email.toLowerCase())) return null;
  if (e.currentWorkflowStateAction === 'SIGN') return 'sign';
  if (e.currentWorkflowStateAction === 'REVIEW') return 'review';
  return null;
}

/**
 * The ePak list on a phone: one card each with subject, status, sender, due date and one action —
 * sign or review when the viewer is awaited, open otherwise.
 */
export function EpakCards(props: {
  epaks: EpakSummary[];
  prefs: DatePreferences;
  viewerEmail: string;
  onOpen: (epak: EpakSummary) => void;
  onStar: (epak: EpakSummary) => void;
  /** Bulk sign: a tick box on the cards waiting for the viewer's signature. */
  selection?: RowSelection;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="epak-cards">
      {props.epaks.map((e) => {
        const step = awaitedStep(e, props.viewerEmail);
        return (
          <Card
            key={e.id}
            component="li"
            withBorder
            p="sm"
            data-testid={`epak-card-${e.id}`}
            data-read={e.isRead}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              {props.selection && <SelectBox epak={e} selection={props.selection} />}
              <UnstyledButton
                onClick={() => props.onOpen(e)}
                data-testid={`open-${e.id}`}
                style={{ minWidth: 0, overflowWrap: 'anywhere', flex: 1 }}
              >
                <Text size="sm" fw={e.isRead ? 500 : 700}>
                  {e.subject || e.ePakName}
                  {!e.isRead && <VisuallyHidden> ({t('epaks.unread')})</VisuallyHidden>}
                </Text>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                color={e.starred ? 'yellow.9' : 'gray'}
                aria-pressed={e.starred}
                aria-label={e.starred ? t('epaks.unstar') : t('epaks.starIt')}
                data-testid={`star-${e.id}`}
                onClick={() => props.onStar(e)}
              >
                {e.starred ? '★' : '☆'}
              </ActionIcon>
            </Group>
            <Text size="xs" c="dimmed" data-testid="epak-card-from" style={{ overflowWrap: 'anywhere' }}>
              {t('epaks.from')}: {ownerName(e)}
            </Text>
            <Group gap="xs" mt={4} wrap="nowrap">
              <StatusBadge
                kind="epak"
                status={e.status}
                size="sm"
                data-testid="epak-card-status"
                style={{ flexShrink: 0 }}
              />
              <Progress
                value={e.progressPercent}
                size="sm"
                style={{ flex: 1 }}
                aria-label={t('epaks.progress', { n: e.progressPercent })}
              />
            </Group>
            <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
              <Text size="xs" data-testid="epak-card-due">
                {e.expiredOn
                  ? t('phone.due', { date: formatDate(e.expiredOn, props.prefs) })
                  : t('phone.noDueDate')}
              </Text>
              {step ? (
                <Button
                  size="compact-sm"
                  component={Link}
                  to={`/sign?ePakId=${e.id}`}
                  data-testid="epak-card-action"
                >
                  {t(`epaks.actions.${step}`)}
                </Button>
              ) : (
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => props.onOpen(e)}
                  data-testid="epak-card-action"
                >
                  {t('phone.open')}
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
