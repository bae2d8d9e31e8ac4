import type { FontFace } from '../fonts/font-catalog.ts';
import { runsWidth, type ShapedRun, shapeText } from '../fonts/shape-text.ts';

export interface LaidLine {
  runs: ShapedRun[];
  width: number;
}

export interface TextBlock {
  lines: LaidLine[];
  size: number;
  lineHeight: number;
  /** Distance from the top of a line box to its baseline. */
  ascent: number;
}

export interface LayoutOptions {
  size: number;
  maxWidth: number;
  maxHeight: number;
  /** Wrap into several lines (text areas) or keep one line (names, dates, ids). */
  wrap: boolean;
  /** Smallest size the text may shrink to so that it fits. */
  minSize?: number;
}

// A break is allowed after spaces and around each Han/Kana character (they need no spaces).
const TOKENS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}][\p{P}]*\s*|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+\s*|\s+/gu;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Lays text out in a box: wraps, then shrinks the size until everything fits (or minSize). */
export function layoutText(text: string, faces: readonly FontFace[], opts: LayoutOptions): TextBlock {
  const minSize = Math.min(opts.size, opts.minSize ?? 4);
  let size = opts.size;
  for (let guard = 0; guard < 40; guard++) {
    const block = layoutAt(text, faces, size, opts);
    const fitsHeight = block.lines.length * block.lineHeight <= opts.maxHeight + 0.01;
    const fitsWidth = block.lines.every((l) => l.width <= opts.maxWidth + 0.01);
    if ((fitsHeight && fitsWidth) || size <= minSize) return block;
    size = Math.max(minSize, size * 0.9);
  }
  return layoutAt(text, faces, minSize, opts);
}

function layoutAt(text: string, faces: readonly FontFace[], size: number, opts: LayoutOptions): TextBlock {
  const primary = faces[0]?.font.metrics;
  const upem = primary?.unitsPerEm ?? 1000;
  const ascent = ((primary?.ascender ?? 900) / upem) * size;
  const lineHeight = (((primary?.ascender ?? 900) - (primary?.descender ?? -250)) / upem) * size;
  const paragraphs = opts.wrap ? text.split(/\r\n|\r|\n/) : [text.replace(/\s*(\r\n|\r|\n)\s*/g, ' ')];
  const lines: LaidLine[] = [];
  const shape = (t: string): LaidLine => {
    const runs = shapeText(t, faces);
    return { runs, width: runsWidth(runs, size) };
  };
  for (const para of paragraphs) {
    if (!opts.wrap) {
      lines.push(shape(para.trim()));
      continue;
    }
    // Most paragraphs fit on one line: one shaping pass instead of one per word.
    const whole = shape(para.trimEnd());
    if (whole.width <= opts.maxWidth) {
      lines.push(whole);
      continue;
    }
    let current = '';
    const tokens = para.match(TOKENS) ?? [''];
    for (const token of tokens) {
      const candidate = current + token;
      if (shape(candidate.trimEnd()).width <= opts.maxWidth || current.trim() === '') {
        if (current.trim() === '' && shape(candidate.trimEnd()).width > opts.maxWidth) {
          // One token wider than the box: break it between graphemes.
          current = breakLongToken(current + token, opts.maxWidth, shape, lines);
        } else current = candidate;
        continue;
      }
      lines.push(shape(current.trimEnd()));
      current = token.trimStart();
      if (shape(current.trimEnd()).width > opts.maxWidth)
        current = breakLongToken(current, opts.maxWidth, shape, lines);
    }
    lines.push(shape(current.trimEnd()));
  }
  return { lines, size, lineHeight, ascent };
}

function breakLongToken(
  token: string,
  maxWidth: number,
  shape: (t: string) => LaidLine,
  lines: LaidLine[],
): string {
  let current = '';
  for (const { segment } of graphemes.segment(token)) {
    if (current !== '' && shape(current + segment).width > maxWidth) {
      lines.push(shape(current));
      current = segment;
    } else current += segment;
  }
  return current;
}
