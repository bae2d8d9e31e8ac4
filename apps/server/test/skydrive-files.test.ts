import { Code, type Document, type TenantConfiguration } from '@signet/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from './support/epak-helpers.ts';
import { type FakeGraph, startFakeGraph } from './support/fake-graph.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

let t: TestServer;
let graph: FakeGraph;
let custodian: Session;
let admin: Session;
const logLines: string[] = [];

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestServer(
    {
      SIGNET_OUTBOUND_ALLOW: '127.0.0.1',
      SIGNET_GRAPH_BASE_URL: graph.baseUrl,
      SIGNET_ONEDRIVE_PICKER_URL: `${graph.origin}/picker`,
    },
    // Everything the server logs, to show the Microsoft token is not in it.
    { logger: pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) }) },
  );
  custodian = await t.signIn('custodian@demo.test');
  admin = await t.signIn('admin@demo.test');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const pick = (items: { id: string; driveId?: string }[], accessToken = graph.token) =>
  t.call<Document[]>('POST', '/v1/skydrivefiles', { token: custodian.token, body: { accessToken, items } });

describe('OneDrive files (POST /v1/skydrivefiles)', () => {
  it('OneDrive answers -177 until an admin sets the tenant’s Microsoft app; then compose learns where to sign in and pick', async () => {
    const before = await t.call<TenantConfiguration>('GET', '/v1/configuration', { token: custodian.token });
    expect(before.data.oneDrive).toBeNull();
    graph.items.set('early', { name: 'Early.pdf', bytes: samplePdf('Early', 1) });
    const notSetUp = await pick([{ id: 'early' }]);
    expect(notSetUp.code).toBe(Code.EXTENSION_NOT_ENABLED);
    expect(graph.requests).toHaveLength(0);
    const put = await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: {
        oneDrive: { clientId: '0f1e2d3c-aaaa-bbbb-cccc-123456789abc', authority: 'contoso.onmicrosoft.com' },
      },
    });
    expect(put.code).toBe(1);
    const after = await t.call<TenantConfiguration>('GET', '/v1/configuration', { token: custodian.token });
    expect(after.data.oneDrive).toEqual({
      clientId: '0f1e2d3c-aaaa-bbbb-cccc-123456789abc',
      authority: 'contoso.onmicrosoft.com',
      loginUrl: 'https://login.microsoftonline.com',
      pickerUrl: `${graph.origin}/picker`,
    });
    const bad = await t.call('PUT', '/v1/configuration', {
      token: admin.token,
      body: { oneDrive: { clientId: 'not a client id <script>' } },
    });
    expect(bad.code).toBe(Code.INVALID_INPUT);
  });

  it('picked files are fetched through Graph and land in the library as uploads do', async () => {
    graph.items.set('lease', { name: 'Lease 2027.pdf', bytes: samplePdf('Lease', 2) });
    graph.items.set('annex', { name: 'Annex.pdf', bytes: samplePdf('Annex', 1), direct: true });
    const res = await pick([{ id: 'lease', driveId: 'b!drive-1' }, { id: 'annex' }]);
    expect(res.code).toBe(1);
    expect(res.data.map((d) => [d.name, d.pageCount])).toEqual([
      ['Lease 2027.pdf', 2],
      ['Annex.pdf', 1],
    ]);
    const library = await t.call<Document[]>('GET', '/v1/documents', { token: custodian.token });
    expect(library.data.map((d) => d.documentId)).toEqual(
      expect.arrayContaining(res.data.map((d) => d.documentId)),
    );
    // The token goes to Graph's item calls only; the pre-authenticated download gets none.
    const leaseCalls = graph.requests.filter((r) => r.path.includes('lease'));
    expect(leaseCalls.map((r) => [r.path, r.authorization])).toEqual([
      ['/v1.0/drives/b!drive-1/items/lease', `Bearer ${graph.token}`],
      ['/v1.0/drives/b!drive-1/items/lease/content', `Bearer ${graph.token}`],
      ['/download/lease', undefined],
    ]);
    expect(graph.requests.some((r) => r.path === '/v1.0/me/drive/items/annex/content')).toBe(true);
  });

  it('an expired Microsoft sign-in answers -45 without making Signet’s own session refresh', async () => {
    graph.items.set('stale', { name: 'Stale.pdf', bytes: samplePdf('Stale', 1), expired: true });
    const res = await pick([{ id: 'stale' }]);
    expect([res.status, res.code]).toEqual([424, Code.INVALID_TOKEN]);
    expect(res.message).toMatch(/Microsoft sign-in has expired/);
    const wrongToken = await pick([{ id: 'lease' }], 'someone-else');
    expect(wrongToken.code).toBe(Code.INVALID_TOKEN);
  });

  it('a throttled call is retried once after Retry-After, then succeeds', async () => {
    graph.items.set('busy-once', {
      name: 'Busy.pdf',
      bytes: samplePdf('Busy', 1),
      throttle: { retryAfter: 1, times: 1 },
    });
    const started = Date.now();
    const res = await pick([{ id: 'busy-once' }]);
    expect(res.code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('Graph still throttling after the one retry answers -179 with Retry-After; a long wait is not waited for', async () => {
    graph.items.set('busy', { name: 'Busy.pdf', throttle: { retryAfter: 1, times: 5 } });
    const res = await pick([{ id: 'busy' }]);
    expect([res.status, res.code]).toEqual([503, Code.TRANSACTION_TIMEOUT]);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.data).toEqual({ retryAfterSeconds: 1 });
    expect(graph.requests.filter((r) => r.path.endsWith('/items/busy'))).toHaveLength(2);

    graph.items.set('busy-long', { name: 'Long.pdf', throttle: { retryAfter: 120, times: 5 } });
    const started = Date.now();
    const long = await pick([{ id: 'busy-long' }]);
    expect([long.code, long.headers['retry-after']]).toEqual([Code.TRANSACTION_TIMEOUT, '120']);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(graph.requests.filter((r) => r.path.endsWith('/items/busy-long'))).toHaveLength(1);
  });

  it('refuses what an upload refuses: too large (before downloading), a type not accepted, a folder', async () => {
    graph.items.set('huge', { name: 'Huge.pdf', size: 200 * 1024 * 1024, bytes: samplePdf('Huge', 1) });
    const huge = await pick([{ id: 'huge' }]);
    expect([huge.status, huge.code]).toEqual([413, Code.INVALID_INPUT]);
    expect(graph.requests.some((r) => r.path.startsWith('/v1.0/me/drive/items/huge/content'))).toBe(false);

    graph.items.set('binary', {
      name: 'tool.bin',
      bytes: new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 2, 3, 4]),
    });
    const binary = await pick([{ id: 'binary' }]);
    expect([binary.status, binary.code]).toEqual([415, Code.EXTENSION_NOT_ENABLED]);

    graph.items.set('folder', { name: 'Contracts', folder: true });
    expect((await pick([{ id: 'folder' }])).code).toBe(Code.INVALID_DOCUMENT);
    expect((await pick([{ id: 'gone' }])).code).toBe(Code.DOCUMENT_MISSING);
  });

  it('a failure after some files were added answers its code with the documents already added', async () => {
    graph.items.set('first', { name: 'First.pdf', bytes: samplePdf('First', 1) });
    const res = await t.call<{ added: Document[]; failedItemId: string }>('POST', '/v1/skydrivefiles', {
      token: custodian.token,
      body: { accessToken: graph.token, items: [{ id: 'first' }, { id: 'stale' }] },
    });
    expect(res.code).toBe(Code.INVALID_TOKEN);
    expect(res.data.added.map((d) => d.name)).toEqual(['First.pdf']);
    expect(res.data.failedItemId).toBe('stale');
  });

  it('the web app’s CSP opens only the configured Microsoft origins: sign-in for fetch, the picker for its frame and form post', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/compose' });
    const csp = new Map(
      String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name ?? '', values.join(' ')]),
    );
    expect(csp.get('connect-src')).toBe("'self' https://login.microsoftonline.com");
    expect(csp.get('frame-src')).toBe(graph.origin);
    expect(csp.get('form-action')).toBe(`'self' ${graph.origin}`);
    expect(csp.get('script-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
  });

  it('keeps the Microsoft token out of the server’s log and the database', async () => {
    const token = `${graph.token}`;
    expect(graph.requests.some((r) => r.authorization === `Bearer ${token}`)).toBe(true);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('')).not.toContain(token);
    const activity = await t.db.system.execute(sql`select details::text as details from activity_log`);
    const rows = (activity as unknown as { rows: { details: string }[] }).rows;
    expect(rows.some((r) => r.details.includes('Lease 2027.pdf'))).toBe(true);
    expect(rows.some((r) => r.details.includes(token))).toBe(false);
  });

  it('refuses item ids that could steer the Graph path, and signers who may not upload', async () => {
    const res = await pick([{ id: '../../users' }]);
    expect(res.code).toBe(Code.INVALID_INPUT);
    const signer = await t.signIn('signer1@demo.test');
    const refused = await t.call('POST', '/v1/skydrivefiles', {
      token: signer.token,
      body: { accessToken: graph.token, items: [{ id: 'lease' }] },
    });
    expect(refused.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('refuses the dot segments . and .. as item or drive ids before calling Graph, and takes personal and business ids as Graph writes them', async () => {
    const before = graph.requests.length;
    for (const items of [
      [{ id: '..' }],
      [{ id: '.' }],
      [{ id: 'lease', driveId: '..' }],
      [{ id: 'lease', driveId: '.' }],
      [{ id: 'lease.pdf' }],
    ]) {
      const res = await pick(items);
      expect([JSON.stringify(items), res.code]).toEqual([JSON.stringify(items), Code.INVALID_INPUT]);
    }
    expect(graph.requests.length).toBe(before);
    graph.items.set('D4648F06C91D9D3D!54927', { name: 'Personal.pdf', bytes: samplePdf('Personal', 1) });
    graph.items.set('01BYE5RZ6QN3ZWBTUFOFD3GSPGOHDJD36K', {
      name: 'Business.pdf',
      bytes: samplePdf('Business', 1),
    });
    const res = await pick([
      { id: 'D4648F06C91D9D3D!54927', driveId: 'd4648f06c91d9d3d' },
      {
        id: '01BYE5RZ6QN3ZWBTUFOFD3GSPGOHDJD36K',
        driveId: 'b!-RIj2DuyvEyV1T4NlOaMHk8XkS_I8MdFlUCq1BlcjgmhRfAj3-Z8RY2VpuvV_tpd',
      },
    ]);
    expect(res.code).toBe(1);
    expect(res.data.map((d) => d.name)).toEqual(['Personal.pdf', 'Business.pdf']);
  });
});
