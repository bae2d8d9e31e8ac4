import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';
import { formatRelative } from './relative-time.ts';

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

describe('formatRelative', () => {
  const now = new Date('2024-03-05T10:00:00Z');
  it('says how long ago in the language’s words within a week', () => {
    expect(formatRelative('2024-03-05T09:58:00Z', 'en', {}, now)).toBe('2 min. ago');
    expect(formatRelative('2024-03-05T09:58:00Z', 'fr', {}, now)).toMatch(/^il y a 2\smin$/);
    expect(formatRelative('2024-03-05T07:00:00Z', 'hi', {}, now)).toBe('3 घं॰ पहले');
    expect(formatRelative('2024-03-04T09:00:00Z', 'en', {}, now)).toBe('yesterday');
    expect(formatRelative('2024-03-05T10:00:00Z', 'en', {}, now)).toBe('now');
  });
  it('gives the date itself for older moments and a clock ahead', () => {
    expect(formatRelative('2024-02-01T10:00:00Z', 'en', { timezone: 'UTC' }, now)).toBe('01 Feb 2024');
    expect(formatRelative('2024-03-05T10:05:00Z', 'en', { timezone: 'UTC' }, now)).toBe('05 Mar 2024');
    expect(formatRelative(null, 'en', {}, now)).toBe('');
  });
});
