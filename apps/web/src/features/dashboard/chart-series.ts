import { type ChartScope, WEEKLY_SERIES, WEEKLY_SERIES_USER_OR_GROUP } from '@signet/contracts';
import { EPAK_STATUS_TONES, SIGNER_STATUS_TONES } from '../../ui/tokens/status-colours.ts';

/** Spec §9: the user and group charts show only pending, created, stopped and completed. */
export function weeklySeriesFor(scope: ChartScope): readonly (typeof WEEKLY_SERIES)[number][] {
  return scope === 'user' || scope === 'group' ? WEEKLY_SERIES_USER_OR_GROUP : WEEKLY_SERIES;
}

/**
 * A series that counts a status is drawn in that status's colour (ui/tokens/status-colours.ts);
 * received and created are events, not statuses, with hues no status series uses.
 */
export const SERIES_COLORS: Record<(typeof WEEKLY_SERIES)[number], string> = {
  received: '#1c7ed6',
  rejected: EPAK_STATUS_TONES.Rejected.mark,
  signed: SIGNER_STATUS_TONES.Signed.mark,
  pending: SIGNER_STATUS_TONES.Pending.mark,
  created: '#7048e8',
  stopped: EPAK_STATUS_TONES.Stopped.mark,
  completed: EPAK_STATUS_TONES.Completed.mark,
};
