import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, toast } from '../../../app/feedback.tsx';
import {
  beginEdit,
  cancelEdit,
  deleteEntry,
  type QrEditorState,
  type QrResult,
  qrEntriesOf,
  qrValueOf,
  saveEntry,
} from '../qr-entries.ts';

/** The QR code tag's label → value entries, edited one at a time with the spec's five messages. */
export function QrEditor({
  value,
  onChange,
}: {
  value: string | null | undefined;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<QrEditorState>(() => ({ entries: qrEntriesOf(value), editing: null }));
  const [draft, setDraft] = useState({ label: '', value: '' });

  function applied(result: QrResult): boolean {
    if (!result.ok) {
      toast.error(t(`viewer.messages.${result.error}`));
      return false;
    }
    setState(result.state);
    return true;
  }

  function edit(index: number) {
    const entry = state.entries[index] ?? { label: '', value: '' };
    if (applied(beginEdit(state, index))) setDraft(entry);
  }

  function save() {
    const result = saveEntry(state, draft);
    if (applied(result) && result.ok) onChange(qrValueOf(result.state.entries));
  }

  async function remove(index: number) {
    if (!(await confirm(t('viewer.messages.qrDeleteConfirmation')))) return;
    const next = deleteEntry(state, index);
    setState(next);
    onChange(qrValueOf(next.entries));
  }

  const editor = (
    <Stack gap={4} data-testid="qr-entry-editor">
      <TextInput
        size="xs"
        label={t('viewer.qr.label')}
        value={draft.label}
        onChange={(e) => setDraft({ ...draft, label: e.currentTarget.value })}
        data-testid="qr-label"
      />
      <TextInput
        size="xs"
        label={t('viewer.qr.value')}
        value={draft.value}
        onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
        data-testid="qr-value"
      />
      <Group gap={4}>
        <Button size="compact-xs" onClick={save} data-testid="qr-save">
          {t('common.save')}
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setState(cancelEdit(state))}>
          {t('common.cancel')}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Stack gap={6} data-testid="qr-editor">
      <Text size="sm" fw={500}>
        {t('viewer.qr.title')}
      </Text>
      {state.entries.map((entry, i) =>
        state.editing === i ? (
          <div key={entry.label}>{editor}</div>
        ) : (
          <Group key={entry.label} gap={4} justify="space-between" wrap="nowrap">
            <Text size="xs" truncate>
              {entry.label}: {entry.value}
            </Text>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                size="sm"
                variant="subtle"
                aria-label={t('viewer.qr.edit', { label: entry.label })}
                onClick={() => edit(i)}
              >
                ✎
              </ActionIcon>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t('viewer.qr.delete', { label: entry.label })}
                onClick={() => void remove(i)}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
        ),
      )}
      {state.editing === state.entries.length ? (
        editor
      ) : (
        <Button
          size="compact-xs"
          variant="light"
          onClick={() => edit(state.entries.length)}
          data-testid="qr-add"
        >
          {t('viewer.qr.add')}
        </Button>
      )}
    </Stack>
  );
}
