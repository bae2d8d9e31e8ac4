import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  Code,
  type FilteredUser,
  isAdminRole,
  TenantRole,
  type UserRef,
  UserStatus,
} from '@signet/contracts';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { showFailure, toast } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/i18n/dates.ts';
import { ApiError } from '../../../app/session/api-client.ts';
import { DataTable, type DataTableColumn } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { type UserListParams, type UserSortColumn, useFilteredUsers, useUpdateRoles } from '../users-api.ts';
import { UsersCsvDialog } from './users-csv-dialog.tsx';
import { UsersInviteDialog } from './users-invite-dialog.tsx';
import { useUserRowActions } from './users-row-actions.tsx';

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
  // The tenant's "show user UUID column" (spec §9): the id integrations and exports use, beside the email.
  const showUuid = useTenantConfiguration().data?.features.showUserUuidColumn ?? false;
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
  const { rowActions, busy: rowActionsBusy } = useUserRowActions(me?.role ?? 'admin');

  const users = list.data?.users ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE));
  // Not one's own role (the server refuses it), nor the owner's unless one is the owner.
  const canSelect = (u: UserRef) => u.id !== me?.id && (u.role !== 'root' || me?.role === 'root');
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

  const sortButton = (column: UserSortColumn, label: string) => {
    const active = params.sort.column === column;
    return (
      <UnstyledButton
        onClick={() => sortBy(column)}
        data-testid={`users-sort-${column}`}
        aria-label={t('adminUsers.sortBy', { column: label })}
        fw={600}
        fz="sm"
      >
        {label}
        {active ? (params.sort.descending ? ' ▼' : ' ▲') : ''}
      </UnstyledButton>
    );
  };
  const sortable = (column: UserSortColumn, label: string) => ({
    header: sortButton(column, label),
    label,
    sortable: true,
    sorted:
      params.sort.column === column
        ? params.sort.descending
          ? ('descending' as const)
          : ('ascending' as const)
        : undefined,
  });

  const columns: DataTableColumn<FilteredUser>[] = [
    {
      key: 'name',
      ...sortable('firstName', t('adminUsers.columns.name')),
      card: 'title',
      cell: (u) =>
        `${u.firstName} ${u.lastName}`.trim() || (
          <Text span size="sm" fs="italic" c="dimmed">
            {t('adminUsers.notYetAccepted')}
          </Text>
        ),
    },
    {
      key: 'email',
      ...sortable('email', t('adminUsers.columns.email')),
      card: 'subtitle',
      cell: (u) => u.email,
    },
    ...(showUuid
      ? [
          {
            key: 'uuid',
            header: t('adminUsers.columns.uuid'),
            testId: 'users-row-uuid',
            breakAnywhere: true,
            cell: (u: FilteredUser) => (
              <Text span size="xs" ff="monospace">
                {u.id}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'role',
      ...sortable('role', t('adminUsers.columns.role')),
      testId: 'users-row-role',
      cell: (u) => t(`roles.${u.role}`),
    },
    { key: 'type', header: t('adminUsers.columns.type'), cell: (u) => t(`adminUsers.types.${u.type}`) },
    {
      key: 'status',
      ...sortable('status', t('adminUsers.columns.status')),
      cell: (u) => (
        <Badge variant="dot" color={STATUS_COLOR[u.status] ?? 'gray'} data-testid="users-row-status">
          {t(`adminUsers.statuses.${u.status}`)}
        </Badge>
      ),
    },
    {
      key: 'lastSignIn',
      header: t('adminUsers.columns.lastSignIn'),
      testId: 'users-row-last-sign-in',
      cell: (u) => (u.lastSignInAt ? formatDate(u.lastSignInAt, me ?? {}, true) : t('adminUsers.never')),
    },
  ];

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
        <DataTable
          rows={users}
          columns={columns}
          rowKey={(u) => u.id}
          rowTestId="users-row"
          rowAttributes={(u) => ({ 'data-email': u.email, 'data-status': u.status })}
          loading={list.isPending}
          loadingLabel={t('adminUsers.loading')}
          empty={
            list.data && <EmptyState compact icon={<IconUsers stroke={1.5} />} title={t('adminUsers.none')} />
          }
          selection={
            canManage
              ? {
                  selected,
                  onChange: setSelected,
                  canSelect,
                  label: (u) => t('adminUsers.select', { name: userName(u) }),
                  allLabel: t('adminUsers.selectAll'),
                }
              : undefined
          }
          actions={canManage ? (u) => (u.id === me?.id ? [] : rowActions(u)) : undefined}
          actionsMenu
          actionsHeader={t('adminUsers.columns.actions')}
          actionsLabel={(u) => t('adminUsers.actionsOf', { name: userName(u) })}
          actionsMenuTestId="users-row-actions"
          sortLabel={t('adminUsers.sortLabel')}
          actionsLoading={() => rowActionsBusy}
          data-testid="users-table"
        />
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
