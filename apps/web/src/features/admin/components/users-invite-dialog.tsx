import { Button, Group, Modal, MultiSelect, NativeSelect, Stack, TextInput } from '@mantine/core';
import { EMAIL_PATTERN, type TenantRole, type UserType } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { attempt, closeButtonProps, showFailure, toast } from '../../../app/feedback.tsx';
import { useAddGroupMembers, useGroups } from '../groups-api.ts';
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
  const groups = useGroups(opened);
  const addToGroup = useAddGroupMembers();
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const form = useForm<FormValues>({
    defaultValues: { email: '', firstName: '', lastName: '', role: 'signer', type: 'auto' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ type, ...values }) => {
    let answer: Awaited<ReturnType<typeof invite.mutateAsync>> | undefined;
    const ok = await attempt(t, async () => {
      answer = await invite.mutateAsync({ ...values, ...(type === 'auto' ? {} : { type }) });
    });
    if (!ok || !answer) return;
    toast.success(t(answer.invited ? 'adminUsers.invite.sent' : 'adminUsers.invite.alreadyMember', values));
    // The groups come after the invitation: a refusal there leaves the invitation standing, and says so.
    for (const groupId of groupIds) {
      try {
        await addToGroup.mutateAsync({ groupId, userIds: [answer.user.id], manager: false });
      } catch (e) {
        showFailure(t, e);
      }
    }
    form.reset();
    setGroupIds([]);
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
            data={grantable.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
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
          {(groups.data?.length ?? 0) > 0 && (
            <MultiSelect
              label={t('adminUsers.invite.groups')}
              placeholder={t('adminUsers.invite.groupsPlaceholder')}
              data={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))}
              value={groupIds}
              onChange={setGroupIds}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': t('adminUsers.invite.clearGroups') }}
              data-testid="users-invite-groups"
            />
          )}
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
