import { Code, SYSTEM_FILLED_TYPES } from '@signet/contracts';
import type { FilledTag } from '@signet/pdf';
import type { TagRow } from '../../db/repositories/epaks.ts';
import { AppError } from '../app-error.ts';
import { fitStamp, type StampToDraw } from '../rubber-stamps/apply-rubber-stamps.ts';

/** Largest signature, initials or image a signer may send (code -142 above). */
export const MAX_SIGNATURE_IMAGE_BYTES = 512 * 1024;

export interface SignerFacts {
  name: string;
  email: string;
  userId: string;
  title: string;
  documentId: string;
  /** The signing time, already formatted in the signer's time zone and date format. */
  signedAt: string;
  reason: string;
  location: string;
  /** Where anyone holding the paper checks this document: QR code tags carry it (spec §3, §5). */
  verificationUrl: string;
}

/** The label of the line a QR code tag adds for checking the document. */
export const QR_VERIFY_LABEL = 'Verify';

/**
 * A QR code tag's value as stamped: the custodian's label → value pairs and, last, the document's
 * verification URL, so a phone scanning the paper opens the verify page.
 */
function withVerificationUrl(value: string | undefined, url: string): string {
  let pairs: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      pairs = parsed as Record<string, unknown>;
  } catch {
    // A plain text value stays, under its own label.
    if (value) pairs = { Text: value };
  }
  return JSON.stringify({ ...pairs, [QR_VERIFY_LABEL]: url });
}

/** Decodes a base64 image (plain or a data URL); -142 when too large, -6 when not PNG or JPEG. */
export function decodeImage(value: string): Uint8Array {
  const bytes = Buffer.from(value.replace(/^data:image\/[a-z]+;base64,/, ''), 'base64');
  if (bytes.length > MAX_SIGNATURE_IMAGE_BYTES) throw new AppError(Code.SIGNATURE_UPLOAD_SIZE);
  const png = bytes[0] === 0x89 && bytes[1] === 0x50;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!png && !jpeg) throw new AppError(Code.INVALID_INPUT, 'Signatures and images must be PNG or JPEG');
  return new Uint8Array(bytes);
}

const IMAGE_TYPES = new Set(['signature', 'userInitial', 'image', 'letterHead']);

/** Who looks at a tag: the ePak's custodian, or the recipient the tag belongs to. */
export type TagViewerRole = 'custodian' | 'signer';

/**
 * Spec §6 tag permissions: may a viewer in this role give the tag its value? Not when the role
 * is missing from the tag's `tagFor` ('all' and 'custodianOrSigner' name both); never a
 * timeStamp (the server writes it); a CustodianText always, for the custodian.
 */
export function tagWritableBy(tag: Pick<TagRow, 'type' | 'key' | 'tagFor'>, role: TagViewerRole): boolean {
  if (tag.type === 'timeStamp') return false;
  if (tag.key === 'CustodianText') return role === 'custodian';
  return tag.tagFor === 'all' || tag.tagFor === 'custodianOrSigner' || tag.tagFor === role;
}

/** The refusal of a value given to a tag the viewer may not fill. */
export function readOnlyTag(tag: Pick<TagRow, 'id' | 'label' | 'name' | 'type'>): AppError {
  return new AppError(Code.INVALID_INPUT, `This tag is read-only: ${tag.label || tag.name || tag.type}`, {
    data: { tag: tag.id },
  });
}

/** A value the client sent that differs from the stored one (null and '' send nothing). */
export function changesValue(sent: string | null | undefined, stored: string | null): boolean {
  return sent !== undefined && sent !== null && sent !== '' && sent !== stored;
}

/** The value the server writes for tags that say who signed and when, never the signer. */
function systemValue(tag: TagRow, who: SignerFacts): string | undefined {
  switch (tag.type) {
    case 'timeStamp':
      return who.signedAt;
    case 'username':
      return who.email;
    case 'email':
      return who.email;
    case 'userUuid':
      return who.userId;
    case 'docUuid':
      return who.documentId;
    case 'signatureText':
      return who.name;
    default:
      return undefined;
  }
}

