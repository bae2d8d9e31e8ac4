import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A name shown as a button that turns into a field with Save; `onSave` answers whether the
 * server took it, and the field closes only then.
 */
export function InlineRename({
  value,
  label,
  onSave,
}: {
  value: string;
  label: string;
  onSave: (text: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  if (text === null)
    return (
      <Button variant="subtle" size="compact-sm" onClick={() => setText(value)}>
        {value}
      </Button>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        size="xs"
        value={text}
        aria-label={label}
        onChange={(e) => setText(e.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Button size="compact-xs" onClick={() => void onSave(text).then((ok) => ok && setText(null))}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
