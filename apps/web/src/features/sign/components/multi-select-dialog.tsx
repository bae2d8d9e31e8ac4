import { Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import type { Tag } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';

/** Chooses several of a multi-select tag's options; the value is their JSON list. */
export function MultiSelectDialog({
  tag,
  value,
  onClose,
  onDone,
}: {
  tag: Tag;
  value: string | undefined;
  onClose: () => void;
  onDone: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(() => {
    try {
      const parsed: unknown = JSON.parse(value ?? tag.value ?? '[]');
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  });
  return (
    <Modal
      closeButtonProps={closeButtonProps()}
      opened
      onClose={onClose}
      title={tag.label || t('tags.types.multiSelect')}
    >
      <Stack gap="sm">
        <Checkbox.Group value={chosen} onChange={setChosen}>
          <Stack gap={6}>
            {(tag.options ?? []).map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => onDone(JSON.stringify(chosen))}>{t('common.ok')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
