import { Group, Radio, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecipientSwatch } from '../../../ui/components/recipient-swatch.tsx';

/**
 * Someone tags are placed for. A tag belongs to the recipient whose `email` and `wfsOrderId` it
 * carries; a template's places use a stand-in `email` the caller maps back when saving.
 */
export interface EditorRecipient {
  key: string;
  email: string;
  wfsOrderId: number;
  /** Who they are in a sentence (the accessible name of their tags): their name, else their email. */
  name: string;
  /** The line under their name in the recipient list: their step, and their email when it is not their name. */
  detail?: string;
}

/** A recipient as the editor lists them: their colour, their name, and their step and email under it. */
function RecipientLine({ recipient, index }: { recipient: EditorRecipient; index: number }) {
  const { detail } = recipient;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <span style={{ paddingTop: 4, display: 'inline-flex' }}>
        <RecipientSwatch index={index} size={14} />
      </span>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {recipient.name}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/**
 * Whom the tags are for, on a wide screen: every recipient at once, by name and colour, one
 * click to change (a list rather than a drop-down, which took two).
 */
export function RecipientList({
  recipients,
  value,
  onChange,
}: {
  recipients: EditorRecipient[];
  value: string | null;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t('compose.tags.forRecipient')}
      labelProps={{ mb: 4 }}
      data-testid="tags-recipients"
    >
      <Stack gap={4}>
        {recipients.map((r, i) => {
          const on = r.key === value;
          return (
            <Radio.Card
              key={r.key}
              value={r.key}
              p={6}
              radius="sm"
              data-testid="tags-recipient-option"
              style={{
                borderColor: on ? 'var(--mantine-primary-color-filled)' : undefined,
                boxShadow: on ? 'inset 0 0 0 1px var(--mantine-primary-color-filled)' : undefined,
                background: on ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <RecipientLine recipient={r} index={i} />
            </Radio.Card>
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/** Whom the tags are for, on a phone or tablet: a drop-down above the page. */
export function RecipientSelect({
  recipients,
  value,
  onChange,
}: {
  recipients: EditorRecipient[];
  value: string | null;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  const index = recipients.findIndex((r) => r.key === value);
  return (
    <Select
      label={t('compose.tags.forRecipient')}
      data={recipients.map((r) => ({ value: r.key, label: r.name }))}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      // The colour their tags are tinted with on the pages.
      leftSection={index >= 0 && <RecipientSwatch index={index} />}
      renderOption={({ option }) => {
        const i = recipients.findIndex((r) => r.key === option.value);
        const r = recipients[i];
        return r ? <RecipientLine recipient={r} index={i} /> : option.label;
      }}
      comboboxProps={{ withinPortal: true }}
      data-testid="tags-recipient"
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
