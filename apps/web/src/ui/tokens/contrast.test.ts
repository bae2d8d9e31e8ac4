import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';

describe('contrast ratio (WCAG 2)', () => {
  it('is 21 for black on white, 1 for a colour on itself, and the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1c7ed6', '#1c7ed6')).toBe(1);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(contrastRatio('#767676', '#ffffff'), 10);
  });

  it('puts #767676 on white just over 4.5:1, the usual reference grey', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
