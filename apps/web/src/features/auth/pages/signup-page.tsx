import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, SimpleGrid, Stack } from '@mantine/core';
import { SignupSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { requiredText, withMatchingPasswords } from '../../../app/forms.ts';
import { usePasswordPolicy, useSignup } from '../api.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { PasswordFields } from '../components/password-fields.tsx';
import { TextField } from '../components/text-field.tsx';
import { breaksPolicy } from '../password-rules.ts';

const FormSchema = withMatchingPasswords(
  SignupSchema.extend({
    email: requiredText,
    firstName: requiredText,
    lastName: requiredText,
    orgName: requiredText,
  }),
);
type FormInput = z.input<typeof FormSchema>;
type FormValues = z.output<typeof FormSchema>;

/** Sign-up: a new organisation with the user as its owner. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signup = useSignup();
  const policy = usePasswordPolicy();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: {
      email: '',
      firstName: '',
      middleName: '',
      lastName: '',
      orgName: '',
      jobTitle: '',
      newPassword: '',
      confirmPassword: '',
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
      await signup.mutateAsync(values);
      void navigate('/thanks?from=signup');
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <AuthCard title={t('auth.signupTitle')} error={error}>
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          <TextField
            label={t('auth.orgName')}
            testId="signup-org"
            field={form.register('orgName')}
            error={errors.orgName}
          />
          <TextField
            label={t('auth.email')}
            type="email"
            testId="signup-email"
            field={form.register('email')}
            error={errors.email}
          />
          <SimpleGrid cols={2}>
            <TextField
              label={t('profile.firstName')}
              testId="signup-first-name"
              field={form.register('firstName')}
              error={errors.firstName}
            />
            <TextField
              label={t('profile.lastName')}
              testId="signup-last-name"
              field={form.register('lastName')}
              error={errors.lastName}
            />
          </SimpleGrid>
          <TextField
            label={t('profile.title')}
            testId="signup-job-title"
            field={form.register('jobTitle')}
            error={errors.jobTitle}
          />
          <PasswordFields
            register={form.register}
            errors={errors}
            policy={policy.data}
            value={form.watch('newPassword')}
          />
          <Button type="submit" loading={signup.isPending} data-testid="signup-submit">
            {t('auth.createOrganisation')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
