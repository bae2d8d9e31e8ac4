import { HttpResponse, http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** `{code: 1, data}` as the server answers. */
export function ok(data: unknown, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ code: 1, data, ...extra });
}

export function fail(status: number, code: number, data?: unknown) {
  return HttpResponse.json({ code, message: `code ${code}`, data }, { status });
}

/**
 * An msw server for a test file. The app calls relative URLs (`/msbapi/…`), which Node's fetch
 * refuses, so they are resolved against the page's origin before msw sees them.
 */
export function setupMockServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  let original: typeof fetch;
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    original = globalThis.fetch;
    globalThis.fetch = (input, init) =>
      original(
        typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.origin) : input,
        init,
      );
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    globalThis.fetch = original;
    server.close();
  });
  return server;
}

export { HttpResponse, http };
