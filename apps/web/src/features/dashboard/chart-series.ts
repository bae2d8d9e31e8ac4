import { type ChartScope, WEEKLY_SERIES, WEEKLY_SERIES_USER_OR_GROUP } from '@signet/contracts';
import { eventMark } from '../../ui/tokens/chart-colours.ts';
import { EPAK_STATUS_TONES, SIGNER_STATUS_TONES, statusTone } from '../../ui/tokens/status-colours.ts';

type WeeklySeries = (typeof WEEKLY_SERIES)[number];

/** Spec §9: the user and group charts show only pending, created, stopped and completed. */
export function weeklySeriesFor(scope: ChartScope): readonly WeeklySeries[] {
  return scope === 'user' || scope === 'group' ? WEEKLY_SERIES_USER_OR_GROUP : WEEKLY_SERIES;
}

/**
 * A series that counts a status is drawn in that status's mark (ui/tokens/status-colours.ts);
 * received and created are events, not statuses, in event hues no status uses (chart-colours.ts).
 */
export const SERIES_COLORS: Record<WeeklySeries, string> = {
  received: eventMark(0),
  rejected: EPAK_STATUS_TONES.Rejected.mark,
  signed: SIGNER_STATUS_TONES.Signed.mark,
  pending: SIGNER_STATUS_TONES.Pending.mark,
  created: eventMark(1),
  stopped: EPAK_STATUS_TONES.Stopped.mark,
  completed: EPAK_STATUS_TONES.Completed.mark,
};

/** The ePak statuses in the order of their life (the tokens' order); others after, as they came. */
const STATUS_ORDER = Object.keys(EPAK_STATUS_TONES);

/**
 * The "ePaks by status" chart's rows from the statistics' summary: one row per status with a
 * count, in the order of an ePak's life, each in its status's mark; a status the contracts do not
 * know (an older server) comes last, neutral (`labelOf` names it "Unknown status", never by its code).
 */
export function statusRows(
  summary: Readonly<Record<string, number>>,
  labelOf: (status: string) => string,
): { key: string; label: string; color: string; values: { count: number } }[] {
  const rank = (status: string) => {
    const at = STATUS_ORDER.indexOf(status);
    return at < 0 ? STATUS_ORDER.length : at;
  };
  return Object.entries(summary)
    .map(([status, count], at) => ({ status, count, at }))
    .sort((a, b) => rank(a.status) - rank(b.status) || a.at - b.at)
    .map(({ status, count }) => ({
      key: status,
      label: labelOf(status),
      color: statusTone('epak', status).mark,
      values: { count },
    }));
}
