import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { readPkcs12, signerFromPkcs12 } from '../src/sign/pkcs12.ts';
import { signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner, type Signer } from '../src/sign/signer.ts';
import { makePdf } from './fixtures.ts';
import { expectAllValid } from './pki/signing-judges.ts';
import { createTestPki, type TestPki } from './pki/test-pki.ts';

/** Signing encrypted and damaged inputs, PKCS#12 files and the CLI. */

let pki: TestPki;
let rsa: Signer;
let ec: Signer;

beforeAll(async () => {
  pki = await createTestPki();
  rsa = localSigner(pki.rsa.keyPem, [pki.rsa.certDer, pki.caDer]);
  ec = localSigner(pki.ec.keyPem, [pki.ec.certDer, pki.caDer]);
}, 60_000);

afterAll(async () => {
  await pki?.close();
});

describe('encrypted and damaged inputs', () => {
  const encrypt = (pdf: Uint8Array, bits: string, extra: string[] = []) => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-enc-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), pdf);
      execFileSync('qpdf', [
        '--allow-weak-crypto',
        '--encrypt',
        '',
        'owner-secret',
        bits,
        ...extra,
        '--',
        join(dir, 'in.pdf'),
        join(dir, 'out.pdf'),
      ]);
      return readFileSync(join(dir, 'out.pdf'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  for (const [label, bits, extra] of [
    ['AES-256', '256', []],
    ['AES-128', '128', ['--use-aes=y']],
    ['RC4-128', '128', ['--use-aes=n']],
  ] as const) {
    it(`a signed ${label} file with an empty user password takes a second valid signature`, async () => {
      const enc = encrypt(makePdf(1), bits, [...extra]);
      const once = await signPdf(enc, rsa, {
        field: { page: 0, rect: [20, 20, 220, 80] },
        reason: 'Première',
      });
      const twice = await signPdf(once, ec, { reason: 'Second' });
      await expectAllValid(pki, twice, 2);
      const doc = PdfDocument.open(twice);
      expect(doc.encryption).toBeDefined();
    });
  }

  it('a password-protected file is refused with -59 and a plain message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'signet-enc-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), makePdf(1));
      execFileSync('qpdf', [
        '--encrypt',
        'user-pw',
        'owner',
        '256',
        '--',
        join(dir, 'in.pdf'),
        join(dir, 'out.pdf'),
      ]);
      expect(() => PdfDocument.open(readFileSync(join(dir, 'out.pdf')))).toThrowError(/password/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unreadable cross-reference section is refused with -59 instead of a silent rewrite', async () => {
    const pdf = Buffer.from(makePdf(1));
    const broken = Buffer.from(
      pdf.toString('latin1').replace(/startxref\n\d+/, 'startxref\n99999'),
      'latin1',
    );
    await expect(signPdf(broken, rsa)).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof PdfError && e.code === Code.INVALID_DOCUMENT && /cross-reference/.test(e.message),
    );
  });

  it('a /Prev chain that loops is refused', () => {
    const pdf = Buffer.from(makePdf(1)).toString('latin1');
    const at = /startxref\n(\d+)/.exec(pdf)?.[1] ?? '0';
    const looped = pdf.replace('/Root 1 0 R >>', `/Root 1 0 R /Prev ${at} >>`);
    expect(() => PdfDocument.open(Buffer.from(looped, 'latin1'))).toThrowError(/loops/);
  });

  it('a compressed stream that inflates past the limit is refused, not decoded', async () => {
    const { deflateSync } = await import('node:zlib');
    const { decodeStream } = await import('../src/core/filters.ts');
    const { DecodedBudget } = await import('../src/core/decoded-budget.ts');
    const { PdfStream, dict, name } = await import('../src/core/objects.ts');
    const bomb = new PdfStream(
      dict({ Filter: name('FlateDecode') }),
      deflateSync(Buffer.alloc(4 * 1024 * 1024)),
    );
    const budget = new DecodedBudget(8 * 1024 * 1024, 1024 * 1024);
    expect(() => decodeStream(bomb, budget)).toThrowError(/more than 1 MB, the limit for one stream/);
  });
});

describe('PKCS#12 and the CLI', () => {
  it('a PKCS#12 from openssl is read in JS, signer certificate first', () => {
    const p = readPkcs12(readFileSync(pki.ecP12), 'secret');
    expect(p.certificates.length).toBe(2);
    expect(Buffer.from(p.certificates[0] as Uint8Array).equals(Buffer.from(pki.ec.certDer))).toBe(true);
  });

  it('a wrong PKCS#12 password is refused with -77', () => {
    expect(() => signerFromPkcs12(readFileSync(pki.rsaP12), 'nope')).toThrow(
      expect.objectContaining({ code: Code.INVALID_CERTIFICATE_PIN }),
    );
  });

  it('signet-pdf sign and verify work end to end, and a refusal exits non-zero with the code', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const run = promisify(execFile);
    const bin = join(import.meta.dirname, '..', 'bin', 'signet-pdf.mjs');
    const dir = mkdtempSync(join(tmpdir(), 'signet-cli-'));
    try {
      writeFileSync(join(dir, 'in.pdf'), makePdf(1));
      writeFileSync(join(dir, 'ca.pem'), pki.caPem);
      const signed = await run('node', [
        bin,
        'sign',
        join(dir, 'in.pdf'),
        join(dir, 'out.pdf'),
        '--p12',
        pki.rsaP12,
        '--password',
        'secret',
        '--level',
        'B-T',
        '--tsa',
        pki.tsaUrl,
        '--page',
        '1',
        '--rect',
        '50,50,250,100',
        '--json',
      ]);
      expect(JSON.parse(signed.stdout)).toMatchObject({ ok: true, level: 'B-T' });
      const v = await run('node', [
        bin,
        'verify',
        join(dir, 'out.pdf'),
        '--trust',
        join(dir, 'ca.pem'),
        '--json',
      ]);
      expect(JSON.parse(v.stdout).signatures[0].level).toBe('B-T');
      writeFileSync(join(dir, 'bad.pdf'), 'not a pdf at all');
      const refused = await run('node', [bin, 'info', join(dir, 'bad.pdf'), '--json']).catch((e) => e);
      expect(refused.code).not.toBe(0);
      expect(JSON.parse(refused.stdout)).toMatchObject({ ok: false, code: Code.INVALID_DOCUMENT });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
