import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code, type CompareResult } from '@signet/contracts';
import { sharedContentPdf } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, multipart, signAll } from './support/epak-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';
import { textPagesPdf } from './support/text-pages-pdf.ts';

let t: TestServer;
let admin: Session;
let custodian: Session;
let signer: Session;
let signed: { epakId: string; documentId: string };

const WORDS =
  'tenant landlord premises lease rent deposit notice repair damage insurance water power tax court notice month year keys door garden parking pets noise guest paint wall roof'.split(
    ' ',
  );
/** Twenty lines of words drawn from the topic's name: pages of different topics share few lines. */
const page = (topic: string) => {
  let seed = [...topic].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return WORDS[(seed >>> 8) % WORDS.length];
  };
  return Array.from(
    { length: 20 },
    (_, i) => `${topic} ${i + 1}: ${Array.from({ length: 9 }, next).join(' ')}.`,
  );
};

const FIRST = textPagesPdf([
  ['The rent is thirty thousand rupees a month.', ...page('Rent')],
  page('Deposit'),
  page('Repairs'),
]);
const SECOND = textPagesPdf([
  ['The rent is sixty thousand rupees a month.', ...page('Rent')],
  page('Repairs'),
  page('Arbitration'),
]);

function compareCall(
  session: Session,
  files: { name: string; bytes: Uint8Array; field?: string }[],
  query = '',
) {
  const { body, contentType } = multipart(files);
  return t.call<CompareResult>('POST', `/v1/document/compare${query}`, {
    token: session.token,
    body,
    headers: { 'content-type': contentType },
  });
}

async function setSwitch(on: boolean) {
  const res = await t.call('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { compare: on } },
  });
  expect(res.code).toBe(1);
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signIn('admin@demo.test');
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer1@demo.test');
  const e = await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: ['signer1@demo.test'] }], {
    subject: 'Compare me',
  });
  const res = await signAll(t, signer.token, e.epakId, e.documentId);
  expect(res.code, res.message).toBe(1);
  signed = e;
}, 120_000);
afterAll(() => t?.close());

describe('POST /v1/document/compare with two uploaded files', () => {
  it('finds the changed word, the removed page and the added page, each on its page', async () => {
    const res = await compareCall(custodian, [
      { name: 'lease-v1.pdf', bytes: FIRST, field: 'first' },
      { name: 'lease-v2.pdf', bytes: SECOND, field: 'second' },
    ]);
    expect(res.code, res.message).toBe(1);
    const r = res.data;
    expect(r.first).toEqual({ name: 'lease-v1.pdf', pages: 3 });
    expect(r.second).toEqual({ name: 'lease-v2.pdf', pages: 3 });
    expect(r.pages.map((p) => [p.firstPage, p.secondPage, p.status])).toEqual([
      [1, 1, 'changed'],
      [2, null, 'removed'],
      [3, 2, 'same'],
      [null, 3, 'added'],
    ]);
    const changes = r.pages[0]?.changes ?? [];
    expect(changes.map((c) => [c.kind, c.text])).toEqual([
      ['deleted', 'thirty'],
      ['inserted', 'sixty'],
    ]);
    // The word's box sits on the first line (50 pt from the left, about 42 pt from the top).
    const box = changes[1]?.second?.boxes[0];
    expect(box?.x).toBeGreaterThan(50);
    expect(box?.y).toBeGreaterThan(30);
    expect(box?.y).toBeLessThan(50);
    expect(r.pages[0]?.regions.length).toBeGreaterThan(0);
    expect(r.pages[2]?.regions).toEqual([]);
    expect(r.summary).toEqual({
      inserted: 1,
      deleted: 1,
      moved: 0,
      changedPages: 1,
      addedPages: 1,
      removedPages: 1,
    });
    expect(r.revisions).toBeNull();
  });

  it('reports a sentence that moved to another page as moved, not deleted and inserted', async () => {
    const moved = 'Late payment carries interest of two percent a month.';
    const a = textPagesPdf([[moved, ...page('Rent')], page('Deposit')]);
    const b = textPagesPdf([page('Rent'), [...page('Deposit'), moved]]);
    const res = await compareCall(custodian, [
      { name: 'a.pdf', bytes: a },
      { name: 'b.pdf', bytes: b },
    ]);
    expect(res.code, res.message).toBe(1);
    const all = res.data.pages.flatMap((p) => p.changes);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ kind: 'moved', text: moved, first: { page: 1 }, second: { page: 2 } });
    expect(res.data.summary.moved).toBe(1);
  });

  it('answers the same comparison as a PDF report', async () => {
    const { body, contentType } = multipart([
      { name: 'lease-v1.pdf', bytes: FIRST },
      { name: 'lease-v2.pdf', bytes: SECOND },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/msbapi/v1/document/compare/report',
      headers: { access_token: custodian.token, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'compare-report-'));
    writeFileSync(join(dir, 'report.pdf'), res.rawPayload);
    execFileSync('qpdf', ['--check', join(dir, 'report.pdf')]);
  });

  it('writes the report in the language of the request', async () => {
    const { body, contentType } = multipart([
      { name: 'lease-v1.pdf', bytes: FIRST },
      { name: 'lease-v2.pdf', bytes: SECOND },
    ]);
    for (const [language, words] of [
      ['hi-IN', ['दस्तावेज़ तुलना रिपोर्ट', 'पहला दस्तावेज़']],
      ['fr', ['Rapport de comparaison de documents', 'Mots insérés']],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/msbapi/v1/document/compare/report',
        headers: { access_token: custodian.token, 'content-type': contentType, 'accept-language': language },
        payload: body,
      });
      const text = pdfText(new Uint8Array(res.rawPayload));
      for (const word of words) expect(text, language).toContain(word);
    }
  });
});

