import { Anchor, Button, Group, Loader, Text } from '@mantine/core';
import type { InvitationAnswered } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { useStoredSession } from '../../../app/session/use-session.ts';
import { AuthCard } from '../../auth/components/auth-card.tsx';
import { useAnswerInvitationLink, useInvitationLink } from '../api.ts';
import { InvitationSummary } from '../components/invitation-summary.tsx';

/** `/invitation?token=…`: the link of a join mail, answered without signing in. */
export function InvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = useStoredSession() !== null;
  const invitation = useInvitationLink(token);
  const answer = useAnswerInvitationLink();
  const [answered, setAnswered] = useState<InvitationAnswered | null>(null);
  const [error, setError] = useState<string | null>(null);
  const next = (
    <Anchor component={Link} to={signedIn ? '/' : '/login'} data-testid="invitation-continue">
      {signedIn ? t('invitations.toApp') : t('auth.backToSignIn')}
    </Anchor>
  );

  async function handleAnswer(accept: boolean) {
    setError(null);
    try {
      setAnswered(await answer.mutateAsync({ token, accept }));
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  if (!token || invitation.isError) {
    return (
      <AuthCard
        title={t('invitations.title')}
        error={token ? errorMessage(t, invitation.error) : t('errors.invalidLink')}
      >
        {next}
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard title={t('invitations.title')}>
        <Loader aria-label={t('common.loading')} />
      </AuthCard>
    );
  }
  const tenant = invitation.data.tenantName;
  if (answered) {
    return (
      <AuthCard title={t('invitations.title')}>
        <Text data-testid="invitation-result">
          {t(answered.accepted ? 'invitations.joined' : 'invitations.declined', { tenant })}
        </Text>
        {next}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('invitations.title')} error={error}>
      <InvitationSummary invitation={invitation.data} />
      <Text size="sm" c="dimmed">
        {t('invitations.privacy', { tenant })}
      </Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          loading={answer.isPending && answer.variables?.accept === false}
          onClick={() => void handleAnswer(false)}
          data-testid="invitation-decline"
        >
          {t('invitations.decline')}
        </Button>
        <Button
          loading={answer.isPending && answer.variables?.accept === true}
          onClick={() => void handleAnswer(true)}
          data-testid="invitation-accept"
        >
          {t('invitations.accept')}
        </Button>
      </Group>
    </AuthCard>
  );
}
