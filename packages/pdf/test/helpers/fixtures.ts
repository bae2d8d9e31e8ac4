import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'fast-png';
import UTIF from 'utif2';
import { ContentBuilder } from '../../src/appearance/content-builder.ts';
import { dict, name, PdfDict, type PdfObject, PdfString } from '../../src/core/objects.ts';
import { FullWriter } from '../../src/document/full-writer.ts';
import { flateStream } from '../../src/document/pdf-serialize.ts';

/** Small images made at test time, so no binary fixtures live in the repository. */
export type Pixel = (x: number, y: number) => [number, number, number, number];

export function rgba(width: number, height: number, pixel: Pixel): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4);
  return data;
}

export function pngOf(width: number, height: number, pixel: Pixel): Uint8Array {
  return encode({ width, height, data: rgba(width, height, pixel), channels: 4, depth: 8 });
}

export function bmpOf(width: number, height: number, pixel: Pixel): Uint8Array {
  const row = Math.ceil((width * 3) / 4) * 4;
  const b = Buffer.alloc(54 + row * height);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, bl] = pixel(x, height - 1 - y);
      const at = 54 + y * row + x * 3;
      b[at] = bl;
      b[at + 1] = g;
      b[at + 2] = r;
    }
  }
  return new Uint8Array(b);
}

/** A GIF with a 256-colour palette, LZW-coded without compression (a clear code every 254). */
export function gifOf(
  width: number,
  height: number,
  palette: [number, number, number][],
  index: (x: number, y: number) => number,
): Uint8Array {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  head[10] = 0xf7; // global table of 256 entries
  const table = Buffer.alloc(768);
  palette.forEach(([r, g, b], i) => {
    table.set([r, g, b], i * 3);
  });
  const desc = Buffer.alloc(10);
  desc[0] = 0x2c;
  desc.writeUInt16LE(width, 5);
  desc.writeUInt16LE(height, 7);
  const codes: number[] = [];
  let sinceClear = 0;
  codes.push(256);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (sinceClear === 254) {
        codes.push(256);
        sinceClear = 0;
      }
      codes.push(index(x, y));
      sinceClear++;
    }
  }
  codes.push(257);
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of codes) {
    acc |= c << bits;
    bits += 9;
    while (bits >= 8) {
      bytes.push(acc & 0xff);
      acc >>>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) bytes.push(acc & 0xff);
  const blocks: number[] = [8];
  for (let i = 0; i < bytes.length; i += 255) {
    const chunk = bytes.slice(i, i + 255);
    blocks.push(chunk.length, ...chunk);
  }
  blocks.push(0, 0x3b);
  return new Uint8Array(Buffer.concat([head, table, desc, Buffer.from(blocks)]));
}

/** A multi-page TIFF: uncompressed RGB, one strip per page, written by hand (little-endian). */
export function multiPageTiffOf(pages: { width: number; height: number; pixel: Pixel }[]): Uint8Array {
  const parts: Buffer[] = [Buffer.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0])];
  let offset = 8;
  pages.forEach((page, i) => {
    const entries = 9;
    const ifdSize = 2 + entries * 12 + 4;
    const pixelsAt = offset + ifdSize + 6; // after the IFD and the BitsPerSample array
    const stripBytes = page.width * page.height * 3;
    const next = i + 1 < pages.length ? pixelsAt + stripBytes : 0;
    const ifd = Buffer.alloc(ifdSize + 6);
    ifd.writeUInt16LE(entries, 0);
    const tags: [number, number, number, number][] = [
      [256, 3, 1, page.width],
      [257, 3, 1, page.height],
      [258, 3, 3, offset + ifdSize], // BitsPerSample 8,8,8 stored after the IFD
      [259, 3, 1, 1],
      [262, 3, 1, 2],
      [273, 4, 1, pixelsAt],
      [277, 3, 1, 3],
      [278, 3, 1, page.height],
      [279, 4, 1, stripBytes],
    ];
    tags.forEach(([tag, type, count, value], k) => {
      const at = 2 + k * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(count, at + 4);
      if (type === 3 && count === 1) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    ifd.writeUInt32LE(next, 2 + entries * 12);
    ifd.writeUInt16LE(8, ifdSize);
    ifd.writeUInt16LE(8, ifdSize + 2);
    ifd.writeUInt16LE(8, ifdSize + 4);
    const pixels = Buffer.alloc(stripBytes);
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width; x++) pixels.set(page.pixel(x, y).slice(0, 3), (y * page.width + x) * 3);
    }
    parts.push(ifd, pixels);
    offset = pixelsAt + stripBytes;
  });
  return new Uint8Array(Buffer.concat(parts));
}

export function tiffOf(width: number, height: number, pixel: Pixel): Uint8Array {
  return new Uint8Array(UTIF.encodeImage(rgba(width, height, pixel), width, height));
}

/** Runs a tool in a temp dir on `input` written as `inName`, returns the file `outName`. */
export function viaTool(
  input: Uint8Array,
  inName: string,
  outName: string,
  args: (inPath: string, outPath: string) => [string, string[]],
): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'signet-fixture-'));
  try {
    const inPath = join(dir, inName);
    const outPath = join(dir, outName);
    writeFileSync(inPath, input);
    const [cmd, argv] = args(inPath, outPath);
    const r = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
    return new Uint8Array(readFileSync(outPath));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function ppmOf(width: number, height: number, pixel: Pixel): Uint8Array {
  const head = Buffer.from(`P6\n${width} ${height}\n255\n`, 'latin1');
  const body = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) body.set(pixel(x, y).slice(0, 3), (y * width + x) * 3);
  return new Uint8Array(Buffer.concat([head, body]));
}

export interface PageSpec {
  mediaBox?: number[];
  cropBox?: number[];
  rotate?: number;
  /** Raw content stream of the page. */
  content?: string;
  /** Extra entries of the page dictionary (e.g. Annots). */
  extra?: (writer: FullWriter) => Record<string, PdfObject>;
}

/** A simple PDF with the given pages, written by our full writer. */
export function pdfOf(
  pages: PageSpec[],
  catalogExtra?: (writer: FullWriter, pageRefs: PdfObject[]) => Record<string, PdfObject>,
): Uint8Array {
  const w = new FullWriter();
  const pagesRef = w.reserve();
  const font = w.add(dict({ Type: name('Font'), Subtype: name('Type1'), BaseFont: name('Helvetica') }));
  const refs = pages.map((p) => {
    const contents = w.add(flateStream(new PdfDict(), Buffer.from(p.content ?? '', 'latin1')));
    const page = dict({
      Type: name('Page'),
      Parent: pagesRef,
      MediaBox: p.mediaBox ?? [0, 0, 595, 842],
      CropBox: p.cropBox,
      Rotate: p.rotate,
      Resources: dict({ Font: dict({ Helv: font }) }),
      Contents: contents,
    });
    for (const [k, v] of Object.entries(p.extra?.(w) ?? {})) page.set(k, v);
    return w.add(page);
  });
  w.set(pagesRef, dict({ Type: name('Pages'), Kids: refs, Count: refs.length }));
  const catalog = dict({ Type: name('Catalog'), Pages: pagesRef });
  for (const [k, v] of Object.entries(catalogExtra?.(w, refs) ?? {})) catalog.set(k, v);
  return w.save(w.add(catalog), dict({ Producer: PdfString.text('signet test') }));
}

export function textPage(text: string): string {
  return new ContentBuilder()
    .op('BT')
    .op('Tf', '/Helv', 14)
    .op('Td', 72, 700)
    .raw(`(${text}) Tj`)
    .op('ET')
    .toBytes()
    .toString('latin1');
}