describe('POST /v1/document/compare with two revisions of an ePak document', () => {
  it('lists the revisions and compares the document before signing with the signed one', async () => {
    const res = await t.call<CompareResult>(
      'POST',
      `/v1/document/compare?ePakId=${signed.epakId}&documentId=${signed.documentId}`,
      { token: custodian.token },
    );
    expect(res.code, res.message).toBe(1);
    const { revisions } = res.data;
    expect(revisions?.list[0]).toMatchObject({ index: 0, kind: 'beforeSignatures', signature: null });
    expect(revisions?.list[1]).toMatchObject({ index: 1, kind: 'afterSignature', signature: 1 });
    expect(revisions?.from).toBe(0);
    expect(revisions?.to).toBe((revisions?.list.length ?? 0) - 1);
    // The signature's appearance changed the page it was placed on.
    expect(res.data.pages.some((p) => p.regions.length > 0)).toBe(true);
    expect(res.data.first.pages).toBe(res.data.second.pages);
  });

  it('refuses a revision the document does not have with -6', async () => {
    const res = await t.call(
      'POST',
      `/v1/document/compare?ePakId=${signed.epakId}&documentId=${signed.documentId}&to=40`,
      {
        token: custodian.token,
      },
    );
    expect(res.code).toBe(Code.INVALID_INPUT);
  });

  it('answers -1006 for a document of another ePak', async () => {
    const other = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        subject: 'Other',
      },
    );
    const res = await t.call(
      'POST',
      `/v1/document/compare?ePakId=${other.epakId}&documentId=${signed.documentId}`,
      {
        token: custodian.token,
      },
    );
    expect(res.code).toBe(Code.DOCUMENT_MISSING);
  });
});

describe('POST /v1/document/compare refusals', () => {
  it('refuses one file with -109', async () => {
    const res = await compareCall(custodian, [{ name: 'a.pdf', bytes: FIRST }]);
    expect(res.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
  });

  it('refuses a file that is not a PDF with -59', async () => {
    const res = await compareCall(custodian, [
      { name: 'a.pdf', bytes: FIRST },
      { name: 'notes.pdf', bytes: new TextEncoder().encode('just some text, no PDF here') },
    ]);
    expect(res.code).toBe(Code.INVALID_DOCUMENT);
  });

  it('refuses a password-protected PDF with -59 and says a password is needed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'compare-pw-'));
    writeFileSync(join(dir, 'plain.pdf'), FIRST);
    execFileSync('qpdf', [
      '--encrypt',
      'secret',
      'owner',
      '256',
      '--',
      join(dir, 'plain.pdf'),
      join(dir, 'locked.pdf'),
    ]);
    const res = await compareCall(custodian, [
      { name: 'a.pdf', bytes: FIRST },
      { name: 'locked.pdf', bytes: new Uint8Array(readFileSync(join(dir, 'locked.pdf'))) },
    ]);
    expect(res.code).toBe(Code.INVALID_DOCUMENT);
    expect(res.message).toMatch(/password/);
  });

  it('refuses with -59 a PDF whose pages all draw one big shared content stream: the stream counts once for each page that uses it', async () => {
    // 20 pages, one Flate content stream of 20 MB decoded (20 KB on disk) shared by all of them:
    // every page a viewer draws unpacks it again, 400 MB in all, past the 256 MB budget.
    const shared = sharedContentPdf(20, 20);
    expect(shared.length).toBeLessThan(64 * 1024);
    const res = await compareCall(custodian, [
      { name: 'a.pdf', bytes: FIRST },
      { name: 'shared.pdf', bytes: shared },
    ]);
    expect({ code: res.code, message: res.message }).toEqual({
      code: Code.INVALID_DOCUMENT,
      message: expect.stringMatching(/unpacks to more than 256 MB/),
    });
  });

  it('refuses a document of more than 500 pages with -241', async () => {
    const big = textPagesPdf(Array.from({ length: 501 }, (_, i) => [`Page ${i + 1}`]));
    const res = await compareCall(custodian, [
      { name: 'a.pdf', bytes: FIRST },
      { name: 'big.pdf', bytes: big },
    ]);
    expect(res.code).toBe(Code.PAGE_LIMIT_EXCEEDED);
  });

  it('refuses a signer with -11: comparing is for those who send documents', async () => {
    const res = await compareCall(signer, [
      { name: 'a.pdf', bytes: FIRST },
      { name: 'b.pdf', bytes: SECOND },
    ]);
    expect(res.code).toBe(Code.NOT_AUTHORIZED);
  });

  it('answers 409 with the feature named while the tenant has compare switched off', async () => {
    await setSwitch(false);
    try {
      const res = await compareCall(custodian, [
        { name: 'a.pdf', bytes: FIRST },
        { name: 'b.pdf', bytes: SECOND },
      ]);
      expect(res.status).toBe(409);
      expect(res.data).toEqual({ feature: 'compare' });
    } finally {
      await setSwitch(true);
    }
  });
});
