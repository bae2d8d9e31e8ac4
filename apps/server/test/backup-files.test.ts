import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { writeBackup } from '../src/ops/backup.ts';
import { type BackupKey, decryptBackup } from '../src/ops/backup-crypto.ts';
import { backupKeyOf, installationOf } from '../src/ops/installation.ts';
import { RestoreRefused, restoreBackup } from '../src/ops/restore.ts';
import { createServer } from '../src/server.ts';
import { samplePdf, upload } from './support/epak-helpers.ts';
import { DEMO_PASSWORD, type TestServer } from './support/test-server.ts';

const MASTER_KEY = randomBytes(32).toString('hex');
const KEY: BackupKey = { kind: 'keyFile', bytes: randomBytes(32) };

/** An installation on PGlite in `dataDir`, opened from its configuration as `npm start` does. */
async function start(dataDir: string) {
  const config = {
    ...loadConfig({
      SIGNET_DEMO: '1',
      SIGNET_JOBS: '0',
      AUTH_RATE_LIMIT: '10000',
      APP_URL: 'http://signet.test',
      SIGNET_MASTER_KEY: MASTER_KEY,
      DATA_DIR: dataDir,
    }),
    webDistDir: '/nonexistent',
  };
  const server = await createServer({ config, logger: false });
  await server.app.ready();
  return { config, server };
}

