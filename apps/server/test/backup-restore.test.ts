import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { nssDbTrusting, pdfsig } from '@signet/pdf/testing';
import type { InjectOptions } from 'fastify';
import { unzipSync } from 'fflate';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { sealCompletedEpaks } from '../src/domain/jobs/scheduled-work.ts';
import { tenantRoot } from '../src/domain/signing/seal-signer.ts';
import { writeBackup } from '../src/ops/backup.ts';
import { type BackupManifest, REFERENCED_BLOBS_SQL } from '../src/ops/backup-format.ts';
import { installationOf } from '../src/ops/installation.ts';
import { RestoreRefused, restoreBackup } from '../src/ops/restore.ts';
import { createServer } from '../src/server.ts';
import { composeAndSend, samplePdf, signAll, upload } from './support/epak-helpers.ts';
import { startS3Server } from './support/s3-server.ts';
import { createTestDatabase, TEST_DATABASE_URL } from './support/test-database.ts';
import { DEMO_PASSWORD, type TestServer } from './support/test-server.ts';

/** Both installations share the master key, as an operator restoring their own backup does. */
const MASTER_KEY = randomBytes(32).toString('hex');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A whole installation on its own data folder (and database), opened from its configuration as `npm start` does. */
async function startInstallation(env: Record<string, string>) {
  const config = {
    ...loadConfig({
      AUTH_RATE_LIMIT: '10000',
      SIGNET_JOBS: '0',
      APP_URL: 'http://signet.test',
      SIGNET_MASTER_KEY: MASTER_KEY,
      ...env,
    }),
    webDistDir: '/nonexistent',
  };
  const server = await createServer({ config, logger: false });
  await server.app.ready();
  async function call<T = unknown>(
    method: InjectOptions['method'],
    url: string,
    o: {
      token?: string;
      body?: unknown;
      headers?: Record<string, string>;
      form?: Record<string, string>;
    } = {},
  ) {
    const headers: Record<string, string> = { ...o.headers, ...(o.token ? { access_token: o.token } : {}) };
    const res = await server.app.inject({
      method,
      url: `/msbapi${url}`,
      headers: o.form ? { ...headers, 'content-type': 'application/x-www-form-urlencoded' } : headers,
      ...(o.form ? { payload: new URLSearchParams(o.form).toString() } : {}),
      ...(o.body !== undefined ? { payload: o.body as InjectOptions['payload'] } : {}),
    });
    let parsed: { code?: number; data?: T; message?: string } = {};
    try {
      parsed = res.json();
    } catch {
      // a file
    }
    return {
      status: res.statusCode,
      code: parsed.code ?? Number.NaN,
      data: parsed.data as T,
      message: parsed.message,
      rawPayload: res.rawPayload,
    };
  }
  async function signIn(email: string) {
    const res = await call<{ access_token: string; defaultTenantId: string }>('POST', '/v1/authenticate', {
      form: { username: email, password: DEMO_PASSWORD },
    });
    if (res.code !== 1) throw new Error(`sign-in of ${email} failed: ${res.code} ${res.message}`);
    return { token: res.data.access_token, tenantId: res.data.defaultTenantId };
  }
  return { config, server, deps: server.deps, call, signIn, close: () => server.close() };
}
type Installation = Awaited<ReturnType<typeof startInstallation>>;

