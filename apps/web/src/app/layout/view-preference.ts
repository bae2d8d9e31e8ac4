import type { Role } from '@signet/contracts';
import { useCallback, useState } from 'react';
import { StorageKey } from '../session/session-store.ts';

/** The classic layout (top menu) or the newer one (side navigation). Kept across sign-outs (spec §4). */
export type ViewPreference = 'classic' | 'new';

export function readViewPreference(): ViewPreference {
  return localStorage.getItem(StorageKey.view) === 'new' ? 'new' : 'classic';
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
