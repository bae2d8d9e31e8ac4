import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { SetPasswordSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorMessage } from '../../../app/error-message.ts';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { fieldError, withMatchingPasswords } from '../../../app/forms.ts';
import { usePasswordPolicy, useRegister, useSetPassword, useUserType } from '../api.ts';
import { breaksPolicy } from '../password-rules.ts';
import { PasswordFields } from './password-fields.tsx';

const FormSchema = withMatchingPasswords(
  SetPasswordSchema.omit({ token: true }).extend({
    firstName: z.string().trim().max(100),
    lastName: z.string().trim().max(100),
  }),
);
type FormValues = z.infer<typeof FormSchema>;

/**
 * The set-password dialog of an invited user (spec §4 set-password flow): an external invitee
 * registers (with their name), anyone else just sets the password of the invitation link.
 */
export function SetPasswordDialog(props: {
  token: string;
  email: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const userType = useUserType(props.email);
  const external = userType.data?.type === 'external';
  const policy = usePasswordPolicy();
  const setPassword = useSetPassword();
  const register = useRegister();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: { firstName: '', lastName: '', newPassword: '', confirmPassword: '' },
  });

  async function handleSubmit(values: FormValues) {
    setError(null);
    if (breaksPolicy(policy.data, values.newPassword)) {
      setError(t('messages.passwordInvalid'));
      return;
    }
    try {
      if (external) {
        if (!values.firstName || !values.lastName) {
          setError(t('validation.nameRequired'));
          return;
        }
        const result = await register.mutateAsync({
          userEmail: props.email,
          firstName: values.firstName,
          middleName: '',
          lastName: values.lastName,
          userLoginType: 'Email',
          inviteCode: props.token,
          newPassword: values.newPassword,
          confirmPassword: values.confirmPassword,
        });
        if (result.code !== 1) {
          setError(t('messages.REGISTERATION_FAIL'));
          return;
        }
      } else {
        await setPassword.mutateAsync({
          token: props.token,
          newPassword: values.newPassword,
          confirmPassword: values.confirmPassword,
        });
      }
      props.onDone();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  }

  return (
    <Modal
      closeButtonProps={closeButtonProps()}
      opened
      onClose={props.onCancel}
      title={t('auth.setPasswordTitle')}
      data-testid="set-password-dialog"
    >
      <form onSubmit={form.handleSubmit(handleSubmit)} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" data-testid="form-error">
              {error}
            </Alert>
          )}
          <TextInput label={t('auth.email')} value={props.email} readOnly />
          {external && (
            <>
              <TextInput
                label={t('profile.firstName')}
                data-testid="invite-first-name"
                error={fieldError(t, form.formState.errors.firstName)}
                {...form.register('firstName')}
              />
              <TextInput
                label={t('profile.lastName')}
                data-testid="invite-last-name"
                error={fieldError(t, form.formState.errors.lastName)}
                {...form.register('lastName')}
              />
            </>
          )}
          <PasswordFields
            register={form.register}
            errors={form.formState.errors}
            policy={policy.data}
            value={form.watch('newPassword')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onCancel} data-testid="set-password-cancel">
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={setPassword.isPending || register.isPending}
              data-testid="set-password-submit"
            >
              {t('common.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
