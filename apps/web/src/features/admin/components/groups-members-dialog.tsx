import { Badge, Button, Checkbox, Modal, Group as Row, Stack, Table, Text } from '@mantine/core';
import type { Group, UserRef } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, closeButtonProps, toast } from '../../../app/feedback.tsx';
import { useAddGroupMembers, useRemoveGroupMembers, useUpdateGroup } from '../groups-api.ts';
import { GroupUserPicker, userLabel } from './groups-user-picker.tsx';

/**
 * A group's members: tick one or many and remove them, or pick members of the tenant and add
 * them (as managers if asked). A manager is removed as a member only after losing the role
 * (-165), which the "not a manager" button does. A group's own manager (`byManager`) changes its
 * plain members only, as the server allows: managers can be neither chosen nor made.
 */
export function GroupsMembersDialog({
  group,
  onClose,
  byManager = false,
}: {
  group: Group | undefined;
  onClose: () => void;
  byManager?: boolean;
}) {
  const { t } = useTranslation();
  const add = useAddGroupMembers();
  const remove = useRemoveGroupMembers();
  const update = useUpdateGroup();
  const [picked, setPicked] = useState<UserRef[]>([]);
  const [asManagers, setAsManagers] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  function close() {
    setPicked([]);
    setSelected([]);
    setAsManagers(false);
    onClose();
  }

  if (!group) return <Modal opened={false} onClose={close} />;
  const managerIds = new Set(group.managers.map((m) => m.id));
  const memberIds = group.users.map((u) => u.id);
  const removable = byManager ? memberIds.filter((id) => !managerIds.has(id)) : memberIds;
  const allSelected = removable.length > 0 && removable.every((id) => selected.includes(id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? [...new Set([...s, id])] : s.filter((x) => x !== id)));

  async function addPicked() {
    if (!group || picked.length === 0) return;
    const ok = await attempt(t, () =>
      add.mutateAsync({ groupId: group.groupId, userIds: picked.map((p) => p.id), manager: asManagers }),
    );
    if (ok) {
      toast.success(t('adminGroups.added'));
      setPicked([]);
    }
  }

  async function removeSelected() {
    if (!group || selected.length === 0) return;
    const ok = await attempt(t, () => remove.mutateAsync({ groupId: group.groupId, userIds: selected }));
    if (ok) {
      toast.success(t('adminGroups.removed'));
      setSelected([]);
    }
  }

  async function demote(id: string) {
    if (!group) return;
    const managers = group.managers.map((m) => m.id).filter((m) => m !== id);
    if (await attempt(t, () => update.mutateAsync({ groupId: group.groupId, managers })))
      toast.success(t('adminGroups.demoted'));
  }

  return (
    <Modal
      opened
      onClose={close}
      size="lg"
      closeButtonProps={closeButtonProps()}
      title={t('adminGroups.editMembersOf', { name: group.groupName })}
      data-testid="group-members-dialog"
    >
      <Stack>
        {group.users.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('adminGroups.noMembers')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('adminGroups.selectAll')}
                    checked={allSelected}
                    indeterminate={selected.length > 0 && !allSelected}
                    onChange={(e) => setSelected(e.currentTarget.checked ? removable : [])}
                  />
                </Table.Th>
                <Table.Th>{t('adminGroups.members')}</Table.Th>
                <Table.Th>{t('adminGroups.managers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.users.map((u) => (
                <Table.Tr key={u.id} data-testid="group-member" data-email={u.email}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('adminGroups.select', { name: u.email })}
                      checked={selected.includes(u.id)}
                      disabled={!removable.includes(u.id)}
                      onChange={(e) => toggle(u.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td>{userLabel(u)}</Table.Td>
                  <Table.Td>
                    {managerIds.has(u.id) && (
                      <Row gap="xs">
                        <Badge variant="light">{t('adminGroups.manager')}</Badge>
                        {!byManager && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={t('adminGroups.demoteOf', { name: u.email })}
                            onClick={() => void demote(u.id)}
                          >
                            {t('adminGroups.demote')}
                          </Button>
                        )}
                      </Row>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Row justify="flex-end">
          <Button
            color="red"
            variant="light"
            disabled={selected.length === 0}
            loading={remove.isPending}
            onClick={() => void removeSelected()}
            data-testid="group-members-remove"
          >
            {t('adminGroups.removeSelected', { count: selected.length })}
          </Button>
        </Row>
        <GroupUserPicker
          value={picked}
          onChange={setPicked}
          exclude={memberIds}
          testId="group-members-pick"
        />
        <Row justify="space-between">
          {byManager ? (
            <span />
          ) : (
            <Checkbox
              label={t('adminGroups.asManagers')}
              checked={asManagers}
              onChange={(e) => setAsManagers(e.currentTarget.checked)}
            />
          )}
          <Button
            disabled={picked.length === 0}
            loading={add.isPending}
            onClick={() => void addPicked()}
            data-testid="group-members-add"
          >
            {t('adminGroups.add')}
          </Button>
        </Row>
      </Stack>
    </Modal>
  );
}
