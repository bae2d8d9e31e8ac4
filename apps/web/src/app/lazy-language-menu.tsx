import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import type { LanguageMenu } from './layout/language-menu.tsx';

// Mantine's Menu brings floating-ui (~50 KB gzip with what it shares) into the entry; the pages
// before sign-in need nothing else of it, so their language dropdown is fetched once the page
// itself has painted: asked for during the first render, its chunks shared a slow phone's line
// with the page's own and came before the page's largest paint. It appears beside the product
// name, whose title sets the header's height: nothing moves when it does.
const Loaded = lazy(() => import('./layout/language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));

/** True from the frame after the one that painted the first commit. */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame callback runs just before the paint; a task queued from it runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

export function LazyLanguageMenu(props: ComponentProps<typeof LanguageMenu>) {
  const painted = usePaintedOnce();
  return painted ? (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  ) : null;
}
