// Signet's service worker: only an offline page. Pages, scripts and API calls go to the network
// as if it were not here (the server's own caching rules apply); a page that cannot be fetched
// at all is answered with /offline.html instead of the browser's error.
const CACHE = 'signet-offline-v1';
const OFFLINE_FILES = ['/offline.html', '/offline.js', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(OFFLINE_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The page's request starts while the worker starts, so answering through it costs no time.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      for (const name of await caches.keys()) {
        if (name.startsWith('signet-offline-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  // The API's pages (its documentation, downloads opened as pages) are not the app's to answer.
  if (new URL(request.url).pathname.includes('/msbapi/')) return;
  event.respondWith(
    (async () => {
      try {
        const preloaded = await event.preloadResponse;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await caches.match('/offline.html')) ?? Response.error();
      }
    })(),
  );
});

// The offline page itself: its files from the cache when the network has none.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.mode === 'navigate' || url.origin !== self.location.origin) return;
  if (!OFFLINE_FILES.includes(url.pathname)) return;
  event.respondWith(
    fetch(event.request).catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
  );
});
