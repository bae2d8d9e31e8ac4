import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { EmailSchema, type Tenant } from '@signet/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { closeButtonProps, useFormFailure } from '../../../app/feedback.tsx';
import { fieldError, requiredText } from '../../../app/forms.ts';
import { extendedByAYear, licenceDayOf, licenceEndOf, useCreateTenant, useUpdateTenant } from '../api.ts';
import { FormError } from './form-error.tsx';
import { PersonFields } from './person-fields.tsx';

const tenantName = z.string().trim().min(2, 'superAdmin.tenants.nameTooShort').max(200);

const CreateSchema = z.object({
  tenantName,
  adminEmail: z
    .string()
    .trim()
    .refine((v) => EmailSchema.safeParse(v).success, 'validation.email'),
  adminFirstName: requiredText.max(100),
  adminLastName: requiredText.max(100),
});
type CreateValues = z.infer<typeof CreateSchema>;

/** A new tenant and its owner, who is invited (in the language of this page) to become its root. */
export function CreateTenantDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (t: Tenant) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTenant();
  const { error, run } = useFormFailure();
  const form = useForm<CreateValues>({
    resolver: zodResolver(CreateSchema),
    defaultValues: { tenantName: '', adminEmail: '', adminFirstName: '', adminLastName: '' },
  });
  const errors = form.formState.errors;

  async function submit(values: CreateValues) {
    await run(async () => onCreated(await create.mutateAsync(values)));
  }

  return (
    <Modal
      opened
      closeButtonProps={closeButtonProps()}
      onClose={onClose}
      title={t('superAdmin.tenants.createTitle')}
      data-testid="sa-tenant-create-dialog"
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('superAdmin.tenants.name')}
            data-testid="sa-tenant-name"
            error={fieldError(t, errors.tenantName)}
            {...form.register('tenantName')}
          />
          <PersonFields
            labels={{
              email: t('superAdmin.tenants.ownerEmail'),
              firstName: t('superAdmin.tenants.ownerFirstName'),
              lastName: t('superAdmin.tenants.ownerLastName'),
            }}
            fields={{
              email: form.register('adminEmail'),
              firstName: form.register('adminFirstName'),
              lastName: form.register('adminLastName'),
            }}
            errors={{
              email: errors.adminEmail,
              firstName: errors.adminFirstName,
              lastName: errors.adminLastName,
            }}
            testIds={{
              email: 'sa-tenant-owner-email',
              firstName: 'sa-tenant-owner-first',
              lastName: 'sa-tenant-owner-last',
            }}
          />
          <Text size="sm" c="dimmed">
            {t('superAdmin.tenants.ownerHint')}
          </Text>
          <FormError error={error} testId="sa-tenant-form-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="sa-tenant-create-save">
              {t('superAdmin.tenants.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Renames a tenant and sets (or removes) its licence end; "extend by a year" fills the date in. */
export function EditTenantDialog({ tenant, onClose }: { tenant: Tenant; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateTenant();
  const [name, setName] = useState(tenant.tenantName);
  const [day, setDay] = useState(licenceDayOf(tenant.licenseExpiresOn));
  const [nameError, setNameError] = useState<string | null>(null);
  const { error, run } = useFormFailure();

  async function submit() {
    await run(async () => {
      const parsed = tenantName.safeParse(name);
      if (!parsed.success) {
        setNameError(t('superAdmin.tenants.nameTooShort'));
        return;
      }
      setNameError(null);
      await update.mutateAsync({
        tenantId: tenant.tenantUuid,
        ...(parsed.data !== tenant.tenantName ? { tenantName: parsed.data } : {}),
        licenseExpiresOn: day ? licenceEndOf(day) : null,
      });
      onClose();
    });
  }

  return (
    <Modal
      opened
      closeButtonProps={closeButtonProps()}
      onClose={onClose}
      title={t('superAdmin.tenants.editTitle', { name: tenant.tenantName })}
      data-testid="sa-tenant-edit-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={t('superAdmin.tenants.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError ?? undefined}
            data-testid="sa-tenant-edit-name"
          />
          <Group align="flex-end">
            <TextInput
              type="date"
              label={t('superAdmin.tenants.licenceEnd')}
              description={t('superAdmin.tenants.licenceHint')}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="sa-tenant-edit-licence"
            />
            <Button
              variant="default"
              onClick={() => setDay(extendedByAYear(day ? licenceEndOf(day) : null))}
              data-testid="sa-tenant-extend-year"
            >
              {t('superAdmin.tenants.extendYear')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => setDay('')}
              disabled={!day}
              data-testid="sa-tenant-no-end"
            >
              {t('superAdmin.tenants.noEnd')}
            </Button>
          </Group>
          <FormError error={error} testId="sa-tenant-edit-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="sa-tenant-edit-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
