import { Button, Card, Loader, Group as Row, Stack, Table, Text, Title } from '@mantine/core';
import { Limits } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
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
    if (!(await confirm(t('adminGroups.deleteConfirm', { name })))) return;
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
        {groups.isPending ? (
          <Row gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t('adminGroups.loading')}</Text>
          </Row>
        ) : list.length === 0 ? (
          <Text size="sm" data-testid="groups-empty">
            {t('adminGroups.none')}
          </Text>
        ) : (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminGroups.name')}</Table.Th>
                <Table.Th>{t('adminGroups.members')}</Table.Th>
                <Table.Th>{t('adminGroups.managers')}</Table.Th>
                <Table.Th>{t('adminGroups.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((g) => (
                <Table.Tr key={g.groupId} data-testid="group-row" data-name={g.groupName}>
                  <Table.Td>
                    <InlineRename
                      value={g.groupName}
                      label={t('adminGroups.renameLabel', { name: g.groupName })}
                      onSave={(name) => rename(g.groupId, name)}
                    />
                  </Table.Td>
                  <Table.Td data-testid="group-members">
                    {g.users.length === 0 ? t('adminGroups.noMembers') : g.users.map(userLabel).join(', ')}
                  </Table.Td>
                  <Table.Td>{g.managers.map((m) => m.email).join(', ')}</Table.Td>
                  <Table.Td>
                    <Row gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={t('adminGroups.editMembersOf', { name: g.groupName })}
                        onClick={() => setEditing(g.groupId)}
                        data-testid="group-edit-members"
                      >
                        {t('adminGroups.editMembers')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        aria-label={t('adminGroups.deleteOf', { name: g.groupName })}
                        onClick={() => void drop(g.groupId, g.groupName)}
                        data-testid="group-delete"
                      >
                        {t('adminGroups.delete')}
                      </Button>
                    </Row>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      <GroupsCreateDialog opened={creating} onClose={() => setCreating(false)} />
      <GroupsMembersDialog group={list.find((g) => g.groupId === editing)} onClose={() => setEditing(null)} />
    </Card>
  );
}
