import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Loader, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { EmailSchema } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, closeButtonProps, toast, useFormFailure } from '../../../app/feedback.tsx';
import { requiredText } from '../../../app/forms.ts';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { useRegisterSuperAdmin, useSetSuperAdminStatus, useSuperAdmins } from '../api.ts';
import { FormError } from './form-error.tsx';
import { PersonFields } from './person-fields.tsx';

const RegisterSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => EmailSchema.safeParse(v).success, 'validation.email'),
  firstName: requiredText.max(100),
  lastName: requiredText.max(100),
});
type RegisterValues = z.infer<typeof RegisterSchema>;

function RegisterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterSuperAdmin();
  const { error, run } = useFormFailure();
  const form = useForm<RegisterValues>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { email: '', firstName: '', lastName: '' },
  });
  const errors = form.formState.errors;

  async function submit(values: RegisterValues) {
    await run(async () => {
      const added = await register.mutateAsync(values);
      toast.success(t('superAdmin.admins.registered', { email: added.email }));
      onClose();
    });
  }

  return (
    <Modal
      opened
      closeButtonProps={closeButtonProps()}
      onClose={onClose}
      title={t('superAdmin.admins.registerTitle')}
      data-testid="sa-admin-register-dialog"
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack gap="sm">
          <PersonFields
            labels={{
              email: t('superAdmin.admins.email'),
              firstName: t('superAdmin.admins.firstName'),
              lastName: t('superAdmin.admins.lastName'),
            }}
            fields={{
              email: form.register('email'),
              firstName: form.register('firstName'),
              lastName: form.register('lastName'),
            }}
            errors={errors}
            testIds={{ email: 'sa-admin-email', firstName: 'sa-admin-first', lastName: 'sa-admin-last' }}
          />
          <Text size="sm" c="dimmed">
            {t('superAdmin.admins.registerHint')}
          </Text>
          <FormError error={error} testId="sa-admin-form-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={register.isPending} data-testid="sa-admin-register-save">
              {t('superAdmin.admins.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The super admins: register one (a new person sets a password from the mail), enable or disable others. */
export function SuperAdminsCard() {
  const { t } = useTranslation();
  const admins = useSuperAdmins();
  const setStatus = useSetSuperAdminStatus();
  const me = useCurrentUser();
  const [registering, setRegistering] = useState(false);

  async function change(userId: string, enabled: boolean) {
    const ok = await attempt(t, () =>
      setStatus.mutateAsync({ userId, status: enabled ? 'enabled' : 'disabled' }),
    );
    if (ok) toast.success(t(enabled ? 'superAdmin.admins.enabled' : 'superAdmin.admins.disabled'));
  }

  return (
    <Card withBorder data-testid="sa-admins">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('superAdmin.admins.title')}
          </Title>
          <Button onClick={() => setRegistering(true)} data-testid="sa-admin-register">
            {t('superAdmin.admins.register')}
          </Button>
        </Group>
        {admins.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {admins.isError && (
          <Text c="red.8" size="sm" role="alert">
            {t('superAdmin.loadFailed')}
          </Text>
        )}
        {admins.data && (
          <DataTable
            rows={admins.data}
            rowKey={(a) => a.userId}
            rowTestId="sa-admin-row"
            columns={[
              {
                key: 'name',
                header: t('superAdmin.admins.name'),
                card: 'title',
                cell: (a) => (
                  <>
                    {`${a.firstName} ${a.lastName}`.trim()}
                    {a.userId === me.data?.id && (
                      <Text span size="sm" c="dimmed" fw={400}>
                        {' '}
                        {t('superAdmin.admins.you')}
                      </Text>
                    )}
                  </>
                ),
              },
              {
                key: 'email',
                header: t('superAdmin.admins.email'),
                card: 'subtitle',
                breakAnywhere: true,
                cell: (a) => a.email,
              },
              {
                key: 'enabled',
                header: t('superAdmin.admins.enabledColumn'),
                cell: (a) => (
                  <Switch
                    checked={a.status === 'enabled'}
                    disabled={a.userId === me.data?.id || setStatus.isPending}
                    aria-label={t('superAdmin.admins.enableLabel', { email: a.email })}
                    onChange={(e) => void change(a.userId, e.currentTarget.checked)}
                    data-testid="sa-admin-status"
                  />
                ),
              },
            ]}
            data-testid="sa-admins-table"
          />
        )}
      </Stack>
      {registering && <RegisterDialog onClose={() => setRegistering(false)} />}
    </Card>
  );
}
