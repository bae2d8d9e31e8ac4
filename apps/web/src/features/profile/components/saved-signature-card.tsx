import { Button, Card, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { FileDropzone } from '../../../ui/components/file-dropzone.tsx';
import { useFileDropzoneWords } from '../../../ui/components/file-dropzone-words.ts';
import { formatFileSize } from '../../../ui/components/file-size.ts';
import { type SavedImages, useSavedSignature, useSaveSignature } from '../api.ts';
import { readAsBase64 } from '../photo.ts';

/** Same limit as the server's (code -142): 512 KB. */
const MAX_SIGNATURE_BYTES = 512 * 1024;

/**
 * The signature and initials a user saves once and reuses when they sign (spec §5). Not for the
 * super admin, who belongs to no tenant and signs nothing.
 */
export function SavedSignatureCard({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  useFileDropzoneWords();
  const saved = useSavedSignature(userId);
  const save = useSaveSignature(userId);

  async function upload(kind: keyof SavedImages, file: File | null) {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return toast.error(t('profile.signatureType'));
    if (file.size > MAX_SIGNATURE_BYTES) return toast.error(t('profile.signatureTooLarge', { kb: 512 }));
    try {
      await save.mutateAsync({ [kind]: await readAsBase64(file) });
      toast.success(t('profile.signatureSaved'));
    } catch (error) {
      if (!isHandled(error)) toast.error(t('profile.signatureFailed'));
    }
  }

  async function remove(kind: keyof SavedImages) {
    try {
      await save.mutateAsync({ [kind]: null });
    } catch (error) {
      if (!isHandled(error)) toast.error(t('profile.signatureFailed'));
    }
  }

  const slot = (kind: keyof SavedImages, label: string) => {
    const image = saved.data?.[kind];
    return (
      <Stack gap={6} data-testid={`saved-${kind}`}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {image ? (
          <Image src={`data:image/png;base64,${image}`} alt={label} h={60} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('profile.signatureNone')}
          </Text>
        )}
        {image && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            w="fit-content"
            onClick={() => void remove(kind)}
          >
            {t('profile.signatureRemove')}
          </Button>
        )}
        <FileDropzone
          label={`${t('profile.signatureUpload')} (${label})`}
          hint={t('fileDropzone.images', { size: formatFileSize(MAX_SIGNATURE_BYTES, i18n.language) })}
          accept={{ 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] }}
          // Saved as soon as chosen: the picture above is the chosen file.
          value={null}
          onChange={(f) => void upload(kind, f)}
          loading={save.isPending}
          compact
          data-testid={`upload-${kind}`}
        />
      </Stack>
    );
  };

  return (
    <Card withBorder bg="var(--mantine-color-gray-0)">
      <Text fw={600} mb="xs">
        {t('profile.signatureTitle')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {slot('signatureImage', t('profile.signature'))}
        {slot('initialsImage', t('profile.initials'))}
      </SimpleGrid>
    </Card>
  );
}
