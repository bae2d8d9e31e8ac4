import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Mantine reads these browser APIs, which jsdom does not have.
const { getComputedStyle } = window;
window.getComputedStyle = (elt) => getComputedStyle(elt);
window.HTMLElement.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Textarea autosize listens for web fonts loading.
if (!document.fonts) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// findBy* waits up to 1 s by default; on a loaded two-core machine (two busy processes beside the
// suite, npm run test:under-load) the first render of a lazy route can take longer than that.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
