import { describe, expect, it } from 'vitest';
import { brandCssVariables, contrast } from './brand-palette.ts';

describe("a tenant's brand colour", () => {
  it.each(['#ffe066', '#0b7285', '#000000', '#ffffff', '#ff0000', '#40c057'])(
    '%s keeps every text readable: filled buttons and coloured text reach 4.5:1',
    (hex) => {
      const v = brandCssVariables(hex);
      const filled = v['--mantine-primary-color-filled'] as string;
      expect(contrast(filled, v['--mantine-primary-color-contrast'] as string)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(v['--signet-brand-text'] as string, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('fills buttons with the exact colour chosen, and gives ten shades from light to dark', () => {
    const v = brandCssVariables('#0b7285');
    expect(v['--mantine-primary-color-filled']).toBe('#0b7285');
    expect(v['--mantine-primary-color-6']).toBe('#0b7285');
    const lums = Array.from({ length: 10 }, (_, i) =>
      contrast(v[`--mantine-primary-color-${i}`] as string, '#000000'),
    );
    expect([...lums].sort((a, b) => b - a)).toEqual(lums);
  });

  it('darkens a colour no text can be read on (pure red) just enough for white text', () => {
    const filled = brandCssVariables('#ff0000')['--mantine-primary-color-filled'] as string;
    expect(filled).not.toBe('#ff0000');
    expect(contrast(filled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(filled, '#ffffff')).toBeLessThan(6);
  });

  it('writes dark text on a light yellow and white text on a dark teal', () => {
    expect(brandCssVariables('#ffe066')['--mantine-primary-color-contrast']).not.toBe('#ffffff');
    expect(brandCssVariables('#0b7285')['--mantine-primary-color-contrast']).toBe('#ffffff');
  });
});
