import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutraliseCsvCell, restoreCsvCell } from '../src/index.ts';

describe('CSV cells', () => {
  it('puts a quote before text a spreadsheet would run as a formula', () => {
    expect(neutraliseCsvCell('=HYPERLINK("http://evil.test","x")')).toBe(
      `'=HYPERLINK("http://evil.test","x")`,
    );
    expect(neutraliseCsvCell("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(neutraliseCsvCell('-2+3')).toBe("'-2+3");
    expect(neutraliseCsvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(neutraliseCsvCell('\t=1+1')).toBe("'\t=1+1");
    expect(neutraliseCsvCell('\r=1+1')).toBe("'\r=1+1");
  });

  it('leaves ordinary text and plain numbers, signed or not, as they are', () => {
    for (const text of ['Jane', 'a=b', 'x@example.test', '', '42', '-5', '+91', '-3.25', ' =1'])
      expect(neutraliseCsvCell(text)).toBe(text);
    expect(neutraliseCsvCell('+91 98765 43210')).toBe("'+91 98765 43210");
  });

  it('gives back exactly the text when a neutralised cell is read again', () => {
    expect(restoreCsvCell("'=1+1")).toBe('=1+1');
    expect(restoreCsvCell("'quoted")).toBe("'quoted");
    expect(neutraliseCsvCell("'=1+1")).toBe("''=1+1");
    fc.assert(fc.property(fc.string(), (text) => restoreCsvCell(neutraliseCsvCell(text)) === text));
    fc.assert(
      fc.property(fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '1', 'a'), fc.string(), (a, b) => {
        const text = a + b;
        return restoreCsvCell(neutraliseCsvCell(text)) === text;
      }),
    );
  });
});
