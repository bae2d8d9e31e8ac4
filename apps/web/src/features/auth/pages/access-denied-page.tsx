import { Button, Group, Text } from '@mantine/core';
import { AccessDeniedStatus } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useStoredSession } from '../../../app/session/use-session.ts';
import { AuthCard } from '../components/auth-card.tsx';

/** `/accessdenied?status=…`: one of the five statuses of spec §2, each with its way out. */
export function AccessDeniedPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('status');
  const status = (AccessDeniedStatus as readonly string[]).includes(raw ?? '')
    ? (raw as AccessDeniedStatus)
    : 'forbidden';
  const signedIn = useStoredSession() !== null;
  return (
    <AuthCard title={t(`accessDenied.${status}.title`)}>
      <Text data-testid={`access-denied-${status}`}>{t(`accessDenied.${status}.text`)}</Text>
      <Group>
        {signedIn ? (
          <Button component={Link} to="/" data-testid="access-denied-home">
            {t('accessDenied.home')}
          </Button>
        ) : (
          <Button component={Link} to="/login" data-testid="access-denied-login">
            {t('auth.signIn')}
          </Button>
        )}
      </Group>
    </AuthCard>
  );
}
