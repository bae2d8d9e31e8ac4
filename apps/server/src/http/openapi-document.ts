import type { Deps } from '../domain/deps.ts';
import { buildApp } from './build-app.ts';

/**
 * The OpenAPI document as the running server publishes it at `/msbapi/openapi.json`, built
 * without a database: routes are only registered, never called, so no dependency is touched.
 */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const app = await buildApp({} as Deps, { logger: false, rateLimitPerMinute: 1, webDistDir: null });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
  }
}

/** The document as it is checked in: stable key order from the routes, two-space JSON, final newline. */
export function serializeOpenApi(doc: Record<string, unknown>): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
