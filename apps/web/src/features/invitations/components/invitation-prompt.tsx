import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/error-message.ts';
import { closeButtonProps, toast } from '../../../app/feedback.tsx';
import { useAnswerOwnInvitation, useOwnInvitations } from '../api.ts';
import { InvitationSummary } from './invitation-summary.tsx';

/**
 * Asked once after sign-in when other organisations invited the person: nobody joins a tenant
 * without saying yes. "Later" keeps the invitations open until the next sign-in (or the mail).
 */
export function InvitationPrompt({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const invitations = useOwnInvitations(enabled);
  const answer = useAnswerOwnInvitation();
  const [later, setLater] = useState(false);
  const open = invitations.data ?? [];
  if (later || open.length === 0) return null;

  async function handleAnswer(tenantId: string, tenantName: string, accept: boolean) {
    try {
      await answer.mutateAsync({ tenantId, accept });
      toast.success(t(accept ? 'invitations.joined' : 'invitations.declined', { tenant: tenantName }));
    } catch (e) {
      toast.error(errorMessage(t, e));
    }
  }

  return (
    <Modal
      opened
      onClose={() => setLater(true)}
      title={t('invitations.promptTitle')}
      closeButtonProps={closeButtonProps()}
      centered
    >
      <Stack data-testid="invitation-prompt">
        <Text size="sm" c="dimmed">
          {t('invitations.promptText')}
        </Text>
        {open.map((invitation) => (
          <Stack key={invitation.tenantId} gap="xs">
            <InvitationSummary invitation={invitation} />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                size="xs"
                loading={answer.isPending && answer.variables?.tenantId === invitation.tenantId}
                data-testid={`invitation-decline-${invitation.tenantName}`}
                onClick={() => void handleAnswer(invitation.tenantId, invitation.tenantName, false)}
              >
                {t('invitations.decline')}
              </Button>
              <Button
                size="xs"
                loading={answer.isPending && answer.variables?.tenantId === invitation.tenantId}
                data-testid={`invitation-accept-${invitation.tenantName}`}
                onClick={() => void handleAnswer(invitation.tenantId, invitation.tenantName, true)}
              >
                {t('invitations.accept')}
              </Button>
            </Group>
          </Stack>
        ))}
        <Group justify="flex-end">
          <Button variant="subtle" size="xs" onClick={() => setLater(true)} data-testid="invitation-later">
            {t('invitations.later')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
