import type { GreyRaster } from '@signet/pdf';
import { describe, expect, it } from 'vitest';
import { changedRegions } from './changed-regions.ts';

function white(width: number, height: number): GreyRaster {
  return { width, height, scale: 0.5, data: new Uint8Array(width * height).fill(255) };
}

function ink(r: GreyRaster, x0: number, y0: number, w: number, h: number): GreyRaster {
  for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) r.data[y * r.width + x] = 0;
  return r;
}

describe('changedRegions', () => {
  it('finds nothing between two identical pictures', () => {
    expect(changedRegions(ink(white(100, 100), 10, 10, 20, 5), ink(white(100, 100), 10, 10, 20, 5))).toEqual(
      [],
    );
  });

  it('ignores grey differences below the noise threshold (anti-aliasing)', () => {
    const b = white(100, 100);
    b.data.fill(230);
    expect(changedRegions(white(100, 100), b)).toEqual([]);
  });

  it('boxes two separate changes apart, in points', () => {
    const b = ink(ink(white(200, 200), 8, 8, 16, 4), 120, 160, 8, 8);
    const regions = changedRegions(white(200, 200), b);
    expect(regions).toHaveLength(2);
    // Cells of 4 px at half a pixel a point: 8 pt a cell.
    expect(regions[0]).toEqual({ x: 16, y: 16, width: 32, height: 8 });
    expect(regions[1]).toEqual({ x: 240, y: 320, width: 16, height: 16 });
  });

  it('treats pages of different sizes as changed all over', () => {
    expect(changedRegions(white(100, 100), white(100, 140))).toEqual([
      { x: 0, y: 0, width: 200, height: 280 },
    ]);
  });
});
