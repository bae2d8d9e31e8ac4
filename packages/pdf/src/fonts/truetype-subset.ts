import { readMetrics, type SfntTables, table } from './sfnt.ts';

/**
 * Subsets a TrueType font keeping glyph ids: glyphs not used are emptied (zero-length in loca),
 * so the PDF can use CIDToGIDMap /Identity with the ids the shaper returned. Composite glyphs
 * pull in their components. Only the tables a PDF consumer reads are kept; hinting programs
 * stay because the kept glyphs may call into them.
 */
export function subsetTrueType(font: SfntTables, used: Iterable<number>): Buffer {
  const metrics = readMetrics(font);
  const head = table(font, 'head');
  const longLoca = head.readInt16BE(50) === 1;
  const loca = table(font, 'loca');
  const glyf = table(font, 'glyf');
  const n = metrics.numGlyphs;
  const offsetOf = (gid: number): number =>
    longLoca ? loca.readUInt32BE(gid * 4) : loca.readUInt16BE(gid * 2) * 2;
  const glyphBytes = (gid: number): Buffer => {
    if (gid < 0 || gid >= n) return Buffer.alloc(0);
    const start = offsetOf(gid);
    const end = offsetOf(gid + 1);
    return end > start && end <= glyf.length ? glyf.subarray(start, end) : Buffer.alloc(0);
  };

  const keep = new Set<number>([0]);
  const stack = [...used];
  while (stack.length > 0) {
    const gid = stack.pop() as number; // length checked above
    if (keep.has(gid) && gid !== 0) continue;
    keep.add(gid);
    for (const component of compositeComponents(glyphBytes(gid)))
      if (!keep.has(component)) stack.push(component);
  }

  const newLoca = Buffer.alloc((n + 1) * 4);
  const pieces: Buffer[] = [];
  let at = 0;
  for (let gid = 0; gid < n; gid++) {
    newLoca.writeUInt32BE(at, gid * 4);
    if (!keep.has(gid)) continue;
    const g = glyphBytes(gid);
    const padded = g.length % 4 === 0 ? g : Buffer.concat([g, Buffer.alloc(4 - (g.length % 4))]);
    pieces.push(padded);
    at += padded.length;
  }
  newLoca.writeUInt32BE(at, n * 4);

  const newHead = Buffer.from(head);
  newHead.writeInt16BE(1, 50); // indexToLocFormat: long offsets
  newHead.writeUInt32BE(0, 8); // checkSumAdjustment, recomputed below

  const out = new Map<string, Buffer>([
    ['head', newHead],
    ['hhea', table(font, 'hhea')],
    ['maxp', table(font, 'maxp')],
    ['hmtx', table(font, 'hmtx')],
    ['loca', newLoca],
    ['glyf', Buffer.concat(pieces)],
  ]);
  for (const optional of ['cvt ', 'fpgm', 'prep', 'OS/2', 'post']) {
    if (font.tables.has(optional)) out.set(optional, table(font, optional));
  }
  if (out.has('post')) {
    // Keep the post header only (format 3: no glyph names), the names table can be large.
    const post = Buffer.from(table(font, 'post').subarray(0, 32));
    post.writeUInt32BE(0x00030000, 0);
    out.set('post', post);
  }
  return assemble(out);
}

/** Glyph ids referenced by a composite glyph (numberOfContours < 0). */
function compositeComponents(g: Buffer): number[] {
  if (g.length < 10 || g.readInt16BE(0) >= 0) return [];
  const out: number[] = [];
  let p = 10;
  for (let guard = 0; guard < 1000 && p + 4 <= g.length; guard++) {
    const flags = g.readUInt16BE(p);
    out.push(g.readUInt16BE(p + 2));
    p += 4;
    p += flags & 0x0001 ? 4 : 2; // ARG_1_AND_2_ARE_WORDS
    if (flags & 0x0008)
      p += 2; // WE_HAVE_A_SCALE
    else if (flags & 0x0040)
      p += 4; // X_AND_Y_SCALE
    else if (flags & 0x0080) p += 8; // TWO_BY_TWO
    if (!(flags & 0x0020)) break; // MORE_COMPONENTS
  }
  return out;
}

function checksum(b: Buffer): number {
  let sum = 0;
  const padded = b.length % 4 === 0 ? b : Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

function assemble(tables: Map<string, Buffer>): Buffer {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(0x00010000, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(count * 16 - searchRange, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tags.forEach((tag, i) => {
    const data = tables.get(tag) as Buffer; // tags come from the map's own keys
    const at = 12 + i * 16;
    header.write(tag, at, 'latin1');
    header.writeUInt32BE(checksum(data), at + 4);
    header.writeUInt32BE(offset, at + 8);
    header.writeUInt32BE(data.length, at + 12);
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    bodies.push(padded);
    offset += padded.length;
  });
  const file = Buffer.concat([header, ...bodies]);
  const headAt = header.readUInt32BE(12 + tags.indexOf('head') * 16 + 8);
  file.writeUInt32BE((0xb1b0afba - checksum(file)) >>> 0, headAt + 8);
  return file;
}
