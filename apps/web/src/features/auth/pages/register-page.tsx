import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, SimpleGrid, Stack } from '@mantine/core';
import { RegistrationSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { requiredText, withMatchingPasswords } from '../../../app/forms.ts';
import { usePasswordPolicy, useRegister } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { TextField } from '../components/text-field.tsx';
import { breaksPolicy } from '../password-rules.ts';

const FormSchema = withMatchingPasswords(
  RegistrationSchema.extend({ userEmail: requiredText, firstName: requiredText, lastName: requiredText }),
);
type FormInput = z.input<typeof FormSchema>;
type FormValues = z.output<typeof FormSchema>;

/** `/register?inviteCode=…&email=…`: an invited person registers (spec §3 registration payload). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const register = useRegister();
  const policy = usePasswordPolicy(params.get('tenantUuid'));
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      userEmail: params.get('email') ?? '',
      firstName: '',
      middleName: '',
      lastName: '',
      jobTitle: '',
      orgName: '',
      newPassword: '',
      confirmPassword: '',
      inviteCode: params.get('inviteCode') ?? undefined,
      tenantUuid: params.get('tenantUuid') ?? undefined,
    },
  });
  const errors = form.formState.errors;

  async function handleSubmit(values: FormValues) {
    setError(null);
    if (breaksPolicy(policy.data, values.newPassword)) {
      setError(t('messages.passwordInvalid'));
      return;
    }
    try {
      const result = await register.mutateAsync(values);
      if (result.code === 1) void navigate('/thanks?from=register');
      else setError(t('messages.REGISTERATION_FAIL'));
    } catch (e) {
      setError(`${t('messages.REGISTERATION_FAIL')} ${errorMessage(t, e)}`);
    }
  }

  return (
    <AuthCard title={t('auth.registerTitle')} error={error}>
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <TextField
            label={t('auth.email')}
            type="email"
            testId="register-email"
            field={form.register('userEmail')}
            error={errors.userEmail}
          />
          <SimpleGrid cols={2}>
            <TextField
              label={t('profile.firstName')}
              testId="register-first-name"
              field={form.register('firstName')}
              error={errors.firstName}
            />
            <TextField
              label={t('profile.lastName')}
              testId="register-last-name"
              field={form.register('lastName')}
              error={errors.lastName}
            />
          </SimpleGrid>
          <TextField
            label={t('auth.orgName')}
            testId="register-org"
            field={form.register('orgName')}
            error={errors.orgName}
          />
          <TextField
            label={t('profile.title')}
            testId="register-job-title"
            field={form.register('jobTitle')}
            error={errors.jobTitle}
          />
          <PasswordFields
            register={form.register}
            errors={errors}
            policy={policy.data}
            value={form.watch('newPassword')}
          />
          <Button type="submit" loading={register.isPending} data-testid="register-submit">
            {t('auth.register')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
