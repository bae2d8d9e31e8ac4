import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { usePublicConfiguration } from '../../../app/api.ts';
import { errorMessage } from '../../../app/error-message.ts';
import { fieldError, requiredText } from '../../../app/forms.ts';
import { homeFor, safeNext } from '../../../app/routing/home.ts';
import { isHandled } from '../../../app/session/client.ts';
import { StorageKey } from '../../../app/session/session-store.ts';
import { useStoredSession } from '../../../app/session/use-session.ts';
import { rememberAfterSignIn, takeAfterSignIn } from '../after-sign-in.ts';
import { useSignIn } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { SsoSignIn } from '../components/sso-sign-in.tsx';
import { oauthHost, oauthRequestFrom, useAuthorizeRedirect } from '../oauth-authorize.ts';

const SignInSchema = z.object({ username: requiredText, password: z.string().min(1, 'validation.required') });
type SignInValues = z.infer<typeof SignInSchema>;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = usePublicConfiguration();
  const signIn = useSignIn();
  const [error, setError] = useState<string | null>(null);
  const oauth = useMemo(() => oauthRequestFrom(params), [params]);
  const authorize = useAuthorizeRedirect();
  const session = useStoredSession();
  const asked = useRef(false);
  // Once signed in, an integration's sign-in request goes on to the integration, once only (a
  // second code would abort the first navigation).
  const continueToIntegration = useCallback(() => {
    if (!oauth || asked.current) return;
    asked.current = true;
    authorize.mutateAsync(oauth).catch((e: unknown) => {
      if (!isHandled(e)) setError(errorMessage(t, e));
    });
  }, [oauth, authorize, t]);
  useEffect(() => {
    if (session) continueToIntegration();
  }, [session, continueToIntegration]);

  const form = useForm<SignInValues>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { username: localStorage.getItem(StorageKey.username) ?? '', password: '' },
  });

  async function handleSubmit(values: SignInValues) {
    setError(null);
    const next = safeNext(params.get('next'));
    // A two-factor sign-in finishes on /authenticate, which then goes on to the same place.
    rememberAfterSignIn({ ...(next ? { next } : {}), ...(oauth ? { oauth } : {}) });
    try {
      const tokens = await signIn.mutateAsync(values);
      takeAfterSignIn();
      if (oauth) {
        continueToIntegration();
        return;
      }
      void navigate(next ?? homeFor(tokens.user.role), { replace: true });
    } catch (e) {
      if (!isHandled(e)) setError(errorMessage(t, e));
    }
  }

  return (
    <AuthCard title={t('auth.signInTitle')} error={error}>
      {oauth && (
        <Text size="sm" data-testid="oauth-host">
          {t(authorize.isPending || authorize.isSuccess ? 'auth.oauthContinue' : 'auth.oauthFor', {
            host: oauthHost(oauth),
          })}
        </Text>
      )}
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <TextInput
          label={t('auth.email')}
          autoComplete="username"
          data-testid="login-username"
          error={fieldError(t, form.formState.errors.username)}
          {...form.register('username')}
        />
        <PasswordInput
          mt="sm"
          label={t('auth.password')}
          autoComplete="current-password"
          data-testid="login-password"
          error={fieldError(t, form.formState.errors.password)}
          {...form.register('password')}
        />
        <Button
          type="submit"
          fullWidth
          mt="lg"
          loading={signIn.isPending || authorize.isPending}
          data-testid="login-submit"
        >
          {t('auth.signIn')}
        </Button>
      </form>
      <SsoSignIn onError={setError} />
      <Group justify="space-between">
        <Anchor component={Link} to="/forgetpassword" size="sm" data-testid="link-forgot">
          {t('auth.forgotPassword')}
        </Anchor>
        {config.data?.allowSignup && (
          <Anchor component={Link} to="/signup" size="sm" data-testid="link-signup">
            {t('auth.createOrganisation')}
          </Anchor>
        )}
      </Group>
    </AuthCard>
  );
}
