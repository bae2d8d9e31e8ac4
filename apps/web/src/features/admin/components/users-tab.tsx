import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Code, isAdminRole, TenantRole, type UserRef, UserStatus } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { showFailure, toast } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/i18n/dates.ts';
import { ApiError } from '../../../app/session/api-client.ts';
import { type UserListParams, type UserSortColumn, useFilteredUsers, useUpdateRoles } from '../users-api.ts';
import { UsersCsvDialog } from './users-csv-dialog.tsx';
import { UsersInviteDialog } from './users-invite-dialog.tsx';
import { UserRowActions } from './users-row-actions.tsx';

const PAGE_SIZE = 20;
/** Statuses offered in the filter: those a membership can have, plus the password states of §4. */
const FILTER_STATUSES = UserStatus;

export function userName(u: Pick<UserRef, 'firstName' | 'lastName' | 'email'>): string {
  return `${u.firstName} ${u.lastName}`.trim() || u.email;
}

const STATUS_COLOR: Partial<Record<UserStatus, string>> = {
  enabled: 'green',
  admininvited: 'blue',
  invitewithdelegation: 'blue',
  disabled: 'gray',
  cancelInvitation: 'gray',
  admininviteexpired: 'orange',
  delegationinviteexpired: 'orange',
  expired: 'orange',
  resetpassword: 'yellow',
};

