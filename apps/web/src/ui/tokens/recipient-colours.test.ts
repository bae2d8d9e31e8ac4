import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { NO_RECIPIENT_COLOUR, RECIPIENT_COLOURS, recipientColour } from './recipient-colours.ts';

/** CIE76 colour difference in L*a*b* (D65): about 2.3 is just noticeable, 20 is clearly another colour. */
function deltaE(a: string, b: string): number {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

function lab(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047);
  const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722);
  const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

describe('recipient colours', () => {
  it('are ten, each a graphical colour of at least 3:1 on white (WCAG 1.4.11)', () => {
    expect(RECIPIENT_COLOURS).toHaveLength(10);
    for (const colour of RECIPIENT_COLOURS)
      expect(contrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(3);
  });

  it('differ from one another by at least ΔE 20, so two recipients are never told apart by a shade', () => {
    const close: string[] = [];
    RECIPIENT_COLOURS.forEach((a, i) => {
      RECIPIENT_COLOURS.slice(i + 1).forEach((b) => {
        if (deltaE(a, b) < 20) close.push(`${a} ~ ${b}`);
      });
    });
    expect(close).toEqual([]);
  });

  it('follow the recipient’s place, repeat after the tenth, and are grey for nobody', () => {
    expect(recipientColour(0)).toBe(RECIPIENT_COLOURS[0]);
    expect(recipientColour(3)).toBe(RECIPIENT_COLOURS[3]);
    expect(recipientColour(10)).toBe(RECIPIENT_COLOURS[0]);
    expect(recipientColour(-1)).toBe(NO_RECIPIENT_COLOUR);
    expect(RECIPIENT_COLOURS).not.toContain(NO_RECIPIENT_COLOUR);
  });
});
