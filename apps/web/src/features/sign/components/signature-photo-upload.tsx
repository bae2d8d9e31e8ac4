import { Button, FileButton, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHandled } from '../../../app/session/client.ts';
import { cleanSignaturePhoto } from '../api.ts';

/** Ballpoint blue and black: the two inks people sign with. */
const INKS = { blue: '#1a237e', black: '#111111' } as const;
type Ink = keyof typeof INKS;

/**
 * "Upload a photo" in the signature dialog: a phone photo of a handwritten signature goes to the
 * server, which answers the ink alone on transparency (POST /v1/users/image/removebg); the
 * dialog previews it before it is applied. Changing the ink colour cleans the same photo again.
 */
export function SignaturePhotoUpload({ onCleaned }: { onCleaned: (picture: string | null) => void }) {
  const { t } = useTranslation();
  const [ink, setInk] = useState<Ink>('blue');
  const [state, setState] = useState<'idle' | 'cleaning' | 'cleaned' | 'failed'>('idle');
  const photo = useRef<File | null>(null);
  // Only the latest request may set the preview (a colour change while one is on its way).
  const latest = useRef(0);

  async function clean(file: File | null, colour: Ink) {
    if (!file) return;
    photo.current = file;
    const request = ++latest.current;
    setState('cleaning');
    onCleaned(null);
    try {
      const cleaned = await cleanSignaturePhoto(file, INKS[colour]);
      if (request !== latest.current) return;
      onCleaned(cleaned.image);
      setState('cleaned');
    } catch (e) {
      if (request !== latest.current || isHandled(e)) return;
      setState('failed');
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        {/* The formats the server reads. HEIC is not listed: iOS then hands over a JPEG copy. */}
        <FileButton onChange={(f) => void clean(f, ink)} accept="image/jpeg,image/png,image/webp">
          {(props) => (
            <Button variant="default" {...props} data-testid="signature-photo-button">
              {t('signaturePhoto.button')}
            </Button>
          )}
        </FileButton>
        <SegmentedControl
          size="xs"
          value={ink}
          onChange={(v) => {
            setInk(v as Ink);
            void clean(photo.current, v as Ink);
          }}
          data={[
            { value: 'blue', label: t('signaturePhoto.blue') },
            { value: 'black', label: t('signaturePhoto.black') },
          ]}
          aria-label={t('signaturePhoto.inkColour')}
          data-testid="signature-photo-ink"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('signaturePhoto.hint')}
      </Text>
      <div role="status" aria-live="polite">
        {state === 'cleaning' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('signaturePhoto.cleaning')}</Text>
          </Group>
        )}
        {state === 'cleaned' && (
          <Text size="sm" data-testid="signature-photo-cleaned">
            {t('signaturePhoto.cleaned')}
          </Text>
        )}
      </div>
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert" data-testid="signature-photo-failed">
          {t('signaturePhoto.failed')}
        </Text>
      )}
    </Stack>
  );
}
