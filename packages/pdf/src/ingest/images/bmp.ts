import { Code } from '@signet/contracts/errors';
import { PdfError } from '../../core/errors.ts';
import { MAX_IMAGE_PIXELS, type PixelImage } from './raster-image.ts';

const unsupported = (why: string) =>
  new PdfError(Code.INVALID_DOCUMENT, `The BMP image cannot be read: ${why}.`);

/** Decodes uncompressed BMPs (1, 4, 8, 16, 24, 32 bits; BI_RGB and BI_BITFIELDS). */
export function readBmp(data: Uint8Array): PixelImage {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 26) throw unsupported('the file is truncated');
  const pixelOffset = b.readUInt32LE(10);
  const headerSize = b.readUInt32LE(14);
  if (headerSize < 40) throw unsupported('OS/2 bitmaps are not supported');
  const width = b.readInt32LE(18);
  const rawHeight = b.readInt32LE(22);
  const bpp = b.readUInt16LE(28);
  const compression = b.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  const topDown = rawHeight < 0;
  if (width <= 0 || height === 0 || width * height > MAX_IMAGE_PIXELS)
    throw unsupported('its size is not valid');
  if (compression !== 0 && compression !== 3 && compression !== 6)
    throw unsupported('RLE and embedded compression are not supported');
  let masks: [number, number, number, number] =
    bpp === 16 ? [0x7c00, 0x3e0, 0x1f, 0] : [0xff0000, 0xff00, 0xff, 0];
  if (compression === 3 || compression === 6) {
    const at = headerSize === 40 ? 54 : 54;
    masks = [
      b.readUInt32LE(at),
      b.readUInt32LE(at + 4),
      b.readUInt32LE(at + 8),
      headerSize >= 56 || compression === 6 ? b.readUInt32LE(at + 12) : 0,
    ];
  } else if (bpp === 32) masks = [0xff0000, 0xff00, 0xff, 0];
  const colors = bpp <= 8 ? b.readUInt32LE(46) || 2 ** bpp : 0;
  const palette = b.subarray(14 + headerSize, 14 + headerSize + colors * 4);
  const rowBytes = Math.ceil((width * bpp) / 32) * 4;
  if (pixelOffset + rowBytes * height > b.length) throw unsupported('the pixel data is truncated');
  const rgb = new Uint8Array(width * height * 3);
  const alpha = new Uint8Array(width * height);
  let anyAlpha = false;
  const channel = (v: number, mask: number): number => {
    if (mask === 0) return 255;
    const shift = Math.log2(mask & -mask);
    const max = mask >>> shift;
    return Math.round((((v & mask) >>> shift) * 255) / max);
  };
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      let r = 0;
      let g = 0;
      let bl = 0;
      let a = 255;
      if (bpp <= 8) {
        const bit = x * bpp;
        const byte = b[row + (bit >> 3)] ?? 0;
        const idx = (byte >> (8 - bpp - (bit & 7))) & ((1 << bpp) - 1);
        bl = palette[idx * 4] ?? 0;
        g = palette[idx * 4 + 1] ?? 0;
        r = palette[idx * 4 + 2] ?? 0;
      } else if (bpp === 24) {
        bl = b[row + x * 3] ?? 0;
        g = b[row + x * 3 + 1] ?? 0;
        r = b[row + x * 3 + 2] ?? 0;
      } else if (bpp === 16 || bpp === 32) {
        const v = bpp === 16 ? b.readUInt16LE(row + x * 2) : b.readUInt32LE(row + x * 4);
        r = channel(v, masks[0]);
        g = channel(v, masks[1]);
        bl = channel(v, masks[2]);
        a = channel(v, masks[3]);
      } else throw unsupported(`${bpp} bits per pixel is not supported`);
      rgb[o] = r;
      rgb[o + 1] = g;
      rgb[o + 2] = bl;
      alpha[y * width + x] = a;
      if (a !== 255) anyAlpha = true;
    }
  }
  // Many 32-bit BMPs carry an all-zero alpha byte that means "unused": treat it as opaque.
  const useAlpha = anyAlpha && alpha.some((v) => v !== 0);
  return { kind: 'pixels', width, height, channels: 3, data: rgb, ...(useAlpha ? { alpha } : {}) };
}
