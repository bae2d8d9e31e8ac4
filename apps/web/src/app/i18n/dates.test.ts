import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';

describe('formatDate', () => {
  it('defaults to DD MMM YYYY', () => {
    expect(formatDate('2024-03-05T10:00:00Z', { timezone: 'UTC' })).toBe('05 Mar 2024');
  });
  it("applies the user's format and time zone", () => {
    expect(
      formatDate('2024-03-05T22:30:00Z', { dateFormat: 'YYYY-MM-DD', timezone: 'Asia/Kolkata' }, true),
    ).toBe('2024-03-06 04:00');
  });
  it('shows nothing for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
