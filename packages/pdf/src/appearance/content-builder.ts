import { formatNumber } from '../document/pdf-serialize.ts';

export type Rgb = readonly [number, number, number];

/** Builds a content stream from operators; numbers are formatted the PDF way. */
export class ContentBuilder {
  private readonly parts: string[] = [];

  op(operator: string, ...operands: (number | string)[]): this {
    const ops = operands.map((o) => (typeof o === 'number' ? formatNumber(o) : o));
    this.parts.push(ops.length > 0 ? `${ops.join(' ')} ${operator}` : operator);
    return this;
  }

  raw(text: string): this {
    this.parts.push(text);
    return this;
  }

  save(): this {
    return this.op('q');
  }
  restore(): this {
    return this.op('Q');
  }
  fill(color: Rgb): this {
    return this.op('rg', ...color);
  }
  stroke(color: Rgb): this {
    return this.op('RG', ...color);
  }
  rect(x: number, y: number, w: number, h: number): this {
    return this.op('re', x, y, w, h);
  }
  transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    return this.op('cm', a, b, c, d, e, f);
  }

  toBytes(): Buffer {
    return Buffer.from(this.parts.join('\n'), 'latin1');
  }
}

/** A PDF text string in UTF-16BE hex, usable as an operand (ActualText). */
export function utf16HexString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}
