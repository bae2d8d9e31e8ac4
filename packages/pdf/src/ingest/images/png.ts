import { Code } from '@signet/contracts/errors';
import { decode } from 'fast-png';
import { PdfError } from '../../core/errors.ts';
import { MAX_IMAGE_PIXELS, type PixelImage } from './raster-image.ts';

/** Decodes any PNG (all bit depths, palettes, interlacing) to 8-bit pixels plus alpha. */
export function readPng(data: Uint8Array): PixelImage {
  checkHeader(data);
  let png: ReturnType<typeof decode>;
  try {
    png = decode(data);
  } catch {
    throw new PdfError(Code.INVALID_DOCUMENT, 'The PNG image is damaged and cannot be read.');
  }
  const { width, height } = png;
  const n = width * height;
  const src = png.data;
  const to8 = png.depth === 16 ? (v: number) => v >> 8 : (v: number) => v;
  let channels = png.channels;
  let get = (i: number): number => to8(src[i] ?? 0);
  if (png.palette) {
    // Indexed: expand through the palette (entries are [r, g, b] or [r, g, b, a]).
    const palette = png.palette;
    const idx = unpackIndices(src, width, height, png.depth);
    const hasAlpha = palette.some((e) => e.length > 3 && e[3] !== 255);
    channels = hasAlpha ? 4 : 3;
    const expanded = new Uint8Array(n * channels);
    for (let i = 0; i < n; i++) {
      const e = palette[idx[i] ?? 0] ?? [0, 0, 0, 255];
      for (let c = 0; c < channels; c++) expanded[i * channels + c] = e[c] ?? 255;
    }
    get = (i: number) => expanded[i] ?? 0;
  } else if (png.depth < 8) {
    const scale = 255 / (2 ** png.depth - 1);
    const idx = unpackIndices(src, width, height, png.depth);
    get = (i: number) => Math.round((idx[i] ?? 0) * scale);
  }
  const color = channels >= 3 ? 3 : 1;
  const hasAlpha = channels === 2 || channels === 4;
  const out = new Uint8Array(n * color);
  const alpha = hasAlpha ? new Uint8Array(n) : undefined;
  let opaque = true;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < color; c++) out[i * color + c] = get(i * channels + c);
    if (alpha) {
      const a = get(i * channels + channels - 1);
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
  }
  return {
    kind: 'pixels',
    width,
    height,
    channels: color,
    data: out,
    ...(alpha && !opaque ? { alpha } : {}),
    ...(png.resolution?.unit === 1 && png.resolution.x > 0 ? { dpi: png.resolution.x * 0.0254 } : {}),
  };
}

function checkHeader(data: Uint8Array): void {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 33 || b.toString('latin1', 12, 16) !== 'IHDR') {
    throw new PdfError(Code.INVALID_DOCUMENT, 'The PNG image is damaged: it has no header.');
  }
  const width = b.readUInt32BE(16);
  const height = b.readUInt32BE(20);
  if (width === 0 || height === 0 || width * height > MAX_IMAGE_PIXELS) {
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      `The PNG image is ${width}×${height} pixels, larger than allowed.`,
    );
  }
}

/** fast-png leaves sub-byte samples packed per row; unpack them to one value per pixel. */
function unpackIndices(src: ArrayLike<number>, width: number, height: number, depth: number): Uint8Array {
  if (depth === 8) return Uint8Array.from(src as ArrayLike<number>);
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const mask = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = src[y * rowBytes + (bit >> 3)] ?? 0;
      out[y * width + x] = (byte >> (8 - depth - (bit & 7))) & mask;
    }
  }
  return out;
}
