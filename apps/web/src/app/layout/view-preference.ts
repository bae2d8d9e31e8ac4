import { type Role, UI_VIEW_PARAM, UiView } from '@signet/contracts';
import { useCallback, useState } from 'react';
import { StorageKey } from '../session/session-store.ts';

/** The classic layout (top menu) or the newer one (side navigation). Kept across sign-outs (spec §4). */
export type ViewPreference = 'classic' | 'new';

export function readViewPreference(): ViewPreference {
  return localStorage.getItem(StorageKey.view) === 'new' ? 'new' : 'classic';
}

/**
 * A `POST /public/ui/switch` lands here with `?view=new|classic`: the choice becomes the stored
 * preference and leaves the address bar, so a reload or a bookmark does not switch again.
 */
export function adoptViewFromUrl(
  location: Location = window.location,
  history: History = window.history,
): void {
  const url = new URL(location.href);
  const asked = url.searchParams.get(UI_VIEW_PARAM);
  if (asked === null) return;
  if ((UiView as readonly string[]).includes(asked)) localStorage.setItem(StorageKey.view, asked);
  url.searchParams.delete(UI_VIEW_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** A super admin has no switch (spec §6) and always gets the classic layout. */
export function useViewPreference(role: Role) {
  const [view, setView] = useState<ViewPreference>(readViewPreference);
  const canSwitch = role !== 'super_admin';
  const toggle = useCallback(() => {
    setView((v) => {
      const next = v === 'classic' ? 'new' : 'classic';
      localStorage.setItem(StorageKey.view, next);
      return next;
    });
  }, []);
  return { view: canSwitch ? view : ('classic' as const), toggle: canSwitch ? toggle : null };
}
