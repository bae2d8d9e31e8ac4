import { Limits } from '../constants.ts';
import type { TagCategory, TagRole, TagType } from './tag-types.ts';

/**
 * The tags a custodian can place (spec §3 types and special keys), with the size a new one gets.
 * The tag editor's palette and smart-tags dialog show these; the signing view reads `fill` to know
 * who fills a tag and how. One table, so the editor, the signing view and the tests agree.
 */
export interface CatalogueEntry {
  /** Palette id: the special key where the tag has one, else its type. */
  id: string;
  type: TagType;
  key: string;
  category: TagCategory;
  tagFor: TagRole;
  /** Size of a new tag, in points. */
  width: number;
  height: number;
  /**
   * Who gives the value: `signer` (typed, drawn or picked while signing), `system` (the server
   * writes who signed and when), `custodian` (set in the editor; read-only for the signer).
   */
  fill: 'signer' | 'system' | 'custodian';
  /** Largest upload in KB, for image-like tags (spec §5 "max size in KB from the tag"). */
  maxUploadKb?: number;
}

const entry = (
  id: string,
  type: TagType,
  width: number,
  height: number,
  fill: CatalogueEntry['fill'],
  extra: Partial<CatalogueEntry> = {},
): CatalogueEntry => ({
  id,
  type,
  key: id,
  category: 'printed',
  tagFor: fill === 'custodian' ? 'custodian' : 'signer',
  width,
  height,
  fill,
  ...extra,
});

export const TAG_CATALOGUE: readonly CatalogueEntry[] = [
  entry('signature', 'signature', 140, 44, 'signer'),
  entry('signerInitial', 'userInitial', 80, 36, 'signer'),
  entry('signatureText', 'signatureText', 160, 20, 'system'),
  entry('timeStamp', 'timeStamp', 150, 20, 'system'),
  entry('email', 'email', 180, 20, 'system'),
  entry('username', 'username', 180, 20, 'system'),
  entry('userUuid', 'userUuid', 230, 20, 'system'),
  entry('docUuid', 'docUuid', 230, 20, 'system'),
  entry('signerTitle', 'userTitle', 140, 20, 'signer'),
  entry('location', 'location', 140, 20, 'signer'),
  entry('reason', 'reason', 160, 20, 'signer'),
  entry('reasonFreeText', 'reasonFreeText', 200, 48, 'signer'),
  entry('text', 'text', 160, 20, 'signer'),
  entry('textArea', 'textArea', 200, 60, 'signer'),
  entry('calendar', 'calendar', 110, 20, 'signer'),
  entry('singleSelect', 'singleSelect', 140, 20, 'signer'),
  entry('multiSelect', 'multiSelect', 160, 40, 'signer'),
  entry('image', 'image', 120, 80, 'signer', { maxUploadKb: 500 }),
  entry('rubberStamp', 'image', 110, 110, 'signer', { maxUploadKb: 500 }),
  entry('qrcode', 'qrcode', 80, 80, 'custodian'),
  entry('CustodianText', 'text', 160, 20, 'custodian'),
  entry('letterHead', 'letterHead', 480, 72, 'custodian', { maxUploadKb: 500 }),
  entry('attachment', 'attachment', 120, 24, 'signer', { category: 'nonPrinted' }),
  entry('selfSignAttachment', 'selfSignAttachment', 120, 24, 'signer', { category: 'nonPrinted' }),
];

/** The catalogue entry of a stored tag: by its special key first, then by its type. */
export function catalogueEntryOf(tag: {
  type: string;
  key?: string | undefined;
}): CatalogueEntry | undefined {
  return (
    TAG_CATALOGUE.find((e) => e.id === tag.key) ??
    TAG_CATALOGUE.find((e) => e.type === tag.type && e.id === e.type)
  );
}

/** Tag types whose value is a picture (drawn, uploaded or typed and rendered). */
export const IMAGE_VALUE_TYPES: readonly TagType[] = ['signature', 'userInitial', 'image', 'letterHead'];

/** Border width of a tag box in the editor, in points (spec §2: 6, or 4 for the letterhead). */
export function tagBorderWidth(tag: { type: string; key?: string | undefined }): number {
  return tag.type === 'letterHead' || tag.key === 'letterHead'
    ? Limits.LETTERHEAD_BORDER_WIDTH
    : Limits.TAG_BORDER_WIDTH;
}
