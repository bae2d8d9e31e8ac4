import { Limits } from '@signet/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface DatePreferences {
  dateFormat?: string | null;
  timezone?: string | null;
}

/** A date in the user's format and time zone (spec §9 default `DD MMM YYYY`); '' for none. */
export function formatDate(
  value: string | null | undefined,
  prefs: DatePreferences = {},
  withTime = false,
): string {
  if (!value) return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  let zoned = date;
  try {
    if (prefs.timezone) zoned = date.tz(prefs.timezone);
  } catch {
    // An unknown zone name: show the browser's local time rather than nothing.
  }
  const format = prefs.dateFormat || Limits.DEFAULT_DATE_FORMAT;
  return zoned.format(withTime ? `${format} HH:mm` : format);
}
