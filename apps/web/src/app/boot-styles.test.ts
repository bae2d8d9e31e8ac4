import { afterEach, describe, expect, it } from 'vitest';
import { applyDeferredStyles } from './boot-styles.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the stylesheet index.html only preloads', () => {
  it('is linked where it was preloaded and the first render waits until it has loaded', async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-styles><style id="later"></style>';
    let applied = false;
    const done = applyDeferredStyles().then(() => {
      applied = true;
    });
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(link?.getAttribute('href')).toBe('/assets/index-1.css');
    expect(link?.getAttribute('crossorigin')).toBe('');
    expect(link?.nextElementSibling?.id).toBe('later');
    await Promise.resolve();
    expect(applied).toBe(false);
    link?.dispatchEvent(new Event('load'));
    await done;
    expect(applied).toBe(true);
  });

  it('lets the app render when the stylesheet fails, and at once when nothing was deferred (development)', async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/gone.css" data-app-styles>';
    const done = applyDeferredStyles();
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('error'));
    await done;
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/font.css">';
    await applyDeferredStyles();
    expect(document.head.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
  });
});
