import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectType } from '../src/ingest/detect-type.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { findSoffice } from '../src/ingest/office.ts';
import { pdftotext, qpdfCheck } from './helpers/tools.ts';

const soffice = await findSoffice();
if (!soffice)
  console.warn(
    'office conversion test skipped: LibreOffice not installed (scripts/system-deps.json installs it)',
  );

/** A .docx made by LibreOffice itself from plain text. */
function makeDocx(text: string): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'signet-docx-'));
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

// Minimal OOXML/OLE shapes: detection reads part and stream names, not the file name.
const fakeDocx = new Uint8Array(
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.from('....[Content_Types].xml....word/document.xml'),
  ]),
);
const fakeXls = new Uint8Array(
  Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.from('Workbook', 'utf16le'),
  ]),
);

describe('office uploads', () => {
  it('recognises Word, Excel and PowerPoint files by their content', () => {
    expect(detectType(fakeDocx)).toBe('docx');
    expect(detectType(fakeXls)).toBe('xls');
    expect(
      detectType(
        new Uint8Array(
          Buffer.concat([
            Buffer.from([0x50, 0x4b, 0x03, 0x04]),
            Buffer.from('[Content_Types].xml ppt/slides'),
          ]),
        ),
      ),
    ).toBe('pptx');
  });

  it('refuses an office file with -177 naming LibreOffice when it is not installed', async () => {
    await expect(ingestUpload(fakeDocx, { soffice: '/nonexistent/soffice' })).rejects.toMatchObject({
      code: -177,
      message: expect.stringMatching(/LibreOffice/),
    });
  });

  it('refuses with -48 when the conversion fails', async () => {
    await expect(ingestUpload(fakeDocx, { soffice: '/bin/false' })).rejects.toMatchObject({ code: -48 });
  });

  it.skipIf(!soffice)(
    'converts a Word document to PDF with LibreOffice (skipped only when LibreOffice is not installed)',
    async () => {
      const docx = makeDocx('Service agreement between Signet and Zoë.\n');
      expect(detectType(docx)).toBe('docx');
      const result = await ingestUpload(docx);
      expect(result).toMatchObject({ sourceType: 'docx', action: 'converted' });
      expect(result.pageCount).toBeGreaterThanOrEqual(1);
      expect(qpdfCheck(result.pdf).ok).toBe(true);
      expect(pdftotext(result.pdf)).toContain('Service agreement between Signet and Zoë.');
    },
    180_000,
  );
});

describe('XML uploads', () => {
  it('renders XML as a readable PDF of its text, re-indenting minified XML', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><invoice><buyer>श्री राम</buyer><item qty="2">Widget</item><note>${'long '.repeat(60)}</note></invoice>`;
    expect(detectType(Buffer.from(xml))).toBe('xml');
    const result = await ingestUpload(new Uint8Array(Buffer.from(xml)));
    expect(result).toMatchObject({ sourceType: 'xml', action: 'created', pageCount: 1 });
    expect(qpdfCheck(result.pdf).ok).toBe(true);
    const text = pdftotext(result.pdf);
    expect(text).toContain('<buyer>');
    expect(text).toContain('श्री राम');
    expect(text).toMatch(/\n\s*<item qty="2">/);
  });

  it('does not take text or binary for XML', () => {
    expect(detectType(Buffer.from('just some text'))).toBe('unknown');
    expect(detectType(Buffer.from([0x3c, 0xff, 0xfe, 0x00, 0x80]))).toBe('unknown');
  });
});
