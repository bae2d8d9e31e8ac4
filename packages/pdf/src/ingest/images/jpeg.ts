import { Code } from '@signet/contracts/errors';
import { PdfError } from '../../core/errors.ts';
import type { EncodedImage } from './raster-image.ts';

/** Reads a JPEG's frame header; the bytes pass through to the PDF as DCTDecode. */
export function readJpeg(data: Uint8Array): EncodedImage {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let p = 2;
  let adobe = false;
  let dpi: number | undefined;
  let orientation = 1;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) {
      p++;
      continue;
    }
    const marker = b[p + 1] ?? 0;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    const len = b.readUInt16BE(p + 2);
    if (marker === 0xe0 && b.toString('latin1', p + 4, p + 9) === 'JFIF\0' && p + 16 <= b.length) {
      const unit = b[p + 11];
      const x = b.readUInt16BE(p + 12);
      if (unit === 1) dpi = x;
      else if (unit === 2) dpi = x * 2.54;
    }
    if (marker === 0xee && b.toString('latin1', p + 4, p + 9) === 'Adobe') adobe = true;
    if (marker === 0xe1 && b.toString('latin1', p + 4, p + 10) === 'Exif\0\0')
      orientation = exifOrientation(b.subarray(p + 10, p + 2 + len));
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof && p + 10 <= b.length) {
      const height = b.readUInt16BE(p + 5);
      const width = b.readUInt16BE(p + 7);
      const comps = b[p + 9];
      if (width === 0 || height === 0) break;
      const colorSpace = comps === 1 ? 'DeviceGray' : comps === 4 ? 'DeviceCMYK' : 'DeviceRGB';
      return {
        kind: 'encoded',
        filter: 'DCTDecode',
        data,
        width,
        height,
        colorSpace,
        invertCmyk: comps === 4 && adobe,
        ...(dpi ? { dpi } : {}),
        ...(ROTATION_OF[orientation] ? { rotate: ROTATION_OF[orientation] } : {}),
      };
    }
    p += 2 + len;
  }
  throw new PdfError(Code.INVALID_DOCUMENT, 'The JPEG image is damaged: it has no readable frame header.');
}

/** EXIF orientations that are pure rotations, as the clockwise page /Rotate that shows them upright. */
const ROTATION_OF: Record<number, 90 | 180 | 270> = { 3: 180, 6: 90, 8: 270 };

/** Reads tag 0x0112 (Orientation) from the first IFD of a TIFF-structured EXIF block. */
function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) =>
    at + 2 <= tiff.length ? (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at)) : 0;
  const u32 = (at: number) =>
    at + 4 <= tiff.length ? (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at)) : 0;
  const ifd = u32(4);
  const count = u16(ifd);
  for (let i = 0; i < count && i < 512; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return 1;
}
