import { Code } from '@signet/contracts';
import { SandboxPool } from '@signet/pdf';
import { contentBombPdf, manyPagesPdf, objectStreamBombPdf } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, samplePdf, upload } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

// Issue 17 points 2 and 3: one request cannot make the server do unbounded PDF work, and one
// tenant's heavy files cannot starve another tenant's uploads.

interface Doc {
  documentId: string;
  pageCount: number;
}

function postFile(t: TestServer, token: string, name: string, bytes: Uint8Array) {
  const { body, contentType } = multipart([{ name, bytes }]);
  return t.call<Doc[]>('POST', '/v1/documents', { token, body, headers: { 'content-type': contentType } });
}

describe('bounded PDF work', () => {
  let t: TestServer;
  let custodian: Session;

  beforeAll(async () => {
    t = await startTestServer();
    custodian = await t.signIn('custodian@demo.test');
  });
  afterAll(() => t.close());

  it('a merge that lists the same document more than once is refused with -176', async () => {
    const doc = await upload(t, custodian.token, 'Once.pdf', samplePdf('Once', 1));
    const res = await t.call('POST', '/v1/documents/merge', {
      token: custodian.token,
      body: { documentIds: Array.from({ length: 20 }, () => doc.documentId), name: 'Twenty' },
    });
    expect([res.status, res.code]).toEqual([409, Code.DOCUMENT_ALREADY_ADDED]);
  });

  it('a merge whose documents together pass 3,000 pages is refused with -241, and 2,002 merge', async () => {
    const big = manyPagesPdf(1001);
    const docs: Doc[] = [];
    for (const n of [1, 2, 3]) docs.push(await upload(t, custodian.token, `Big ${n}.pdf`, big));
    expect(docs.map((d) => d.pageCount)).toEqual([1001, 1001, 1001]);
    const ids = docs.map((d) => d.documentId);
    const refused = await t.call('POST', '/v1/documents/merge', {
      token: custodian.token,
      body: { documentIds: ids, name: 'Too big' },
    });
    expect([refused.status, refused.code]).toEqual([413, Code.PAGE_LIMIT_EXCEEDED]);
    expect(refused.message).toMatch(/3003 pages; at most 3000/);
    const merged = await t.call<Doc>('POST', '/v1/documents/merge', {
      token: custodian.token,
      body: { documentIds: ids.slice(0, 2), name: 'Two big' },
    });
    expect([merged.code, merged.data.pageCount]).toEqual([1, 2002]);
  });

  it('an upload whose object streams unpack past the per-document budget is refused with -59 naming the limit', async () => {
    // 3 × 100 MB of structure from a file of about 300 KB.
    const bomb = objectStreamBombPdf(100);
    expect(bomb.length).toBeLessThan(400_000);
    const res = await postFile(t, custodian.token, 'Objects.pdf', bomb);
    expect([res.status, res.code]).toEqual([422, Code.INVALID_DOCUMENT]);
    expect(res.message).toMatch(/more than 256 MB of page content and structure, the limit for one document/);
  });

  it('an upload whose page content unpacks to 1 GiB is refused at upload with -59 naming the limit', async () => {
    const bomb = contentBombPdf(1024);
    expect(bomb.length).toBeLessThan(1_200_000);
    const res = await postFile(t, custodian.token, 'Content.pdf', bomb);
    expect([res.status, res.code]).toEqual([422, Code.INVALID_DOCUMENT]);
    expect(res.message).toMatch(/more than 128 MB, the limit for one stream/);
  });
});

/** A promise with its resolver, for a test to release work when it decides. */
function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The pool, telling the test when a task has been queued (its `run` queues synchronously). */
class ObservedPool extends SandboxPool {
  private waiters: { tenant: string; done: () => void }[] = [];

  whenQueued(tenant: string): Promise<void> {
    const d = deferred();
    this.waiters.push({ tenant, done: d.resolve });
    return d.promise;
  }

  override run<T>(...args: Parameters<SandboxPool['run']>): Promise<T> {
    const result = super.run<T>(...args);
    const i = this.waiters.findIndex((w) => w.tenant === args[0]);
    if (i >= 0) this.waiters.splice(i, 1)[0]?.done();
    return result;
  }
}

describe('the sandbox pool shared between tenants', () => {
  let t: TestServer;
  let pool: ObservedPool;
  const started: string[] = [];
  const gate = deferred();
  const heldStarted = deferred();
  let heavyTenant = '';

  beforeAll(async () => {
    // One worker, two waiting tasks per tenant; the heavy tenant's tasks hold the worker until
    // the test opens the gate (a slow file, without timing).
    pool = new ObservedPool({
      workers: 1,
      maxQueuedPerTenant: 2,
      beforeTask: async (tenant) => {
        started.push(tenant);
        if (tenant === heavyTenant) {
          heldStarted.resolve();
          await gate.promise;
        }
      },
    });
    t = await startTestServer({}, { sandbox: pool });
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  it("another tenant's upload goes ahead of a tenant's queued files, and a full queue answers 503 -179 with Retry-After", async () => {
    const heavy = await t.signIn('custodian@demo.test');
    const light = await t.signIn('admin@other.test');
    heavyTenant = heavy.tenantId as string;
    expect(light.tenantId).not.toBe(heavyTenant);
    const file = samplePdf('Slow', 1);

    const first = postFile(t, heavy.token, 'A1.pdf', file);
    await heldStarted.promise;
    const queued = [pool.whenQueued(heavyTenant), pool.whenQueued(heavyTenant)];
    const second = postFile(t, heavy.token, 'A2.pdf', file);
    const third = postFile(t, heavy.token, 'A3.pdf', file);
    await Promise.all(queued);

    const refused = await postFile(t, heavy.token, 'A4.pdf', file);
    expect([refused.status, refused.code]).toEqual([503, Code.TRANSACTION_TIMEOUT]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const lightQueued = pool.whenQueued(light.tenantId as string);
    const other = postFile(t, light.token, 'B1.pdf', samplePdf('Small', 1));
    await lightQueued;
    gate.resolve();

    const results = await Promise.all([first, second, third, other]);
    expect(results.map((r) => r.code)).toEqual([1, 1, 1, 1]);
    // The worker's next task after the held one was the other tenant's, not the queued ones.
    expect(started.slice(0, 2)).toEqual([heavyTenant, light.tenantId]);
  });
});
