import * as hb from 'harfbuzzjs';
import { advanceWidth, readMetrics, readSfnt, type SfntMetrics, type SfntTables } from './sfnt.ts';

/** One TrueType face, parsed once and kept for the life of the process. */
export class LoadedFont {
  readonly sfnt: SfntTables;
  readonly metrics: SfntMetrics;
  readonly hbFont: hb.Font;
  readonly postScriptName: string;
  readonly id: string;

  constructor(data: Buffer, id: string) {
    this.id = id;
    this.sfnt = readSfnt(data);
    this.metrics = readMetrics(this.sfnt);
    const face = new hb.Face(new hb.Blob(data));
    this.hbFont = new hb.Font(face);
    const ps = face.getName(6, 'en') || id;
    this.postScriptName = ps.replace(/[^A-Za-z0-9-]/g, '').slice(0, 60) || 'Font';
  }

  hasCodePoint(cp: number): boolean {
    const g = this.hbFont.nominalGlyph(cp);
    return g !== undefined && g !== 0;
  }

  /** Advance in font units as the PDF /W array will state it. */
  advance(gid: number): number {
    return advanceWidth(this.sfnt, this.metrics, gid);
  }

  /** Scale from font units to text space thousandths (PDF glyph space). */
  get toThousandths(): number {
    return 1000 / this.metrics.unitsPerEm;
  }
}
