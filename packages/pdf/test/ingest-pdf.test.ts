import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfError } from '../src/core/errors.ts';
import { dict, name, PdfString } from '../src/core/objects.ts';
import { detectType } from '../src/ingest/detect-type.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { pemToDer } from '../src/sign/certificates.ts';
import { signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner } from '../src/sign/signer.ts';
import { pdfOf, pngOf, textPage, viaTool } from './helpers/fixtures.ts';
import { pdftotext, qpdfCheck, runOn } from './helpers/tools.ts';

afterAll(closeSandbox);

/** A real PAdES signature by a throw-away self-signed key (openssl), on `pdf`. */
async function signedForReal(pdf: Uint8Array): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'signet-ingest-key-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-keyout',
        'key.pem',
        '-out',
        'cert.pem',
        '-days',
        '2',
        '-subj',
        '/CN=Ingest Test',
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    const cert = pemToDer(readFileSync(join(dir, 'cert.pem'), 'utf8'));
    return await signPdf(pdf, localSigner(readFileSync(join(dir, 'key.pem'), 'utf8'), cert));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const plain = () =>
  pdfOf([{ content: textPage('Hello ingest') }, { rotate: 90, cropBox: [10, 20, 500, 800] }]);
const encrypt = (pdf: Uint8Array, user: string) =>
  viaTool(pdf, 'in.pdf', 'out.pdf', (i, o) => [
    'qpdf',
    ['--encrypt', user, 'owner-secret', '256', '--', i, o],
  ]);

