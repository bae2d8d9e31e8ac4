/**
 * Just enough of the TrueType/OpenType container to embed a font in a PDF: the table directory
 * and the metrics a FontDescriptor needs. Outlines are read by the subsetter.
 */
export interface SfntTables {
  readonly data: Buffer;
  readonly tables: ReadonlyMap<string, { offset: number; length: number }>;
}

export interface SfntMetrics {
  unitsPerEm: number;
  bbox: [number, number, number, number];
  ascender: number;
  descender: number;
  capHeight: number;
  italicAngle: number;
  numGlyphs: number;
  numberOfHMetrics: number;
  weightClass: number;
  /** OS/2 fsType bit 1: the licence forbids embedding (restricted licence). */
  embeddingRestricted: boolean;
  isFixedPitch: boolean;
}

export function readSfnt(data: Buffer): SfntTables {
  const version = data.readUInt32BE(0);
  if (version !== 0x00010000 && version !== 0x74727565) {
    throw new Error('not a TrueType font (OpenType CFF and collections are not supported)');
  }
  const count = data.readUInt16BE(4);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = data.toString('latin1', at, at + 4);
    const offset = data.readUInt32BE(at + 8);
    const length = data.readUInt32BE(at + 12);
    if (offset + length > data.length) throw new Error(`font table ${tag} lies outside the file`);
    tables.set(tag, { offset, length });
  }
  for (const required of ['head', 'hhea', 'maxp', 'hmtx', 'loca', 'glyf']) {
    if (!tables.has(required)) throw new Error(`font has no ${required} table`);
  }
  return { data, tables };
}

export function table(font: SfntTables, tag: string): Buffer {
  const t = font.tables.get(tag);
  if (!t) throw new Error(`font has no ${tag} table`);
  return font.data.subarray(t.offset, t.offset + t.length);
}

export function readMetrics(font: SfntTables): SfntMetrics {
  const head = table(font, 'head');
  const hhea = table(font, 'hhea');
  const maxp = table(font, 'maxp');
  const os2 = font.tables.has('OS/2') ? table(font, 'OS/2') : undefined;
  const post = font.tables.has('post') ? table(font, 'post') : undefined;
  const ascender = os2 && os2.length >= 72 ? os2.readInt16BE(68) : hhea.readInt16BE(4);
  const descender = os2 && os2.length >= 72 ? os2.readInt16BE(70) : hhea.readInt16BE(6);
  return {
    unitsPerEm: head.readUInt16BE(18),
    bbox: [head.readInt16BE(36), head.readInt16BE(38), head.readInt16BE(40), head.readInt16BE(42)],
    ascender,
    descender,
    capHeight: os2 && os2.length >= 90 ? os2.readInt16BE(88) : Math.round(ascender * 0.7),
    italicAngle: post ? post.readInt32BE(4) / 65536 : 0,
    numGlyphs: maxp.readUInt16BE(4),
    numberOfHMetrics: hhea.readUInt16BE(34),
    weightClass: os2 ? os2.readUInt16BE(4) : 400,
    embeddingRestricted: os2 ? (os2.readUInt16BE(8) & 0x000f) === 0x0002 : false,
    isFixedPitch: post ? post.readUInt32BE(12) !== 0 : false,
  };
}

/** Advance width of a glyph in font units, from hmtx (the last metric repeats). */
export function advanceWidth(font: SfntTables, metrics: SfntMetrics, gid: number): number {
  const hmtx = table(font, 'hmtx');
  const i = Math.min(gid, metrics.numberOfHMetrics - 1);
  return i * 4 + 2 <= hmtx.length ? hmtx.readUInt16BE(i * 4) : 0;
}
