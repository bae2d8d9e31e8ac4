import {
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  Limits,
  RUBBER_STAMP_MAX_POINTS,
  RUBBER_STAMP_MIN_POINTS,
  type RubberStamp,
  type UserRef,
} from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { attempt, closeButtonProps, confirm, toast } from '../../../app/feedback.tsx';
import { readImageFile } from '../../document-view/image-file.ts';
import { useGroups } from '../groups-api.ts';
import { useRubberStampWords } from '../i18n/rubber-stamp-words.ts';
import {
  useCreateRubberStamp,
  useDeleteRubberStamp,
  useMembersById,
  useRubberStamps,
  useShareRubberStamp,
  useUpdateRubberStamp,
} from '../rubber-stamps-api.ts';
import { GroupUserPicker } from './groups-user-picker.tsx';

const MAX_KB = Limits.RUBBER_STAMP_MAX_BYTES / 1024;

/** The add / edit form: name, height, width and the image (png/jpg up to 500 KB, spec §5 words). */
function StampForm({
  stamp,
  onClose,
}: {
  /** The stamp edited; null adds a new one. */
  stamp: RubberStamp | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useRubberStampWords();
  const create = useCreateRubberStamp();
  const update = useUpdateRubberStamp();
  const [name, setName] = useState(stamp?.name ?? '');
  const [height, setHeight] = useState<number>(stamp?.height ?? 80);
  const [width, setWidth] = useState<number>(stamp?.width ?? 80);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(stamp?.image ?? null);

  async function pick(f: File | null) {
    if (!f) return;
    const read = await readImageFile(f, MAX_KB);
    if (!read.ok) {
      toast.error(
        read.error === 'type'
          ? t('viewer.messages.letterheadType')
          : t('viewer.messages.maxSizeExceeded', { maxUploadSize: MAX_KB }),
      );
      return;
    }
    setFile(f);
    setPreview(read.dataUrl);
  }

  async function save() {
    if (!name.trim() || !preview) {
      toast.error(t('adminRubberStamps.imageMissing'));
      return;
    }
    const input = { name: name.trim(), height, width, file };
    const ok = await attempt(t, () =>
      stamp ? update.mutateAsync({ ...input, id: stamp.id }) : create.mutateAsync(input),
    );
    if (ok) {
      toast.success(t(stamp ? 'adminRubberStamps.updated' : 'adminRubberStamps.created'));
      onClose();
    }
  }

  const sizeHint = t('adminRubberStamps.sizeHint', {
    min: RUBBER_STAMP_MIN_POINTS,
    max: RUBBER_STAMP_MAX_POINTS,
  });
  return (
    <Stack>
      <TextInput
        label={t('adminRubberStamps.name')}
        value={name}
        maxLength={100}
        required
        onChange={(e) => setName(e.currentTarget.value)}
        data-testid="rubber-stamp-name"
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('adminRubberStamps.width')}
          description={sizeHint}
          value={width}
          min={RUBBER_STAMP_MIN_POINTS}
          max={RUBBER_STAMP_MAX_POINTS}
          clampBehavior="blur"
          allowDecimal={false}
          onChange={(v) => typeof v === 'number' && setWidth(v)}
          data-testid="rubber-stamp-width"
        />
        <NumberInput
          label={t('adminRubberStamps.height')}
          description={sizeHint}
          value={height}
          min={RUBBER_STAMP_MIN_POINTS}
          max={RUBBER_STAMP_MAX_POINTS}
          clampBehavior="blur"
          allowDecimal={false}
          onChange={(v) => typeof v === 'number' && setHeight(v)}
          data-testid="rubber-stamp-height"
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('adminRubberStamps.image')}
        </Text>
        <Text size="xs" c="dimmed">
          {t('adminRubberStamps.imageHint', { maxKb: MAX_KB })}
        </Text>
        {preview && (
          <Image
            src={preview}
            alt={t('adminRubberStamps.preview', { name: name || '…' })}
            h={80}
            w="auto"
            fit="contain"
          />
        )}
        <FileButton onChange={(f) => void pick(f)} accept="image/png,image/jpeg">
          {(props) => (
            <Button variant="light" size="xs" {...props} data-testid="rubber-stamp-image">
              {preview ? t('adminRubberStamps.replaceImage') : t('adminRubberStamps.chooseImage')}
            </Button>
          )}
        </FileButton>
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('adminRubberStamps.cancel')}
        </Button>
        <Button
          onClick={() => void save()}
          loading={create.isPending || update.isPending}
          data-testid="rubber-stamp-save"
        >
          {t('adminRubberStamps.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Whom a stamp is shared with: people (the groups tab's picker) and groups; saving replaces the list. */
function ShareForm({ stamp, onClose }: { stamp: RubberStamp; onClose: () => void }) {
  const { t } = useTranslation();
  useRubberStampWords();
  const share = useShareRubberStamp();
  const groups = useGroups();
  const members = useMembersById(true);
  const [users, setUsers] = useState<UserRef[] | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>(stamp.sharedWith.groupIds);
  const chosen =
    users ??
    stamp.sharedWith.userIds.flatMap((id) =>
      members.data?.get(id) ? [members.data.get(id) as UserRef] : [],
    );

  async function save() {
    const ok = await attempt(t, () =>
      share.mutateAsync({ id: stamp.id, userIds: chosen.map((u) => u.id), groupIds }),
    );
    if (ok) {
      toast.success(t('adminRubberStamps.shared'));
      onClose();
    }
  }

  return (
    <Stack>
      <Text size="sm">{t('adminRubberStamps.shareHint')}</Text>
      {members.isPending ? (
        <Loader size="sm" />
      ) : (
        <GroupUserPicker value={chosen} onChange={setUsers} testId="rubber-stamp-share-users" />
      )}
      <MultiSelect
        label={t('adminRubberStamps.groups')}
        placeholder={t('adminRubberStamps.groupsPlaceholder')}
        data={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))}
        value={groupIds}
        onChange={setGroupIds}
        searchable
        comboboxProps={{ withinPortal: true }}
        data-testid="rubber-stamp-share-groups"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('adminRubberStamps.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={share.isPending} data-testid="rubber-stamp-share-save">
          {t('adminRubberStamps.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * `/admin?tab=rubberStamps` (issue 14): the organisation's rubber stamps with their images; add,
 * edit, share with people and groups, delete. Shown while the tenant's switch is on.
 */
export function RubberStampsTab() {
  const { t } = useTranslation();
  useRubberStampWords();
  const config = useTenantConfiguration();
  const on = config.data?.features.rubberStamp ?? false;
  const stamps = useRubberStamps(on);
  const remove = useDeleteRubberStamp();
  const [editing, setEditing] = useState<RubberStamp | 'new' | null>(null);
  const [sharing, setSharing] = useState<RubberStamp | null>(null);

  async function removeOne(s: RubberStamp) {
    const sure = await confirm(t('adminRubberStamps.deleteConfirm', { name: s.name }), {
      action: t('adminRubberStamps.delete'),
      danger: true,
    });
    if (!sure) return;
    if (await attempt(t, () => remove.mutateAsync(s.id))) toast.success(t('adminRubberStamps.deleted'));
  }

  return (
    <Card withBorder data-testid="rubber-stamps-tab">
      <Group justify="space-between" mb="sm" align="flex-start">
        <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Title order={2} size="h4">
            {t('adminRubberStamps.title')}
          </Title>
          <Text size="sm">{t('adminRubberStamps.hint')}</Text>
        </Stack>
        {on && (
          <Button onClick={() => setEditing('new')} data-testid="rubber-stamp-add">
            {t('adminRubberStamps.add')}
          </Button>
        )}
      </Group>
      {config.data && !on && <Text size="sm">{t('adminRubberStamps.off')}</Text>}
      {on && stamps.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('adminRubberStamps.loading')}</Text>
        </Group>
      )}
      {stamps.data?.length === 0 && <Text size="sm">{t('adminRubberStamps.none')}</Text>}
      {stamps.data && stamps.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="rubber-stamps">
          {stamps.data.map((s) => (
            <Card withBorder key={s.id} data-testid="rubber-stamp-row" data-name={s.name}>
              <Stack gap={6}>
                <Image
                  src={s.image}
                  alt={t('adminRubberStamps.preview', { name: s.name })}
                  h={90}
                  fit="contain"
                />
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {s.name}
                </Text>
                <Text size="xs">{t('adminRubberStamps.size', { width: s.width, height: s.height })}</Text>
                <Text size="xs">
                  {s.sharedWith.userIds.length + s.sharedWith.groupIds.length === 0
                    ? t('adminRubberStamps.notShared')
                    : t('adminRubberStamps.sharedWith', {
                        users: s.sharedWith.userIds.length,
                        groups: s.sharedWith.groupIds.length,
                      })}
                </Text>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setEditing(s)}
                    aria-label={t('adminRubberStamps.editOf', { name: s.name })}
                    data-testid="rubber-stamp-edit"
                  >
                    {t('adminRubberStamps.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => setSharing(s)}
                    aria-label={t('adminRubberStamps.shareOf', { name: s.name })}
                    data-testid="rubber-stamp-share"
                  >
                    {t('adminRubberStamps.share')}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => void removeOne(s)}
                    aria-label={t('adminRubberStamps.deleteOf', { name: s.name })}
                    data-testid="rubber-stamp-delete"
                  >
                    {t('adminRubberStamps.delete')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('adminRubberStamps.addTitle')
            : t('adminRubberStamps.editTitle', { name: editing.name })
        }
        closeButtonProps={closeButtonProps()}
      >
        {editing !== null && (
          <StampForm
            key={editing === 'new' ? 'new' : editing.id}
            stamp={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={sharing !== null}
        onClose={() => setSharing(null)}
        title={sharing ? t('adminRubberStamps.shareTitle', { name: sharing.name }) : ''}
        closeButtonProps={closeButtonProps()}
      >
        {sharing && <ShareForm key={sharing.id} stamp={sharing} onClose={() => setSharing(null)} />}
      </Modal>
    </Card>
  );
}
