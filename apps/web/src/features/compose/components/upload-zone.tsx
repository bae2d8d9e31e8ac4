import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { Document } from '@signet/contracts';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/error-message.ts';
import { isHandled } from '../../../app/session/client.ts';
import { type FileTracker, OneDriveButton } from '../../onedrive/components/onedrive-button.tsx';
import { uploadDocument } from '../api.ts';

/** The formats of spec §5; the server decides by content and refuses with its codes. */
const ACCEPT =
  '.pdf,.xml,.jpg,.jpeg,.jp2,.j2k,.png,.bmp,.tif,.tiff,.gif,.doc,.docx,.xls,.xlsx,.ppt,.pptx,application/pdf,image/*';

const isPdfName = (name: string) => /\.pdf$/i.test(name);

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
  document: Document | null;
}

/**
 * Documents for the ePak: dropped or picked, several at once, each uploaded with its own progress
 * bar; a refused file shows the server's message and can be dismissed.
 */
export function UploadZone({
  documents,
  onUploaded,
  onRemove,
}: {
  documents: Document[];
  onUploaded: (doc: Document) => void;
  onRemove: (documentId: string) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  function start(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const key = `${file.name}-${crypto.randomUUID()}`;
      setUploads((all) => [...all, { key, name: file.name, progress: 0, error: null, document: null }]);
      uploadDocument(file, (p) => patch(key, { progress: p }))
        .then((doc) => {
          setUploads((all) => all.filter((u) => u.key !== key));
          onUploaded(doc);
        })
        .catch((e: unknown) =>
          patch(key, { error: isHandled(e) ? t('compose.uploadFailed') : errorMessage(t, e) }),
        );
    }
  }

  /** Rows for files fetched from OneDrive, in the same list as uploads from this computer. */
  const oneDriveTracker: FileTracker = {
    start(name) {
      const key = `${name}-${crypto.randomUUID()}`;
      setUploads((all) => [...all, { key, name, progress: 0, error: null, document: null }]);
      return {
        progress: (p) => patch(key, { progress: p }),
        fail: (message) => patch(key, { error: message }),
        done: (doc) => {
          setUploads((all) => all.filter((u) => u.key !== key));
          onUploaded(doc);
        },
      };
    },
    problem(message) {
      const key = `onedrive-${crypto.randomUUID()}`;
      setUploads((all) => [
        ...all,
        { key, name: t('onedrive.fromOneDrive'), progress: 0, error: message, document: null },
      ]);
    },
  };

  function drop(e: DragEvent) {
    e.preventDefault();
    setOver(false);
    if (e.dataTransfer.files.length > 0) start(e.dataTransfer.files);
  }

  return (
    <Stack gap="xs">
      <Paper
        withBorder
        p="lg"
        data-testid="upload-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined }}
      >
        <Group justify="center" gap="sm">
          <Text size="sm">{t('compose.dropHere')}</Text>
          <Button variant="light" size="xs" onClick={() => input.current?.click()} aria-controls={inputId}>
            {t('compose.chooseFiles')}
          </Button>
          <OneDriveButton tracker={oneDriveTracker} />
          <input
            id={inputId}
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            data-testid="upload-input"
            onChange={(e) => {
              if (e.target.files) start(e.target.files);
              e.target.value = '';
            }}
          />
        </Group>
      </Paper>
      {uploads.map((u) => (
        <Paper key={u.key} withBorder p="xs" data-testid="upload-progress">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" truncate>
              {u.name}
            </Text>
            {u.error && (
              <CloseButton
                aria-label={t('compose.dismiss')}
                onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}
              />
            )}
          </Group>
          {u.error ? (
            <Text size="sm" c="red.8" role="alert" data-testid="upload-error">
              {u.error}
            </Text>
          ) : u.progress >= 1 ? (
            // The bytes are sent; the server converts (office, images) or checks the PDF.
            <Stack gap={4} data-testid="upload-converting">
              <Progress
                value={100}
                size="sm"
                striped
                animated
                aria-label={t(isPdfName(u.name) ? 'compose.preparing' : 'compose.converting', {
                  name: u.name,
                })}
              />
              <Text size="xs">
                {t(isPdfName(u.name) ? 'compose.preparing' : 'compose.converting', { name: u.name })}
                {isPdfName(u.name) ? '' : ` ${t('compose.convertingHint')}`}
              </Text>
            </Stack>
          ) : (
            <Progress
              value={u.progress * 100}
              size="sm"
              aria-label={t('compose.uploading', { name: u.name })}
            />
          )}
        </Paper>
      ))}
      {documents.map((d) => (
        <Paper key={d.documentId} withBorder p="xs" data-testid="uploaded-document">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={500}>
                {d.name}
              </Text>
              <Text size="xs">{t('compose.pages', { count: d.pageCount })}</Text>
            </div>
            <CloseButton
              aria-label={t('compose.removeDocument', { name: d.name })}
              onClick={() => onRemove(d.documentId)}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
