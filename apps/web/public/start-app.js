// Starts the app once the page's frame has painted. The page's only script tag for the app is
// this one (apps/web/route-pages.ts writes it with the entry and the chunks to preload): fetched
// with the page, the app's code could arrive first on a fast network and run before the first
// paint, holding back the frame a slow phone shows meanwhile, and Lighthouse's simulation of a
// slow phone network counts every download that ended before that paint into it.
(() => {
  const tag = document.querySelector('script[data-entry]');
  if (!tag) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of (tag.dataset.preload || '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.setAttribute('crossorigin', '');
      link.href = href;
      document.head.appendChild(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.setAttribute('crossorigin', '');
    script.src = tag.dataset.entry;
    document.head.appendChild(script);
  };
  // The task after the next frame's: the frame has painted by then. A hidden tab paints no frame.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
