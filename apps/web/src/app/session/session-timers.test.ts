import { Timing } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { planTimers } from './session-timers.ts';

const session = { accessToken: 'a', refreshToken: 'r', tenantId: null };

describe('planTimers', () => {
  it('refreshes 300 s before expiry and ends the UI session 120 s before it', () => {
    const plan = planTimers({ ...session, expiresAt: 900_000, uisExpiresAt: 900_000 }, 0);
    expect(plan).toEqual({ refreshInMs: 600_000, uisEndsInMs: 780_000 });
  });

  it('plans no proactive refresh for a token that expires sooner than that', () => {
    expect(planTimers({ ...session, expiresAt: 60_000, uisExpiresAt: 60_000 }, 0)).toEqual({
      refreshInMs: null,
      uisEndsInMs: 60_000,
    });
  });

  it('caps the UI session timer at the largest setTimeout delay', () => {
    const far = 10 * Timing.TIMER_CAP_MS;
    expect(planTimers({ ...session, expiresAt: far, uisExpiresAt: far }, 0).uisEndsInMs).toBe(
      Timing.TIMER_CAP_MS,
    );
  });
});
