import { formatNumber } from '../document/pdf-serialize.ts';
import type { FontFace } from '../fonts/font-catalog.ts';
import type { FontEmbedder } from '../fonts/pdf-font-embedder.ts';
import type { ShapedRun } from '../fonts/shape-text.ts';
import { type ContentBuilder, type Rgb, utf16HexString } from './content-builder.ts';

/** Slant of synthesised italics (about 11°, what most viewers use). */
const SYNTHETIC_SLANT = 0.2;

/**
 * Draws one shaped line with its baseline starting at (x, y). The line is wrapped in an
 * ActualText span so text extraction returns exactly the characters typed, whatever glyph
 * reordering or conjuncts shaping produced (Devanagari); ToUnicode covers the simple cases.
 */
export function drawShapedLine(
  cb: ContentBuilder,
  embedder: FontEmbedder,
  runs: readonly ShapedRun[],
  x: number,
  y: number,
  size: number,
  color: Rgb,
): void {
  const text = runs.map((r) => r.text).join('');
  if (text.length === 0) return;
  cb.op('BDC', '/Span', `<</ActualText ${utf16HexString(text)}>>`);
  cb.op('BT').fill(color);
  let pen = x;
  for (const run of runs) {
    const font = run.face.font;
    const upem = font.metrics.unitsPerEm;
    const res = embedder.resourceName(font);
    cb.op('Tf', `/${res}`, size);
    cb.op('Tm', 1, 0, run.face.syntheticItalic ? SYNTHETIC_SLANT : 0, 1, pen, y);
    emitGlyphs(cb, embedder, run, upem, size);
    pen += (run.advance / upem) * size;
  }
  cb.op('ET').op('EMC');
}

function emitGlyphs(
  cb: ContentBuilder,
  embedder: FontEmbedder,
  run: ShapedRun,
  upem: number,
  size: number,
): void {
  const font = run.face.font;
  const k = 1000 / upem;
  let rise = 0;
  let items: string[] = [];
  const flush = () => {
    if (items.length > 0) cb.raw(`[${items.join(' ')}] TJ`);
    items = [];
  };
  // Cluster boundaries, so each glyph can be mapped to the characters it stands for.
  const starts = [...new Set(run.glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const clusterText = (cluster: number): string => {
    const next = starts.find((s) => s > cluster) ?? run.text.length;
    return run.text.slice(cluster, next);
  };
  const seenCluster = new Set<number>();
  for (const g of run.glyphs) {
    const text = seenCluster.has(g.cluster) ? '' : clusterText(g.cluster);
    seenCluster.add(g.cluster);
    embedder.useGlyph(font, g.gid, text);
    if (g.yOffset !== rise) {
      flush();
      rise = g.yOffset;
      // Ts is in unscaled text space units (points here), not in ems.
      cb.op('Ts', (rise / upem) * size);
    }
    // TJ numbers move left by n/1000 em; the pdf width is the hmtx advance.
    const natural = font.advance(g.gid);
    if (g.xOffset !== 0) items.push(formatNumber(-g.xOffset * k));
    items.push(`<${g.gid.toString(16).padStart(4, '0')}>`);
    const correction = natural - g.xAdvance + g.xOffset;
    if (correction !== 0) items.push(formatNumber(correction * k));
  }
  flush();
  if (rise !== 0) cb.op('Ts', 0);
}

/** Faces for a tag's font. */
export type Faces = readonly FontFace[];
