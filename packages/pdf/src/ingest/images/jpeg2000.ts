import { Code } from '@signet/contracts/errors';
import { PdfError } from '../../core/errors.ts';
import type { EncodedImage } from './raster-image.ts';

/**
 * Reads the size of a JPEG 2000 image (JP2 file or raw codestream); the bytes pass through as
 * JPXDecode, which viewers decode themselves.
 */
export function readJpeg2000(data: Uint8Array): EncodedImage {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const siz = findSiz(b);
  if (!siz)
    throw new PdfError(Code.INVALID_DOCUMENT, 'The JPEG 2000 image is damaged: it has no size header.');
  return { kind: 'encoded', filter: 'JPXDecode', data, width: siz.width, height: siz.height };
}

function findSiz(b: Buffer): { width: number; height: number } | undefined {
  // Codestream: FF4F (SOC) then FF51 (SIZ); in a JP2 file the codestream sits in a jp2c box.
  const at = b.indexOf(Buffer.from([0xff, 0x4f, 0xff, 0x51]));
  if (at < 0 || at + 24 > b.length) return undefined;
  const xsiz = b.readUInt32BE(at + 8);
  const ysiz = b.readUInt32BE(at + 12);
  const xo = b.readUInt32BE(at + 16);
  const yo = b.readUInt32BE(at + 20);
  const width = xsiz - xo;
  const height = ysiz - yo;
  return width > 0 && height > 0 ? { width, height } : undefined;
}