/** The members of the tenant (issue 12): search, filter, sort, page, invite, change roles, act on one. */
export function UsersTab() {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  const canManage = me ? isAdminRole(me.role) : false;
  const [params, setParams] = useState<UserListParams>({
    page: 1,
    size: PAGE_SIZE,
    sort: { column: 'firstName', descending: false },
    search: '',
    role: null,
    status: null,
  });
  const list = useFilteredUsers(params);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [newRole, setNewRole] = useState<TenantRole>('custodian');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const updateRoles = useUpdateRoles();

  const users = list.data?.users ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));
  // Not one's own role (the server refuses it), nor the owner's unless one is the owner.
  const canSelect = (u: UserRef) => u.id !== me?.id && (u.role !== 'root' || me?.role === 'root');
  const selectable = users.filter(canSelect);
  const grantable = TenantRole.filter((r) => r !== 'root' || me?.role === 'root');

  function change(next: Partial<UserListParams>) {
    setParams((p) => ({ ...p, page: 1, ...next }));
    setSelected(new Set());
  }

  function sortBy(column: UserSortColumn) {
    change({
      sort: { column, descending: params.sort.column === column ? !params.sort.descending : false },
    });
  }

  async function applyRoles() {
    const ids = [...selected];
    try {
      await updateRoles.mutateAsync(ids.map((userId) => ({ userId, role: newRole })));
      toast.success(t('adminUsers.rolesChanged'));
      setSelected(new Set());
    } catch (e) {
      if (e instanceof ApiError && e.code === Code.BULK_ROLE_UPDATE_ERROR) {
        const problems = (e.data as { problems?: { userId: string }[] } | undefined)?.problems ?? [];
        const who = problems
          .map((p) => users.find((u) => u.id === p.userId))
          .map((u) => (u ? userName(u) : ''))
          .filter(Boolean)
          .join(', ');
        toast.error(t('adminUsers.rolesRefused', { who }));
      } else showFailure(t, e);
    }
  }

  function SortHeader({ column, label }: { column: UserSortColumn; label: string }) {
    const active = params.sort.column === column;
    return (
      <Table.Th aria-sort={active ? (params.sort.descending ? 'descending' : 'ascending') : undefined}>
        <UnstyledButton
          onClick={() => sortBy(column)}
          data-testid={`users-sort-${column}`}
          aria-label={t('adminUsers.sortBy', { column: label })}
          fw={600}
        >
          {label}
          {active ? (params.sort.descending ? ' ▼' : ' ▲') : ''}
        </UnstyledButton>
      </Table.Th>
    );
  }

  return (
    <Card withBorder data-testid="admin-users">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('adminUsers.title')}
          </Title>
          {canManage && (
            <Group gap="xs">
              <Button variant="default" onClick={() => setCsvOpen(true)} data-testid="users-csv-open">
                {t('adminUsers.csv.open')}
              </Button>
              <Button onClick={() => setInviteOpen(true)} data-testid="users-invite-open">
                {t('adminUsers.invite.open')}
              </Button>
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('adminUsers.hint')}
        </Text>
        <Group align="flex-end">
          <TextInput
            label={t('adminUsers.search')}
            placeholder={t('adminUsers.searchPlaceholder')}
            value={params.search}
            onChange={(e) => change({ search: e.currentTarget.value })}
            data-testid="users-search"
            maxLength={100}
          />
          <NativeSelect
            label={t('adminUsers.filterRole')}
            value={params.role ?? ''}
            onChange={(e) => change({ role: (e.currentTarget.value || null) as TenantRole | null })}
            data={[
              { value: '', label: t('adminUsers.anyRole') },
              ...TenantRole.map((r) => ({ value: r, label: t(`roles.${r}`) })),
            ]}
            data-testid="users-filter-role"
          />
          <NativeSelect
            label={t('adminUsers.filterStatus')}
            value={params.status ?? ''}
            onChange={(e) => change({ status: (e.currentTarget.value || null) as UserStatus | null })}
            data={[
              { value: '', label: t('adminUsers.anyStatus') },
              ...FILTER_STATUSES.map((s) => ({ value: s, label: t(`adminUsers.statuses.${s}`) })),
            ]}
            data-testid="users-filter-status"
          />
          {list.isFetching && <Loader size="sm" aria-label={t('adminUsers.loading')} />}
        </Group>

        {canManage && selected.size > 0 && (
          <Group align="flex-end" data-testid="users-bulk">
            <Text size="sm" aria-live="polite">
              {t('adminUsers.selected', { count: selected.size })}
            </Text>
            <NativeSelect
              label={t('adminUsers.newRole')}
              value={newRole}
              onChange={(e) => setNewRole(e.currentTarget.value as TenantRole)}
              data={grantable.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              data-testid="users-bulk-role"
            />
            <Button
              onClick={() => void applyRoles()}
              loading={updateRoles.isPending}
              data-testid="users-bulk-apply"
            >
              {t('adminUsers.applyRole')}
            </Button>
          </Group>
        )}

        {list.isError && <Alert color="red">{String(list.error.message)}</Alert>}
        {list.isPending ? (
          <Text size="sm">{t('adminUsers.loading')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  {canManage && (
                    <Table.Th>
                      <Checkbox
                        aria-label={t('adminUsers.selectAll')}
                        checked={selectable.length > 0 && selectable.every((u) => selected.has(u.id))}
                        indeterminate={selected.size > 0 && !selectable.every((u) => selected.has(u.id))}
                        onChange={(e) =>
                          setSelected(
                            e.currentTarget.checked ? new Set(selectable.map((u) => u.id)) : new Set(),
                          )
                        }
                      />
                    </Table.Th>
                  )}
                  <SortHeader column="firstName" label={t('adminUsers.columns.name')} />
                  <SortHeader column="email" label={t('adminUsers.columns.email')} />
                  <SortHeader column="role" label={t('adminUsers.columns.role')} />
                  <Table.Th>{t('adminUsers.columns.type')}</Table.Th>
                  <SortHeader column="status" label={t('adminUsers.columns.status')} />
                  <Table.Th>{t('adminUsers.columns.lastSignIn')}</Table.Th>
                  {canManage && <Table.Th>{t('adminUsers.columns.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.map((u) => {
                  const name = `${u.firstName} ${u.lastName}`.trim();
                  return (
                    <Table.Tr key={u.id} data-testid="users-row" data-email={u.email} data-status={u.status}>
                      {canManage && (
                        <Table.Td>
                          <Checkbox
                            aria-label={t('adminUsers.select', { name: userName(u) })}
                            disabled={!canSelect(u)}
                            checked={selected.has(u.id)}
                            onChange={(e) => {
                              const next = new Set(selected);
                              if (e.currentTarget.checked) next.add(u.id);
                              else next.delete(u.id);
                              setSelected(next);
                            }}
                          />
                        </Table.Td>
                      )}
                      <Table.Td>
                        {name || (
                          <Text span size="sm" fs="italic" c="dimmed">
                            {t('adminUsers.notYetAccepted')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{u.email}</Table.Td>
                      <Table.Td data-testid="users-row-role">{t(`roles.${u.role}`)}</Table.Td>
                      <Table.Td>{t(`adminUsers.types.${u.type}`)}</Table.Td>
                      <Table.Td>
                        <Badge
                          variant="dot"
                          color={STATUS_COLOR[u.status] ?? 'gray'}
                          data-testid="users-row-status"
                        >
                          {t(`adminUsers.statuses.${u.status}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td
                        data-testid="users-row-last-sign-in"
                        data-label={t('adminUsers.columns.lastSignIn')}
                      >
                        {u.lastSignInAt ? formatDate(u.lastSignInAt, me ?? {}, true) : t('adminUsers.never')}
                      </Table.Td>
                      {canManage && (
                        <Table.Td>
                          {u.id !== me?.id && <UserRowActions user={u} actorRole={me?.role ?? 'admin'} />}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && users.length === 0 && <Text size="sm">{t('adminUsers.none')}</Text>}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid="users-total">
            {t('adminUsers.total', { count: list.data?.totalCount ?? 0 })}
          </Text>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={params.page}
              onChange={(page) => {
                setParams((p) => ({ ...p, page }));
                setSelected(new Set());
              }}
              getControlProps={(control) => ({
                'aria-label': t(`adminUsers.page.${control}`),
              })}
              getItemProps={(page) => ({ 'aria-label': t('adminUsers.page.number', { page }) })}
              aria-label={t('adminUsers.pagination')}
            />
          )}
        </Group>
      </Stack>
      {canManage && (
        <>
          <UsersInviteDialog opened={inviteOpen} onClose={() => setInviteOpen(false)} grantable={grantable} />
          <UsersCsvDialog opened={csvOpen} onClose={() => setCsvOpen(false)} />
        </>
      )}
    </Card>
  );
}
