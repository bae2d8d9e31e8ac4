import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeAndSend, signAll } from './support/epak-helpers.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';

/**
 * Issue 18: an easy-sign link's page paints its document's first page before the app loads — the
 * server fills the page's frame with a picture it draws in the sandbox — and only while the link
 * would open a session, never behind a security code.
 */

const FRAME =
  '<div id="root"><div class="boot"><div class="boot-bar">Signet</div><!--boot-frame--></div></div>';
const SIGN_PAGE = `<!doctype html><html><head><title>Signet</title></head><body>${FRAME}</body></html>`;

let t: TestServer;
let web: string;
let custodian: Session;

beforeAll(async () => {
  web = await mkdtemp(join(tmpdir(), 'signet-first-page-'));
  await mkdir(join(web, 'routes'), { recursive: true });
  await writeFile(join(web, 'index.html'), SIGN_PAGE.replace('<title>Signet', '<title>Index'));
  await writeFile(join(web, 'routes/sign.html'), SIGN_PAGE);
  t = await startTestServer({}, { webDistDir: web });
  custodian = await t.signIn('custodian@demo.test');
});
afterAll(async () => {
  await t.close();
  await rm(web, { recursive: true, force: true });
});

/** The easy-sign link of one recipient of an ePak, as the custodian can list it. */
async function linkOf(epakId: string, email: string): Promise<string> {
  const links = await t.call<{ easySignInfo: { userEmail: string; easySignLink: string }[] }[]>(
    'GET',
    `/v2/epaks/easysignlinks/${epakId}`,
    { token: custodian.token },
  );
  const link = links.data[0]?.easySignInfo.find((l) => l.userEmail === email)?.easySignLink ?? '';
  return new URL(link).searchParams.get('easytoken') ?? '';
}

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
const picture = (token: string) =>
  t.app.inject({ method: 'GET', url: `/msbapi/public/easysign/${token}/first-page` });

describe("an easy-sign link's first paint", () => {
  it("fills the page's frame with the first page of the ePak's first document, kept by no cache", async () => {
    const sent = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test'] },
    ]);
    const token = await linkOf(sent.epakId, 'signer1@demo.test');
    const res = await page(`/sign?easytoken=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const img = /<img [^>]*>/.exec(res.body)?.[0] ?? '';
    // The picture itself when drawn in time, else where the browser fetches it.
    expect(img).toMatch(
      new RegExp(
        `src="(data:image/webp;base64,[A-Za-z0-9+/=]+|/msbapi/public/easysign/${token}/first-page)"`,
      ),
    );
    expect(img).toContain(`data-epak-id="${sent.epakId}"`);
    expect(img).toContain(`data-document-id="${sent.documentId}"`);
    // The page's size in points (A4 or Letter from the sample), so the frame keeps its proportions.
    expect(img).toMatch(/width="\d+" height="\d+"/);
    expect(img).toContain('alt="Première page du document à signer"');
    // The frame around it paints without waiting for the picture to be decoded.
    expect(img).toContain('decoding="async"');
    expect(res.body).not.toContain('<!--boot-frame-->');

    const drawn = await picture(token);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/webp');
    expect(drawn.headers['cache-control']).toBe('private, max-age=600');
    expect(drawn.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Asked again (a reload): the same picture from memory, now inside the page.
    expect((await picture(token)).rawPayload.equals(drawn.rawPayload)).toBe(true);
    const again = await page(`/sign?easytoken=${token}`);
    expect(again.body).toContain(`src="data:image/webp;base64,${drawn.rawPayload.toString('base64')}"`);
  });

  it('paints the plain frame and draws nothing for an unknown link, and answers -42 for its picture', async () => {
    const res = await page('/sign?easytoken=not-a-link');
    expect(res.body).not.toContain('<img');
    expect(res.headers['cache-control']).toBe('no-cache');
    const refused = await picture('not-a-link');
    expect(refused.json().code).toBe(Code.INVALID_EASY_SIGN_LINK);
  });

  it('shows nothing of an ePak behind a security code', async () => {
    const sent = await composeAndSend(
      t,
      custodian.token,
      [{ type: 'SIGN', recipients: ['signer1@demo.test'] }],
      {
        extra: { securityCode: '4821' },
      },
    );
    const token = await linkOf(sent.epakId, 'signer1@demo.test');
    expect((await page(`/sign?easytoken=${token}`)).body).not.toContain('<img');
    expect((await picture(token)).json().code).toBe(Code.INVALID_EASY_SIGN_LINK);
  });

  it('stops showing the page once the recipient has signed', async () => {
    const sent = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer1@demo.test', 'signer2@demo.test'] },
    ]);
    const token = await linkOf(sent.epakId, 'signer1@demo.test');
    const signer = await t.signIn('signer1@demo.test');
    expect((await signAll(t, signer.token, sent.epakId, sent.documentId)).code).toBe(1);
    expect((await page(`/sign?easytoken=${token}`)).body).not.toContain('<img');
    expect((await picture(token)).json().code).toBe(Code.INVALID_EASY_SIGN_LINK);
  });

  it('fills the frame of /emailsign, the same link under its other name', async () => {
    const sent = await composeAndSend(t, custodian.token, [
      { type: 'SIGN', recipients: ['signer2@demo.test'] },
    ]);
    const token = await linkOf(sent.epakId, 'signer2@demo.test');
    expect((await page(`/emailsign?easytoken=${token}`)).body).toContain(`data-epak-id="${sent.epakId}"`);
  });
});
