/** How index.html marks the stylesheets it only preloads (apps/web/route-pages.ts writes it). */
export const DEFERRED_STYLES_SELECTOR = 'link[rel="preload"][as="style"][data-app-styles]';

/**
 * index.html preloads the application's stylesheet instead of linking it, so that its frame
 * paints at once on a slow network rather than after the stylesheet (issue 21). This applies
 * it, in document order, and settles once it has loaded (or failed: an unstyled page beats
 * none), so the first render never shows unstyled.
 */
export function applyDeferredStyles(doc: Document = document): Promise<void> {
  const pending = [...doc.querySelectorAll<HTMLLinkElement>(DEFERRED_STYLES_SELECTOR)].map(
    (preload) =>
      new Promise<void>((resolve) => {
        const link = doc.createElement('link');
        link.rel = 'stylesheet';
        const cors = preload.getAttribute('crossorigin');
        if (cors !== null) link.setAttribute('crossorigin', cors);
        link.setAttribute('href', preload.getAttribute('href') ?? '');
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
        preload.after(link);
      }),
  );
  return Promise.all(pending).then(() => undefined);
}
