/**
 * What an upload is, decided from its bytes alone (spec §5 lists the accepted formats; the file
 * name is never trusted: a renamed file is still what its content says).
 */
export type DetectedType =
  | 'pdf'
  | 'xml'
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'tiff'
  | 'bmp'
  | 'jpeg2000'
  | 'doc'
  | 'xls'
  | 'ppt'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'unknown';

export const OFFICE_TYPES = ['doc', 'xls', 'ppt', 'docx', 'xlsx', 'pptx'] as const;
export const IMAGE_TYPES = ['jpeg', 'png', 'gif', 'tiff', 'bmp', 'jpeg2000'] as const;

/** How far into a file a PDF header may start (Acrobat tolerates 1024 bytes of junk). */
const PDF_HEADER_WINDOW = 1024;

function startsWith(b: Buffer, bytes: readonly number[], at = 0): boolean {
  return bytes.every((v, i) => b[at + i] === v);
}

export function detectType(data: Uint8Array): DetectedType {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  // Magic bytes at offset 0 come before the PDF header search: an image whose metadata holds
  // the text "%PDF-" is still an image.
  const magic = byMagic(b);
  if (magic !== 'unknown') return magic;
  if (b.subarray(0, PDF_HEADER_WINDOW).indexOf('%PDF-') >= 0) return 'pdf';
  if (looksLikeXml(b)) return 'xml';
  return 'unknown';
}

function byMagic(b: Buffer): DetectedType {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a') return 'gif';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (b.toString('latin1', 0, 2) === 'BM' && b.length > 26 && b.readUInt32LE(2) <= b.length + 1024)
    return 'bmp';
  if (startsWith(b, [0, 0, 0, 0x0c, 0x6a, 0x50, 0x20, 0x20, 0x0d, 0x0a, 0x87, 0x0a])) return 'jpeg2000';
  if (startsWith(b, [0xff, 0x4f, 0xff, 0x51])) return 'jpeg2000';
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return detectOle(b);
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return detectOoxml(b);
  return 'unknown';
}

/** Legacy Office files are OLE compound files; the stream names (UTF-16LE) tell which one. */
function detectOle(b: Buffer): DetectedType {
  const has = (name: string) => b.indexOf(Buffer.from(name, 'utf16le')) >= 0;
  if (has('WordDocument')) return 'doc';
  if (has('Workbook') || has('Book')) return 'xls';
  if (has('PowerPoint Document')) return 'ppt';
  return 'unknown';
}

/** OOXML files are zip archives; the part names in the local headers tell which one. */
function detectOoxml(b: Buffer): DetectedType {
  if (b.indexOf('[Content_Types].xml') < 0) return 'unknown';
  if (b.indexOf('word/') >= 0) return 'docx';
  if (b.indexOf('xl/') >= 0) return 'xlsx';
  if (b.indexOf('ppt/') >= 0) return 'pptx';
  return 'unknown';
}

function looksLikeXml(b: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, 4096));
  } catch {
    // A cut in the middle of a multi-byte sequence at the 4 KB edge is fine; anything else is not.
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(b.subarray(0, 4093));
    } catch {
      if (b[0] === 0xff && b[1] === 0xfe) text = b.subarray(2, 4096).toString('utf16le');
      else return false;
    }
  }
  const t = text.replace(/^\uFEFF/, '').trimStart();
  return /^<\?xml[\s?]/.test(t) || /^<([A-Za-z_][\w.:-]*)[\s>/]/.test(t) || /^<!--/.test(t);
}
