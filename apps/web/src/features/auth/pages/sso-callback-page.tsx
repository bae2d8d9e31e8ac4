import { Anchor, Group, Loader, Text } from '@mantine/core';
import type { SsoCallbackInput } from '@signet/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { homeFor, safeNext } from '../../../app/routing/home.ts';
import { isHandled } from '../../../app/session/client.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { startedTenant, useFinishSso } from '../sso-api.ts';
import { ssoErrorMessage } from '../sso-errors.ts';

/** The provider's answer from the query string, as the server takes it. */
function answerOf(params: URLSearchParams): SsoCallbackInput {
  const pick = (k: string) => params.get(k) ?? undefined;
  const answer: SsoCallbackInput = { state: params.get('state') ?? '' };
  for (const k of ['code', 'iss', 'error', 'error_description'] as const) {
    const v = pick(k);
    if (v !== undefined) answer[k] = v;
  }
  return answer;
}

/**
 * `/sso/callback`: where the tenant's provider sends the browser back. The answer goes to the
 * server once (a state works once; the ref keeps a re-render from sending it twice), which
 * answers an ordinary session; then on to the page asked for, or home.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishSso();
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    finish
      .mutateAsync(answerOf(params))
      .then((tokens) => navigate(safeNext(tokens.next) ?? homeFor(tokens.user.role), { replace: true }))
      .catch((e: unknown) => {
        if (!isHandled(e)) setError(ssoErrorMessage(t, e));
      });
  }, [finish, params, navigate, t]);

  const tenant = startedTenant();
  return (
    <AuthCard title={error ? t('sso.login.failedTitle') : t('sso.login.signingIn')} error={error}>
      {error ? (
        <Anchor component={Link} to={tenant ? `/login?sso=${tenant}` : '/login'} data-testid="sso-back">
          {t('sso.login.backToLogin')}
        </Anchor>
      ) : (
        <Group gap="sm" role="status" data-testid="sso-progress">
          <Loader size="sm" />
          <Text size="sm">{t('sso.login.signingIn')}</Text>
        </Group>
      )}
    </AuthCard>
  );
}
