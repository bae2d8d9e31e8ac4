import type { TokenResponse } from '@signet/contracts';
import { forgetLanguageForFrames } from '../i18n/language-cookie.ts';
import type { TokenStore } from './api-client.ts';

/** localStorage keys. Only the three of `KEPT_ON_LOGOUT` survive a sign-out (spec §4). */
export const StorageKey = {
  session: 'signet.session',
  username: 'signet.username',
  dscPort: 'signet.dscPort',
  view: 'signet.view',
  locale: 'signet.locale',
} as const;

export const KEPT_ON_LOGOUT: readonly string[] = [StorageKey.username, StorageKey.dscPort, StorageKey.view];

/** Removes every key of `storage` except `keep`. */
export function clearStorageKeeping(storage: Storage, keep: readonly string[]): void {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null && !keep.includes(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

export interface StoredSession {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms at which the access token expires. */
  expiresAt: number;
  /** Epoch ms at which the UI session ends (spec §4 UIS session). */
  uisExpiresAt: number;
  /** The tenant the user works in (the `tenant_id` header); null for a super admin. */
  tenantId: string | null;
}

type Listener = () => void;

function read(): StoredSession | null {
  try {
    const raw = localStorage.getItem(StorageKey.session);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

function fromTokens(t: TokenResponse, tenantId: string | null, now: number): StoredSession {
  return {
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: now + t.expires_in * 1000,
    uisExpiresAt: now + t.uistokenexpiresin * 1000,
    tenantId,
  };
}

/**
 * The signed-in session, kept in localStorage so a reload or a second tab stays signed in. Other
 * tabs hear about changes through the storage event.
 */
export function createSessionStore(now: () => number = Date.now) {
  const listeners = new Set<Listener>();
  let cached = read();
  const emit = () => {
    for (const l of listeners) l();
  };
  const write = (s: StoredSession | null) => {
    cached = s;
    if (s) localStorage.setItem(StorageKey.session, JSON.stringify(s));
    else localStorage.removeItem(StorageKey.session);
    emit();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key === StorageKey.session || e.key === null) {
        cached = read();
        emit();
      }
    });
  }

  const store = {
    current: (): StoredSession | null => cached,
    accessToken: () => cached?.accessToken ?? null,
    refreshToken: () => cached?.refreshToken || null,
    tenantId: () => cached?.tenantId ?? null,
    /** A new sign-in: the tenant is the one the server chose. */
    start(t: TokenResponse) {
      write(fromTokens(t, t.defaultTenantId, now()));
    },
    /** A refresh keeps the tenant the user switched to. */
    saveTokens(t: TokenResponse) {
      write(fromTokens(t, cached ? cached.tenantId : t.defaultTenantId, now()));
    },
    setTenant(tenantId: string) {
      if (cached) write({ ...cached, tenantId });
    },
    /** Signs out locally: everything goes except the username, DSC port and view preference. */
    clear() {
      clearStorageKeeping(localStorage, KEPT_ON_LOGOUT);
      sessionStorage.clear();
      // The stored language went with the rest (spec §4): the frame follows the browser's again.
      forgetLanguageForFrames();
      write(null);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } satisfies TokenStore & Record<string, unknown>;
  return store;
}

export type SessionStore = ReturnType<typeof createSessionStore>;
