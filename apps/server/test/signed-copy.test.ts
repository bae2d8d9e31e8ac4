import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Every signer keeps a copy of what they signed (issue 31), a guest from an easy-sign link too:
 * `GET /v2/epaks/{ePakId}/documents/{documentId}/signedcopy` answers the version their signature
 * made, only once they have signed, only inside the link's ePak, and records the download.
 */

let t: TestServer;
let custodian: Session;
const GUEST = 'guest.signer@elsewhere.test';
/** A guest signs first, then signer2 (an account); another ePak is the guest's too. */
const epak = { epakId: '', documentId: '' };
const other = { epakId: '', documentId: '' };

async function linkSession(epakId: string, email: string): Promise<string> {
  const links = await t.call<{ easySignInfo: { userEmail: string; easySignLink: string }[] }[]>(
    'GET',
    `/v2/epaks/easysignlinks/${epakId}`,
    { token: custodian.token },
  );
  const link = links.data[0]?.easySignInfo.find((l) => l.userEmail === email)?.easySignLink;
  const easyToken = new URL(link ?? 'http://x').searchParams.get('easytoken') ?? '';
  const exchanged = await t.call<{ access_token: string }>('GET', `/v2/epaks/${easyToken}/exchange`);
  expect(exchanged.code).toBe(1);
  return exchanged.data.access_token;
}

async function get(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url: `/msbapi${url}`, headers: { access_token: token } });
  const bytes = new Uint8Array(res.rawPayload);
  const code = res.headers['content-type']?.toString().includes('json')
    ? (JSON.parse(res.body) as { code: number }).code
    : null;
  return { status: res.statusCode, code, bytes, headers: res.headers };
}

const copyUrl = (e: { epakId: string; documentId: string }) =>
  `/v2/epaks/${e.epakId}/documents/${e.documentId}/signedcopy`;

let guest: string;

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  Object.assign(
    epak,
    await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: [GUEST] },
      { type: 'SIGN', recipients: ['signer2@demo.test'] },
    ]),
  );
  Object.assign(
    other,
    await composeAndSend(t, custodian.token, [{ type: 'SIGN', recipients: [GUEST] }], {
      subject: 'Another deal',
    }),
  );
  guest = await linkSession(epak.epakId, GUEST);
});
afterAll(() => t.close());

describe("a signer's copy of what they signed", () => {
  it('is not given before the signer has signed (-1006)', async () => {
    const res = await get(copyUrl(epak), guest);
    expect({ status: res.status, code: res.code }).toEqual({ status: 404, code: Code.DOCUMENT_MISSING });
  });

  it('is the PDF their signature made, for a guest on their link session, and the download is recorded (once: the refusal before was not)', async () => {
    expect((await signAll(t, guest, epak.epakId, epak.documentId)).code).toBe(1);
    const copy = await get(copyUrl(epak), guest);
    expect(copy.status).toBe(200);
    expect(copy.headers['content-type']).toBe('application/pdf');
    expect(copy.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(new TextDecoder().decode(copy.bytes.slice(0, 5))).toBe('%PDF-');
    const current = await get(`/v2/epaks/${epak.epakId}/documents/${epak.documentId}/download`, guest);
    expect(Buffer.from(copy.bytes).equals(Buffer.from(current.bytes))).toBe(true);

    const activity = await t.call<
      { action: string; actorEmail: string | null; details: Record<string, unknown> }[]
    >('GET', `/v2/epaks/${epak.epakId}/activity`, { token: custodian.token });
    const downloaded = activity.data.filter((a) => a.action === 'document.downloaded');
    expect(downloaded).toHaveLength(1);
    expect(downloaded[0]?.details).toMatchObject({
      documentId: epak.documentId,
      version: expect.any(Number),
    });
  });

  it('stays as the guest signed it after a later signer signs (the later signature is not in it)', async () => {
    const before = await get(copyUrl(epak), guest);
    const signer2 = await t.signIn('signer2@demo.test');
    expect((await signAll(t, signer2.token, epak.epakId, epak.documentId)).code).toBe(1);
    const after = await get(copyUrl(epak), guest);
    const current = await get(
      `/v2/epaks/${epak.epakId}/documents/${epak.documentId}/download`,
      custodian.token,
    );
    expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(true);
    expect(current.bytes.length).toBeGreaterThan(after.bytes.length);
    // The later signer has a copy of their own, with both signatures.
    const theirs = await get(copyUrl(epak), signer2.token);
    expect(theirs.status).toBe(200);
    expect(theirs.bytes.length).toBeGreaterThan(after.bytes.length);
  });

  it("is not given to the ePak's owner, who signed nothing (-1006)", async () => {
    const res = await get(copyUrl(epak), custodian.token);
    expect({ status: res.status, code: res.code }).toEqual({ status: 404, code: Code.DOCUMENT_MISSING });
  });

  it("finds no other ePak from the guest's link session, though the guest is a signer there too", async () => {
    const res = await get(copyUrl(other), guest);
    expect({ status: res.status, code: res.code }).toEqual({ status: 404, code: Code.GENERIC_ERROR });
  });
});
