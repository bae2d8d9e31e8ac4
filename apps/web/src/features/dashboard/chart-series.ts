import { type ChartScope, WEEKLY_SERIES, WEEKLY_SERIES_USER_OR_GROUP } from '@signet/contracts';

/** Spec §9: the user and group charts show only pending, created, stopped and completed. */
export function weeklySeriesFor(scope: ChartScope): readonly (typeof WEEKLY_SERIES)[number][] {
  return scope === 'user' || scope === 'group' ? WEEKLY_SERIES_USER_OR_GROUP : WEEKLY_SERIES;
}

export const SERIES_COLORS: Record<(typeof WEEKLY_SERIES)[number], string> = {
  received: '#1c7ed6',
  rejected: '#e03131',
  signed: '#2f9e44',
  pending: '#f08c00',
  created: '#7048e8',
  stopped: '#868e96',
  completed: '#0ca678',
};