describe('PDF uploads', () => {
  it('keeps a clean PDF byte for byte and reports each page as a viewer shows it', async () => {
    const pdf = plain();
    const result = await ingestUpload(pdf);
    expect(result.action).toBe('kept');
    expect(result.pdf).toBe(pdf);
    expect(result.pages).toEqual([
      expect.objectContaining({ pageNumber: 1, width: 595, height: 842, rotate: 0 }),
      expect.objectContaining({
        pageNumber: 2,
        width: 780,
        height: 490,
        rotate: 90,
        cropBox: [10, 20, 500, 800],
      }),
    ]);
  });

  it('finds a PDF by its content even after junk before the header', async () => {
    const junk = Buffer.concat([Buffer.from('garbage\n'), Buffer.from(plain())]);
    expect(detectType(junk)).toBe('pdf');
    const result = await ingestUpload(new Uint8Array(junk));
    expect(result.action).toBe('repaired');
    expect(qpdfCheck(result.pdf).ok).toBe(true);
  });

  it('takes an image whose metadata holds the text "%PDF-" for the image it is, not for a PDF', async () => {
    const png = Buffer.from(pngOf(30, 20, () => [200, 0, 0, 255]));
    // A tEXt chunk right after IHDR (8-byte signature + 25-byte IHDR chunk).
    const body = Buffer.from('tEXtComment\0scanned from %PDF-1.7 original', 'latin1');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length - 4);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    const tricky = Buffer.concat([png.subarray(0, 33), len, body, crc, png.subarray(33)]);
    expect(tricky.subarray(0, 1024).includes('%PDF-')).toBe(true);
    expect(detectType(tricky)).toBe('png');
    const result = await ingestUpload(new Uint8Array(tricky));
    expect(result).toMatchObject({ sourceType: 'png', action: 'created', pageCount: 1 });
    expect(result.pages[0]).toMatchObject({ width: 30, height: 20 });
  });

  it('decrypts an unsigned PDF encrypted with an empty user password, once', async () => {
    const locked = encrypt(plain(), '');
    const result = await ingestUpload(locked);
    expect(result.action).toBe('decrypted');
    expect(runOn(result.pdf, 'qpdf', (f) => ['--show-encryption', f]).stdout).toMatch(/not encrypted/);
    expect(pdftotext(result.pdf)).toContain('Hello ingest');
    expect(qpdfCheck(result.pdf).ok).toBe(true);
    // Ingesting the result again changes nothing.
    expect((await ingestUpload(result.pdf)).action).toBe('kept');
  });

  it('refuses a PDF whose author forbade changes (empty user password, no-modify permission) with -59', async () => {
    const restricted = viaTool(plain(), 'in.pdf', 'out.pdf', (i, o) => [
      'qpdf',
      ['--encrypt', '', 'owner-secret', '256', '--modify=none', '--', i, o],
    ]);
    await expect(ingestUpload(restricted)).rejects.toMatchObject({
      code: -59,
      message: expect.stringMatching(/forbade changes.*Ask the author/),
    });
  });

  it('refuses a password-protected PDF with -59 and tells the person to remove the password', async () => {
    const locked = encrypt(plain(), 'user-secret');
    await expect(ingestUpload(locked)).rejects.toMatchObject({
      code: -59,
      message: expect.stringMatching(/password/i),
    });
  });

  it('repairs a damaged unsigned PDF by a full rewrite', async () => {
    const pdf = Buffer.from(plain());
    const text = pdf.toString('latin1');
    const at = text.lastIndexOf('startxref');
    const broken = Buffer.concat([pdf.subarray(0, at), Buffer.from('startxref\n999999\n%%EOF\n')]);
    expect(qpdfCheck(broken).ok).toBe(false);
    const result = await ingestUpload(new Uint8Array(broken));
    expect(result.action).toBe('repaired');
    expect(result.pageCount).toBe(2);
    expect(qpdfCheck(result.pdf).ok).toBe(true);
    expect(pdftotext(result.pdf)).toContain('Hello ingest');
  });

  it('keeps an already signed PDF byte for byte', async () => {
    const signed = pdfOf([{ content: textPage('Signed before') }], (w) => {
      const sig = w.add(
        dict({
          Type: name('Sig'),
          Filter: name('Adobe.PPKLite'),
          SubFilter: name('ETSI.CAdES.detached'),
          ByteRange: [0, 10, 20, 30],
          Contents: new PdfString(new Uint8Array(64), true),
        }),
      );
      const field = w.add(dict({ FT: name('Sig'), T: PdfString.text('Signature1'), V: sig }));
      return { AcroForm: dict({ Fields: [field], SigFlags: 3 }) };
    });
    const result = await ingestUpload(signed);
    expect(result).toMatchObject({ action: 'kept', signed: true });
    expect(result.pdf).toBe(signed);
  });

  it('refuses with -59 an already signed PDF whose cross-reference data is broken, instead of rewriting it', async () => {
    const signed = await signedForReal(plain());
    // Control: intact, it is kept byte for byte.
    expect((await ingestUpload(signed)).action).toBe('kept');
    // The last startxref points nowhere: no incremental update can be appended to this file,
    // and a repairing rewrite would break the signature it carries.
    const text = Buffer.from(signed).toString('latin1');
    const at = text.lastIndexOf('startxref');
    const broken = Buffer.concat([
      Buffer.from(signed.subarray(0, at)),
      Buffer.from('startxref\n999999\n%%EOF\n'),
    ]);
    await expect(ingestUpload(new Uint8Array(broken))).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof PdfError &&
        e.code === -59 &&
        /already signed/.test(e.message) &&
        /damaged/.test(e.message),
    );
  });

  it('refuses a document over the page limit with -241', async () => {
    await expect(ingestUpload(plain(), { limits: { maxPages: 1 } })).rejects.toMatchObject({ code: -241 });
  });

  it('refuses an empty file, an oversized file and an unknown type with their codes', async () => {
    await expect(ingestUpload(new Uint8Array())).rejects.toMatchObject({ code: -182 });
    await expect(ingestUpload(plain(), { limits: { maxBytes: 100 } })).rejects.toMatchObject({
      code: -6,
      message: expect.stringMatching(/MB/),
    });
    await expect(ingestUpload(new Uint8Array([1, 2, 3, 4, 5]))).rejects.toMatchObject({
      code: -177,
      message: expect.stringMatching(/PDF/),
    });
  });

  it('refuses a PDF whose parse overruns the time limit, and the next upload is read normally', async () => {
    // Thousands of objects and no usable cross-reference table: the parser must scan them all,
    // which takes far longer than the 5 ms allowed here.
    const objects = Array.from(
      { length: 60_000 },
      (_, i) => `${i + 10} 0 obj\n<< /Type /Junk /N ${i} >>\nendobj\n`,
    ).join('');
    const hostile = new Uint8Array(
      Buffer.from(`%PDF-1.7\n${objects}trailer\n<< /Size 3 >>\nstartxref\n1\n%%EOF\n`, 'latin1'),
    );
    const err = await ingestUpload(hostile, { limits: { parseTimeoutMs: 5 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect(err).toMatchObject({ code: -179 });
    expect((await ingestUpload(plain())).action).toBe('kept');
  });

  it('refuses a PDF that needs more memory than the sandbox allows', async () => {
    const err = await ingestUpload(plain(), { limits: { workerHeapMb: 4 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: -59, message: expect.stringMatching(/memory|could not be read/) });
    expect((await ingestUpload(plain())).action).toBe('kept');
  });

  it('refuses an image whose pixels would take more memory than the sandbox allows', async () => {
    // 7,000 × 7,000 RGB compresses to a few hundred KB but decodes to ~150 MB of pixels, twice.
    const side = 7000;
    const raw = Buffer.alloc((side * 3 + 1) * side);
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(side, 0);
    ihdr.writeUInt32BE(side, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const err = await ingestUpload(new Uint8Array(png), { limits: { sandboxRssMb: 300 } }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: -59, message: expect.stringMatching(/memory/) });
  }, 60_000);
});
