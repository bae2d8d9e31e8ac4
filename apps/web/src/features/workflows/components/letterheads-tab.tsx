import { Button, Card, FileButton, Group, Image, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { type Letterhead, Limits } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { readImageFile } from '../../document-view/image-file.ts';
import { useLetterheadWords } from '../i18n/letterhead-words.ts';
import {
  useDeleteLetterhead,
  useLetterheadImage,
  useLetterheads,
  useUploadLetterhead,
} from '../letterheads-api.ts';

const MAX_KB = Limits.LETTERHEAD_MAX_BYTES / 1024;

function LetterheadCard({ letterhead }: { letterhead: Letterhead }) {
  const { t } = useTranslation();
  useLetterheadWords();
  const image = useLetterheadImage(letterhead.letterHeadDocId);
  const remove = useDeleteLetterhead();

  async function removeOne() {
    if (!(await confirm(t('letterheads.deleteConfirm', { name: letterhead.name })))) return;
    if (await attempt(t, () => remove.mutateAsync(letterhead.letterHeadDocId)))
      toast.success(t('letterheads.deleted'));
  }

  return (
    <Card withBorder data-testid="letterhead-row" data-name={letterhead.name}>
      <Stack gap={6}>
        {image.data ? (
          <Image
            src={image.data}
            alt={t('letterheads.preview', { name: letterhead.name })}
            h={70}
            fit="contain"
          />
        ) : (
          <Loader size="sm" />
        )}
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {letterhead.name}
        </Text>
        <Text size="xs">{t('letterheads.size', { kb: Math.ceil(letterhead.size / 1024) })}</Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => void removeOne()}
            aria-label={t('letterheads.deleteOf', { name: letterhead.name })}
            data-testid="letterhead-delete"
          >
            {t('letterheads.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * `/workflows?tab=letterheads` (issue 14): upload a letterhead (one jpg/png/jpeg at a time, up to
 * 500 KB, with the spec's messages), preview and delete; the letterHead tag picks one of them.
 */
export function LetterheadsTab() {
  const { t } = useTranslation();
  useLetterheadWords();
  const letterheads = useLetterheads();
  const upload = useUploadLetterhead();

  async function send(file: File | null) {
    if (!file) return;
    const read = await readImageFile(file, MAX_KB);
    if (!read.ok) {
      toast.error(
        read.error === 'type'
          ? t('viewer.messages.letterheadType')
          : t('viewer.messages.maxSizeExceeded', { maxUploadSize: MAX_KB }),
      );
      return;
    }
    if (await attempt(t, () => upload.mutateAsync(file)))
      toast.success(t('letterheads.uploaded', { name: file.name }));
  }

  return (
    <Stack data-testid="letterheads-tab">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" style={{ flex: '1 1 240px', minWidth: 0 }}>
          {t('letterheads.hint', { maxKb: MAX_KB })}
        </Text>
        <FileButton onChange={(f) => void send(f)} accept="image/png,image/jpeg">
          {(props) => (
            <Button {...props} loading={upload.isPending} data-testid="letterhead-upload">
              {t('letterheads.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {letterheads.isPending && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('letterheads.loading')}</Text>
        </Group>
      )}
      {letterheads.data?.length === 0 && <Text size="sm">{t('letterheads.none')}</Text>}
      {letterheads.data && letterheads.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="letterheads">
          {letterheads.data.map((l) => (
            <LetterheadCard key={l.letterHeadDocId} letterhead={l} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
