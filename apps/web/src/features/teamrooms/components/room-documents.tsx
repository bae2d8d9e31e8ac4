import {
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Progress,
  Group as Row,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TeamRoomDetail, TeamRoomDocument } from '@signet/contracts';
import { IconDownload, IconFiles, IconLockOpen, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { confirm, toast } from '../../../app/feedback.tsx';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { StatusBadge } from '../../../ui/components/status-badge.tsx';
import {
  downloadRoomDocument,
  useComposeFromRoom,
  useCreateRoomFolder,
  useDeleteRoomDocument,
  useDeleteRoomFolder,
  useMoveRoomDocument,
  useUnlockRoomDocument,
  useUploadRoomDocument,
} from '../api.ts';
import { useRoomAction } from '../use-room-action.ts';

/** Which documents the list shows: all, those outside folders, or one folder's. */
const ALL = 'all';
const NONE = 'none';

function StatusCell({ doc }: { doc: TeamRoomDocument }) {
  const { t } = useTranslation();
  const epak = doc.ePak;
  if (!epak)
    return (
      <Badge variant="light" color="gray">
        {t('teamrooms.room.notUsed')}
      </Badge>
    );
  if (!epak.ePakId)
    return (
      <Badge variant="light" color="yellow">
        {t('teamrooms.room.composing')}
      </Badge>
    );
  // A draft goes on in compose (placing tags); anything sent opens in the dashboard.
  const to = epak.status === 'Draft' ? `/compose?ePakId=${epak.ePakId}` : `/dashboard?ePakId=${epak.ePakId}`;
  return (
    <Stack gap={2}>
      <Row gap={6}>
        <StatusBadge kind="epak" status={epak.status} data-testid="teamroom-document-status" />
        {epak.status === 'InProgress' && (
          <Text size="xs">{t('teamrooms.room.progress', { percent: epak.progressPercent })}</Text>
        )}
      </Row>
      <Anchor
        component={Link}
        to={to}
        size="xs"
        aria-label={t('teamrooms.room.openEpak', { subject: epak.subject })}
      >
        {epak.subject}
      </Anchor>
    </Stack>
  );
}

/** The room's documents: folders, uploads with progress, moving, and starting an ePak from a selection. */
export function RoomDocuments({ room, canCompose }: { room: TeamRoomDetail; canCompose: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = room.teamRoomId;
  const writable = room.status === 'ENABLED';
  const [view, setView] = useState<string>(ALL);
  const [folderName, setFolderName] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [uploading, setUploading] = useState<{ name: string; fraction: number } | null>(null);
  const createFolder = useCreateRoomFolder(id);
  const deleteFolder = useDeleteRoomFolder(id);
  const upload = useUploadRoomDocument(id);
  const move = useMoveRoomDocument(id);
  const remove = useDeleteRoomDocument(id);
  const unlock = useUnlockRoomDocument(id);
  const compose = useComposeFromRoom(id);

  const folderOf = new Map(room.folders.map((f) => [f.folderId, f.name]));
  const shown = room.documents.filter((d) =>
    view === ALL ? true : view === NONE ? d.folderId === null : d.folderId === view,
  );
  const currentFolder = view !== ALL && view !== NONE ? view : null;
  const folderOptions = [
    { value: NONE, label: t('teamrooms.room.noFolder') },
    ...room.folders.map((f) => ({ value: f.folderId, label: f.name })),
  ];

  const run = useRoomAction();

  async function addFolder() {
    const name = folderName.trim();
    if (!name) return;
    const made: { folderId?: string } = {};
    const ok = await run(async () => {
      const detail = await createFolder.mutateAsync(name);
      made.folderId = detail.folders.find((f) => f.name === name)?.folderId;
    }, 'teamrooms.room.folderCreated');
    if (!ok) return;
    setFolderName('');
    // The new folder opens, so what is uploaded next goes into it.
    if (made.folderId) setView(made.folderId);
  }

  async function dropFolder(folderId: string) {
    if (!(await confirm(t('teamrooms.room.deleteFolderConfirm', { name: folderOf.get(folderId) ?? '' }))))
      return;
    if (await run(() => deleteFolder.mutateAsync(folderId), 'teamrooms.room.folderDeleted')) setView(ALL);
  }

  async function uploadFiles(files: File[]) {
    let ok = files.length > 0;
    for (const file of files) {
      setUploading({ name: file.name, fraction: 0 });
      ok =
        (await run(() =>
          upload.mutateAsync({
            file,
            folderId: currentFolder,
            onProgress: (fraction) => setUploading({ name: file.name, fraction }),
          }),
        )) && ok;
    }
    setUploading(null);
    if (ok) toast.success(t('teamrooms.room.uploaded'));
  }

  async function startEpak() {
    await run(async () => {
      const documents = await compose.mutateAsync(
        selected.filter((s) => room.documents.some((d) => d.documentId === s)),
      );
      // Compose takes them as documents already uploaded; the ePak is made there, as any other.
      void navigate('/compose', { state: { documents } });
    });
  }

  async function download(doc: TeamRoomDocument) {
    await run(async () => {
      const blob = await downloadRoomDocument(id, doc.documentId);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = doc.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });
  }

  return (
    <Card withBorder data-testid="teamroom-documents">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('teamrooms.room.documents')}
        </Title>
        <Row align="flex-end" wrap="wrap" gap="sm">
          <Select
            label={t('teamrooms.room.folder')}
            data={[{ value: ALL, label: t('teamrooms.room.allDocuments') }, ...folderOptions]}
            value={view}
            onChange={(v) => setView(v ?? ALL)}
            allowDeselect={false}
            w={220}
            data-testid="teamroom-folder-view"
          />
          {currentFolder && writable && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void dropFolder(currentFolder)}
              data-testid="teamroom-folder-delete"
            >
              {t('teamrooms.room.deleteFolder')}
            </Button>
          )}
        </Row>
        {writable && (
          <Row align="flex-end" wrap="wrap" gap="sm">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void addFolder();
              }}
              style={{ display: 'flex', gap: 8, alignItems: 'flex-end', flexWrap: 'wrap' }}
            >
              <TextInput
                label={t('teamrooms.room.newFolder')}
                placeholder={t('teamrooms.room.folderName')}
                value={folderName}
                onChange={(e) => setFolderName(e.currentTarget.value)}
                maxLength={100}
                w={220}
                data-testid="teamroom-folder-name"
              />
              <Button
                type="submit"
                variant="light"
                loading={createFolder.isPending}
                data-testid="teamroom-folder-add"
              >
                {t('teamrooms.room.addFolder')}
              </Button>
            </form>
            <FileButton onChange={(files) => void uploadFiles(files)} multiple>
              {(props) => (
                <Button {...props} loading={uploading !== null} data-testid="teamroom-upload">
                  {t('teamrooms.room.upload')}
                </Button>
              )}
            </FileButton>
          </Row>
        )}
        {uploading && (
          <Stack gap={4} role="status">
            <Text size="sm">{t('teamrooms.room.uploading', { name: uploading.name })}</Text>
            <Progress
              value={Math.round(uploading.fraction * 100)}
              aria-label={t('teamrooms.room.uploading', { name: uploading.name })}
            />
          </Stack>
        )}
        <DataTable
          rows={shown}
          rowKey={(doc) => doc.documentId}
          rowTestId="teamroom-document"
          empty={
            <EmptyState
              compact
              icon={<IconFiles stroke={1.5} />}
              title={t('teamrooms.room.empty')}
              text={writable ? t('teamrooms.room.emptyText') : undefined}
              action={
                writable && (
                  <FileButton onChange={(files) => void uploadFiles(files)} multiple>
                    {(props) => (
                      <Button {...props} loading={uploading !== null} leftSection={<IconUpload size={16} />}>
                        {t('teamrooms.room.upload')}
                      </Button>
                    )}
                  </FileButton>
                )
              }
              data-testid="teamroom-documents-empty"
            />
          }
          selection={{
            selected: new Set(selected),
            onChange: (next) => setSelected([...next]),
            label: (doc) => t('teamrooms.room.select', { name: doc.name }),
            allLabel: t('teamrooms.room.selectAll'),
          }}
          columns={[
            {
              key: 'name',
              header: t('teamrooms.room.columns.name'),
              card: 'title',
              breakAnywhere: true,
              cell: (doc) => (
                <Text span size="sm" fw={500}>
                  {doc.name}
                </Text>
              ),
            },
            {
              key: 'folder',
              header: t('teamrooms.room.columns.folder'),
              cell: (doc) =>
                writable ? (
                  <Select
                    aria-label={t('teamrooms.room.moveTo', { name: doc.name })}
                    data={folderOptions}
                    value={doc.folderId ?? NONE}
                    onChange={(v) => {
                      const folderId = v === NONE || v === null ? null : v;
                      if (folderId !== doc.folderId)
                        void run(
                          () => move.mutateAsync({ documentId: doc.documentId, folderId }),
                          'teamrooms.room.moved',
                        );
                    }}
                    allowDeselect={false}
                    size="xs"
                    w={160}
                  />
                ) : (
                  (doc.folderId && folderOf.get(doc.folderId)) || t('teamrooms.room.noFolder')
                ),
            },
            {
              key: 'pages',
              header: t('teamrooms.room.columns.pages'),
              align: 'right',
              cell: (doc) => doc.pageCount,
            },
            {
              key: 'status',
              header: t('teamrooms.room.columns.status'),
              card: 'subtitle',
              cell: (doc) => <StatusCell doc={doc} />,
            },
          ]}
          actionsHeader={t('teamrooms.room.columns.actions')}
          actionsLabel={(doc) => t('teamrooms.actionsFor', { name: doc.name })}
          actionsMenuTestId="teamroom-document-actions"
          actions={(doc) => [
            {
              key: 'download',
              label: t('teamrooms.room.download'),
              icon: <IconDownload size={16} />,
              onClick: () => void download(doc),
              'data-testid': 'teamroom-document-download',
            },
            ...(writable && doc.ePak
              ? [
                  {
                    key: 'unlock',
                    label: t('teamrooms.room.unlock'),
                    icon: <IconLockOpen size={16} />,
                    onClick: async () => {
                      if (await confirm(t('teamrooms.room.unlockConfirm', { name: doc.name })))
                        await run(() => unlock.mutateAsync(doc.documentId), 'teamrooms.room.unlocked');
                    },
                    'data-testid': 'teamroom-document-unlock',
                  },
                ]
              : []),
            ...(writable
              ? [
                  {
                    key: 'delete',
                    label: t('teamrooms.room.delete'),
                    icon: <IconTrash size={16} />,
                    color: 'red',
                    onClick: async () => {
                      if (await confirm(t('teamrooms.room.deleteConfirm', { name: doc.name })))
                        await run(() => remove.mutateAsync(doc.documentId), 'teamrooms.room.deleted');
                    },
                    'data-testid': 'teamroom-document-delete',
                  },
                ]
              : []),
          ]}
          data-testid="teamroom-document-list"
        />
        {writable && (
          <Row justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
              {t(canCompose ? 'teamrooms.room.startHint' : 'teamrooms.room.onlySenders')}
            </Text>
            {canCompose && (
              <Button
                onClick={() => void startEpak()}
                disabled={selected.length === 0}
                loading={compose.isPending}
                data-testid="teamroom-start-epak"
              >
                {t('teamrooms.room.startEpak')}
              </Button>
            )}
          </Row>
        )}
      </Stack>
    </Card>
  );
}
