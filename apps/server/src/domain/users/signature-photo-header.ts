import { Code } from '@signet/contracts';
import { AppError } from '../app-error.ts';

/**
 * What a signature photo is, read from its first bytes, before any decoder sees it. Only the
 * raster formats phones and browsers send are accepted: JPEG, PNG and WebP. Everything else is
 * refused by content, whatever its name or declared type: SVG above all, which libvips would
 * render with librsvg (a 1.2 KB file of nested <use> elements held a thread for minutes), and
 * HEIC, GIF and TIFF, which phones do not send from a browser's file input (Safari hands over
 * JPEG) and whose decoders would only widen what a hostile file can reach.
 */
export type PhotoFormat = 'jpeg' | 'png' | 'webp';

export interface PhotoHeader {
  format: PhotoFormat;
  width: number;
  height: number;
}

/**
 * Most pixels a photo may have: a 48-megapixel phone camera's full picture fits, and decoding it
 * stays within the sandbox's memory. Checked on the header's dimensions, before decoding.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;

const NOT_A_PHOTO =
  'The photo must be a JPEG, PNG or WebP picture; other files (SVG drawings among them) are not read';

function unreadable(): AppError {
  return new AppError(Code.INVALID_INPUT, 'The photo could not be read as an image');
}

function pngHeader(b: Buffer): PhotoHeader {
  // The first chunk is IHDR: width and height, big-endian, right after its type.
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') throw unreadable();
  return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic): they carry the size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegHeader(b: Buffer): PhotoHeader {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) throw unreadable();
    const marker = b[at + 1] as number;
    // Fill bytes, and markers without a length (restart, start of image, TEM).
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // The scan starts (or the image ends) before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) throw unreadable();
    if (SOF.has(marker)) {
      if (at + 9 > b.length) throw unreadable();
      return { format: 'jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  throw unreadable();
}

function webpHeader(b: Buffer): PhotoHeader {
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && b.length >= 30)
    return { format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L' && b.length >= 25 && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
    return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  throw unreadable();
}

/**
 * The photo's format and size from its header; refuses anything but JPEG, PNG or WebP (-6) and
 * a picture of more than MAX_PHOTO_PIXELS (-142), without decoding a pixel.
 */
export function readPhotoHeader(photo: Uint8Array): PhotoHeader {
  const b = Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength);
  let header: PhotoHeader;
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a)
    header = pngHeader(b);
  else if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) header = jpegHeader(b);
  else if (b.length >= 16 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    header = webpHeader(b);
  else throw new AppError(Code.INVALID_INPUT, NOT_A_PHOTO);
  if (header.width < 1 || header.height < 1) throw unreadable();
  if (header.width * header.height > MAX_PHOTO_PIXELS)
    throw new AppError(
      Code.SIGNATURE_UPLOAD_SIZE,
      `The photo is ${header.width} × ${header.height} pixels; at most ${MAX_PHOTO_PIXELS / 1_000_000} million pixels are read`,
    );
  return header;
}
