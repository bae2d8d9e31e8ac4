import dayjs from 'dayjs';
import { type DatePreferences, formatDate } from './dates.ts';

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * How long ago, in the language's own words ("2 min. ago", "2 मि॰ पहले", "il y a 2 min"), for a
 * moment within the last week; older (or in the future, a clock ahead) it is the date itself
 * through `formatDate`. Show the full date beside it or on hover: "2 days ago" alone cannot be quoted.
 */
export function formatRelative(
  value: string | null | undefined,
  language: string,
  prefs: DatePreferences = {},
  now: Date = new Date(),
): string {
  if (!value) return '';
  const at = dayjs(value);
  if (!at.isValid()) return '';
  let amount = (now.getTime() - at.valueOf()) / 1000;
  if (amount < 0 || amount >= 7 * 86_400) return formatDate(value, prefs);
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of RELATIVE_STEPS) {
    if (amount < size) return words.format(-Math.floor(amount), unit);
    amount /= size;
  }
  return formatDate(value, prefs);
}
