import '@fontsource/caveat/400.css';
import '@fontsource/dancing-script/400.css';
import '@fontsource/great-vibes/400.css';
import {
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps } from '../../../app/feedback.tsx';
import { readImageFile } from '../../document-view/image-file.ts';
import { SIGNATURE_FONTS, type SignatureFont, typedSignaturePng } from '../signature-image.ts';
import { SignaturePad } from './signature-pad.tsx';
import { SignaturePhotoUpload } from './signature-photo-upload.tsx';

/** The server takes signature pictures up to 512 KB (code -142 above). */
const MAX_SIGNATURE_KB = 512;

type Mode = 'draw' | 'type' | 'upload' | 'saved';

/**
 * The signature popover (spec §2): draw, type in a handwriting font, upload a PNG or JPEG or a
 * photo of a handwritten signature (cleaned by the server), or use the saved signature or initials. Answers a PNG/JPEG data URL. On a phone (`fullScreen`) it takes
 * the whole screen and the pad all the height left, in either orientation; the other ways stay one
 * tap away in the tabs.
 */
export function SignatureDialog({
  opened,
  kind,
  defaultName,
  saved,
  fullScreen = false,
  onClose,
  onDone,
}: {
  opened: boolean;
  kind: 'signature' | 'initials';
  /** Prefills the typed signature: the signer's name, or their initials. */
  defaultName: string;
  saved: string | null;
  fullScreen?: boolean;
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={closeButtonProps()}
      // Full screen, the modal is a column: the pad takes what the tabs and buttons leave.
      styles={
        fullScreen
          ? {
              content: { display: 'flex', flexDirection: 'column' },
              body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
            }
          : undefined
      }
      data-testid="signature-dialog"
      data-full-screen={fullScreen}
    >
      <Tabs
        value={mode}
        onChange={(v) => v && setMode(v as Mode)}
        keepMounted={false}
        style={fullScreen ? { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 } : undefined}
      >
        <Tabs.List grow={fullScreen}>
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
        <Tabs.Panel value="draw" pt="sm" style={fullScreen ? { flex: 1, minHeight: 0 } : undefined}>
          {fullScreen && portrait && (
            <Text size="xs" c="dimmed" mb={4}>
              {t('signPhone.landscapeHint')}
            </Text>
          )}
          <SignaturePad
            onChange={setDrawn}
            height={fullScreen ? `max(140px, calc(100dvh - ${portrait ? 250 : 210}px))` : undefined}
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
    </Modal>
  );
}
