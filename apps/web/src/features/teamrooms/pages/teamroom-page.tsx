import {
  Alert,
  Anchor,
  Button,
  Card,
  Loader,
  Group as Row,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { SENDER_ROLES, type TeamRoom, type TeamRoomStatus } from '@signet/contracts';
import { IconCopy, IconFolders, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useTenantConfiguration } from '../../../app/api.ts';
import { FeatureOff } from '../../../app/feature-off.tsx';
import { confirm } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/i18n/dates.ts';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { useTeamRooms, useUpdateTeamRoom } from '../api.ts';
import { CloneRoomDialog, CreateRoomDialog } from '../components/room-dialogs.tsx';
import { teamroomErrorMessage } from '../teamroom-errors.ts';
import { useRoomAction } from '../use-room-action.ts';

/**
 * `/teamroom`: the team rooms the user is in (or the trash), creating one and cloning one. Only
 * while the tenant's team-room switch is on; otherwise it says where to turn it on.
 */
export function TeamroomPage() {
  const { t } = useTranslation();
  const configuration = useTenantConfiguration();
  const me = useCurrentUser();
  const on = configuration.data?.features.teamRoom === true;
  const [status, setStatus] = useState<TeamRoomStatus>('ENABLED');
  const rooms = useTeamRooms(status, on);
  const update = useUpdateTeamRoom();
  const run = useRoomAction();
  const [creating, setCreating] = useState(false);
  const [cloning, setCloning] = useState<TeamRoom | null>(null);
  const isSender = me.data ? SENDER_ROLES.includes(me.data.role) : false;

  async function setRoomStatus(room: TeamRoom, next: TeamRoomStatus) {
    if (next === 'TRASH' && !(await confirm(t('teamrooms.trashConfirm', { name: room.name })))) return;
    await run(
      () => update.mutateAsync({ teamRoomId: room.teamRoomId, status: next }),
      next === 'TRASH' ? 'teamrooms.trashed' : 'teamrooms.restored',
    );
  }

  const loading = (
    <Row gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('teamrooms.loading')}</Text>
    </Row>
  );
  const list = rooms.data ?? [];
  return (
    <Stack data-testid="page-teamroom">
      <PageHeader
        title={t('teamrooms.title')}
        description={t('teamrooms.hint')}
        actions={
          on &&
          isSender && (
            <Button onClick={() => setCreating(true)} data-testid="teamroom-create">
              {t('teamrooms.create')}
            </Button>
          )
        }
      />
      {configuration.isPending ? (
        loading
      ) : !on ? (
        <FeatureOff keyPrefix="teamrooms" testId="teamrooms-off" />
      ) : (
        <Card withBorder>
          <Stack gap="sm">
            <Row justify="space-between" wrap="wrap">
              <SegmentedControl
                aria-label={t('teamrooms.view')}
                value={status}
                onChange={(v) => setStatus(v as TeamRoomStatus)}
                data={[
                  { value: 'ENABLED', label: t('teamrooms.active') },
                  { value: 'TRASH', label: t('teamrooms.trash') },
                ]}
                data-testid="teamroom-status"
              />
            </Row>
            {rooms.isPending ? (
              loading
            ) : rooms.error ? (
              <Alert color="red">{teamroomErrorMessage(t, rooms.error)}</Alert>
            ) : list.length === 0 ? (
              <EmptyState
                compact
                icon={status === 'TRASH' ? <IconTrash stroke={1.5} /> : <IconFolders stroke={1.5} />}
                title={t(status === 'TRASH' ? 'teamrooms.noneTrash' : 'teamrooms.none')}
                action={
                  status !== 'TRASH' &&
                  isSender && (
                    <Button onClick={() => setCreating(true)} leftSection={<IconPlus size={16} />}>
                      {t('teamrooms.create')}
                    </Button>
                  )
                }
                data-testid="teamrooms-empty"
              />
            ) : (
              <DataTable
                rows={list}
                rowKey={(room) => room.teamRoomId}
                rowTestId="teamroom-row"
                columns={[
                  {
                    key: 'name',
                    header: t('teamrooms.columns.name'),
                    card: 'title',
                    cell: (room) => (
                      <>
                        <Anchor component={Link} to={`/trDocument?teamRoomId=${room.teamRoomId}`} fw={600}>
                          {room.name}
                        </Anchor>
                        {room.description && (
                          <Text size="xs" c="dimmed" fw={400}>
                            {room.description}
                          </Text>
                        )}
                      </>
                    ),
                  },
                  {
                    key: 'role',
                    header: t('teamrooms.columns.role'),
                    cell: (room) => t(`teamrooms.roles.${room.myRole}`),
                  },
                  {
                    key: 'members',
                    header: t('teamrooms.columns.members'),
                    align: 'right',
                    cell: (room) => room.memberCount,
                  },
                  {
                    key: 'documents',
                    header: t('teamrooms.columns.documents'),
                    align: 'right',
                    cell: (room) => room.documentCount,
                  },
                  {
                    key: 'created',
                    header: t('teamrooms.columns.created'),
                    cell: (room) => formatDate(room.createdOn, me.data ?? {}),
                  },
                ]}
                actionsHeader={t('teamrooms.columns.actions')}
                actionsLabel={(room) => t('teamrooms.actionsFor', { name: room.name })}
                actions={(room) => [
                  ...(isSender
                    ? [
                        {
                          key: 'clone',
                          label: t('teamrooms.clone'),
                          ariaLabel: t('teamrooms.cloneOf', { name: room.name }),
                          icon: <IconCopy size={16} />,
                          onClick: () => setCloning(room),
                          'data-testid': 'teamroom-clone',
                        },
                      ]
                    : []),
                  ...(room.myRole !== 'owner'
                    ? []
                    : room.status === 'ENABLED'
                      ? [
                          {
                            key: 'trash',
                            label: t('teamrooms.moveToTrash'),
                            ariaLabel: t('teamrooms.moveToTrashOf', { name: room.name }),
                            icon: <IconTrash size={16} />,
                            color: 'red',
                            onClick: () => void setRoomStatus(room, 'TRASH'),
                            'data-testid': 'teamroom-trash',
                          },
                        ]
                      : [
                          {
                            key: 'restore',
                            label: t('teamrooms.restore'),
                            ariaLabel: t('teamrooms.restoreOf', { name: room.name }),
                            icon: <IconRestore size={16} />,
                            onClick: () => void setRoomStatus(room, 'ENABLED'),
                            'data-testid': 'teamroom-restore',
                          },
                        ]),
                ]}
                data-testid="teamroom-list"
              />
            )}
          </Stack>
        </Card>
      )}
      <CreateRoomDialog opened={creating} onClose={() => setCreating(false)} />
      <CloneRoomDialog room={cloning} onClose={() => setCloning(null)} />
    </Stack>
  );
}
