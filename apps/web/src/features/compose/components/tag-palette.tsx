import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { TAG_CATALOGUE } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';

/**
 * The tags a custodian can place: printed tags as buttons, the non-printed ones (attachments)
 * through the smart-tags dialog (spec §2). Choosing one arms it; a click on a page places it;
 * "Stop placing" (or Escape on a page) disarms it.
 */
export function TagPalette({
  armed,
  onArm,
  rubberStamp,
}: {
  armed: string | null;
  onArm: (entry: string | null) => void;
  /** The rubber stamp needs the tenant's feature flag (spec §6). */
  rubberStamp: boolean;
}) {
  const { t } = useTranslation();
  const [smartTags, setSmartTags] = useState(false);
  const printed = TAG_CATALOGUE.filter(
    (e) => e.category === 'printed' && (rubberStamp || e.id !== 'rubberStamp'),
  );
  const nonPrinted = TAG_CATALOGUE.filter((e) => e.category === 'nonPrinted');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="palette-label">
        {t('viewer.palette')}
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={4} role="group" aria-labelledby="palette-label">
        {printed.map((e) => (
          <Button
            key={e.id}
            size="compact-xs"
            variant={armed === e.id ? 'filled' : 'light'}
            aria-pressed={armed === e.id}
            // Always arms: a second click on the armed entry keeps it (it used to disarm it
            // silently, and the next click on the page placed nothing). "Stop placing" disarms.
            onClick={() => onArm(e.id)}
            data-testid={`palette-${e.id}`}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            h="auto"
            py={4}
          >
            {t(`tags.types.${e.id}`)}
          </Button>
        ))}
      </SimpleGrid>
      {armed && (
        <Button size="compact-xs" variant="subtle" onClick={() => onArm(null)} data-testid="palette-disarm">
          {t('viewer.stopPlacing')}
        </Button>
      )}
      <Button size="compact-xs" variant="default" onClick={() => setSmartTags(true)} data-testid="smart-tags">
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
              variant={armed === e.id ? 'filled' : 'light'}
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
