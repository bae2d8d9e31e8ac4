import type { TokenResponse } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { clearStorageKeeping, createSessionStore, KEPT_ON_LOGOUT, StorageKey } from './session-store.ts';

const tokens = {
  access_token: 'a1',
  refresh_token: 'r1',
  expires_in: 900,
  uistokenexpiresin: 900,
  defaultTenantId: 't1',
} as TokenResponse;

describe('session store', () => {
  it('logout clears storage except the username, DSC port and view preference', () => {
    localStorage.setItem(StorageKey.username, 'a@b.c');
    localStorage.setItem(StorageKey.dscPort, '1645');
    localStorage.setItem(StorageKey.view, 'new');
    localStorage.setItem(StorageKey.locale, 'hi');
    localStorage.setItem('anything.else', 'x');
    sessionStorage.setItem('signet.challenge', '{}');
    const store = createSessionStore(() => 0);
    store.start(tokens);
    store.clear();
    expect(Object.keys(localStorage).sort()).toEqual([...KEPT_ON_LOGOUT].sort());
    expect(sessionStorage.length).toBe(0);
    expect(store.accessToken()).toBeNull();
  });

  it('a refresh keeps the tenant the user switched to', () => {
    const store = createSessionStore(() => 1000);
    store.start(tokens);
    expect(store.tenantId()).toBe('t1');
    store.setTenant('t2');
    store.saveTokens({ ...tokens, access_token: 'a2', refresh_token: 'r2' });
    expect(store.tenantId()).toBe('t2');
    expect(store.current()).toMatchObject({ accessToken: 'a2', refreshToken: 'r2', expiresAt: 901_000 });
  });

  it('clearStorageKeeping removes only the other keys', () => {
    localStorage.setItem('a', '1');
    localStorage.setItem('b', '2');
    localStorage.setItem('c', '3');
    clearStorageKeeping(localStorage, ['b']);
    expect(Object.keys(localStorage)).toEqual(['b']);
  });
});
