import { Button, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../../app/feedback.tsx';
import type { EditorTag } from '../tag-editor-state.ts';
import type { EditorAction, EditorControls } from './editor-types.ts';

/** The editor's title and its actions (save, send…), each given the tags of every document. */
export function EditorHeader({
  title,
  actions,
  tags,
  controls,
}: {
  title: string;
  actions: EditorAction[];
  tags: Record<string, EditorTag[]>;
  controls: EditorControls;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);

  async function run(action: EditorAction) {
    setSaving(true);
    try {
      await action.run(tags, controls);
    } catch (e) {
      showFailure(t, e);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Group justify="space-between" gap="xs">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {title}
      </Title>
      <Group gap="xs">
        {actions.map((action) => (
          <Button
            key={action.testId}
            variant={action.primary ? 'filled' : 'default'}
            loading={saving}
            onClick={() => void run(action)}
            data-testid={action.testId}
          >
            {action.label}
          </Button>
        ))}
      </Group>
    </Group>
  );
}
