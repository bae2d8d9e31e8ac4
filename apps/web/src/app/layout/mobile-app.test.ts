import { describe, expect, it } from 'vitest';
import { isMobileApp, markMobileApp } from './mobile-app.ts';

/** A window whose display mode is `display` and whose session storage is its own. */
function fakeWindow(display: 'browser' | 'standalone'): Window {
  const store = new Map<string, string>();
  return {
    matchMedia: (query: string) => ({ matches: query === `(display-mode: ${display})` }),
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    },
  } as unknown as Window;
}

describe('the mobile app (spec §2: no reports there)', () => {
  it('a browser tab is not the mobile app', () => {
    expect(isMobileApp(fakeWindow('browser'))).toBe(false);
  });

  it('the installed app, running standalone, is the mobile app', () => {
    expect(isMobileApp(fakeWindow('standalone'))).toBe(true);
  });

  it('a tab opened at /mobileinternallogin is the mobile app for the rest of its session', () => {
    const win = fakeWindow('browser');
    markMobileApp(win);
    expect(isMobileApp(win)).toBe(true);
  });
});
