import { randomBytes } from 'node:crypto';
import { dict, name, PdfDict, type PdfObject, type PdfRef, PdfString } from '../core/objects.ts';
import type { ObjectSink } from '../document/object-sink.ts';
import { flateStream } from '../document/pdf-serialize.ts';
import type { LoadedFont } from './loaded-font.ts';
import { subsetTrueType } from './truetype-subset.ts';

interface FontUse {
  resourceName: string;
  /** gid → the text it stands for (first cluster seen), for the ToUnicode map. */
  glyphs: Map<number, string>;
}

/**
 * Collects the glyphs every appearance of one revision uses, then embeds each font once as a
 * Type0 / CIDFontType2 subset (Identity-H, CID = glyph id) with widths and a ToUnicode map.
 */
export class FontEmbedder {
  private readonly uses = new Map<LoadedFont, FontUse>();

  resourceName(font: LoadedFont): string {
    let use = this.uses.get(font);
    if (!use) {
      use = { resourceName: `F${this.uses.size + 1}`, glyphs: new Map() };
      this.uses.set(font, use);
    }
    return use.resourceName;
  }

  useGlyph(font: LoadedFont, gid: number, text: string): void {
    this.resourceName(font);
    const glyphs = this.uses.get(font)?.glyphs;
    if (glyphs && !glyphs.has(gid)) glyphs.set(gid, text);
  }

  /** Writes the fonts; returns the /Font resource dictionary entries by resource name. */
  emit(sink: ObjectSink): PdfDict {
    const fonts = new PdfDict();
    for (const [font, use] of this.uses) fonts.set(use.resourceName, embedFont(sink, font, use.glyphs));
    return fonts;
  }
}

function embedFont(sink: ObjectSink, font: LoadedFont, glyphs: Map<number, string>): PdfRef {
  const m = font.metrics;
  const k = font.toThousandths;
  // Subset tag: six capital letters (ISO 32000 §9.9.2), random so subsets never collide.
  const tag = [...randomBytes(6)].map((b) => String.fromCharCode(65 + (b % 26))).join('');
  const baseFont = `${tag}+${font.postScriptName}`;
  const fontFile = sink.add(flateStream(new PdfDict(), subsetTrueType(font.sfnt, glyphs.keys())));
  const flags = (m.isFixedPitch ? 1 : 0) | 4 | (m.italicAngle !== 0 ? 64 : 0); // symbolic: not Standard Latin
  const descriptor = sink.add(
    dict({
      Type: name('FontDescriptor'),
      FontName: name(baseFont),
      Flags: flags,
      FontBBox: m.bbox.map((v) => Math.round(v * k)),
      ItalicAngle: m.italicAngle,
      Ascent: Math.round(m.ascender * k),
      Descent: Math.round(m.descender * k),
      CapHeight: Math.round(m.capHeight * k),
      StemV: Math.round(50 + (m.weightClass / 65) ** 2),
      FontFile2: fontFile,
    }),
  );
  const gids = [...glyphs.keys()].sort((a, b) => a - b);
  const widths: PdfObject[] = [];
  for (const gid of gids) widths.push(gid, [Math.round(font.advance(gid) * k)]);
  const cidFont = sink.add(
    dict({
      Type: name('Font'),
      Subtype: name('CIDFontType2'),
      BaseFont: name(baseFont),
      CIDSystemInfo: dict({
        Registry: PdfString.text('Adobe'),
        Ordering: PdfString.text('Identity'),
        Supplement: 0,
      }),
      FontDescriptor: descriptor,
      DW: 1000,
      W: widths,
      CIDToGIDMap: name('Identity'),
    }),
  );
  const toUnicode = sink.add(flateStream(new PdfDict(), Buffer.from(toUnicodeCMap(glyphs), 'latin1')));
  return sink.add(
    dict({
      Type: name('Font'),
      Subtype: name('Type0'),
      BaseFont: name(baseFont),
      Encoding: name('Identity-H'),
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}

function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

function toUnicodeCMap(glyphs: Map<number, string>): string {
  const entries = [...glyphs].filter(([, t]) => t.length > 0).sort((a, b) => a[0] - b[0]);
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<0000> <FFFF>',
    'endcodespacerange',
  ];
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    lines.push(`${chunk.length} beginbfchar`);
    for (const [gid, text] of chunk) lines.push(`<${gid.toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`);
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}
