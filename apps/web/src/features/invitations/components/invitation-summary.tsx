import { Text } from '@mantine/core';
import type { Invitation } from '@signet/contracts';
import { useTranslation } from 'react-i18next';

/** Who invites the person to which organisation, in which role — the words both answers show. */
export function InvitationSummary({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  return (
    <Text data-testid={`invitation-summary-${invitation.tenantName}`}>
      {t('invitations.summary', {
        inviter: invitation.inviterName,
        tenant: invitation.tenantName,
        role: t(`roles.${invitation.role}`),
      })}
    </Text>
  );
}
