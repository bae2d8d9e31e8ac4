import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { ForgotPasswordSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { fieldError, requiredText } from '../../../app/forms.ts';
import { useForgotPassword } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';

const FormSchema = ForgotPasswordSchema.extend({ email: requiredText });
type FormValues = z.infer<typeof FormSchema>;

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: { email: '' } });

  async function handleSubmit(values: FormValues) {
    setError(null);
    try {
      await forgot.mutateAsync(values.email);
      setSent(true);
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <AuthCard title={t('auth.forgotTitle')} error={error}>
      {sent ? (
        <Text data-testid="forgot-sent">{t('auth.forgotSent')}</Text>
      ) : (
        <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('auth.forgotHelp')}</Text>
            <TextInput
              label={t('auth.email')}
              type="email"
              autoComplete="email"
              data-testid="forgot-email"
              error={fieldError(t, form.formState.errors.email)}
              {...form.register('email')}
            />
            <Button type="submit" loading={forgot.isPending} data-testid="forgot-submit">
              {t('auth.sendLink')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" data-testid="link-login">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
