import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, MAX_JSON_DEPTH } from '../src/http/body-limits.ts';
import { nestsDeeperThan } from '../src/http/json-body.ts';
import { samplePdf, upload } from './support/epak-helpers.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 30 point 1: no work in proportion to a body before its caller is known and the body is
 * bounded. A 20 MB body of nested arrays to `POST /v2/epak` was read and parsed before the missing
 * token was noticed, stalling the server for seconds.
 */

let t: TestServer;
let token = '';
let port = 0;

beforeAll(async () => {
  t = await startTestServer();
  token = (await t.signIn('admin@demo.test')).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface Sent {
  status: number;
  body: { code?: number; message?: string };
  /** Bytes of the body written when the answer arrived. */
  written: number;
}

/**
 * Declares a body of `declared` bytes, writes only its first chunk and waits for the answer: an
 * answer can only come from a server that did not wait for the rest of the body.
 */
function sendFirstChunkOnly(path: string, declared: number, headers: Record<string, string>): Promise<Sent> {
  const chunk = '['.repeat(64 * 1024);
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/msbapi${path}`,
      headers: { 'content-type': 'application/json', 'content-length': String(declared), ...headers },
    });
    req.on('error', reject);
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), written: chunk.length });
      });
    });
    req.write(chunk);
  });
}

describe('a body is bounded before it is read', () => {
  it('refuses a caller without a token before reading the body it announces', async () => {
    const sent = await sendFirstChunkOnly('/v2/epak', 20 * 1024 * 1024, {});
    expect([sent.status, sent.body.code]).toEqual([403, Code.NOT_AUTHORIZED]);
    expect(sent.written).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a caller with a forged token before reading the body it announces', async () => {
    const sent = await sendFirstChunkOnly('/v2/epak', 20 * 1024 * 1024, {
      access_token: 'forged.token.here',
    });
    expect([sent.status, sent.body.code]).toEqual([401, Code.INVALID_JWT]);
  });

  it('refuses a signed-in caller whose announced body is over the limit without reading it (413)', async () => {
    const sent = await sendFirstChunkOnly('/v2/epak', 5 * 1024 * 1024, { access_token: token });
    expect([sent.status, sent.body.code]).toEqual([413, Code.INVALID_INPUT]);
    expect(sent.body.message).toMatch(/at most 1 MiB/);
  });

  it('answers 413 with the limit when a JSON body is larger than the route accepts', async () => {
    const res = await t.call('POST', '/v2/epak', {
      token,
      body: { name: 'x'.repeat(JSON_BODY_LIMIT), documentIds: [] },
    });
    expect([res.status, res.code]).toEqual([413, Code.INVALID_INPUT]);
    expect(res.message).toBe('The request body is larger than this call accepts (at most 1 MiB)');
  });

  it('answers 413 on a public route too', async () => {
    const res = await t.call('POST', '/public/ui/switch', {
      body: { view: 'new', redirect: `/${'x'.repeat(JSON_BODY_LIMIT)}` },
    });
    expect([res.status, res.code]).toEqual([413, Code.INVALID_INPUT]);
  });

  it('accepts a profile photo larger than the JSON default on the route declared for it', async () => {
    // A PNG signature and padding: 900 KB of picture, about 1.2 MB of JSON once in base64.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(900_000),
    ]);
    const body = { userImage: png.toString('base64'), userImageType: 'image/png' };
    expect(JSON.stringify(body).length).toBeGreaterThan(JSON_BODY_LIMIT);
    const res = await t.call('POST', '/v1/users/profile', { token, body });
    expect([res.status, res.code]).toEqual([200, 1]);
  });

  it('still takes a multipart upload larger than the JSON default (uploads keep their own limit)', async () => {
    const pdf = Buffer.from(samplePdf('Large upload'));
    const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(pdf.toString('latin1'))?.[1];
    // A comment after the end, then the same startxref again: the file reads as before, 2 MB long.
    const padded = Buffer.concat([
      pdf,
      Buffer.from(`%${'x'.repeat(2_000_000)}\nstartxref\n${startxref}\n%%EOF\n`),
    ]);
    expect(padded.length).toBeGreaterThan(JSON_BODY_LIMIT);
    const doc = await upload(t, token, 'large.pdf', padded);
    expect(doc.pageCount).toBe(2);
  });
});

describe('a JSON body is bounded in depth', () => {
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('refuses a body nested deeper than the bound with -6 before parsing it', async () => {
    const res = await t.call('POST', '/v2/epak', {
      token,
      body: nested(100_000),
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(res.message).toBe(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`);
  });

  it('refuses deep nesting hidden in a field the schema lets through', async () => {
    const body = `{"name":"Deep","documents":[{"documentBase64":"JVBERi0="}],"extra":${nested(MAX_JSON_DEPTH)}}`;
    const res = await t.call('POST', '/v1/docusigntemplate?dryRun=true', {
      token,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
    expect(res.message).toMatch(/nested more than/);
  });

  it('counts no brackets inside strings', async () => {
    const res = await t.call('POST', '/public/ui/switch', {
      body: { view: 'new', redirect: `/x${'[{\\"'.repeat(200)}` },
    });
    expect(res.status).toBe(303);
  });

  it('still refuses a body that tries to set __proto__', async () => {
    const res = await t.call('POST', '/v1/users/profile', {
      token,
      body: '{"firstName":"Eve","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.code]).toEqual([400, Code.INVALID_INPUT]);
  });
});

describe('nestsDeeperThan', () => {
  it('counts the deepest run of arrays and objects', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[[]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false);
  });

  it('skips brackets in strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan('["[[[[", "\\"[[[[", "\\\\"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[]]]', 2)).toBe(true);
  });
});
