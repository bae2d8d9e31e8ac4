import { describe, expect, it } from 'vitest';
import { inkBounds } from './signature-image.ts';

function canvasData(width: number, height: number, ink: [number, number][]): Uint8ClampedArray {
  const data = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of ink) data[(y * width + x) * 4 + 3] = 255;
  return data;
}

describe('drawn signatures', () => {
  it('finds the box around the ink, so the picture is trimmed to the signature', () => {
    expect(
      inkBounds(
        canvasData(10, 8, [
          [2, 3],
          [7, 5],
          [4, 1],
        ]),
        10,
        8,
      ),
    ).toEqual({ x: 2, y: 1, width: 6, height: 5 });
  });

  it('says an empty pad has no signature', () => {
    expect(inkBounds(canvasData(10, 8, []), 10, 8)).toBeNull();
  });
});
