import { Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, type TenantRole, type UserType } from '@signet/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { attempt, closeButtonProps, toast } from '../../../app/feedback.tsx';
import { useInviteUser } from '../users-api.ts';

interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
  role: TenantRole;
  type: UserType | 'auto';
}

/** Invites one person: email, name, role and internal/external (or by the tenant's internal domains). */
export function UsersInviteDialog({
  opened,
  onClose,
  grantable,
}: {
  opened: boolean;
  onClose: () => void;
  grantable: readonly TenantRole[];
}) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  const form = useForm<FormValues>({
    defaultValues: { email: '', firstName: '', lastName: '', role: 'signer', type: 'auto' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ type, ...values }) => {
    let invited = false;
    const ok = await attempt(t, async () => {
      invited = (await invite.mutateAsync({ ...values, ...(type === 'auto' ? {} : { type }) })).invited;
    });
    if (!ok) return;
    toast.success(t(invited ? 'adminUsers.invite.sent' : 'adminUsers.invite.alreadyMember', values));
    form.reset();
    onClose();
  });

  const required = { required: t('adminUsers.invite.required') };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('adminUsers.invite.title')}
      closeButtonProps={closeButtonProps()}
    >
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="users-invite-form">
        <Stack gap="sm">
          <TextInput
            label={t('adminUsers.invite.email')}
            type="email"
            withAsterisk
            maxLength={254}
            error={errors.email?.message}
            data-testid="users-invite-email"
            {...form.register('email', {
              ...required,
              pattern: { value: EMAIL_PATTERN, message: t('adminUsers.invite.badEmail') },
            })}
          />
          <TextInput
            label={t('adminUsers.invite.firstName')}
            withAsterisk
            maxLength={100}
            error={errors.firstName?.message}
            data-testid="users-invite-first-name"
            {...form.register('firstName', required)}
          />
          <TextInput
            label={t('adminUsers.invite.lastName')}
            withAsterisk
            maxLength={100}
            error={errors.lastName?.message}
            data-testid="users-invite-last-name"
            {...form.register('lastName', required)}
          />
          <NativeSelect
            label={t('adminUsers.invite.role')}
            data={grantable.map((r) => ({ value: r, label: t(`adminUsers.roles.${r}`) }))}
            data-testid="users-invite-role"
            {...form.register('role')}
          />
          <NativeSelect
            label={t('adminUsers.invite.type')}
            data={(['auto', 'internal', 'external'] as const).map((v) => ({
              value: v,
              label: t(`adminUsers.types.${v}`),
            }))}
            data-testid="users-invite-type"
            {...form.register('type')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('adminUsers.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="users-invite-send">
              {t('adminUsers.invite.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
