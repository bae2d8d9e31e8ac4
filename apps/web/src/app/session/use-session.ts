import { useEffect, useSyncExternalStore } from 'react';
import { api, sessionStore } from './client.ts';
import type { StoredSession } from './session-store.ts';
import { planTimers } from './session-timers.ts';

/** The stored session; re-renders when it changes here or in another tab. */
export function useStoredSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.current, () => null);
}

/**
 * Keeps an active session alive: refreshes the token ahead of its expiry when the user did
 * something since the last token, and ends the UI session (spec §4 UIS) when they did not.
 */
export function useSessionTimers(onUisExpired: () => void): void {
  const session = useStoredSession();
  useEffect(() => {
    if (!session) return;
    let active = false;
    const markActive = () => {
      active = true;
    };
    window.addEventListener('pointerdown', markActive);
    window.addEventListener('keydown', markActive);
    const plan = planTimers(session, Date.now());
    const timers: ReturnType<typeof setTimeout>[] = [];
    if (plan.refreshInMs !== null) {
      timers.push(
        setTimeout(() => {
          if (active) void api.refreshSession();
        }, plan.refreshInMs),
      );
    }
    timers.push(setTimeout(onUisExpired, plan.uisEndsInMs));
    return () => {
      for (const t of timers) clearTimeout(t);
      window.removeEventListener('pointerdown', markActive);
      window.removeEventListener('keydown', markActive);
    };
  }, [session, onUisExpired]);
}
