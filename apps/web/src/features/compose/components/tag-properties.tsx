import {
  Button,
  FileButton,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { FONT_FAMILIES, limitsFor } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../app/feedback.tsx';
import { readImageFile } from '../../document-view/image-file.ts';
import { LetterheadPicker } from '../../workflows/components/letterhead-picker.tsx';
import { type EditorTag, entryOf } from '../tag-editor-state.ts';
import { QrEditor } from './qr-editor.tsx';

type Change = Partial<
  Pick<EditorTag, 'required' | 'label' | 'fontFamily' | 'fontSize' | 'options' | 'value'>
>;

const TEXT_TYPES = new Set([
  'text',
  'textArea',
  'location',
  'reason',
  'reasonFreeText',
  'userTitle',
  'calendar',
]);
const FONT_TYPES = new Set([
  ...TEXT_TYPES,
  'signatureText',
  'timeStamp',
  'email',
  'username',
  'userUuid',
  'docUuid',
  'singleSelect',
  'multiSelect',
]);

/**
 * The panel that edits the selected tag (spec §2 "a tags palette panel edits the selected tag"):
 * required, label, font, size, the choices of a select, the QR entries, a custodian's value.
 */
export function TagProperties({
  tag,
  owner,
  onChange,
  onResize,
  onDelete,
}: {
  tag: EditorTag;
  /** Whose tag, by name; their email when left out. */
  owner?: string;
  onChange: (change: Change) => void;
  onResize: (size: { blockWidth: number; blockHeight: number }) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const entry = entryOf(tag);
  const limits = limitsFor(entry.type);

  async function pickImage(file: File | null) {
    if (!file) return;
    const maxKb = entry.maxUploadKb ?? 500;
    const read = await readImageFile(file, maxKb);
    if (!read.ok) {
      // The letterhead keeps the spec's own words (spec §5); other image tags say 'png or jpg only'.
      const letterhead = entry.type === 'letterHead';
      if (read.error === 'type')
        toast.error(
          t(letterhead ? 'viewer.messages.letterheadType' : 'viewer.messages.pngOrJpgOnly', { maxKb }),
        );
      else toast.error(t('viewer.messages.maxSizeExceeded', { maxUploadSize: maxKb }));
      return;
    }
    onChange({ value: read.dataUrl });
  }

  return (
    <Stack gap="xs" data-testid="tag-properties">
      <Text size="sm" fw={600}>
        {t(`tags.types.${entry.id}`)} · {owner ?? tag.userEmail}
      </Text>
      {entry.fill === 'signer' && (
        <Switch
          label={t('viewer.required')}
          checked={tag.required}
          onChange={(e) => {
            const required = e.currentTarget.checked;
            onChange({ required });
            toast.info(t(required ? 'viewer.messages.fieldMandatory' : 'viewer.messages.fieldOptional'));
          }}
          data-testid="tag-required"
        />
      )}
      {TEXT_TYPES.has(entry.type) && (
        <TextInput
          size="xs"
          label={t('viewer.label')}
          value={tag.label}
          maxLength={200}
          onChange={(e) => onChange({ label: e.currentTarget.value })}
          data-testid="tag-label"
        />
      )}
      {FONT_TYPES.has(entry.type) && (
        <>
          <Select
            size="xs"
            label={t('viewer.fontFamily')}
            data={FONT_FAMILIES.map((f) => ({ value: f.value, label: f.name }))}
            value={tag.fontFamily ?? 'noto-sans'}
            allowDeselect={false}
            onChange={(v) => v && onChange({ fontFamily: v })}
          />
          <NumberInput
            size="xs"
            label={t('viewer.fontSize', { min: limits.minFontSize, max: limits.maxFontSize })}
            value={tag.fontSize ?? 12}
            min={limits.minFontSize}
            max={limits.maxFontSize}
            clampBehavior="blur"
            onChange={(v) => typeof v === 'number' && onChange({ fontSize: v })}
            data-testid="tag-font-size"
          />
        </>
      )}
      {(entry.type === 'singleSelect' || entry.type === 'multiSelect') && (
        <TagsInput
          size="xs"
          label={t('viewer.options')}
          value={tag.options ?? []}
          onChange={(options) => onChange({ options })}
          maxTags={100}
          data-testid="tag-options"
        />
      )}
      {entry.type === 'qrcode' && <QrEditor value={tag.value} onChange={(value) => onChange({ value })} />}
      {entry.id === 'CustodianText' && (
        <TextInput
          size="xs"
          label={t('viewer.custodianValue')}
          value={tag.value ?? ''}
          maxLength={500}
          onChange={(e) => onChange({ value: e.currentTarget.value })}
          data-testid="tag-custodian-value"
        />
      )}
      {entry.type === 'letterHead' && <LetterheadPicker onPick={(value) => onChange({ value })} />}
      {entry.type === 'letterHead' && (
        <FileButton onChange={(f) => void pickImage(f)} accept="image/png,image/jpeg">
          {(props) => (
            <Button size="xs" variant="default" {...props}>
              {tag.value ? t('viewer.replaceImage') : t('viewer.chooseImage')}
            </Button>
          )}
        </FileButton>
      )}
      <Text size="xs" c="dimmed">
        {t('viewer.size')}
      </Text>
      <div style={{ display: 'flex', gap: 6 }}>
        <NumberInput
          size="xs"
          label={t('viewer.width')}
          value={Math.round(tag.blockWidth)}
          min={1}
          onBlur={(e) =>
            onResize({ blockWidth: Number(e.currentTarget.value), blockHeight: tag.blockHeight })
          }
          data-testid="tag-width"
        />
        <NumberInput
          size="xs"
          label={t('viewer.height')}
          value={Math.round(tag.blockHeight)}
          min={1}
          onBlur={(e) => onResize({ blockWidth: tag.blockWidth, blockHeight: Number(e.currentTarget.value) })}
          data-testid="tag-height"
        />
      </div>
      <Button size="xs" color="red" variant="light" onClick={onDelete} data-testid="tag-delete">
        {t('viewer.deleteTag')}
      </Button>
    </Stack>
  );
}
