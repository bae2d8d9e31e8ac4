import { Button, CloseButton, Drawer, Group, Text } from '@mantine/core';
import { IconAdjustments, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { withAlpha } from '../../document-view/tag-colours.ts';
import { type EditorRecipient, RecipientSelect } from './recipient-picker.tsx';
import { TagIcon } from './tag-icons.tsx';

/**
 * The editor on a phone or tablet: the recipient chosen above the page, which takes the whole
 * width; what a tap will place and the way to stop; the palette and a tag's settings in sheets
 * from the bottom.
 */
export function CompactEditorLayout({
  recipients,
  recipientKey,
  onRecipient,
  armed,
  onDisarm,
  colour,
  signEach,
  hasOwnSelection,
  pages,
  palette,
  properties,
  paletteSheet,
  onPaletteSheet,
  settingsSheet,
  onSettingsSheet,
}: {
  recipients: EditorRecipient[];
  recipientKey: string | null;
  onRecipient: (key: string) => void;
  armed: string | null;
  onDisarm: () => void;
  colour: string;
  signEach: ReactNode;
  /** Whether one of the chosen recipient's tags is selected (its settings can open). */
  hasOwnSelection: boolean;
  pages: ReactNode;
  palette: ReactNode;
  properties: ReactNode;
  paletteSheet: boolean;
  onPaletteSheet: (open: boolean) => void;
  settingsSheet: boolean;
  onSettingsSheet: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <RecipientSelect recipients={recipients} value={recipientKey} onChange={onRecipient} />
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onPaletteSheet(true)}
          data-testid="palette-open"
        >
          {t('tagEditor.addTag')}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        {signEach}
        {armed && (
          // What a tap on the page will place, and the way to stop.
          <Group
            gap={4}
            wrap="nowrap"
            pl="xs"
            data-testid="armed-chip"
            style={{ borderRadius: 'var(--mantine-radius-sm)', background: withAlpha(colour, 0.16) }}
          >
            <TagIcon entry={armed} colour={colour} />
            <Text size="sm" fw={600}>
              {t('tagEditor.placing', { type: t(`tags.types.${armed}`) })}
            </Text>
            <CloseButton
              size="md"
              onClick={onDisarm}
              aria-label={t('tagEditor.stopPlacingType', { type: t(`tags.types.${armed}`) })}
              data-testid="armed-stop"
            />
          </Group>
        )}
        {hasOwnSelection && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconAdjustments size={14} aria-hidden />}
            onClick={() => onSettingsSheet(true)}
            data-testid="tag-settings-open"
          >
            {t('tagEditor.tagSettings')}
          </Button>
        )}
      </Group>
      {pages}
      <Drawer
        opened={paletteSheet}
        onClose={() => onPaletteSheet(false)}
        position="bottom"
        size="auto"
        title={t('viewer.palette')}
        closeButtonProps={closeButtonProps()}
        data-testid="palette-sheet"
        styles={{ body: { paddingBottom: 'var(--mantine-spacing-lg)' } }}
      >
        {palette}
      </Drawer>
      <Drawer
        opened={settingsSheet && hasOwnSelection}
        onClose={() => onSettingsSheet(false)}
        position="bottom"
        size="auto"
        title={t('tagEditor.tagSettings')}
        closeButtonProps={closeButtonProps()}
      >
        {properties}
      </Drawer>
    </>
  );
}
