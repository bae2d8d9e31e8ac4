import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { SetPasswordSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { withMatchingPasswords } from '../../../app/forms.ts';
import { usePasswordPolicy, useSetPassword } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { SetPasswordDialog } from '../components/set-password-dialog.tsx';
import { breaksPolicy } from '../password-rules.ts';

const FormSchema = withMatchingPasswords(SetPasswordSchema.omit({ token: true }));
type FormValues = z.infer<typeof FormSchema>;

/** `/resetpassword?token=…` sets a new password; with `invite=1&email=…` it opens the set-password dialog. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = params.get('invite') === '1';
  const email = params.get('email') ?? '';
  const policy = usePasswordPolicy();
  const setPassword = useSetPassword();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  function handleDone() {
    toast.success(t('messages.passwordChangeSuccess'));
    void navigate('/login', { replace: true });
  }

  async function handleSubmit(values: FormValues) {
    setError(null);
    if (breaksPolicy(policy.data, values.newPassword)) {
      setError(t('messages.passwordInvalid'));
      return;
    }
    try {
      await setPassword.mutateAsync({ token, ...values });
      handleDone();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  if (!token) {
    return (
      <AuthCard title={t('auth.resetTitle')} error={t('errors.invalidLink')}>
        <Anchor component={Link} to="/forgetpassword">
          {t('auth.forgotPassword')}
        </Anchor>
      </AuthCard>
    );
  }
  if (invite) {
    return (
      <AuthCard title={t('auth.welcomeTitle')}>
        <Text>{t('auth.welcomeText')}</Text>
        <SetPasswordDialog
          token={token}
          email={email}
          onDone={handleDone}
          onCancel={() => void navigate('/login')}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('auth.resetTitle')} error={error}>
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <PasswordFields
            register={form.register}
            errors={form.formState.errors}
            policy={policy.data}
            value={form.watch('newPassword')}
          />
          <Button type="submit" loading={setPassword.isPending} data-testid="reset-submit">
            {t('auth.setPassword')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
