import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServer, type SignetServer } from '../src/server.ts';
import { createTestDatabase } from './support/test-database.ts';

/** Issue 17: the web app, the signing page, the API and its docs page carry security headers. */

let server: SignetServer;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;

async function start(env: Record<string, string>) {
  const webDistDir = join(dir, 'web');
  return createServer({
    config: {
      ...loadConfig({ SIGNET_DEMO: '1', SIGNET_JOBS: '0', DATA_DIR: join(dir, 'data'), ...env }),
      webDistDir,
    },
    db,
    logger: false,
  });
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'signet-headers-'));
  await mkdir(join(dir, 'web'));
  await writeFile(join(dir, 'web', 'index.html'), '<!doctype html><title>Signet</title>');
  db = await createTestDatabase();
  server = await start({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

function directives(csp: unknown): Map<string, string> {
  return new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('security headers', () => {
  it('serve the web app with a CSP that allows its own scripts only and forbids framing', async () => {
    for (const url of ['/', '/login', '/dashboard']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keep the signing page out of frames and its easy-sign token out of Referer headers', async () => {
    const res = await get('/sign?easytoken=secret-token');
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toBe("'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('give API answers a CSP that loads nothing, and nosniff', async () => {
    const res = await get('/msbapi/public/alive');
    expect(directives(res.headers['content-security-policy']).get('default-src')).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('give the API docs page a CSP of its own that still allows its bundled scripts and styles', async () => {
    const page = await get('/msbapi/docs/');
    const res = page.statusCode === 302 ? await get(String(page.headers.location)) : page;
    expect(res.statusCode).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('style-src')).toContain("'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('send HSTS only when the request came over https (X-Forwarded-Proto behind a trusted proxy)', async () => {
    const plain = await get('/');
    const tls = await get('/', { 'x-forwarded-proto': 'https' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
  });
});
