import { describe, expect, it } from 'vitest';
import { EPAK_STATUS_TONES, TONES } from '../../ui/tokens/status-colours.ts';
import { SERIES_COLORS, statusRows, weeklySeriesFor } from './chart-series.ts';

describe('weekly chart series (spec §9)', () => {
  it('user and group scopes show pending, created, stopped and completed', () => {
    expect(weeklySeriesFor('user')).toEqual(['pending', 'created', 'stopped', 'completed']);
    expect(weeklySeriesFor('group')).toEqual(['pending', 'created', 'stopped', 'completed']);
  });
  it('all and groupuser scopes show every series', () => {
    expect(weeklySeriesFor('all')).toHaveLength(7);
    expect(weeklySeriesFor('groupuser')).toContain('received');
  });
});

describe('the ePaks-by-status chart', () => {
  it('has a row per status in the order of an ePak’s life, each in its status’s mark', () => {
    const rows = statusRows({ Stopped: 1, Archived: 2, Draft: 3, Completed: 4 }, (s) => `word ${s}`);
    expect(rows.map((r) => r.key)).toEqual(['Draft', 'Completed', 'Stopped', 'Archived']);
    expect(rows[1]).toEqual({
      key: 'Completed',
      label: 'word Completed',
      color: EPAK_STATUS_TONES.Completed.mark,
      values: { count: 4 },
    });
  });

  it('puts a status it does not know last, neutral', () => {
    const rows = statusRows({ Frozen: 5, Draft: 1 }, (s) => (s === 'Draft' ? 'Draft' : 'Unknown status'));
    expect(rows.map((r) => [r.label, r.color])).toEqual([
      ['Draft', TONES.neutral.mark],
      ['Unknown status', TONES.neutral.mark],
    ]);
  });
});

describe('weekly series colours', () => {
  it('draw status series in their status’s mark and events in hues no status uses', () => {
    expect(SERIES_COLORS.completed).toBe(EPAK_STATUS_TONES.Completed.mark);
    const marks = new Set(Object.values(TONES).map((t) => t.mark));
    expect(marks.has(SERIES_COLORS.received)).toBe(false);
    expect(marks.has(SERIES_COLORS.created)).toBe(false);
  });
});
