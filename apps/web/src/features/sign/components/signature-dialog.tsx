import '@fontsource/caveat/400.css';
import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import {
  Button,
  FileButton,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readImageFile } from '../../document-view/image-file.ts';
import { SIGNATURE_FONTS, type SignatureFont, typedSignaturePng } from '../signature-image.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { SignaturePhotoUpload } from './signature-photo-upload.tsx';

/** The dialog's width on a desktop, in px; the pad is that less the padding, and a third as high. */
const DIALOG_WIDTH = 640;
const PAD_ASPECT = 3;

/** The server takes signature pictures up to 512 KB (code -142 above). */
const MAX_SIGNATURE_KB = 512;

type Mode = 'draw' | 'type' | 'upload' | 'saved';

/**
 * The signature popover (spec §2): draw, type in a handwriting font, upload a PNG or JPEG or a
 * photo of a handwritten signature (cleaned by the server), or use the saved signature or
 * initials. Answers a PNG/JPEG data URL. On a desktop it is a centred modal 640 px wide, its pad
 * 3:1; on a phone (`sheet`) a bottom sheet whose pad takes all the height left, in either
 * orientation (issue 31). The other ways stay one tap away in the tabs.
 */
export function SignatureDialog({
  opened,
  kind,
  defaultName,
  saved,
  sheet = false,
  onClose,
  onDone,
}: {
  opened: boolean;
  kind: 'signature' | 'initials';
  /** Prefills the typed signature: the signer's name, or their initials. */
  defaultName: string;
  saved: string | null;
  /** A phone: a bottom sheet; otherwise a centred modal. */
  sheet?: boolean;
  onClose: () => void;
  onDone: (picture: string) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(saved ? 'saved' : 'draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typed, setTyped] = useState(defaultName);
  const [font, setFont] = useState<SignatureFont>(SIGNATURE_FONTS[0]);
  const [typedPng, setTypedPng] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const portrait = useMediaQuery('(orientation: portrait)', true, { getInitialValueInEffect: false });

  useEffect(() => {
    if (mode !== 'type') return;
    let current = true;
    void typedSignaturePng(typed, font).then((png) => current && setTypedPng(png));
    return () => {
      current = false;
    };
  }, [mode, typed, font]);

  async function upload(file: File | null) {
    if (!file) return;
    const read = await readImageFile(file, MAX_SIGNATURE_KB);
    if (read.ok) {
      setUploaded(read.dataUrl);
      setUploadError(null);
    } else {
      setUploaded(null);
      setUploadError(
        t(read.error === 'type' ? 'viewer.messages.pngOrJpgOnly' : 'viewer.messages.maxSizeExceeded', {
          maxKb: read.maxKb,
          maxUploadSize: read.maxKb,
        }),
      );
    }
  }

  const picture = { draw: drawn, type: typedPng, upload: uploaded, saved }[mode];
  const title = t(kind === 'signature' ? 'sign.dialog.signatureTitle' : 'sign.dialog.initialsTitle');
  return (
    <DialogFrame
      opened={opened}
      onClose={onClose}
      title={title}
      sheet={sheet}
      // Sideways, a phone has no height to spare: the sheet takes it all.
      sheetHeight={portrait ? '92%' : '100%'}
      width={DIALOG_WIDTH}
      fill
      testId="signature-dialog"
      // Read by the bulk-signing journey on a phone (data-layout says sheet or modal). Never
      // "false" on a modal: Mantine's CSS makes any modal with the attribute fill the screen,
      // which is how the desktop's dialog came to be full screen (issue 31).
      attributes={sheet ? { 'data-full-screen': 'true' } : undefined}
    >
      <Tabs
        value={mode}
        onChange={(v) => v && setMode(v as Mode)}
        keepMounted={false}
        style={sheet ? { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 } : undefined}
      >
        <Tabs.List grow={sheet}>
          <Tabs.Tab value="draw" data-testid="signature-tab-draw">
            {t('sign.dialog.draw')}
          </Tabs.Tab>
          <Tabs.Tab value="type" data-testid="signature-tab-type">
            {t('sign.dialog.type')}
          </Tabs.Tab>
          <Tabs.Tab value="upload" data-testid="signature-tab-upload">
            {t('sign.dialog.upload')}
          </Tabs.Tab>
          {saved && (
            <Tabs.Tab value="saved" data-testid="signature-tab-saved">
              {t('sign.dialog.saved')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="draw" pt="sm" style={sheet ? { flex: 1, minHeight: 0 } : undefined}>
          {sheet && portrait && (
            <Text size="xs" c="dimmed" mb={4}>
              {t('signPhone.landscapeHint')}
            </Text>
          )}
          {/* On a phone the pad takes the sheet's height; on a desktop it is as wide as the
              dialog and a third of that high, the shape of a signature. */}
          <SignaturePad
            onChange={setDrawn}
            height={sheet ? `max(140px, calc(${portrait ? '92dvh - 250px' : '100dvh - 210px'}))` : undefined}
            aspectRatio={sheet ? undefined : PAD_ASPECT}
          />
        </Tabs.Panel>
        <Tabs.Panel value="type" pt="sm">
          <Stack gap="xs">
            <TextInput
              label={t('sign.dialog.typedName')}
              value={typed}
              maxLength={80}
              onChange={(e) => setTyped(e.currentTarget.value)}
              data-testid="signature-typed"
            />
            <SegmentedControl
              value={font}
              onChange={(v) => setFont(v as SignatureFont)}
              data={SIGNATURE_FONTS.map((f) => ({
                value: f,
                label: <span style={{ fontFamily: `"${f}"`, fontSize: 20 }}>{typed || f}</span>,
              }))}
              aria-label={t('sign.dialog.font')}
              data-testid="signature-font"
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="upload" pt="sm">
          <Stack gap="xs">
            <FileButton onChange={(f) => void upload(f)} accept="image/png,image/jpeg">
              {(props) => (
                <Button variant="light" {...props} data-testid="signature-upload-button">
                  {t('sign.dialog.chooseFile')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('viewer.messages.pngOrJpgOnly', { maxKb: MAX_SIGNATURE_KB })}
            </Text>
            {uploadError && (
              <Text size="sm" c="red.8" role="alert">
                {uploadError}
              </Text>
            )}
            {/* A photo of ink on paper is cleaned by the server; its answer becomes the preview. */}
            <SignaturePhotoUpload
              onCleaned={(png) => {
                setUploaded(png);
                setUploadError(null);
              }}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {picture && (mode === 'type' || mode === 'upload' || mode === 'saved') && (
        <Image
          src={picture}
          alt={t('sign.dialog.preview')}
          mah={120}
          fit="contain"
          mt="sm"
          bg="gray.0"
          data-testid="signature-preview"
        />
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button disabled={!picture} onClick={() => picture && onDone(picture)} data-testid="signature-apply">
          {t('sign.dialog.apply')}
        </Button>
      </Group>
    </DialogFrame>
  );
}
