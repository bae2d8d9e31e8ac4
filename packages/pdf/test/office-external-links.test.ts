import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { convertOffice, findSoffice } from '../src/ingest/office.ts';
import { docxLinkingPicture, svgShowingText } from './helpers/linked-docx.ts';
import { pdftotext } from './helpers/tools.ts';

const soffice = await findSoffice();
if (!soffice) console.warn('office link tests skipped: LibreOffice not installed (scripts/system-deps.json)');

/** A loopback HTTP listener standing for an internal service; it records every request. */
let listener: ReturnType<typeof createServer>;
const received: string[] = [];
let port = 0;
const scratch = mkdtempSync(join(tmpdir(), 'signet-linked-'));

beforeAll(async () => {
  listener = createServer((req: IncomingMessage, res) => {
    received.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svgShowingText('FETCHED-OVER-HTTP'));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  rmSync(scratch, { recursive: true, force: true });
});

describe.skipIf(!soffice)('office conversion reaches nothing the document links to', () => {
  it('converts a Word file whose picture links to an http address without any request reaching that address', async () => {
    const docx = docxLinkingPicture(`http://127.0.0.1:${port}/x.svg`);
    const result = await ingestUpload(docx);
    expect(result).toMatchObject({ sourceType: 'docx', action: 'converted' });
    expect(pdftotext(result.pdf)).toContain('Before the picture.');
    expect(received).toEqual([]);
  }, 180_000);

  it('converts a Word file whose picture links to a local file without putting that file into the PDF', async () => {
    const marker = `LOCAL-FILE-MARKER-${process.pid}-${Date.now()}`;
    const secret = join(scratch, 'secret.svg');
    writeFileSync(secret, svgShowingText(marker));
    const docx = docxLinkingPicture(pathToFileURL(secret).href);
    const result = await ingestUpload(docx);
    const text = pdftotext(result.pdf);
    expect(text).toContain('After the picture.');
    expect(text).not.toContain(marker);
  }, 180_000);

  it('reaches no address from a file it cannot rewrite (a Word file sent as legacy .doc): links blocked by the profile, no network in the sandbox', async () => {
    // .doc, .xls, .ppt are not rewritten; LibreOffice still opens this one by its content.
    const docx = docxLinkingPicture(`http://127.0.0.1:${port}/legacy.svg`);
    const pdf = await convertOffice(docx, 'doc');
    expect(pdftotext(pdf)).toContain('Before the picture.');
    expect(received).toEqual([]);
  }, 180_000);

  it('refuses with -177 when LibreOffice cannot be confined, unless the operator allows converting without a sandbox', async () => {
    const docx = docxLinkingPicture('https://example.invalid/x.png');
    const nowhere = { bwrap: '/nonexistent/bwrap', unshare: '/nonexistent/unshare' };
    await expect(convertOffice(docx, 'docx', { sandbox: nowhere })).rejects.toMatchObject({
      code: -177,
      message: expect.stringMatching(/without network/),
    });
    await expect(
      convertOffice(docx, 'docx', { sandbox: { ...nowhere, allowWeakSandbox: true } }),
    ).rejects.toMatchObject({ code: -177 });
    const pdf = await convertOffice(docx, 'docx', { sandbox: { ...nowhere, allowUnsandboxed: true } });
    expect(pdftotext(pdf)).toContain('After the picture.');
  }, 180_000);
});
