import { Code } from '@signet/contracts/errors';
import { PdfError } from '../../core/errors.ts';
import { MAX_IMAGE_PIXELS, type PixelImage } from './raster-image.ts';

const damaged = () => new PdfError(Code.INVALID_DOCUMENT, 'The GIF image is damaged and cannot be read.');

/** Decodes the first frame of a GIF (87a/89a) onto its logical screen. */
export function readGif(data: Uint8Array): PixelImage {
  const b = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (b.length < 13) throw damaged();
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  if (width === 0 || height === 0 || width * height > MAX_IMAGE_PIXELS) throw damaged();
  const flags = b[10] ?? 0;
  let p = 13;
  let globalTable: Buffer | undefined;
  if (flags & 0x80) {
    const size = 3 * 2 ** ((flags & 7) + 1);
    globalTable = b.subarray(p, p + size);
    p += size;
  }
  let transparent = -1;
  while (p < b.length) {
    const block = b[p++];
    if (block === 0x21) {
      const label = b[p++];
      if (label === 0xf9 && b[p] === 4 && (b[p + 1] ?? 0) & 1) transparent = b[p + 4] ?? -1;
      while (p < b.length && b[p] !== 0) p += (b[p] ?? 0) + 1;
      p++;
    } else if (block === 0x2c) {
      const fx = b.readUInt16LE(p);
      const fy = b.readUInt16LE(p + 2);
      const fw = b.readUInt16LE(p + 4);
      const fh = b.readUInt16LE(p + 6);
      const f = b[p + 8] ?? 0;
      p += 9;
      let table = globalTable;
      if (f & 0x80) {
        const size = 3 * 2 ** ((f & 7) + 1);
        table = b.subarray(p, p + size);
        p += size;
      }
      if (!table) throw damaged();
      const minCode = b[p++] ?? 0;
      const chunks: Buffer[] = [];
      while (p < b.length && b[p] !== 0) {
        const len = b[p] ?? 0;
        chunks.push(b.subarray(p + 1, p + 1 + len));
        p += len + 1;
      }
      const indices = lzw(Buffer.concat(chunks), minCode, fw * fh);
      const order = f & 0x40 ? interlacedRows(fh) : [...Array(fh).keys()];
      return paint({ width, height, table, transparent, indices, fx, fy, fw, order });
    } else break;
  }
  throw damaged();
}

interface Frame {
  width: number;
  height: number;
  table: Buffer;
  transparent: number;
  indices: Uint8Array;
  fx: number;
  fy: number;
  fw: number;
  order: number[];
}

function paint(f: Frame): PixelImage {
  const n = f.width * f.height;
  const rgb = new Uint8Array(n * 3).fill(255);
  const alpha = new Uint8Array(n);
  f.order.forEach((row, i) => {
    const y = f.fy + row;
    if (y >= f.height) return;
    for (let x = 0; x < f.fw; x++) {
      const dx = f.fx + x;
      if (dx >= f.width) continue;
      const idx = f.indices[i * f.fw + x] ?? 0;
      if (idx === f.transparent) continue;
      const at = y * f.width + dx;
      rgb[at * 3] = f.table[idx * 3] ?? 0;
      rgb[at * 3 + 1] = f.table[idx * 3 + 1] ?? 0;
      rgb[at * 3 + 2] = f.table[idx * 3 + 2] ?? 0;
      alpha[at] = 255;
    }
  });
  const opaque = alpha.every((a) => a === 255);
  return {
    kind: 'pixels',
    width: f.width,
    height: f.height,
    channels: 3,
    data: rgb,
    ...(opaque ? {} : { alpha }),
  };
}

function interlacedRows(h: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [
    [0, 8],
    [4, 8],
    [2, 4],
    [1, 2],
  ] as const) {
    for (let y = start; y < h; y += step) rows.push(y);
  }
  return rows;
}

/** GIF's variable-width LZW; output is capped at the frame size. */
function lzw(data: Buffer, minCode: number, size: number): Uint8Array {
  if (minCode < 2 || minCode > 8) throw damaged();
  const out = new Uint8Array(size);
  const clear = 1 << minCode;
  const end = clear + 1;
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const stack = new Uint8Array(4097);
  for (let i = 0; i < clear; i++) {
    suffix[i] = i;
    first[i] = i;
    prefix[i] = -1;
  }
  let codeSize = minCode + 1;
  let next = end + 1;
  let prev = -1;
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (let i = 0; i < data.length && o < size; ) {
    while (bits < codeSize && i < data.length) {
      acc |= (data[i++] ?? 0) << bits;
      bits += 8;
    }
    if (bits < codeSize) break;
    const code = acc & ((1 << codeSize) - 1);
    acc >>>= codeSize;
    bits -= codeSize;
    if (code === clear) {
      codeSize = minCode + 1;
      next = end + 1;
      prev = -1;
      continue;
    }
    if (code === end) break;
    let c = code;
    let sp = 0;
    if (prev === -1) {
      out[o++] = suffix[code] ?? 0;
      prev = code;
      continue;
    }
    if (code >= next) {
      stack[sp++] = first[prev] ?? 0;
      c = prev;
    }
    while (c >= clear && sp < 4096) {
      stack[sp++] = suffix[c] ?? 0;
      c = prefix[c] ?? 0;
    }
    stack[sp++] = suffix[c] ?? 0;
    if (next < 4096) {
      prefix[next] = prev;
      suffix[next] = suffix[c] ?? 0;
      first[next] = suffix[c] ?? 0;
      next++;
      if (next === 1 << codeSize && codeSize < 12) codeSize++;
    }
    while (sp > 0 && o < size) out[o++] = stack[--sp] ?? 0;
    prev = code;
  }
  return out;
}
