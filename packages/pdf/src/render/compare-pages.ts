import { createHash, type Hash } from 'node:crypto';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { PDFJS_RESOURCES } from './page-image.ts';

/** One word of a page and its box in the viewer frame (points, top-left origin, y down, after /Rotate). */
export interface PageWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page drawn in shades of grey, one byte a pixel, row by row (255 white paper). */
export interface GreyRaster {
  width: number;
  height: number;
  /** Pixels per point. */
  scale: number;
  data: Uint8Array;
}

/** What a comparison needs of one page: its size, its words in reading order and a small picture. */
export interface ComparePage {
  pageNumber: number;
  width: number;
  height: number;
  words: PageWord[];
  /**
   * A digest of what the page draws (pdf.js's drawing operations, their arguments and the pixels
   * of its images): two pages with one fingerprint look the same, so they need not be drawn.
   */
  fingerprint?: string;
  raster?: GreyRaster;
}

export interface ComparePagesOptions {
  /** Pixels per point of the pictures (0: no pictures, text only). */
  rasterScale: number;
  /** More pages than this: refused (-241) before any page is read. */
  maxPages: number;
  /** Also each page's fingerprint (the first pass of a comparison). */
  fingerprints?: boolean;
  /** Draw only these pages (1-based; the second pass); every page when absent. */
  drawPages?: readonly number[];
}

/** The default picture: half a pixel a point (36 dpi): a changed word still changes a few dozen pixels. */
export const COMPARE_RASTER_SCALE = 0.5;

/** Feeds a drawing operation's arguments to the digest: numbers, strings, arrays, typed arrays, objects. */
function feed(hash: Pick<Hash, 'update'>, value: unknown, depth = 0): void {
  if (depth > 8) return;
  if (value === null || value === undefined) hash.update('~');
  else if (typeof value === 'number' || typeof value === 'boolean') hash.update(`${value},`);
  else if (typeof value === 'string') hash.update(`"${value}"`);
  else if (ArrayBuffer.isView(value))
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
  else if (Array.isArray(value)) {
    hash.update('[');
    for (const v of value) feed(hash, v, depth + 1);
    hash.update(']');
  } else if (typeof value === 'object') {
    hash.update('{');
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      hash.update(k);
      feed(hash, v, depth + 1);
    }
    hash.update('}');
  }
}

/** A digest fed in small pieces: strings gathered and hashed in large chunks (one update a number is slow). */
function bufferedHash(hash: Hash) {
  let pending = '';
  const flush = () => {
    if (pending) hash.update(pending);
    pending = '';
  };
  return {
    update(piece: string | Uint8Array) {
      if (typeof piece === 'string') {
        pending += piece;
        if (pending.length > 65_536) flush();
      } else {
        flush();
        hash.update(piece);
      }
      return hash;
    },
    digest() {
      flush();
      return hash.digest('base64');
    },
  };
}

interface PdfObjects {
  get(id: string, callback: (data: unknown) => void): void;
}

/**
 * What the page draws, digested: the operations and arguments pdf.js would paint with, and for
 * each image the decoded pixels (its name alone would not change when the picture does).
 */
async function fingerprintOf(page: {
  getOperatorList(): Promise<{ fnArray: number[]; argsArray: unknown[] }>;
  objs: unknown;
  commonObjs: unknown;
}): Promise<string> {
  const ops = await page.getOperatorList();
  const hash = bufferedHash(createHash('sha256'));
  const fns = Int32Array.from(ops.fnArray);
  hash.update(new Uint8Array(fns.buffer));
  const images = new Set<string>();
  for (const args of ops.argsArray) {
    feed(hash, args);
    if (Array.isArray(args) && typeof args[0] === 'string' && /^img_|^g_.*_img_/.test(args[0]))
      images.add(args[0]);
  }
  for (const id of images) {
    const store = (id.startsWith('g_') ? page.commonObjs : page.objs) as PdfObjects;
    const data = await new Promise<unknown>((resolve) => store.get(id, resolve));
    const pixels = (data as { data?: unknown } | null)?.data;
    if (ArrayBuffer.isView(pixels)) feed(hash, pixels);
    else feed(hash, `${(data as { width?: number })?.width}x${(data as { height?: number })?.height}`);
  }
  return hash.digest();
}

type TextItem = { str: string; transform: number[]; width: number; height: number };

