import { ContentBuilder, type Rgb } from '../appearance/content-builder.ts';
import { drawShapedLine } from '../appearance/draw-text.ts';
import { layoutText, type TextBlock } from '../appearance/text-layout.ts';
import { resolveFaces } from '../fonts/font-catalog.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { decodeImage } from '../ingest/images/decode-image.ts';
import { addImageXObject } from './image-xobject.ts';
import { PageWriter } from './page-writer.ts';

/**
 * A simple flowing document of Unicode text: titles, paragraphs, key/value rows and tables that
 * break across pages (the completion certificate, XML renderings).
 */
export type DocBlock =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; size?: number; color?: Rgb }
  | { kind: 'keyValues'; rows: readonly (readonly [string, string])[] }
  | {
      kind: 'table';
      columns: readonly string[];
      rows: readonly (readonly string[])[];
      widths?: readonly number[];
    }
  | { kind: 'spacer'; height: number }
  /** A PNG or JPEG (a logo, a QR code), `width` points wide at most, aspect kept. */
  | { kind: 'image'; bytes: Uint8Array; width: number };

export interface TextDocumentOptions {
  /** Page size in points; A4 by default. */
  pageSize?: readonly [number, number];
  margin?: number;
  title?: string;
  fontFamily?: string;
  fontSize?: number;
  /** Refuse to grow past this many pages (hostile XML). */
  maxPages?: number;
  /** Footer text on every page, followed by "page i of n". */
  footer?: string;
}

const GREY: Rgb = [0.35, 0.35, 0.35];
const BLACK: Rgb = [0, 0, 0];
const RULE: Rgb = [0.75, 0.75, 0.75];
const HEADER_FILL: Rgb = [0.93, 0.93, 0.93];

export class PageLimitReached extends Error {}

export function buildTextDocument(
  blocks: readonly DocBlock[],
  opts: TextDocumentOptions = {},
): { pdf: Uint8Array; pages: PageGeometry[] } {
  const [pw, ph] = opts.pageSize ?? [595.28, 841.89];
  const margin = opts.margin ?? 50;
  const base = opts.fontSize ?? 10;
  const width = pw - 2 * margin;
  const regular = resolveFaces({ family: opts.fontFamily });
  const bold = resolveFaces({ family: opts.fontFamily, weight: 'bold' });
  const doc = new PageWriter();
  let cb = new ContentBuilder();
  let page = doc.addPage(pw, ph, cb);
  const contents = [cb];
  let y = ph - margin;
  let pageCount = 1;
  const newPage = () => {
    if (opts.maxPages !== undefined && pageCount >= opts.maxPages) throw new PageLimitReached();
    cb = new ContentBuilder();
    page = doc.addPage(pw, ph, cb);
    contents.push(cb);
    pageCount++;
    y = ph - margin;
  };
  const ensure = (h: number) => {
    if (y - h < margin && y < ph - margin) newPage();
  };
  const lay = (text: string, bolded: boolean, size: number, w: number): TextBlock =>
    layoutText(text, bolded ? bold : regular, {
      size,
      maxWidth: w,
      maxHeight: Number.POSITIVE_INFINITY,
      wrap: true,
      minSize: size,
    });
  const flow = (text: string, bolded: boolean, size: number, color: Rgb, x = margin, w = width) => {
    const block = lay(text, bolded, size, w);
    for (const line of block.lines) {
      ensure(block.lineHeight);
      drawShapedLine(cb, doc.fonts, line.runs, x, y - block.ascent, block.size, color);
      y -= block.lineHeight;
    }
  };

  for (const b of blocks) {
    switch (b.kind) {
      case 'title':
        flow(b.text, true, base * 1.8, BLACK);
        y -= base;
        break;
      case 'heading':
        ensure(base * 4);
        y -= base * 0.6;
        flow(b.text, true, base * 1.25, BLACK);
        y -= base * 0.4;
        break;
      case 'paragraph':
        flow(b.text, false, b.size ?? base, b.color ?? BLACK);
        y -= base * 0.4;
        break;
      case 'spacer':
        y -= b.height;
        break;
      case 'image': {
        const img = decodeImage(b.bytes, 1)[0];
        if (!img) break;
        const w = Math.min(b.width, width);
        const h = Math.min((img.height / img.width) * w, ph - 2 * margin);
        const drawnW = (img.width / img.height) * h;
        ensure(h);
        const res = `Im${page.images.size + 1}`;
        page.images.set(res, addImageXObject(doc.writer, img));
        cb.save()
          .transform(drawnW, 0, 0, h, margin, y - h)
          .op('Do', `/${res}`)
          .restore();
        y -= h + base * 0.6;
        break;
      }
      case 'keyValues': {
        const keyW = width * 0.3;
        for (const [k, v] of b.rows) {
          const kb = lay(k, true, base, keyW - 6);
          const vb = lay(v, false, base, width - keyW);
          const h = Math.max(kb.lines.length * kb.lineHeight, vb.lines.length * vb.lineHeight);
          ensure(Math.min(h, ph - 2 * margin));
          drawBlock(cb, doc, kb, margin, y, GREY);
          drawBlock(cb, doc, vb, margin + keyW, y, BLACK);
          y -= h + base * 0.3;
        }
        y -= base * 0.4;
        break;
      }
      case 'table': {
        const n = b.columns.length;
        const fractions = b.widths && b.widths.length === n ? b.widths : b.columns.map(() => 1 / n);
        const total = fractions.reduce((s, f) => s + f, 0);
        const colW = fractions.map((f) => (f / total) * width);
        const pad = 3;
        const row = (cells: readonly string[], header: boolean) => {
          const laid = colW.map((w, i) => lay(cells[i] ?? '', header, base * 0.9, w - 2 * pad));
          const h = Math.max(...laid.map((l) => l.lines.length * l.lineHeight)) + 2 * pad;
          return { laid, h };
        };
        const head = row(b.columns, true);
        const drawRow = (r: { laid: TextBlock[]; h: number }, header: boolean) => {
          if (header)
            cb.fill(HEADER_FILL)
              .rect(margin, y - r.h, width, r.h)
              .op('f');
          let x = margin;
          r.laid.forEach((l, i) => {
            drawBlock(cb, doc, l, x + pad, y - pad, BLACK);
            x += colW[i] ?? 0;
          });
          cb.stroke(RULE)
            .op('w', 0.5)
            .op('m', margin, y - r.h)
            .op('l', margin + width, y - r.h)
            .op('S');
          y -= r.h;
        };
        ensure(head.h * 2);
        drawRow(head, true);
        for (const cells of b.rows) {
          const r = row(cells, false);
          if (y - r.h < margin) {
            newPage();
            drawRow(head, true);
          }
          drawRow(r, false);
        }
        y -= base;
        break;
      }
    }
  }
  if (opts.footer !== undefined) {
    const size = base * 0.75;
    contents.forEach((content, i) => {
      const block = lay(`${opts.footer} — page ${i + 1} of ${contents.length}`, false, size, width);
      drawBlock(content, doc, block, margin, margin * 0.6 + block.lineHeight, GREY);
    });
  }
  return doc.finish({ title: opts.title });
}

function drawBlock(
  cb: ContentBuilder,
  doc: PageWriter,
  block: TextBlock,
  x: number,
  top: number,
  color: Rgb,
): void {
  block.lines.forEach((line, i) => {
    drawShapedLine(cb, doc.fonts, line.runs, x, top - i * block.lineHeight - block.ascent, block.size, color);
  });
}
