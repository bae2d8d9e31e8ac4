import { Button, CloseButton, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDropzoneWords } from './file-dropzone-words.ts';
import { formatFileSize } from './file-size.ts';

export interface FileDropzoneProps {
  /** The field's name, shown above the zone. */
  label: string;
  /** What may be dropped, in words: types and size ("PDF, Word or images, up to 20 MB"). */
  hint: string;
  /** The types accepted: each MIME type with its file extensions (`{ 'text/csv': ['.csv'] }`). */
  accept: Readonly<Record<string, readonly string[]>>;
  /** The largest file, in bytes; a larger one is refused with a message. */
  maxSize?: number;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  /** Busy (uploading): the zone shows a loader and takes nothing. */
  loading?: boolean;
  /** Less air: inside a card or a dialog. */
  compact?: boolean;
  /** On the clickable zone (a test clicks it and answers the file chooser). */
  'data-testid'?: string;
}

/**
 * Where a person gives a file: drag and drop or click, with the types and size allowed said under
 * the label, and the chosen file shown with its size and a button to remove it. Over
 * `@mantine/dropzone` (its stylesheet comes with this module, so only screens with a dropzone load it).
 */
export function FileDropzone({
  label,
  hint,
  accept,
  maxSize,
  value,
  onChange,
  error,
  required,
  disabled,
  loading,
  compact,
  'data-testid': testId,
}: FileDropzoneProps) {
  const { t, i18n } = useTranslation();
  useFileDropzoneWords();
  const id = useId();
  const [rejected, setRejected] = useState(false);
  const shownError = error ?? (rejected ? t('fileDropzone.rejected') : undefined);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Stack gap={4}>
      <Input.Label id={`${id}-label`} required={required}>
        {label}
      </Input.Label>
      <Input.Description id={`${id}-hint`}>{hint}</Input.Description>
      <Dropzone
        onDrop={(files) => {
          setRejected(false);
          onChange(files[0] ?? null);
        }}
        onReject={() => setRejected(true)}
        accept={Object.fromEntries(Object.entries(accept).map(([type, ext]) => [type, [...ext]]))}
        maxSize={maxSize}
        multiple={false}
        disabled={disabled}
        loading={loading}
        // The zone takes a drop or a click; the keyboard reaches its button (a zone with the role
        // of a button around the file input would nest one control in another).
        activateOnKeyboard={false}
        inputProps={{ 'aria-labelledby': `${id}-label`, 'aria-describedby': `${id}-hint` }}
        p={compact ? 'sm' : 'md'}
        style={error || rejected ? { borderColor: 'var(--mantine-color-error)' } : undefined}
        data-testid={testId}
      >
        <Group
          justify="center"
          gap="sm"
          wrap="wrap"
          mih={compact ? 40 : 72}
          style={{ pointerEvents: 'none' }}
        >
          <Dropzone.Reject>
            <IconX size={28} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconUpload size={28} stroke={1.5} color="var(--mantine-color-gray-7)" aria-hidden />
          </Dropzone.Idle>
          <Dropzone.Accept>
            <IconUpload size={28} stroke={1.5} color="var(--mantine-color-blue-8)" aria-hidden />
          </Dropzone.Accept>
          <Text size="sm" c="dimmed" ta="center">
            {t('fileDropzone.dropHere')}
          </Text>
          {/* Its click reaches the zone, which opens the file chooser. */}
          <Button
            type="button"
            variant="default"
            size="xs"
            id={`${id}-button`}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={shownError ? `${id}-hint ${id}-error` : `${id}-hint`}
            disabled={disabled || loading}
          >
            {value ? t('fileDropzone.pickAnother') : t('fileDropzone.pick')}
          </Button>
        </Group>
      </Dropzone>
      {shownError && (
        <Input.Error id={`${id}-error`} role="alert">
          {shownError}
        </Input.Error>
      )}
      {value && (
        <Paper
          withBorder
          p="xs"
          data-testid={testId && `${testId}-chosen`}
          role="group"
          aria-label={t('fileDropzone.chosen')}
        >
          <Group gap="sm" wrap="nowrap">
            <IconFile size={20} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {value.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatFileSize(value.size, language)}
              </Text>
            </Stack>
            <CloseButton
              aria-label={t('fileDropzone.remove', { name: value.name })}
              onClick={() => onChange(null)}
              disabled={disabled || loading}
              data-testid={testId && `${testId}-remove`}
            />
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
