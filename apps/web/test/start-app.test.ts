import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SCRIPT = readFileSync(join(import.meta.dirname, '../public/start-app.js'), 'utf8');

/** The page's head as route-pages.ts writes it, then start-app.js run as the browser runs it. */
function runStartScript(): void {
  document.head.innerHTML =
    '<script src="/start-app.js" defer data-entry="/assets/index-1.js" data-preload="/assets/react-1.js /assets/login-page-1.js"></script>';
  new Function(SCRIPT)();
}

const added = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"], script[type="module"]')].map((el) =>
    el.tagName === 'LINK' ? `preload ${el.getAttribute('href')}` : `run ${el.getAttribute('src')}`,
  );

describe('the start script', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('adds nothing before the frame has painted, then the preloads and the entry, once', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    runStartScript();
    expect(added()).toEqual([]);
    frames.shift()?.(0);
    // The frame callback runs before that frame paints: the app starts in the task after it.
    expect(added()).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual([
      'preload /assets/react-1.js',
      'preload /assets/login-page-1.js',
      'run /assets/index-1.js',
    ]);
    const entry = document.head.querySelector<HTMLScriptElement>('script[type="module"]');
    // As Vite's own tags: fetched with CORS, as a module script and its preloads must match.
    expect(entry?.getAttribute('crossorigin')).toBe('');
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('crossorigin')).toBe('');
  });

  it('starts at once in a hidden tab, which paints no frame', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    runStartScript();
    expect(frame).not.toHaveBeenCalled();
    expect(added()).toContain('run /assets/index-1.js');
  });
});