/** Every file and folder under `dir` (itself included) with its permission bits. */
async function modes(dir: string): Promise<{ path: string; mode: number; dir: boolean }[]> {
  const found: { path: string; mode: number; dir: boolean }[] = [];
  async function visit(path: string) {
    const info = await stat(path);
    found.push({ path, mode: info.mode & 0o777, dir: info.isDirectory() });
    if (info.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  }
  await visit(dir);
  return found;
}

const openToOthers = (entries: { mode: number }[]) => entries.filter((e) => (e.mode & 0o077) !== 0);

let work = '';
let dataDir = '';
let documentBytes: Buffer;
let plainArchive = '';
let encryptedArchive = '';
let openAfterFirstRun = 0;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'signet-backup-files-'));
  // Two levels that do not exist yet, as a fresh DATA_DIR.
  dataDir = join(work, 'srv', 'data');
  const first = await start(dataDir);
  const call = async <T>(method: 'POST', url: string, o: { form?: Record<string, string> }) => {
    const res = await first.server.app.inject({
      method,
      url: `/msbapi${url}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(o.form).toString(),
    });
    return res.json() as { code: number; data: T };
  };
  const signIn = await call<{ access_token: string }>('POST', '/v1/authenticate', {
    form: { username: 'custodian@demo.test', password: DEMO_PASSWORD },
  });
  const t = {
    call: async (
      method: string,
      url: string,
      o: { token?: string; body?: unknown; headers?: Record<string, string> },
    ) => {
      const res = await first.server.app.inject({
        method: method as 'POST',
        url: `/msbapi${url}`,
        headers: { ...o.headers, ...(o.token ? { access_token: o.token } : {}) },
        payload: o.body as Buffer,
      });
      return res.json();
    },
  } as unknown as TestServer;
  const doc = await upload(t, signIn.data.access_token, 'Private.pdf', samplePdf('Private terms', 1));
  const { rows } = await first.server.deps.db.raw.query<{ blob_hash: string }>(
    'select blob_hash from document_versions where document_id = $1',
    [doc.documentId],
  );
  documentBytes = Buffer.from(await first.server.deps.blobs.get(rows[0]?.blob_hash ?? ''));
  await first.server.close();
  openAfterFirstRun = openToOthers(await modes(dataDir)).length;
}, 180_000);

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the files of an installation', () => {
  it('a missing DATA_DIR is made 0700, and the embedded database’s files (PGlite makes them 0666) are closed to others when the server stops', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(openAfterFirstRun).toBe(0);
  });

  it('an installation left open to others (files 0666, folders 0755) is closed on its next start', async () => {
    const files = (await modes(dataDir)).filter((e) => !e.dir);
    const opened = [dataDir, join(dataDir, 'blobs'), ...files.slice(0, 50).map((f) => f.path)];
    for (const path of opened) await chmod(path, path === dataDir || path.endsWith('blobs') ? 0o755 : 0o666);
    const again = await start(dataDir);
    try {
      const now = await modes(dataDir);
      expect(openToOthers(now.filter((e) => opened.includes(e.path)))).toEqual([]);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    } finally {
      await again.server.close();
    }
    expect(openToOthers(await modes(dataDir))).toEqual([]);
  }, 120_000);

  it('the backup archive is the owner’s alone (0600)', async () => {
    plainArchive = join(work, 'plain.tar.gz');
    await writeBackup({ ...installationOf(loadConfig({ DATA_DIR: dataDir })), out: plainArchive });
    expect((await stat(plainArchive)).mode & 0o777).toBe(0o600);
    // The control for the test below: in a plain archive the document's bytes are there to read.
    expect(gunzipSync(await readFile(plainArchive)).includes(documentBytes)).toBe(true);
  }, 120_000);
});

describe('encrypted backups', () => {
  beforeAll(async () => {
    encryptedArchive = join(work, 'encrypted.tar.gz.enc');
    await writeBackup({
      ...installationOf(loadConfig({ DATA_DIR: dataDir })),
      out: encryptedArchive,
      key: KEY,
    });
  }, 120_000);

  it('hold none of a document’s bytes, in clear or compressed, and are 0600', async () => {
    const sealed = await readFile(encryptedArchive);
    expect((await stat(encryptedArchive)).mode & 0o777).toBe(0o600);
    expect(sealed.subarray(0, 8).toString()).toBe('SIGNETBK');
    expect(sealed.includes(documentBytes.subarray(0, 64))).toBe(false);
    expect(sealed.includes(Buffer.from('manifest.json'))).toBe(false);
    expect(() => gunzipSync(sealed)).toThrow();
    const opened = await buffer(Readable.from([sealed]).pipe(decryptBackup(KEY)));
    expect(gunzipSync(opened).includes(documentBytes)).toBe(true);
  });

  it('are refused without their key, with another key or passphrase, and with one byte changed, before anything is written', async () => {
    const target = join(work, 'refused');
    const into = installationOf(loadConfig({ DATA_DIR: target }));
    const flipped = join(work, 'flipped.enc');
    const sealed = await readFile(encryptedArchive);
    sealed[Math.floor(sealed.length / 2)] = (sealed[Math.floor(sealed.length / 2)] ?? 0) ^ 0x01;
    await writeFile(flipped, sealed);
    const attempts: [string, BackupKey | null, RegExp][] = [
      [encryptedArchive, null, /encrypted: give the key/],
      [encryptedArchive, { kind: 'keyFile', bytes: randomBytes(32) }, /key does not open this archive/],
      [
        encryptedArchive,
        { kind: 'passphrase', passphrase: 'a long passphrase' },
        /encrypted with a key file/,
      ],
      [flipped, KEY, /changed or damaged after it was written/],
    ];
    for (const [from, key, message] of attempts) {
      const error = await restoreBackup({ from, ...into, key }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RestoreRefused);
      expect((error as Error).message).toMatch(message);
    }
    await expect(readdir(join(target, 'pglite'))).rejects.toThrow();
    await expect(readdir(join(target, 'blobs'))).rejects.toThrow();
  }, 120_000);

  it('restore with their key file into a private data folder, the document as it was', async () => {
    const keyFile = join(work, 'backup.key');
    await writeFile(keyFile, Buffer.from(KEY.bytes).toString('hex'));
    const key = await backupKeyOf(['--key-file', 'backup.key'], {}, work);
    const target = join(work, 'restored');
    const into = installationOf(loadConfig({ DATA_DIR: target }));
    const manifest = await restoreBackup({ from: encryptedArchive, ...into, key });
    expect(manifest.blobs.count).toBeGreaterThan(0);
    expect((await stat(target)).mode & 0o777).toBe(0o700);
    const restored = await start(target);
    try {
      const { rows } = await restored.server.deps.db.raw.query<{ blob_hash: string }>(
        'select blob_hash from document_versions',
      );
      const blobs = await Promise.all(rows.map((r) => restored.server.deps.blobs.get(r.blob_hash)));
      expect(blobs.some((b) => Buffer.from(b).equals(documentBytes))).toBe(true);
    } finally {
      await restored.server.close();
    }
  }, 180_000);
});
