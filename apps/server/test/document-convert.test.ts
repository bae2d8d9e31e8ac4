import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Code } from '@signet/contracts';
import { findSoffice } from '@signet/pdf';
import { docxLinkingPicture, svgShowingText } from '@signet/pdf/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/epak-helpers.ts';
import { pdfText } from './support/pdf-text.ts';
import { type Session, startTestServer, type TestServer } from './support/test-server.ts';
import { textPagesPdf } from './support/text-pages-pdf.ts';

const soffice = await findSoffice();
if (!soffice) console.warn('Word conversion case skipped: LibreOffice (soffice) is not installed');

let t: TestServer;
let custodian: Session;
let signer: Session;

/** A 2×2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** A .docx written by LibreOffice from plain text. */
function makeDocx(text: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'signet-convert-docx-'));
  try {
    writeFileSync(join(dir, 'letter.txt'), text);
    const r = spawnSync(
      soffice ?? 'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'docx:MS Word 2007 XML',
        '--outdir',
        dir,
        join(dir, 'letter.txt'),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    if (r.status !== 0) throw new Error(`soffice failed: ${r.stderr}`);
    return new Uint8Array(readFileSync(join(dir, 'letter.docx')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function convert(session: Session | null, files: { name: string; bytes: Uint8Array }[]) {
  const { body, contentType } = multipart(files);
  const res = await t.app.inject({
    method: 'POST',
    url: '/msbapi/v1/document/convert',
    headers: { 'content-type': contentType, ...(session ? { access_token: session.token } : {}) },
    payload: body,
  });
  let code = Number.NaN;
  let message = '';
  if (String(res.headers['content-type']).startsWith('application/json')) {
    const json = res.json() as { code: number; message?: string };
    code = json.code;
    message = json.message ?? '';
  }
  return { res, code, message, pdf: new Uint8Array(res.rawPayload) };
}

beforeAll(async () => {
  t = await startTestServer();
  custodian = await t.signIn('custodian@demo.test');
  signer = await t.signIn('signer1@demo.test');
}, 120_000);
afterAll(() => t?.close());

describe('POST /v1/document/convert', () => {
  it.skipIf(!soffice)(
    'answers a Word file as a PDF with its text, named after the upload, and stores nothing',
    async () => {
      const before = await t.call<unknown[]>('GET', '/v1/documents', { token: custodian.token });
      const { res, pdf } = await convert(custodian, [
        { name: 'Offer letter.docx', bytes: makeDocx('Offer letter for Zoë Kapoor.\n') },
      ]);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toContain('filename="Offer letter.pdf"');
      expect(res.headers['x-conversion']).toBe('converted');
      expect(res.headers['x-page-count']).toBe('1');
      expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(pdfText(pdf)).toContain('Offer letter for Zoë Kapoor.');
      const after = await t.call<unknown[]>('GET', '/v1/documents', { token: custodian.token });
      expect(after.data.length).toBe(before.data.length);
    },
    180_000,
  );

  it.skipIf(!soffice)(
    'converts a Word file whose picture links to an internal address or a server file without fetching either',
    async () => {
      // An internal service on loopback, and a file on the server, that the document points at.
      const received: string[] = [];
      const internal = createServer((req, res) => {
        received.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svgShowingText('FROM-INTERNAL'));
      });
      await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
      const dir = mkdtempSync(join(tmpdir(), 'signet-convert-secret-'));
      try {
        const { port } = internal.address() as AddressInfo;
        const http = await convert(custodian, [
          { name: 'linked.docx', bytes: docxLinkingPicture(`http://127.0.0.1:${port}/metadata.svg`) },
        ]);
        expect(http.res.statusCode, http.res.body.slice(0, 300)).toBe(200);
        expect(pdfText(http.pdf)).toContain('Before the picture.');
        expect(received).toEqual([]);

        const marker = `SERVER-FILE-${process.pid}-${Date.now()}`;
        writeFileSync(join(dir, 'secret.svg'), svgShowingText(marker));
        const file = await convert(custodian, [
          {
            name: 'linked-file.docx',
            bytes: docxLinkingPicture(pathToFileURL(join(dir, 'secret.svg')).href),
          },
        ]);
        expect(file.res.statusCode, file.res.body.slice(0, 300)).toBe(200);
        const text = pdfText(file.pdf);
        expect(text).toContain('After the picture.');
        expect(text).not.toContain(marker);
      } finally {
        await new Promise((resolve) => internal.close(resolve));
        rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );

  it('answers an image as a one-page PDF', async () => {
    const { res, pdf } = await convert(custodian, [{ name: 'scan.png', bytes: new Uint8Array(PNG) }]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['x-conversion']).toBe('created');
    expect(res.headers['x-page-count']).toBe('1');
    expect(String(res.headers['content-disposition'])).toContain('filename="scan.pdf"');
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('answers a PDF with bytes before its header repaired, the text kept', async () => {
    const damaged = new Uint8Array(
      Buffer.concat([
        Buffer.from('Content-Type: application/pdf\r\n\r\n'),
        textPagesPdf([['Repair me please']]),
      ]),
    );
    const { res, pdf } = await convert(custodian, [{ name: 'mail.pdf', bytes: damaged }]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['x-conversion']).toBe('repaired');
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdfText(pdf)).toContain('Repair me please');
  });

  it('refuses a damaged Word file with -48 (conversion failed) and a message', async () => {
    const fakeDocx = new Uint8Array(
      Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        Buffer.from('....[Content_Types].xml....word/document.xml'),
      ]),
    );
    const { res, code, message } = await convert(custodian, [{ name: 'broken.docx', bytes: fakeDocx }]);
    expect(code, message).toBe(soffice ? Code.CONVERSION_FAILED : Code.EXTENSION_NOT_ENABLED);
    expect(res.statusCode).toBe(soffice ? 422 : 415);
    expect(message.length).toBeGreaterThan(10);
  }, 180_000);

  it('refuses a type that is not accepted with -177, an empty file with -182 and no file with -109', async () => {
    const text = await convert(custodian, [
      { name: 'notes.txt', bytes: new Uint8Array(Buffer.from('just text')) },
    ]);
    expect([text.res.statusCode, text.code]).toEqual([415, Code.EXTENSION_NOT_ENABLED]);
    expect(text.message).toMatch(/Word/);
    const empty = await convert(custodian, [{ name: 'empty.docx', bytes: new Uint8Array() }]);
    expect([empty.res.statusCode, empty.code]).toEqual([400, Code.EMPTY_FILE]);
    const none = await convert(custodian, []);
    expect(none.code).toBe(Code.NO_NEW_DOCUMENT_ATTACHED);
  });

  it('refuses a PDF whose encryption cannot be opened with -59 and a message', async () => {
    const garbled = new Uint8Array(
      Buffer.from(
        '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R /Encrypt << /Filter /Standard /V 5 /R 6 /O <00> /U <00> /P -4 >> >>\n%%EOF\n',
      ),
    );
    const { code, message } = await convert(custodian, [{ name: 'locked.pdf', bytes: garbled }]);
    expect(code).toBe(Code.INVALID_DOCUMENT);
    expect(message.length).toBeGreaterThan(20);
  });

  it('is refused to a signer (-11) and to a caller without a session (403)', async () => {
    const asSigner = await convert(signer, [{ name: 'scan.png', bytes: new Uint8Array(PNG) }]);
    expect(asSigner.code).toBe(Code.NOT_AUTHORIZED);
    const anonymous = await convert(null, [{ name: 'scan.png', bytes: new Uint8Array(PNG) }]);
    expect(anonymous.res.statusCode).toBe(403);
  });
});
