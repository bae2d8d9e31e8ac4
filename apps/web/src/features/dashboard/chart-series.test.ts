import { describe, expect, it } from 'vitest';
import { weeklySeriesFor } from './chart-series.ts';

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
