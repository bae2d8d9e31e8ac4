import { Timing } from '@signet/contracts';
import type { StoredSession } from './session-store.ts';

export interface TimerPlan {
  /** Delay before refreshing the token ahead of its expiry, or null when too close to plan one. */
  refreshInMs: number | null;
  /** Delay before the UI session ends (spec §4: token expiry minus the correction, capped). */
  uisEndsInMs: number;
}

/** When to refresh proactively and when the UI session ends, for a stored session. */
export function planTimers(s: StoredSession, now: number): TimerPlan {
  const refreshAt = s.expiresAt - Timing.TOKEN_REFRESH_CALL_TIME_S * 1000;
  const correction = Timing.UIS_SESSION_CORRECTION_S * 1000;
  // A token shorter than the correction would end the session at once; then it lasts the token's life.
  const uisEnd = s.uisExpiresAt - (s.uisExpiresAt - now > correction ? correction : 0);
  return {
    refreshInMs: refreshAt > now ? Math.min(refreshAt - now, Timing.TIMER_CAP_MS) : null,
    uisEndsInMs: Math.max(0, Math.min(uisEnd - now, Timing.TIMER_CAP_MS)),
  };
}
