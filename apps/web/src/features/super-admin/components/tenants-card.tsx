import { Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Tenant } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/i18n/dates.ts';
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
          <Table.ScrollContainer minWidth={700}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('superAdmin.tenants.name')}</Table.Th>
                  <Table.Th>{t('superAdmin.tenants.status')}</Table.Th>
                  <Table.Th>{t('superAdmin.tenants.users')}</Table.Th>
                  <Table.Th>{t('superAdmin.tenants.createdOn')}</Table.Th>
                  <Table.Th>{t('superAdmin.tenants.licenceEnd')}</Table.Th>
                  <Table.Th>{t('superAdmin.tenants.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tenants.data.map((tenant) => {
                  const ended = licenceEnded(tenant.licenseExpiresOn);
                  return (
                    <Table.Tr key={tenant.tenantUuid} data-testid="sa-tenant-row">
                      <Table.Td data-testid="sa-tenant-name-cell">{tenant.tenantName}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="dot"
                          color={tenant.status === 'active' ? 'green' : 'gray'}
                          data-testid="sa-tenant-status"
                        >
                          {t(`superAdmin.tenants.statuses.${tenant.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td data-label={t('superAdmin.tenants.users')}>{tenant.userCount}</Table.Td>
                      <Table.Td data-label={t('superAdmin.tenants.createdOn')}>
                        {day(tenant.createdOn)}
                      </Table.Td>
                      <Table.Td
                        data-testid="sa-tenant-licence"
                        data-label={t('superAdmin.tenants.licenceEnd')}
                      >
                        {tenant.licenseExpiresOn ? (
                          <Group gap={6}>
                            <span>{day(tenant.licenseExpiresOn)}</span>
                            {ended && (
                              <Badge color="red" variant="dot" size="sm">
                                {t('superAdmin.tenants.licenceEnded')}
                              </Badge>
                            )}
                          </Group>
                        ) : (
                          t('superAdmin.tenants.noLicenceEnd')
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing(tenant)}
                            aria-label={t('superAdmin.tenants.editLabel', { name: tenant.tenantName })}
                            data-testid="sa-tenant-edit"
                          >
                            {t('superAdmin.tenants.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            color={tenant.status === 'active' ? 'red' : undefined}
                            loading={busy === tenant.tenantUuid}
                            onClick={() => void toggle(tenant)}
                            aria-label={t(
                              tenant.status === 'active'
                                ? 'superAdmin.tenants.disableLabel'
                                : 'superAdmin.tenants.enableLabel',
                              { name: tenant.tenantName },
                            )}
                            data-testid="sa-tenant-toggle"
                          >
                            {t(
                              tenant.status === 'active'
                                ? 'superAdmin.tenants.disable'
                                : 'superAdmin.tenants.enable',
                            )}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
