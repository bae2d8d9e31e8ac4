import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type EditorRecipient, RecipientList } from './recipient-picker.tsx';

/**
 * The editor on a wide screen: the recipients, the palette and how-to on the left, the pages in
 * the middle, the selected tag's settings on the right.
 */
export function WideEditorLayout({
  recipients,
  recipientKey,
  onRecipient,
  signEach,
  pages,
  palette,
  properties,
}: {
  recipients: EditorRecipient[];
  recipientKey: string | null;
  onRecipient: (key: string) => void;
  signEach: ReactNode;
  pages: ReactNode;
  palette: ReactNode;
  properties: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="nowrap">
      <Card withBorder style={{ width: 270, flexShrink: 0, position: 'sticky', top: 70 }}>
        <Stack gap="md">
          <Stack gap="xs">
            <RecipientList recipients={recipients} value={recipientKey} onChange={onRecipient} />
            {signEach}
          </Stack>
          {palette}
          <Text size="xs">{t('compose.tags.howTo')}</Text>
        </Stack>
      </Card>
      {pages}
      <Card withBorder style={{ width: 240, flexShrink: 0, position: 'sticky', top: 70 }}>
        {properties}
      </Card>
    </Group>
  );
}
