import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServer, type SignetServer } from '../src/server.ts';
import { createTestDatabase } from './support/test-database.ts';

/** Issue 21: the built web app is sent compressed, hashed assets cached for good, robots.txt real. */

let dir: string;
let server: SignetServer;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

const PAGE = `<!doctype html><title>Signet</title><meta name="description" content="d">${'<!-- page -->'.repeat(200)}`;
const CHUNK = `export const chunk = ${JSON.stringify('x'.repeat(4000))};`;
const ROBOTS = 'User-agent: *\nDisallow: /sign\n';
const LOGIN_PAGE =
  '<!doctype html><title>Signet</title><link rel="modulepreload" href="/assets/login-page-1.js">';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'signet-static-'));
  const web = join(dir, 'web');
  await mkdir(join(web, 'assets'), { recursive: true });
  // What the web build writes: each file and its brotli and gzip twins.
  for (const [name, text] of [
    ['index.html', PAGE],
    ['assets/index-Ab12Cd34.js', CHUNK],
  ] as const) {
    await writeFile(join(web, name), text);
    await writeFile(join(web, `${name}.br`), brotliCompressSync(text));
    await writeFile(join(web, `${name}.gz`), gzipSync(text));
  }
  await writeFile(join(web, 'robots.txt'), ROBOTS);
  await mkdir(join(web, 'routes'));
  await writeFile(join(web, 'routes/login.html'), LOGIN_PAGE);
  // A screen whose heading the build painted into its page, once per language.
  await writeFile(join(web, 'routes/dashboard.html'), 'dashboard, no frame');
  for (const language of ['en', 'hi', 'fr']) {
    await writeFile(join(web, `routes/dashboard.${language}.html`), `dashboard in ${language}`);
  }
  db = await createTestDatabase();
  server = await createServer({
    config: {
      ...loadConfig({ SIGNET_DEMO: '0', SIGNET_JOBS: '0', DATA_DIR: join(dir, 'data') }),
      webDistDir: web,
    },
    db,
    logger: false,
  });
});
afterAll(async () => {
  await server.close();
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('sends a hashed asset brotli-compressed to a browser that takes brotli, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(CHUNK);
  });

  it('sends gzip to a browser without brotli and the plain file to one that takes neither', async () => {
    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);
    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('sends the page of every client route compressed and revalidated on each load, so a release shows at once', async () => {
    for (const url of ['/', '/profile', '/sign?easytoken=abc']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    }
  });

  it('sends a first screen the page the build wrote for its route (its chunks preloaded), other routes index.html', async () => {
    for (const url of ['/login', '/login?redirect_uri=x', '/login/']) {
      const res = await get(url);
      expect(res.body).toBe(LOGIN_PAGE);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/loginx')).body).toBe(PAGE);
    expect((await get('/profile')).body).toBe(PAGE);
  });

  it("sends a first screen's page painted in the language the app said it will show, else in the browser's", async () => {
    const page = (headers: Record<string, string>) => get('/dashboard', headers);
    expect((await page({ cookie: 'a=1; signet_locale=hi; b=2', 'accept-language': 'fr' })).body).toBe(
      'dashboard in hi',
    );
    expect((await page({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' })).body).toBe('dashboard in fr');
    expect((await page({ cookie: 'signet_locale=de', 'accept-language': 'de-DE' })).body).toBe(
      'dashboard in en',
    );
    const res = await page({});
    expect(res.body).toBe('dashboard in en');
    // A cache between the browser and us must keep one copy per language.
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the page a browser would refuse as a script', async () => {
    const res = await get('/assets/index-Gone9999.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
    expect(res.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('answers /robots.txt with the rules for crawlers, not the page', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toBe(ROBOTS);
  });
});
