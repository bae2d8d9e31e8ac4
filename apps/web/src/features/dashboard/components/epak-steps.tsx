import { Button, Group, Text, Timeline } from '@mantine/core';
import type { EpakDetail } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { showFailure, toast } from '../../../app/feedback.tsx';
import { type DatePreferences, formatDate } from '../../../app/i18n/dates.ts';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import { useRecipientAction } from '../api.ts';

/** The workflow steps in order, each recipient with their status; the custodian can remind or cancel a delegation. */
export function EpakSteps({ detail, prefs }: { detail: EpakDetail; prefs: DatePreferences }) {
  const { t } = useTranslation();
  const recipientAction = useRecipientAction();
  const current = detail.steps.findIndex((s) => s.status === 'current');

  async function handleRecipient(
    kind: 'remind' | 'delegateCancel',
    step: EpakDetail['steps'][number],
    r: EpakDetail['steps'][number]['recipients'][number],
  ) {
    try {
      await recipientAction.mutateAsync({
        kind,
        epakId: detail.id,
        stepId: step.id,
        wfOrderId: step.wfOrderId,
        userId: r.userId,
        email: r.email,
      });
      toast.success(t(kind === 'remind' ? 'epaks.reminded' : 'epaks.delegationCancelled'));
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <Timeline
      active={current === -1 ? detail.steps.length - 1 : current}
      bulletSize={18}
      lineWidth={2}
      data-testid="epak-steps"
    >
      {detail.steps.map((step) => (
        <Timeline.Item
          key={step.id}
          title={`${step.wfOrderId}. ${t(`steps.${step.type}`)}${step.name ? ` — ${step.name}` : ''}`}
        >
          <Text size="xs" c="dimmed">
            {t(`epaks.stepStatus.${step.status}`)}
          </Text>
          {step.recipients.map((r) => (
            <Group key={r.id} gap="xs" mt={4} data-testid={`recipient-${r.email}`}>
              <Text size="sm">{[r.firstName, r.lastName].filter(Boolean).join(' ') || r.email}</Text>
              {/* Two people may share a name; the address tells them apart. */}
              {(r.firstName || r.lastName) && (
                <Text size="xs" c="dimmed">
                  {r.email}
                </Text>
              )}
              <StatusBadge kind="signer" status={r.status} size="sm" />
              {r.actedAt && (
                <Text size="xs" c="dimmed">
                  {formatDate(r.actedAt, prefs, true)}
                </Text>
              )}
              {detail.custodian && step.status === 'current' && r.status === 'Pending' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => void handleRecipient('remind', step, r)}
                >
                  {t('epaks.remind')}
                </Button>
              )}
              {detail.custodian && r.status === 'DelegatePending' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void handleRecipient('delegateCancel', step, r)}
                >
                  {t('epaks.cancelDelegation')}
                </Button>
              )}
            </Group>
          ))}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
