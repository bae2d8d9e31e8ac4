import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Tenant } from '@signet/contracts';
import { IconBan, IconBuilding, IconCircleCheck, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/i18n/dates.ts';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { licenceEnded, useTenants, useUpdateTenant } from '../api.ts';
import { CreateTenantDialog, EditTenantDialog } from './tenant-dialogs.tsx';

/** Every tenant with its member count and licence end; create, edit, disable and enable. */
export function TenantsCard() {
  const { t } = useTranslation();
  const tenants = useTenants();
  const update = useUpdateTenant();
  const user = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Tenant | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Licence ends are days in UTC (the end of that day), shown as such.
  const day = (value: string | null) =>
    formatDate(value, { dateFormat: user.data?.dateFormat, timezone: 'UTC' });

  async function toggle(tenant: Tenant) {
    const disabling = tenant.status === 'active';
    const sure = await confirm(
      t(disabling ? 'superAdmin.tenants.disableConfirm' : 'superAdmin.tenants.enableConfirm', {
        name: tenant.tenantName,
      }),
    );
    if (!sure) return;
    setBusy(tenant.tenantUuid);
    const ok = await attempt(t, () =>
      update.mutateAsync({ tenantId: tenant.tenantUuid, status: disabling ? 'disabled' : 'active' }),
    );
    setBusy(null);
    if (ok) toast.success(t(disabling ? 'superAdmin.tenants.disabled' : 'superAdmin.tenants.enabled'));
  }

  return (
    <Card withBorder data-testid="sa-tenants">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('superAdmin.tenants.title')}
          </Title>
          <Button onClick={() => setCreating(true)} data-testid="sa-tenant-create">
            {t('superAdmin.tenants.create')}
          </Button>
        </Group>
        {tenants.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
        {tenants.isError && (
          <Group>
            <Text c="red.8" size="sm" role="alert">
              {t('superAdmin.loadFailed')}
            </Text>
            <Button variant="subtle" size="xs" onClick={() => void tenants.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        )}
        {tenants.data && (
          <DataTable
            rows={tenants.data}
            rowKey={(tenant) => tenant.tenantUuid}
            rowTestId="sa-tenant-row"
            empty={
              <EmptyState
                compact
                icon={<IconBuilding stroke={1.5} />}
                title={t('superAdmin.tenants.none')}
                text={t('superAdmin.tenants.noneText')}
                action={
                  <Button onClick={() => setCreating(true)} leftSection={<IconPlus size={16} />}>
                    {t('superAdmin.tenants.create')}
                  </Button>
                }
                data-testid="sa-tenants-empty"
              />
            }
            columns={[
              {
                key: 'name',
                header: t('superAdmin.tenants.name'),
                card: 'title',
                testId: 'sa-tenant-name-cell',
                cell: (tenant) => tenant.tenantName,
              },
              {
                key: 'status',
                header: t('superAdmin.tenants.status'),
                card: 'subtitle',
                cell: (tenant) => (
                  <Badge
                    variant="dot"
                    color={tenant.status === 'active' ? 'green' : 'gray'}
                    data-testid="sa-tenant-status"
                  >
                    {t(`superAdmin.tenants.statuses.${tenant.status}`)}
                  </Badge>
                ),
              },
              {
                key: 'users',
                header: t('superAdmin.tenants.users'),
                align: 'right',
                cell: (tenant) => tenant.userCount.toLocaleString(user.data?.locale),
              },
              {
                key: 'created',
                header: t('superAdmin.tenants.createdOn'),
                cell: (tenant) => day(tenant.createdOn),
              },
              {
                key: 'licence',
                header: t('superAdmin.tenants.licenceEnd'),
                testId: 'sa-tenant-licence',
                cell: (tenant) =>
                  tenant.licenseExpiresOn ? (
                    <Group gap={6} component="span">
                      <span>{day(tenant.licenseExpiresOn)}</span>
                      {licenceEnded(tenant.licenseExpiresOn) && (
                        <Badge color="red" variant="dot" size="sm">
                          {t('superAdmin.tenants.licenceEnded')}
                        </Badge>
                      )}
                    </Group>
                  ) : (
                    t('superAdmin.tenants.noLicenceEnd')
                  ),
              },
            ]}
            actionsHeader={t('superAdmin.tenants.actions')}
            actionsLabel={(tenant) => t('superAdmin.tenants.actionsOf', { name: tenant.tenantName })}
            actionsLoading={(tenant) => busy === tenant.tenantUuid}
            actions={(tenant) => [
              {
                key: 'edit',
                label: t('superAdmin.tenants.edit'),
                ariaLabel: t('superAdmin.tenants.editLabel', { name: tenant.tenantName }),
                icon: <IconPencil size={16} />,
                onClick: () => setEditing(tenant),
                'data-testid': 'sa-tenant-edit',
              },
              {
                key: 'toggle',
                label: t(
                  tenant.status === 'active' ? 'superAdmin.tenants.disable' : 'superAdmin.tenants.enable',
                ),
                ariaLabel: t(
                  tenant.status === 'active'
                    ? 'superAdmin.tenants.disableLabel'
                    : 'superAdmin.tenants.enableLabel',
                  { name: tenant.tenantName },
                ),
                icon: tenant.status === 'active' ? <IconBan size={16} /> : <IconCircleCheck size={16} />,
                color: tenant.status === 'active' ? 'red' : undefined,
                onClick: () => void toggle(tenant),
                'data-testid': 'sa-tenant-toggle',
              },
            ]}
            data-testid="sa-tenants-table"
          />
        )}
      </Stack>
      {creating && (
        <CreateTenantDialog
          onClose={() => setCreating(false)}
          onCreated={(tenant) => {
            setCreating(false);
            toast.success(t('superAdmin.tenants.created', { name: tenant.tenantName }));
          }}
        />
      )}
      {editing && <EditTenantDialog tenant={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
