import { type ComponentProps, lazy, Suspense } from 'react';
import type { LanguageMenu } from './layout/language-menu.tsx';

// Mantine's Menu brings floating-ui (~30 KB gzip) into the entry; the pages before sign-in need
// nothing else of it, so their language dropdown arrives just after the first paint. It appears
// beside the product name, whose title sets the header's height: nothing moves when it does.
const Loaded = lazy(() => import('./layout/language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));

export function LazyLanguageMenu(props: ComponentProps<typeof LanguageMenu>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
