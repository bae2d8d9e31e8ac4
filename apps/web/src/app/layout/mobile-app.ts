/** Set by `/mobileinternallogin`, the mobile app's way in, for the rest of the browser session. */
const MOBILE_APP_KEY = 'signet.mobileApp';

/**
 * Spec §2 "reports: not on the mobile app": the web app counts as the mobile app when it runs
 * installed (display-mode standalone, as the manifest asks) or was opened at `/mobileinternallogin`.
 */
export function isMobileApp(win: Window = window): boolean {
  const standalone = win.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return standalone || win.sessionStorage.getItem(MOBILE_APP_KEY) === '1';
}

export function markMobileApp(win: Window = window): void {
  win.sessionStorage.setItem(MOBILE_APP_KEY, '1');
}
