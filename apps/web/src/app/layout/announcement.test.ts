import { describe, expect, it } from 'vitest';
import { announcementState } from './announcement.ts';

const a = { text: 'Maintenance tonight', startTime: '2024-01-01T10:00:00Z', endTime: '2024-01-01T12:00:00Z' };
const at = (iso: string) => Date.parse(iso);

describe('announcement banner', () => {
  it('is hidden before startTime, with a timer to show it', () => {
    expect(announcementState(a, at('2024-01-01T09:00:00Z'))).toEqual({
      visible: false,
      changesInMs: 3_600_000,
    });
  });
  it('shows between startTime and endTime, with a timer to hide it', () => {
    expect(announcementState(a, at('2024-01-01T11:00:00Z'))).toEqual({
      visible: true,
      changesInMs: 3_600_000,
    });
  });
  it('is hidden after endTime for good', () => {
    expect(announcementState(a, at('2024-01-01T12:00:00Z'))).toEqual({ visible: false, changesInMs: null });
  });
  it('is hidden without an announcement or with nonsense times', () => {
    expect(announcementState(null, 0).visible).toBe(false);
    expect(announcementState({ ...a, endTime: 'x' }, at('2024-01-01T11:00:00Z')).visible).toBe(false);
  });
});
