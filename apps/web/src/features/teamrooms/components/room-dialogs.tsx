import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Modal, Group as Row, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { TeamRoom } from '@signet/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { closeButtonProps, toast, useFormFailure } from '../../../app/feedback.tsx';
import { useCloneTeamRoom, useCreateTeamRoom } from '../api.ts';

const NameSchema = z.string().trim().min(1).max(100);
const CreateSchema = z.object({ name: NameSchema, description: z.string().trim().max(500) });
const CloneSchema = z.object({ name: NameSchema, includeMembers: z.boolean() });

/** The new-room dialog: a name (unique in the organisation, -224) and a description. */
export function CreateRoomDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTeamRoom();
  const failure = useFormFailure();
  const form = useForm<z.infer<typeof CreateSchema>>({
    resolver: zodResolver(CreateSchema),
    defaultValues: { name: '', description: '' },
  });

  function close() {
    form.reset();
    onClose();
  }

  async function submit(values: z.infer<typeof CreateSchema>) {
    if (await failure.run(() => create.mutateAsync(values))) {
      toast.success(t('teamrooms.created'));
      close();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('teamrooms.create')}
      closeButtonProps={closeButtonProps()}
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack>
          <TextInput
            label={t('teamrooms.name')}
            required
            maxLength={100}
            data-autofocus
            data-testid="teamroom-create-name"
            {...form.register('name')}
          />
          <Textarea
            label={t('teamrooms.description')}
            autosize
            minRows={2}
            maxLength={500}
            {...form.register('description')}
          />
          {failure.error && (
            <Text c="red.8" size="sm" role="alert" data-testid="teamroom-create-error">
              {failure.error}
            </Text>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="teamroom-create-save">
              {t('teamrooms.createSubmit')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}

/** Cloning a room (`POST /v1/teamrooms/clone/{id}`): the copy's name, and whether members come along. */
export function CloneRoomDialog({ room, onClose }: { room: TeamRoom | null; onClose: () => void }) {
  const { t } = useTranslation();
  const clone = useCloneTeamRoom();
  const failure = useFormFailure();
  const form = useForm<z.infer<typeof CloneSchema>>({
    resolver: zodResolver(CloneSchema),
    defaultValues: { name: '', includeMembers: true },
  });
  useEffect(() => {
    if (room)
      form.reset({ name: t('teamrooms.copyName', { name: room.name }).slice(0, 100), includeMembers: true });
  }, [room, form, t]);

  async function submit(values: z.infer<typeof CloneSchema>) {
    if (!room) return;
    if (await failure.run(() => clone.mutateAsync({ teamRoomId: room.teamRoomId, ...values }))) {
      toast.success(t('teamrooms.cloned'));
      onClose();
    }
  }

  return (
    <Modal
      opened={room !== null}
      onClose={onClose}
      title={t('teamrooms.cloneTitle', { name: room?.name ?? '' })}
      closeButtonProps={closeButtonProps()}
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm">{t('teamrooms.cloneHint')}</Text>
          <TextInput
            label={t('teamrooms.cloneName')}
            required
            maxLength={100}
            data-autofocus
            data-testid="teamroom-clone-name"
            {...form.register('name')}
          />
          <Checkbox label={t('teamrooms.includeMembers')} {...form.register('includeMembers')} />
          {failure.error && (
            <Text c="red.8" size="sm" role="alert" data-testid="teamroom-clone-error">
              {failure.error}
            </Text>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={clone.isPending} data-testid="teamroom-clone-save">
              {t('teamrooms.cloneSubmit')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
