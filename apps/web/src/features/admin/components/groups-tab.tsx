import { Button, Card, Group as Row, Stack, Text, Title } from '@mantine/core';
import { Limits } from '@signet/contracts';
import { IconTrash, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { useDeleteGroup, useGroups, useUpdateGroup } from '../groups-api.ts';
import { GroupsCreateDialog } from './groups-create-dialog.tsx';
import { GroupsMembersDialog } from './groups-members-dialog.tsx';
import { userLabel } from './groups-user-picker.tsx';
import { InlineRename } from './inline-rename.tsx';

/** The tenant's groups (issue 12): list with members and managers, create, rename, delete, members. */
export function GroupsTab() {
  const { t } = useTranslation();
  const groups = useGroups();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  async function rename(groupId: string, groupName: string) {
    const name = groupName.trim();
    if (!name || name.length > Limits.GROUP_NAME_LENGTH) {
      toast.error(t('errors.invalidInput'));
      return false;
    }
    const ok = await attempt(t, () => update.mutateAsync({ groupId, groupName: name }));
    if (ok) toast.success(t('adminGroups.renamed'));
    return ok;
  }

  async function drop(groupId: string, name: string) {
    const sure = await confirm(t('adminGroups.deleteConfirm', { name }), {
      action: t('adminGroups.deleteAction'),
      danger: true,
    });
    if (!sure) return;
    if (await attempt(t, () => remove.mutateAsync(groupId))) toast.success(t('adminGroups.deleted'));
  }

  const list = groups.data ?? [];
  return (
    <Card withBorder data-testid="admin-groups">
      <Stack gap="sm">
        <Row justify="space-between">
          <Title order={2} size="h4">
            {t('adminGroups.title')}
          </Title>
          <Button onClick={() => setCreating(true)} data-testid="group-create">
            {t('adminGroups.create')}
          </Button>
        </Row>
        <Text size="sm" c="dimmed">
          {t('adminGroups.hint')}
        </Text>
        <DataTable
          rows={list}
          loading={groups.isPending}
          loadingLabel={t('adminGroups.loading')}
          empty={
            <EmptyState
              compact
              icon={<IconUsersGroup stroke={1.5} />}
              title={t('adminGroups.none')}
              action={
                <Button variant="light" onClick={() => setCreating(true)}>
                  {t('adminGroups.create')}
                </Button>
              }
              data-testid="groups-empty"
            />
          }
          rowKey={(g) => g.groupId}
          rowTestId="group-row"
          rowAttributes={(g) => ({ 'data-name': g.groupName })}
          columns={[
            {
              key: 'name',
              header: t('adminGroups.name'),
              card: 'title',
              cell: (g) => (
                <InlineRename
                  value={g.groupName}
                  label={t('adminGroups.renameLabel', { name: g.groupName })}
                  onSave={(name) => rename(g.groupId, name)}
                />
              ),
            },
            {
              key: 'members',
              header: t('adminGroups.members'),
              testId: 'group-members',
              cell: (g) =>
                g.users.length === 0 ? t('adminGroups.noMembers') : g.users.map(userLabel).join(', '),
            },
            {
              key: 'managers',
              header: t('adminGroups.managers'),
              cell: (g) => g.managers.map((m) => m.email).join(', '),
            },
          ]}
          actionsHeader={t('adminGroups.actions')}
          actionsLabel={(g) => t('adminGroups.actionsOf', { name: g.groupName })}
          actions={(g) => [
            {
              key: 'members',
              label: t('adminGroups.editMembers'),
              ariaLabel: t('adminGroups.editMembersOf', { name: g.groupName }),
              icon: <IconUsers size={16} aria-hidden />,
              onClick: () => setEditing(g.groupId),
              'data-testid': 'group-edit-members',
            },
            {
              key: 'delete',
              label: t('adminGroups.delete'),
              ariaLabel: t('adminGroups.deleteOf', { name: g.groupName }),
              icon: <IconTrash size={16} aria-hidden />,
              color: 'red',
              onClick: () => void drop(g.groupId, g.groupName),
              'data-testid': 'group-delete',
            },
          ]}
          data-testid="groups-table"
        />
      </Stack>
      <GroupsCreateDialog opened={creating} onClose={() => setCreating(false)} />
      <GroupsMembersDialog group={list.find((g) => g.groupId === editing)} onClose={() => setEditing(null)} />
    </Card>
  );
}
