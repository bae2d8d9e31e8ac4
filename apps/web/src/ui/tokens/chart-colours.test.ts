import { describe, expect, it } from 'vitest';
import { EVENT_MARKS, eventMark } from './chart-colours.ts';
import { contrastRatio, deltaE } from './contrast.ts';
import { TONES } from './status-colours.ts';

describe('event hues of charts', () => {
  it('are graphical colours of at least 3:1 on white (WCAG 1.4.11)', () => {
    for (const colour of EVENT_MARKS)
      expect(contrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(3);
  });

  it('differ by at least ΔE 20 from every status mark and from one another', () => {
    const marks = Object.values(TONES).map((tone) => tone.mark);
    const close: string[] = [];
    for (const [i, colour] of EVENT_MARKS.entries())
      for (const other of [...marks, ...EVENT_MARKS.slice(i + 1)])
        if (deltaE(colour, other) < 20) close.push(`${colour} ~ ${other}`);
    expect(close).toEqual([]);
  });

  it('repeat past three, in order', () => {
    expect([0, 1, 2, 3].map(eventMark)).toEqual([...EVENT_MARKS, EVENT_MARKS[0]]);
  });
});
