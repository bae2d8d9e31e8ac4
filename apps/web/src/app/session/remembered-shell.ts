import { StorageKey, type StoredSession } from './session-store.ts';
import { userIdOf } from './token-claims.ts';

/**
 * The shell's last answers (who is signed in, the tenant's configuration), kept for the next
 * load. The app starts from them and asks again at once: the shell and the first screen are drawn
 * in the first render, which React slices, instead of in the render a query's answer sets off,
 * which `useSyncExternalStore` makes one blocking task — 150 ms on a slow phone for the
 * dashboard. The server still decides what anyone may do; the answers are only what to draw first.
 * They belong to one user in one tenant, and go at sign-out with the rest of the storage.
 */
type Part = 'user' | 'configuration';

interface Remembered {
  owner: string;
  parts: Partial<Record<Part, unknown>>;
}

/** Whose answers: the token's user in the session's tenant; null when the token names nobody. */
export function ownerOf(session: StoredSession | null): string | null {
  const user = session ? userIdOf(session.accessToken) : null;
  return session && user ? `${user}|${session.tenantId ?? ''}` : null;
}

function read(): Remembered | null {
  try {
    const raw = localStorage.getItem(StorageKey.shell);
    return raw ? (JSON.parse(raw) as Remembered) : null;
  } catch {
    return null;
  }
}

/** The last answer for this owner, if any. */
export function recall<T>(part: Part, owner: string | null): T | undefined {
  const stored = read();
  return owner && stored?.owner === owner ? (stored.parts[part] as T | undefined) : undefined;
}

/** Keeps an answer for this owner (another owner's answers are dropped), and returns it. */
export function remember<T>(part: Part, owner: string | null, value: T): T {
  if (!owner) return value;
  const stored = read();
  const parts = stored?.owner === owner ? stored.parts : {};
  try {
    localStorage.setItem(StorageKey.shell, JSON.stringify({ owner, parts: { ...parts, [part]: value } }));
  } catch {
    // A full or refused storage only means the next load starts without it.
  }
  return value;
}
