import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { TAG_CATALOGUE } from '@signet/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { withAlpha } from '../../document-view/tag-colours.ts';
import { useTagEditorWords } from '../i18n/tag-editor-words.ts';
import { paletteGroups, TAG_DRAG_TYPE } from '../tag-kinds.ts';
import { TagIcon } from './tag-icons.tsx';

/**
 * The tags a custodian can place, grouped by kind (signing, signer details, fields, stamps),
 * each with its icon in the chosen recipient's colour: printed tags as buttons, the non-printed
 * ones (attachments) through the smart-tags dialog (spec §2). Choosing one arms it and a click on
 * a page places it; a tag can also be dragged from here onto a page. "Stop placing" (or Escape on
 * a page) disarms.
 */
export function TagPalette({
  armed,
  onArm,
  rubberStamp,
  colour,
  draggable = true,
  labelled = true,
}: {
  armed: string | null;
  onArm: (entry: string | null) => void;
  /** The rubber stamp needs the tenant's feature flag (spec §6). */
  rubberStamp: boolean;
  /** The chosen recipient's colour: icons and the armed tag are tinted with it. */
  colour: string;
  /** Off in the phone's sheet, where a finger taps rather than drags. */
  draggable?: boolean;
  /** Whether the palette shows its own title (a sheet has one of its own). */
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  useTagEditorWords();
  const [smartTags, setSmartTags] = useState(false);
  const groups = paletteGroups((id) => rubberStamp || id !== 'rubberStamp');
  const nonPrinted = TAG_CATALOGUE.filter((e) => e.category === 'nonPrinted');
  const ids = useId();
  return (
    <Stack gap={6}>
      {labelled && (
        <Text size="sm" fw={500}>
          {t('viewer.palette')}
        </Text>
      )}
      {groups.map((group) => (
        <Stack key={group.kind} gap={4} data-testid={`palette-group-${group.kind}`}>
          <Text size="xs" fw={700} c="dimmed" id={`${ids}-${group.kind}`}>
            {t(`tagEditor.kinds.${group.kind}`)}
          </Text>
          <SimpleGrid
            cols={2}
            spacing={4}
            verticalSpacing={4}
            role="group"
            aria-labelledby={`${ids}-${group.kind}`}
          >
            {group.entries.map((id) => {
              const on = armed === id;
              return (
                <Button
                  key={id}
                  size="compact-sm"
                  variant="default"
                  aria-pressed={on}
                  // Always arms: a second click on the armed entry keeps it (it used to disarm it
                  // silently, and the next click on the page placed nothing). "Stop placing" disarms.
                  onClick={() => onArm(id)}
                  draggable={draggable}
                  onDragStart={(e) => {
                    e.dataTransfer.setData(TAG_DRAG_TYPE, id);
                    e.dataTransfer.effectAllowed = 'copy';
                    onArm(id);
                  }}
                  data-testid={`palette-${id}`}
                  leftSection={<TagIcon entry={id} colour={colour} />}
                  justify="flex-start"
                  h="auto"
                  py={5}
                  px={6}
                  fw={on ? 700 : 500}
                  style={{
                    cursor: draggable ? 'grab' : undefined,
                    borderColor: on ? colour : undefined,
                    boxShadow: on ? `inset 0 0 0 1px ${colour}` : undefined,
                    background: on ? withAlpha(colour, 0.16) : undefined,
                  }}
                  styles={{
                    label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.2 },
                    section: { marginInlineEnd: 6 },
                  }}
                >
                  {t(`tags.types.${id}`)}
                </Button>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
      {armed && (
        <Button size="compact-sm" variant="subtle" onClick={() => onArm(null)} data-testid="palette-disarm">
          {t('viewer.stopPlacing')}
        </Button>
      )}
      <Button size="compact-sm" variant="default" onClick={() => setSmartTags(true)} data-testid="smart-tags">
        {t('viewer.smartTags')}
      </Button>
      <Modal
        closeButtonProps={closeButtonProps()}
        opened={smartTags}
        onClose={() => setSmartTags(false)}
        title={t('viewer.smartTagsTitle')}
      >
        <Stack gap="xs">
          <Text size="sm">{t('viewer.smartTagsHint')}</Text>
          {nonPrinted.map((e) => (
            <Button
              key={e.id}
              variant="default"
              aria-pressed={armed === e.id}
              leftSection={<TagIcon entry={e.id} colour={colour} />}
              onClick={() => {
                onArm(e.id);
                setSmartTags(false);
              }}
              data-testid={`smart-tag-${e.id}`}
            >
              {t(`tags.types.${e.id}`)}
            </Button>
          ))}
        </Stack>
      </Modal>
    </Stack>
  );
}
