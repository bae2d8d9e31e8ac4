import type { TagPlacement } from '../geometry/page-geometry.ts';
import type { Rgb } from './content-builder.ts';

/**
 * A filled tag as the server hands it to the engine (spec §3 Tag, reduced to what drawing
 * needs). Values are already formatted by the server in the signer's locale and time zone.
 */
export interface FilledTag extends TagPlacement {
  uuid: string;
  /** Spec §3 tag type: signature, signatureText, userInitial, reason, username, timeStamp, … */
  type: string;
  /** Spec §3 special key: rubberStamp, letterHead, signerInitial, … */
  key?: string;
  value?: string;
  /** PNG (transparency kept) or JPEG: drawn signature or initials, image, rubber stamp, letterhead. */
  image?: Uint8Array;
  /** Lines drawn under an image, e.g. the signer's name and the signing time. */
  caption?: string[];
  fontFamily?: string;
  fontSize?: number;
  fontWeight?: string | number;
  fontStyle?: string;
  color?: Rgb;
}

export type TagLayout = 'image' | 'qrcode' | 'wrapped' | 'line';

const WRAPPED_TYPES = new Set(['textArea', 'reasonFreeText', 'composite', 'singleSelect', 'multiSelect']);
const IMAGE_KEYS = new Set(['rubberStamp', 'letterHead']);

/** How a tag is drawn, from its type and what it carries. */
export function layoutOf(tag: FilledTag): TagLayout {
  if (tag.type === 'qrcode') return 'qrcode';
  if (tag.image || tag.type === 'image' || tag.type === 'letterHead' || IMAGE_KEYS.has(tag.key ?? ''))
    return 'image';
  if (WRAPPED_TYPES.has(tag.type)) return 'wrapped';
  return 'line';
}

/** The text a tag shows: select values (JSON arrays) joined, attachment JSON reduced to its title. */
export function displayText(tag: FilledTag): string {
  const v = tag.value ?? '';
  if (tag.type === 'multiSelect' || tag.type === 'singleSelect') {
    const parsed = tryJson(v);
    if (Array.isArray(parsed)) return parsed.map(String).join(', ');
  }
  if (tag.type === 'attachment' || tag.type === 'selfSignAttachment') {
    const parsed = tryJson(v);
    if (parsed && typeof parsed === 'object' && 'title' in parsed) return String(parsed.title);
  }
  return v;
}

/**
 * The text a QR code tag encodes. Its value is a JSON object of label → value (spec §3); the
 * code carries "label: value" lines, which any phone scanner shows readably.
 */
export function qrPayload(value: string | undefined): string {
  const parsed = tryJson(value ?? '');
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    return Object.entries(parsed as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join('\n');
  }
  return value ?? '';
}

function tryJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}
