import { Button, Modal, Group as Row, Stack, TextInput } from '@mantine/core';
import { Limits, type UserRef } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, closeButtonProps, toast } from '../../../app/feedback.tsx';
import { useCreateGroup } from '../groups-api.ts';
import { GroupUserPicker } from './groups-user-picker.tsx';

/** The new-group dialog: a name (at most 15 characters, spec §3) and its first members. */
export function GroupsCreateDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<UserRef[]>([]);

  function close() {
    setName('');
    setMembers([]);
    onClose();
  }

  async function submit() {
    const groupName = name.trim();
    if (!groupName) return;
    const ok = await attempt(t, () => create.mutateAsync({ groupName, users: members.map((m) => m.id) }));
    if (ok) {
      toast.success(t('adminGroups.created'));
      close();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('adminGroups.createTitle')}
      closeButtonProps={closeButtonProps()}
      data-testid="group-create-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('adminGroups.name')}
            description={t('adminGroups.nameHint', { max: Limits.GROUP_NAME_LENGTH })}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={Limits.GROUP_NAME_LENGTH}
            required
            data-autofocus
            data-testid="group-create-name"
          />
          <GroupUserPicker value={members} onChange={setMembers} testId="group-create-members" />
          <Row justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!name.trim()}
              data-testid="group-create-save"
            >
              {t('adminGroups.create')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