/**
 * A signer's tags on one document, filled: system values first, then what the signer sent, then
 * the stored value. Required tags left empty are refused (-6, naming them), and so is a value for
 * a tag the signer may not fill (-6, `data.tag`). A rubberStamp tag draws the stamp its value
 * names, from `stamps` (checked by `rubberStampsToDraw`), and takes no other image.
 */
export function fillTags(
  tags: readonly TagRow[],
  sent: ReadonlyMap<string, string | null>,
  signatureImage: Uint8Array | null,
  who: SignerFacts,
  stamps: ReadonlyMap<string, StampToDraw> = new Map(),
): { filled: FilledTag[]; values: Map<string, string> } {
  const filled: FilledTag[] = [];
  const values = new Map<string, string>();
  const missing: string[] = [];
  for (const tag of tags) {
    const isSystem = SYSTEM_FILLED_TYPES.includes(tag.type as never);
    // A system tag's value is the server's whatever is sent; any other tag the signer may not
    // fill (spec §6) keeps its stored value, and a different one sent is refused.
    if (
      !isSystem &&
      (tag.readOnly || !tagWritableBy(tag, 'signer')) &&
      changesValue(sent.get(tag.id), tag.value)
    )
      throw readOnlyTag(tag);
    const value =
      (isSystem ? systemValue(tag, who) : undefined) ?? sent.get(tag.id) ?? tag.value ?? undefined;
    const base: FilledTag = {
      uuid: tag.id,
      type: tag.type,
      key: tag.key,
      pageNumber: tag.pageNumber,
      positionX: tag.positionX,
      positionY: tag.positionY,
      blockWidth: tag.blockWidth,
      blockHeight: tag.blockHeight,
      ...(tag.fontFamily ? { fontFamily: tag.fontFamily } : {}),
      ...(tag.fontSize ? { fontSize: tag.fontSize } : {}),
      ...(tag.fontWeight ? { fontWeight: tag.fontWeight } : {}),
      ...(tag.fontStyle ? { fontStyle: tag.fontStyle } : {}),
    };
    if (tag.key === 'rubberStamp') {
      if (!value) {
        if (tag.required) missing.push(tag.label || tag.name || tag.type);
        continue;
      }
      const stamp = stamps.get(tag.id);
      if (!stamp)
        throw new AppError(Code.INVALID_INPUT, 'Apply one of the rubber stamps shared with you', {
          data: { tag: tag.id, rubberStamp: 'notShared' },
        });
      filled.push({ ...base, ...fitStamp(tag, stamp), image: stamp.image });
      values.set(tag.id, value);
      continue;
    }
    if (tag.type === 'signature') {
      const image = value ? decodeImage(value) : signatureImage;
      filled.push({
        ...base,
        value: who.name,
        ...(image ? { image } : {}),
        caption: [who.name, who.signedAt],
      });
      values.set(tag.id, value ?? '');
      continue;
    }
    if (tag.type === 'qrcode') {
      filled.push({ ...base, value: withVerificationUrl(value, who.verificationUrl) });
      if (value) values.set(tag.id, value);
      continue;
    }
    if (IMAGE_TYPES.has(tag.type)) {
      if (!value) {
        if (tag.required) missing.push(tag.label || tag.name || tag.type);
        continue;
      }
      filled.push({ ...base, image: decodeImage(value) });
      values.set(tag.id, value);
      continue;
    }
    if (value === undefined || value === '') {
      if (tag.required) missing.push(tag.label || tag.name || tag.type);
      continue;
    }
    filled.push({ ...base, value });
    values.set(tag.id, value);
  }
  if (missing.length > 0)
    throw new AppError(Code.INVALID_INPUT, `Fill in the required fields: ${missing.join(', ')}`, {
      data: { missing },
    });
  return { filled, values };
}

/** "22 Nov 2026 10:05 GMT+5:30": the signing time as a person reads it, in their own zone. */
export function formatSigningTime(at: Date, timezone: string, locale: string): string {
  const zone = (() => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: timezone });
      return timezone;
    } catch {
      return 'UTC';
    }
  })();
  const parts = new Intl.DateTimeFormat(locale === 'hi' ? 'en-IN' : 'en-GB', {
    timeZone: zone,
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')} ${get('month')} ${get('year')} ${get('hour')}:${get('minute')} ${get('timeZoneName')}`;
}
