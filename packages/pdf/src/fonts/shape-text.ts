import * as hb from 'harfbuzzjs';
import type { FontFace } from './font-catalog.ts';

/** A glyph as the shaper placed it, in font units. */
export interface ShapedGlyph {
  gid: number;
  /** UTF-16 index into the run's text where this glyph's cluster starts. */
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** Consecutive text drawn with one face. */
export interface ShapedRun {
  face: FontFace;
  text: string;
  glyphs: ShapedGlyph[];
  /** Sum of advances in font units. */
  advance: number;
}

// Characters that belong to the run before them whatever font has them: combining marks,
// (variation selectors are marks too), joiners and other format controls, spaces.
const ATTACHES = /[\p{M}\p{Cf}\p{Zs}]/u;

/** Splits text into runs of the first face that has each character, then shapes each run. */
export function shapeText(text: string, faces: readonly FontFace[]): ShapedRun[] {
  const primary = faces[0];
  if (!primary) throw new Error('no font to shape with');
  const pieces: { face: FontFace; text: string }[] = [];
  for (const ch of text) {
    const current = pieces[pieces.length - 1];
    const cp = ch.codePointAt(0) ?? 0;
    let face: FontFace;
    if (current && (ATTACHES.test(ch) || current.face.font.hasCodePoint(cp))) face = current.face;
    else face = faces.find((f) => f.font.hasCodePoint(cp)) ?? primary;
    if (current && current.face === face) current.text += ch;
    else pieces.push({ face, text: ch });
  }
  return pieces.map((p) => shapeRun(p.face, p.text));
}

function shapeRun(face: FontFace, text: string): ShapedRun {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(face.font.hbFont, buffer);
  const infos = buffer.getGlyphInfos();
  const positions = buffer.getGlyphPositions();
  const glyphs: ShapedGlyph[] = [];
  let advance = 0;
  infos.forEach((info, i) => {
    const pos = positions[i];
    const g = {
      gid: info.codepoint,
      cluster: info.cluster,
      xAdvance: pos?.xAdvance ?? 0,
      xOffset: pos?.xOffset ?? 0,
      yOffset: pos?.yOffset ?? 0,
    };
    advance += g.xAdvance;
    glyphs.push(g);
  });
  return { face, text, glyphs, advance };
}

/** Width of shaped runs at a font size, in points. */
export function runsWidth(runs: readonly ShapedRun[], size: number): number {
  let w = 0;
  for (const r of runs) w += (r.advance / r.face.font.metrics.unitsPerEm) * size;
  return w;
}

export function measureText(text: string, faces: readonly FontFace[], size: number): number {
  return runsWidth(shapeText(text, faces), size);
}
