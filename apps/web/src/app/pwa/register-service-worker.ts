/**
 * Registers `/sw.js` (public/sw.js: the offline page, nothing else) once the page has loaded, so
 * it never competes with the first paint. Only in a build: Vite's dev server has no worker to serve.
 */
export function registerServiceWorker(win: Window = window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    win.navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without the worker the app works the same; only the offline page is missing.
    });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
