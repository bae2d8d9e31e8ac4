import { Anchor, Button, Group, Loader, PasswordInput, Text } from '@mantine/core';
import { Code, type SsoCallbackInput, type SsoLinkRequired } from '@signet/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { homeFor, safeNext } from '../../../app/routing/home.ts';
import { ApiError } from '../../../app/session/api-client.ts';
import { isHandled } from '../../../app/session/client.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { startedTenant, useFinishSso, useLinkSso } from '../sso-api.ts';
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

/** The -1201 answer: the provider vouched for an account that must confirm with its password once. */
function linkRequired(error: unknown): SsoLinkRequired | null {
  if (!(error instanceof ApiError) || error.code !== Code.SSO_LINK_REQUIRED) return null;
  const data = error.data as SsoLinkRequired | null;
  return data?.reason === 'confirmLink' ? data : null;
}

/**
 * `/sso/callback`: where the tenant's provider sends the browser back. The answer goes to the
 * server once (a state works once; the ref keeps a re-render from sending it twice), which
 * answers an ordinary session; then on to the page asked for, or home. An existing account not yet
 * bound to the provider (-1201) is asked for its Signet password once, here; the link token stays
 * in this page's memory only, so no link can bring someone else's confirmation to this screen.
 */
export function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishSso();
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<SsoLinkRequired | null>(null);
  const [password, setPassword] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const confirm = useLinkSso();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    finish
      .mutateAsync(answerOf(params))
      .then((tokens) => navigate(safeNext(tokens.next) ?? homeFor(tokens.user.role), { replace: true }))
      .catch((e: unknown) => {
        const asked = linkRequired(e);
        if (asked) setLink(asked);
        else if (!isHandled(e)) setError(ssoErrorMessage(t, e));
      });
  }, [finish, params, navigate, t]);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!link) return;
    setLinkError(null);
    confirm
      .mutateAsync({ linkToken: link.linkToken, password })
      .then((tokens) => navigate(safeNext(tokens.next) ?? homeFor(tokens.user.role), { replace: true }))
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.code === Code.INVALID_TOKEN) setError(ssoErrorMessage(t, e));
        else if (!isHandled(e)) setLinkError(errorMessage(t, e));
      });
  };

  const tenant = startedTenant();
  if (link && !error) {
    return (
      <AuthCard title={t('sso.link.title')} error={linkError}>
        <form onSubmit={submitPassword} noValidate>
          <Text size="sm" data-testid="sso-link-explain">
            {t('sso.link.explain', { email: link.email, provider: link.providerName })}
          </Text>
          <PasswordInput
            mt="sm"
            label={t('sso.link.password')}
            autoComplete="current-password"
            data-testid="sso-link-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button
            type="submit"
            fullWidth
            mt="lg"
            loading={confirm.isPending}
            disabled={password.length === 0}
            data-testid="sso-link-submit"
          >
            {t('sso.link.confirm')}
          </Button>
        </form>
      </AuthCard>
    );
  }
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
