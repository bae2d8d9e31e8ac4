import { Button, Divider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { safeNext } from '../../../app/routing/home.ts';
import { isHandled } from '../../../app/session/client.ts';
import { ssoTenantOf, useSsoButton, useStartSso } from '../sso-api.ts';
import { ssoErrorMessage } from '../sso-errors.ts';

/**
 * "Sign in with <provider>" on the login page, for the tenant named by its admin's link
 * (`/login?sso=<tenant id>`). Nothing shows for a tenant without a provider.
 */
export function SsoSignIn({ onError }: { onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tenantId = ssoTenantOf(params);
  const button = useSsoButton(tenantId);
  const start = useStartSso();
  const name = button.data?.providerName;
  if (!tenantId || !name) return null;

  function begin() {
    if (!tenantId) return;
    onError(null);
    start.mutateAsync({ tenantId, next: safeNext(params.get('next')) }).catch((e: unknown) => {
      if (!isHandled(e)) onError(ssoErrorMessage(t, e));
    });
  }

  return (
    <>
      <Divider label={t('sso.login.or')} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        loading={start.isPending || start.isSuccess}
        onClick={begin}
        data-testid="login-sso"
      >
        {t('sso.login.button', { name })}
      </Button>
    </>
  );
}