/** The words of one text run, each boxed by its share of the run's characters (as find-text.ts). */
function wordsOfRun(item: TextItem, toViewport: (x: number, y: number) => number[]): PageWord[] {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform;
  const h = item.height || Math.hypot(c, d);
  const len = Math.hypot(a, b);
  const ux = len ? [a / len, b / len] : [1, 0];
  const uy = [-(ux[1] ?? 0), ux[0] ?? 1];
  const perChar = item.str.length ? item.width / item.str.length : 0;
  const words: PageWord[] = [];
  for (const m of item.str.matchAll(/\S+/g)) {
    const from = (m.index ?? 0) * perChar;
    const to = from + m[0].length * perChar;
    const pts = [
      [e + (ux[0] ?? 1) * from, f + (ux[1] ?? 0) * from],
      [e + (ux[0] ?? 1) * to, f + (ux[1] ?? 0) * to],
      [e + (ux[0] ?? 1) * from + (uy[0] ?? 0) * h, f + (ux[1] ?? 0) * from + (uy[1] ?? 1) * h],
      [e + (ux[0] ?? 1) * to + (uy[0] ?? 0) * h, f + (ux[1] ?? 0) * to + (uy[1] ?? 1) * h],
    ].map(([px = 0, py = 0]) => toViewport(px, py));
    const xs = pts.map((p) => p[0] ?? 0);
    const ys = pts.map((p) => p[1] ?? 0);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    words.push({ text: m[0], x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y });
  }
  return words;
}

/**
 * Every page of a PDF as a comparison reads it: the words with their boxes (pdf.js text
 * content, in the viewer frame) and, when asked, a small grey picture drawn by pdf.js (as the
 * browser's viewer would). Runs only in the sandbox, as every full read of an untrusted file.
 */
export async function comparePagesOf(bytes: Uint8Array, opts: ComparePagesOptions): Promise<ComparePage[]> {
  const [pdfjs, canvasLib] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    opts.rasterScale > 0 ? import('@napi-rs/canvas') : Promise.resolve(undefined),
  ]);
  const doc = await pdfjs
    .getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, ...PDFJS_RESOURCES, verbosity: 0 })
    .promise.catch((e: unknown) => {
      if (e instanceof Error && e.name === 'PasswordException')
        throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF needs a password.');
      throw new PdfError(Code.INVALID_DOCUMENT, 'This file is not a readable PDF.');
    });
  const pages: ComparePage[] = [];
  try {
    if (doc.numPages > opts.maxPages)
      throw new PdfError(
        Code.PAGE_LIMIT_EXCEEDED,
        `This document has ${doc.numPages} pages; at most ${opts.maxPages} can be compared.`,
      );
    const numbers =
      opts.drawPages?.filter((n) => Number.isInteger(n) && n >= 1 && n <= doc.numPages) ??
      Array.from({ length: doc.numPages }, (_, i) => i + 1);
    for (const pageNumber of numbers) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      const words: PageWord[] = [];
      // The second pass only draws: the words were read in the first.
      if (!opts.drawPages) {
        const content = await page.getTextContent();
        const toViewport = (x: number, y: number) => viewport.convertToViewportPoint(x, y) as number[];
        for (const item of content.items) {
          if (!('str' in item) || item.str.trim().length === 0) continue;
          words.push(...wordsOfRun(item as TextItem, toViewport));
        }
      }
      const entry: ComparePage = { pageNumber, width: viewport.width, height: viewport.height, words };
      if (opts.fingerprints) entry.fingerprint = await fingerprintOf(page as never);
      if (canvasLib) {
        const scaled = page.getViewport({ scale: opts.rasterScale });
        const w = Math.max(1, Math.round(scaled.width));
        const h = Math.max(1, Math.round(scaled.height));
        const canvas = canvasLib.createCanvas(w, h);
        const context = canvas.getContext('2d');
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, w, h);
        type RenderParameters = Parameters<typeof page.render>[0];
        await page.render({
          canvas: canvas as unknown as RenderParameters['canvas'],
          canvasContext: context as unknown as RenderParameters['canvasContext'],
          viewport: scaled,
        }).promise;
        const rgba = context.getImageData(0, 0, w, h).data;
        const grey = new Uint8Array(w * h);
        for (let i = 0, p = 0; i < grey.length; i++, p += 4)
          grey[i] = ((rgba[p] ?? 0) * 77 + (rgba[p + 1] ?? 0) * 150 + (rgba[p + 2] ?? 0) * 29) >> 8;
        entry.raster = { width: w, height: h, scale: opts.rasterScale, data: grey };
      }
      pages.push(entry);
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
