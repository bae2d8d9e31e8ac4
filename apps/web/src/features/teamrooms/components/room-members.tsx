import { Button, Card, MultiSelect, Group as Row, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeamRoomDetail, TeamRoomRole, UserRef } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserSearch } from '../../../app/api.ts';
import { confirm } from '../../../app/feedback.tsx';
import { useAddRoomMembers, useChangeRoomMember, useRemoveRoomMember } from '../api.ts';
import { useRoomAction } from '../use-room-action.ts';

const personName = (u: Pick<UserRef, 'firstName' | 'lastName' | 'email'>) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

/** Picks tenant users by name or email (two characters at least, 200 ms debounce as spec §5). */
function PeoplePicker({
  value,
  onChange,
  exclude,
}: {
  value: UserRef[];
  onChange: (users: UserRef[]) => void;
  exclude: readonly string[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const found = useUserSearch(debounced.length >= 2 ? debounced : '');
  const known = new Map<string, UserRef>(value.map((u) => [u.id, u]));
  for (const u of found.data ?? []) if (!exclude.includes(u.id) && !known.has(u.id)) known.set(u.id, u);
  return (
    <MultiSelect
      label={t('teamrooms.room.pick')}
      placeholder={t('teamrooms.room.pickPlaceholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...known.values()].map((u) => ({ value: u.id, label: `${personName(u)} <${u.email}>` }))}
      value={value.map((u) => u.id)}
      onChange={(ids) => {
        onChange(ids.flatMap((id) => known.get(id) ?? []));
        setSearch('');
      }}
      filter={({ options }) => options}
      hidePickedOptions
      style={{ flex: 1, minWidth: 200 }}
      data-testid="teamroom-member-pick"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** The room's people: owners add, re-role and remove them; anyone may leave (not the last owner). */
export function RoomMembers({ room, meId }: { room: TeamRoomDetail; meId: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddRoomMembers(room.teamRoomId);
  const change = useChangeRoomMember(room.teamRoomId);
  const remove = useRemoveRoomMember(room.teamRoomId);
  const [picked, setPicked] = useState<UserRef[]>([]);
  const [role, setRole] = useState<TeamRoomRole>('member');
  const owner = room.myRole === 'owner' && room.status === 'ENABLED';
  const roleOptions = (['owner', 'member'] as const).map((r) => ({
    value: r,
    label: t(`teamrooms.roles.${r}`),
  }));

  const run = useRoomAction();

  async function addPicked() {
    if (picked.length === 0) return;
    if (await run(() => add.mutateAsync({ userIds: picked.map((u) => u.id), role }), 'teamrooms.room.added'))
      setPicked([]);
  }

  async function drop(user: UserRef) {
    const leaving = user.id === meId;
    const question = leaving
      ? t('teamrooms.room.leaveConfirm', { name: room.name })
      : t('teamrooms.room.removeConfirm', { name: personName(user) });
    if (!(await confirm(question))) return;
    const ok = await run(
      () => remove.mutateAsync(user.id),
      leaving ? 'teamrooms.room.left' : 'teamrooms.room.removed',
    );
    if (ok && leaving) void navigate('/teamroom');
  }

  return (
    <Card withBorder data-testid="teamroom-members">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('teamrooms.room.members')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('teamrooms.room.membersHint')}
        </Text>
        {owner && (
          <Row align="flex-end" wrap="wrap" gap="sm">
            <PeoplePicker value={picked} onChange={setPicked} exclude={room.members.map((m) => m.user.id)} />
            <Select
              label={t('teamrooms.room.role')}
              data={roleOptions}
              value={role}
              onChange={(v) => setRole((v as TeamRoomRole | null) ?? 'member')}
              allowDeselect={false}
              w={140}
            />
            <Button
              onClick={() => void addPicked()}
              loading={add.isPending}
              disabled={picked.length === 0}
              data-testid="teamroom-member-add"
            >
              {t('teamrooms.room.add')}
            </Button>
          </Row>
        )}
        <Table data-testid="teamroom-member-list">
          <Table.Tbody>
            {room.members.map((m) => (
              <Table.Tr key={m.user.id} data-testid="teamroom-member">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {personName(m.user)} {m.user.id === meId ? t('teamrooms.room.you') : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {m.user.email}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('teamrooms.room.role')}>
                  {owner ? (
                    <Select
                      aria-label={t('teamrooms.room.roleOf', { name: personName(m.user) })}
                      data={roleOptions}
                      value={m.role}
                      onChange={(v) =>
                        v && v !== m.role
                          ? void run(
                              () => change.mutateAsync({ userId: m.user.id, role: v as TeamRoomRole }),
                              'teamrooms.room.roleChanged',
                            )
                          : undefined
                      }
                      allowDeselect={false}
                      w={140}
                      size="xs"
                    />
                  ) : (
                    t(`teamrooms.roles.${m.role}`)
                  )}
                </Table.Td>
                <Table.Td>
                  {(owner || m.user.id === meId) && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => void drop(m.user)}
                      data-testid={m.user.id === meId ? 'teamroom-leave' : 'teamroom-member-remove'}
                    >
                      {m.user.id === meId
                        ? t('teamrooms.room.leave')
                        : t('teamrooms.room.remove', { name: personName(m.user) })}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