/** A fresh PostgreSQL database of its own, dropped by `drop`. */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `signet_backup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function documentVersions(inst: Installation): Promise<{ id: string; blob_hash: string }[]> {
  return (
    await inst.deps.db.raw.query<{ id: string; blob_hash: string }>(
      `select document_id::text || '#' || version as id, blob_hash from document_versions
        order by document_id, version`,
    )
  ).rows;
}

/** One blob entry's first data byte changed, as a bit flip on a backup disk would. */
function tamperOneBlobByte(archive: Buffer): Buffer {
  const tarBytes = gunzipSync(archive);
  // A tar header starts on a 512-byte boundary with the entry's name.
  let header = tarBytes.indexOf(Buffer.from('blobs/'));
  while (header >= 0 && header % 512 !== 0) header = tarBytes.indexOf(Buffer.from('blobs/'), header + 1);
  if (header < 0) throw new Error('no blob entry in the archive');
  const data = header + 512;
  tarBytes[data] = (tarBytes[data] ?? 0) ^ 0xff;
  return gzipSync(tarBytes);
}

/** The archive again with its manifest changed by `change` (every other entry as it was). */
async function withManifest(archive: Buffer, change: (m: BackupManifest) => void): Promise<Buffer> {
  const extract = tar.extract();
  const pack = tar.pack();
  const out: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack.pipe(createGzip())) out.push(chunk as Buffer);
  })();
  const feeding = pipeline(Readable.from([archive]), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const c of entry) chunks.push(c as Buffer);
    let body = Buffer.concat(chunks);
    if (entry.header.name === 'manifest.json') {
      const m = JSON.parse(body.toString()) as BackupManifest;
      change(m);
      body = Buffer.from(JSON.stringify(m));
    }
    pack.entry({ name: entry.header.name, size: body.length }, body);
  }
  await feeding;
  pack.finalize();
  await collected;
  return Buffer.concat(out);
}

const kinds: ('pglite' | 'postgres')[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

describe.each(kinds)('backup and restore on %s', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  let work = '';
  let archive = '';
  let source: Installation | null = null;
  let restored: Installation | null = null;
  let versions: { id: string; blob_hash: string }[] = [];
  let activityEntries = 0;
  let epakId = '';
  let custodianToken = '';
  let s3: Awaited<ReturnType<typeof startS3Server>>;

  /**
   * An installation's environment: its own data folder, and its own database on PostgreSQL.
   * Blobs on S3 (a prefix of its own) where `s3Prefix` is given, in the data folder otherwise.
   */
  async function envFor(dir: string, s3Prefix?: string): Promise<Record<string, string>> {
    const blobs: Record<string, string> = s3Prefix
      ? {
          S3_BUCKET: s3.settings.bucket,
          S3_ENDPOINT: s3.settings.endpoint,
          S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
          S3_PREFIX: s3Prefix,
        }
      : {};
    if (kind === 'pglite') return { DATA_DIR: dir, ...blobs };
    const db = await freshDatabase();
    cleanup.push(db.drop);
    return { DATA_DIR: dir, DATABASE_URL: db.url, ...blobs };
  }
  // Both blob stores on both sides: the embedded installation backs up from files and restores
  // into S3; the PostgreSQL one backs up from S3 and restores into files.
  const sourcePrefix = kind === 'postgres' ? 'source/' : undefined;
  const restoredPrefix = kind === 'pglite' ? 'restored/' : undefined;

  beforeAll(async () => {
    s3 = await startS3Server();
    cleanup.push(() => s3.close());
    work = await mkdtemp(join(tmpdir(), 'signet-backup-test-'));
    archive = join(work, 'signet.tar.gz');
    source = await startInstallation({
      ...(await envFor(join(work, 'source'), sourcePrefix)),
      SIGNET_DEMO: '1',
    });
    const custodian = await source.signIn('custodian@demo.test');
    custodianToken = custodian.token;
    const signer1 = await source.signIn('signer1@demo.test');
    const submitter = await source.signIn('submitter@demo.test');
    const t = source as unknown as TestServer;
    // Signed twice, as in the ePak journey: an eSignature and an internal signature.
    const e = await composeAndSend(
      t,
      custodian.token,
      [
        { type: 'SIGN', recipients: ['signer1@demo.test'] },
        { type: 'SIGN', recipients: ['submitter@demo.test'], signingPolicy: 'INTERNAL' },
      ],
      { subject: 'Backed up' },
    );
    epakId = e.epakId;
    expect((await signAll(t, signer1.token, e.epakId, e.documentId)).code).toBe(1);
    expect(
      (await signAll(t, submitter.token, e.epakId, e.documentId, { pin: '4711-secret' })).data.status,
    ).toBe('Completed');
    expect(await sealCompletedEpaks(source.deps)).toEqual({ sealed: 1, failed: 0 });
    // A document that is only uploaded, in the custodian's drafts.
    await upload(t, custodian.token, 'Draft only.pdf', samplePdf('Draft only', 1));
    versions = await documentVersions(source);
    const admin = await source.signIn('admin@demo.test');
    const verdict = await source.call<{ valid: boolean; entries: number }>('GET', '/v2/activity/verify', {
      token: admin.token,
    });
    expect(verdict.data.valid).toBe(true);
    activityEntries = verdict.data.entries;
  }, 240_000);

  afterAll(async () => {
    await restored?.close();
    await source?.close();
    for (const c of cleanup) await c();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('a backup holds the database and every blob it refers to', async () => {
    const s = source as Installation;
    if (kind === 'pglite') {
      // PGlite belongs to one process: the installation is stopped for its backup.
      await s.close();
      source = null;
    }
    // On PostgreSQL the installation keeps serving: documents uploaded while the backup runs
    // are in it or not, as the snapshot saw them, never a row without its blob.
    const during =
      kind === 'postgres'
        ? Promise.all(
            [1, 2, 3].map((i) =>
              upload(
                s as unknown as TestServer,
                custodianToken,
                `During ${i}.pdf`,
                samplePdf(`During ${i}`, 1),
              ),
            ),
          )
        : Promise.resolve([]);
    const manifest = await writeBackup({ ...installationOf(s.config), out: archive });
    await during;
    expect(manifest.database.kind).toBe(kind);
    expect(manifest.migrations.applied).toBeGreaterThan(0);
    const backedUp = new Set(manifest.blobs.hashes);
    for (const v of versions) expect(backedUp).toContain(v.blob_hash);
    if (kind === 'pglite') expect(backedUp).toEqual(new Set(versions.map((v) => v.blob_hash)));
    expect(manifest.counts.document_versions).toBeGreaterThanOrEqual(versions.length);
  }, 120_000);

  it('restores into an empty installation whose documents, signatures and activity chain are intact', async () => {
    const env = await envFor(join(work, 'restored'), restoredPrefix);
    const target = installationOf(loadConfig({ ...env }));
    const said: string[] = [];
    await restoreBackup({ from: archive, ...target, progress: (m) => said.push(m) });
    expect(said.at(-1)).toMatch(/^restored: /);

    restored = await startInstallation(env);
    const admin = await restored.signIn('admin@demo.test');
    const verdict = await restored.call<{ valid: boolean; entries: number; brokenAt: number | null }>(
      'GET',
      '/v2/activity/verify',
      { token: admin.token },
    );
    // The whole chain as backed up, plus this sign-in, the restored installation's first entry.
    expect(verdict.data).toMatchObject({ valid: true, entries: activityEntries + 1, brokenAt: null });

    const got = await documentVersions(restored);
    expect(got).toEqual(expect.arrayContaining(versions));
    if (kind === 'pglite') expect(got).toEqual(versions);
    // Every version the restored database names has its bytes, and they are what it names.
    for (const v of got) expect(sha256(await restored.deps.blobs.get(v.blob_hash))).toBe(v.blob_hash);

    const custodian = await restored.signIn('custodian@demo.test');
    const zip = await restored.call('GET', `/v2/epaks/${epakId}/download`, { token: custodian.token });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const pdfs = Object.entries(files).filter(([name]) => name.endsWith('.pdf'));
    expect(pdfs.map(([name]) => name)).toContain('Backed up.pdf');
    const tenantId = custodian.tenantId;
    const root = await restored.deps.db.withTenant(tenantId, (tx) =>
      tenantRoot(tx, tenantId, restored?.deps as never),
    );
    const nss = nssDbTrusting([root]);
    try {
      for (const [name, bytes] of pdfs) {
        expect(
          versions.map((v) => v.blob_hash),
          name,
        ).toContain(sha256(bytes));
        const judged = await pdfsig(bytes, nss.dir);
        // The two signatures of the document (and the completion seal); one seal on the certificate.
        expect(judged.length, name).toBeGreaterThanOrEqual(name === 'Backed up.pdf' ? 2 : 1);
        for (const sig of judged) expect([name, sig.valid, sig.trusted]).toEqual([name, true, true]);
      }
    } finally {
      nss.close();
    }
  }, 240_000);

  it('refuses to restore into an installation that is not empty', async () => {
    const cfg = (restored as Installation).config;
    await expect(restoreBackup({ from: archive, ...installationOf(cfg) })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup({ from: archive, ...installationOf(cfg) })).rejects.toThrow(/not empty/);
  });

  it('refuses an archive with one blob byte changed, and writes nothing', async () => {
    const tampered = join(work, 'tampered.tar.gz');
    await writeFile(tampered, tamperOneBlobByte(await readFile(archive)));
    const dir = join(work, 'tampered-target');
    const env = await envFor(dir, restoredPrefix ? 'tampered/' : undefined);
    const target = installationOf(loadConfig(env));
    await expect(restoreBackup({ from: tampered, ...target })).rejects.toThrow(/does not match its hash/);
    expect(await readdir(dir).catch(() => [])).toEqual([]);
    for await (const blob of target.blobs.list()) expect.unreachable(`blob ${blob.hash} was written`);
    if (target.database.kind === 'postgres') {
      const c = new pg.Client({ connectionString: target.database.url });
      await c.connect();
      const { rows } = await c.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      await c.end();
      expect(rows[0]?.n).toBe(0);
    }
  });
  it('refuses a backup from a newer Signet whose migrations this one does not know, and writes nothing', async () => {
    const newer = join(work, 'newer.tar.gz');
    await writeFile(
      newer,
      await withManifest(await readFile(archive), (m) => {
        m.migrations = { applied: m.migrations.applied + 1, last: Date.UTC(2099, 0, 1) };
      }),
    );
    const dir = join(work, 'newer-target');
    const target = installationOf(loadConfig(await envFor(dir)));
    await expect(restoreBackup({ from: newer, ...target })).rejects.toThrow(
      /migration \d+, which this Signet \(\d+ migrations\) does not know/,
    );
    expect(await readdir(dir).catch(() => [])).toEqual([]);
  });
  // Only an embedded database has a data folder a server holds open; on PostgreSQL there is no such case.
  if (kind === 'pglite')
    it('refuses to back up an embedded database a running server has open', async () => {
      const cfg = (restored as Installation).config;
      await expect(writeBackup({ ...installationOf(cfg), out: join(work, 'busy.tar.gz') })).rejects.toThrow(
        /is in use \(postmaster\.pid\): stop the server first/,
      );
      expect(await readdir(work)).not.toContain('busy.tar.gz');
    });
});

describe('what a backup counts as a blob reference', () => {
  it('names every column of the schema that holds a blob hash, so a new one cannot be left out', async () => {
    const db = await createTestDatabase();
    try {
      const { rows } = await db.raw.query<{ t: string; c: string }>(
        `select table_name as t, column_name as c from information_schema.columns
          where table_schema = 'public' and column_name like '%blob_hash' order by 1, 2`,
      );
      expect(rows.length).toBeGreaterThan(5);
      const sql = REFERENCED_BLOBS_SQL.replace(/\s+/g, ' ');
      for (const { t, c } of rows)
        expect(sql, `${t}.${c}`).toMatch(new RegExp(`select ${c}( as hash)? from ${t}\\b`));
    } finally {
      await db.close();
    }
  });
});
