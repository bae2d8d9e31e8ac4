import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ChangePasswordSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { fieldError, requiredText, withMatchingPasswords } from '../../../app/forms.ts';
import { clearPending, isHandled, pendingPasswordReason, sessionStore } from '../../../app/session/client.ts';
import { StorageKey } from '../../../app/session/session-store.ts';
import { useChangePassword, usePasswordPolicy } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { breaksPolicy } from '../password-rules.ts';

const FormSchema = withMatchingPasswords(
  ChangePasswordSchema.extend({ username: requiredText, oldPassword: requiredText }),
);
type FormValues = z.infer<typeof FormSchema>;

/** Change the password: after a -73 sign-in answer (expired or reset by an admin), or by choice. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reason = pendingPasswordReason();
  const signedIn = sessionStore.accessToken() !== null;
  const change = useChangePassword();
  const policy = usePasswordPolicy();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      username: localStorage.getItem(StorageKey.username) ?? '',
      oldPassword: '',
      newPassword: '',
      confirmPassword: '',
    },
  });

  async function handleSubmit(values: FormValues) {
    setError(null);
    if (breaksPolicy(policy.data, values.newPassword)) {
      setError(t('messages.passwordInvalid'));
      return;
    }
    try {
      await change.mutateAsync(signedIn ? { ...values, username: undefined } : values);
      clearPending();
      toast.success(t('messages.passwordChangeSuccess'));
      void navigate(signedIn ? '/profile' : '/login', { replace: true });
    } catch (e) {
      if (!isHandled(e)) setError(`${t('messages.passwordChangeFailed')} ${errorMessage(t, e)}`);
    }
  }

  return (
    <AuthCard title={t('auth.changePasswordTitle')} error={error}>
      {reason && (
        <Text data-testid="change-password-reason">
          {t(`auth.reason.${reason === 'expired' ? 'expired' : 'reset'}`)}
        </Text>
      )}
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          {!signedIn && (
            <TextInput
              label={t('auth.email')}
              autoComplete="username"
              data-testid="change-username"
              error={fieldError(t, form.formState.errors.username)}
              {...form.register('username')}
            />
          )}
          <PasswordInput
            label={t(reason === 'resetpassword' ? 'auth.temporaryPassword' : 'auth.currentPassword')}
            autoComplete="current-password"
            data-testid="old-password"
            error={fieldError(t, form.formState.errors.oldPassword)}
            {...form.register('oldPassword')}
          />
          <PasswordFields
            register={form.register}
            errors={form.formState.errors}
            policy={policy.data}
            value={form.watch('newPassword')}
          />
          <Button type="submit" loading={change.isPending} data-testid="change-password-submit">
            {t('auth.changePassword')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
