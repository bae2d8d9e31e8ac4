import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from './support/s3-server.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

interface Check {
  ok: boolean;
  ms: number;
}
interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; storage: Check };
}

describe('GET /public/ready on a healthy server', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('answers 200 with every check passed: database, migrations and storage', async () => {
    const res = await t.call<Readiness>('GET', '/public/ready');
    expect([res.status, res.code]).toEqual([200, Code.SUCCESS]);
    expect(res.data.ready).toBe(true);
    expect(res.data.checks).toEqual({
      database: { ok: true, ms: expect.any(Number) },
      migrations: { ok: true, ms: expect.any(Number) },
      storage: { ok: true, ms: expect.any(Number) },
    });
    const head = await t.app.inject({ method: 'HEAD', url: '/msbapi/public/ready' });
    expect(head.statusCode).toBe(200);
  });

  it('leaves no probe blob behind in the storage', async () => {
    const before = await listBlobs(t);
    await t.call('GET', '/public/ready');
    expect(await listBlobs(t)).toEqual(before);
  });

  it('answers 503 with -1601 while the blob storage cannot be written, and 200 again once it can', async () => {
    // The blob folder becomes a file: nothing can be written under it, whoever the process runs as
    // (a read-only folder would not stop root, which these tests may run as).
    const blobs = join(t.dataDir, 'blobs');
    await rm(blobs, { recursive: true, force: true });
    await writeFile(blobs, 'not a folder');
    try {
      const res = await t.call<Readiness>('GET', '/public/ready');
      expect([res.status, res.code]).toEqual([503, Code.NOT_READY]);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.data.ready).toBe(false);
      expect(res.data.checks.storage.ok).toBe(false);
      expect(res.data.checks.database.ok).toBe(true);
      expect(res.data.checks.migrations.ok).toBe(true);
    } finally {
      await rm(blobs, { force: true });
      await mkdir(blobs);
    }
    expect((await t.call('GET', '/public/ready')).status).toBe(200);
  });

  it('answers 503 when the newest checked-in migration is not recorded in the database', async () => {
    const { rows } = await t.db.raw.query<{ id: number; created_at: string }>(
      'select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const newest = rows[0];
    if (!newest) throw new Error('no migration recorded');
    await t.db.raw.query(
      'update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = $1',
      [newest.id],
    );
    try {
      const res = await t.call<Readiness>('GET', '/public/ready');
      expect([res.status, res.code]).toEqual([503, Code.NOT_READY]);
      expect(res.data.checks.migrations.ok).toBe(false);
      expect(res.data.checks.database.ok).toBe(true);
    } finally {
      await t.db.raw.query('update drizzle.__drizzle_migrations set created_at = $1 where id = $2', [
        newest.created_at,
        newest.id,
      ]);
    }
    expect((await t.call('GET', '/public/ready')).status).toBe(200);
  });

  it('stays alive while it is not ready: liveness does not depend on the checks', async () => {
    const blobs = join(t.dataDir, 'blobs');
    await rm(blobs, { recursive: true, force: true });
    await writeFile(blobs, 'not a folder');
    try {
      expect((await t.call('GET', '/public/ready')).status).toBe(503);
      expect((await t.call('GET', '/public/alive')).status).toBe(200);
    } finally {
      await rm(blobs, { force: true });
      await mkdir(blobs);
    }
  });
});

describe('GET /public/ready with blobs in an S3 bucket', () => {
  it('writes and removes its probe in the bucket, and answers 503 once the S3 server is gone', async () => {
    const s3 = await startS3Server();
    const t = await startTestServer({
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
      S3_PREFIX: 'ready/',
    });
    let s3Closed = false;
    try {
      const before = await listBlobs(t);
      const ready = await t.call<Readiness>('GET', '/public/ready');
      expect([ready.status, ready.data.checks.storage.ok]).toEqual([200, true]);
      expect(await listBlobs(t)).toEqual(before);
      await s3.close();
      s3Closed = true;
      const gone = await t.call<Readiness>('GET', '/public/ready');
      expect([gone.status, gone.code]).toEqual([503, Code.NOT_READY]);
      expect(gone.data.checks.storage.ok).toBe(false);
      expect(gone.data.checks.database.ok).toBe(true);
    } finally {
      await t.close();
      if (!s3Closed) await s3.close();
    }
  });
});

describe('GET /public/ready when the database is gone', () => {
  it('answers 503 with the database check failed', async () => {
    const t = await startTestServer();
    // The test closes the database under the running server (on PostgreSQL its test database is
    // dropped); the server's own close then finds it closed already.
    const closeDatabase = t.db.close.bind(t.db);
    let closing: Promise<void> | null = null;
    t.db.close = () => {
      closing ??= closeDatabase();
      return closing;
    };
    try {
      await t.db.close();
      const res = await t.call<Readiness>('GET', '/public/ready');
      expect([res.status, res.code]).toEqual([503, Code.NOT_READY]);
      expect(res.data.ready).toBe(false);
      expect(res.data.checks.database.ok).toBe(false);
      expect(res.data.checks.migrations.ok).toBe(false);
      expect(res.data.checks.storage.ok).toBe(true);
    } finally {
      await t.close();
    }
  });
});

async function listBlobs(t: TestServer): Promise<string[]> {
  const hashes: string[] = [];
  for await (const blob of t.deps.blobs.list()) hashes.push(blob.hash);
  return hashes.sort();
}
