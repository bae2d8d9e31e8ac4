import { describe, expect, it } from 'vitest';
import {
  boxesOverlap,
  clampFontSize,
  clampZoom,
  dimensionsCrossed,
  insidePage,
  limitsFor,
  overlappingSignatures,
  type PlacedTag,
  pageUnderDrop,
  pastedBox,
} from '../src/tags/placement.ts';

const A4 = { width: 595, height: 842 };
const sig = (x: number, y: number, extra: Partial<PlacedTag> = {}): PlacedTag => ({
  type: 'signature',
  pageNumber: 1,
  positionX: x,
  positionY: y,
  blockWidth: 100,
  blockHeight: 40,
  ...extra,
});

describe('overlap of signature tags', () => {
  it('allows an overlap up to 3 points for existing tags, and none for a new tag', () => {
    const a = sig(100, 100, { id: 'a' });
    const b = sig(197, 137, { id: 'b' }); // 3 × 3 overlap
    expect(overlappingSignatures(b, [a], false)).toEqual([]);
    expect(overlappingSignatures(b, [a], true)).toEqual([a]);
    const c = sig(196, 136, { id: 'c' }); // 4 × 4 overlap
    expect(overlappingSignatures(c, [a], false)).toEqual([a]);
  });
  it('lets touching tags be, and only checks the same page', () => {
    const a = sig(100, 100, { id: 'a' });
    expect(overlappingSignatures(sig(200, 100), [a], true)).toEqual([]);
    expect(overlappingSignatures(sig(100, 100, { pageNumber: 2 }), [a], true)).toEqual([]);
  });
  it('lets a signature and a rubber stamp overlap, and ignores other tag types', () => {
    const a = sig(100, 100, { id: 'a' });
    expect(overlappingSignatures(sig(100, 100, { key: 'rubberStamp' }), [a], true)).toEqual([]);
    expect(overlappingSignatures(sig(100, 100), [{ ...a, key: 'rubberStamp' }], true)).toEqual([]);
    expect(overlappingSignatures({ ...sig(100, 100), type: 'text' }, [a], true)).toEqual([]);
  });
  it('treats overlap as symmetric', () => {
    const a = sig(0, 0);
    const b = sig(50, 20);
    expect(boxesOverlap(a, b, 3)).toBe(boxesOverlap(b, a, 3));
  });
});

describe('page bounds, sizes, paste and zoom', () => {
  it('keeps a tag inside the page', () => {
    expect(insidePage(sig(0, 0), A4)).toBe(true);
    expect(insidePage(sig(495, 802), A4)).toBe(true);
    expect(insidePage(sig(496, 0), A4)).toBe(false);
    expect(insidePage(sig(-1, 0), A4)).toBe(false);
  });
  it('reports the limits crossed by a resize', () => {
    const limits = limitsFor('signature', { maxWidth: 150 });
    expect(dimensionsCrossed(sig(0, 0), limits)).toBeNull();
    expect(dimensionsCrossed({ ...sig(0, 0), blockWidth: 151 }, limits)).toEqual(limits);
    expect(dimensionsCrossed({ ...sig(0, 0), blockHeight: Number.NaN }, limits)).toEqual(limits);
  });
  it('pastes 10 right and 8 down, and refuses when the copy would leave the page', () => {
    expect(pastedBox(sig(10, 10), A4)).toMatchObject({ positionX: 20, positionY: 18 });
    expect(pastedBox(sig(490, 10), A4)).toBeNull();
  });
  it('clamps font sizes and zoom (rounded to 2 decimals)', () => {
    expect(clampFontSize(100, { minFontSize: 6, maxFontSize: 48 })).toBe(48);
    expect(clampZoom(0.1)).toBe(0.6);
    expect(clampZoom(9)).toBe(3);
    expect(clampZoom(1.23456)).toBe(1.23);
  });
  it('finds the page under a drop, or none (the move reverts)', () => {
    const pages = [
      { pageNumber: 1, top: 0, left: 0, width: 600, height: 800 },
      { pageNumber: 2, top: 820, left: 0, width: 600, height: 800 },
    ];
    expect(pageUnderDrop({ x: 10, y: 900 }, pages)).toBe(2);
    expect(pageUnderDrop({ x: 10, y: 810 }, pages)).toBeNull();
  });
});
