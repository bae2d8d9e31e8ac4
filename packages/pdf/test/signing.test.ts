import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { readPkcs12, signerFromPkcs12 } from '../src/sign/pkcs12.ts';
import { completePdfSignature, preparePdfSignature, signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner, type Signer } from '../src/sign/signer.ts';
import { checkCms } from '../src/verify/cms-verify.ts';
import { findSignatures } from '../src/verify/find-signatures.ts';
import { verifyPdf } from '../src/verify/verify-pdf.ts';
import { makePdf } from './fixtures.ts';
import { pdfsig, qpdfCheck, verifyTimestampToken } from './pki/judges.ts';
import { createTestPki, type TestPki } from './pki/test-pki.ts';

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

/** Every signature valid and trusted by pdfsig, the last one total, qpdf clean, and our verify agrees. */
async function expectAllValid(pdf: Uint8Array, count: number, opts: { lastIsTimestamp?: boolean } = {}) {
  const judged = await pdfsig(pdf, pki.nssDir);
  expect(judged).toHaveLength(count);
  judged.forEach((s, i) => {
    const isDocTs = opts.lastIsTimestamp && i === count - 1;
    // pdfsig 22 cannot validate RFC 3161 document timestamps; our verify and openssl check those.
    if (!isDocTs) {
      expect(s.valid, s.text).toBe(true);
      expect(s.trusted, s.text).toBe(true);
    }
  });
  expect(judged[count - 1]?.totalDocumentSigned).toBe(true);
  expect(qpdfCheck(pdf)).toBeUndefined();
  const report = verifyPdf(pdf, [pki.caDer]);
  expect(report.signatures).toHaveLength(count);
  for (const r of report.signatures) {
    expect(r.digestMatches, r.problems.join('; ')).toBe(true);
    expect(r.trusted, r.problems.join('; ')).toBe(true);
  }
  expect(report.signatures[count - 1]?.coversWholeDocument).toBe(true);
  return report;
}

describe('PAdES signing by incremental update', () => {
  it('a visible RSA B-B signature on a classic-xref file is valid, trusted and covers the whole document', async () => {
    const original = makePdf(2);
    const signed = await signPdf(original, rsa, {
      field: { page: 1, rect: [72, 72, 272, 132] },
      reason: 'Approved',
    });
    expect(Buffer.from(signed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
    const report = await expectAllValid(signed, 1);
    expect(report.signatures[0]?.level).toBe('B-B');
    expect(report.signatures[0]?.signer?.commonName).toBe('Test Signer RSA');
    expect(report.signatures[0]?.claimedTime).toBeDefined();
  });

  it('an invisible ECDSA P-256 seal on an xref-stream file appends an xref stream and validates', async () => {
    const signed = await signPdf(makePdf(1, { xrefStream: true }), ec);
    expect(PdfDocument.open(signed).xref.kind).toBe('stream');
    await expectAllValid(signed, 1);
  });

  it('the CMS has ESS signing-certificate-v2 and no signing-time attribute', async () => {
    const signed = await signPdf(makePdf(1), rsa);
    const [sig] = findSignatures(PdfDocument.open(signed));
    const check = checkCms(sig?.contents ?? new Uint8Array());
    expect(check.hasSigningCertificateV2).toBe(true);
    expect(check.hasSigningTime).toBe(false);
    expect(sig?.subFilter).toBe('ETSI.CAdES.detached');
  });

  it('three sequential signers give three valid signatures, the last covering the whole document', async () => {
    let pdf: Uint8Array = makePdf(3);
    const rsa2 = localSigner(pki.rsa2.keyPem, [pki.rsa2.certDer, pki.caDer]);
    for (const [i, s] of [rsa, ec, rsa2].entries()) {
      pdf = await signPdf(pdf, s, {
        field: { page: i, rect: [50, 50, 250, 110] },
        signerName: `Signer ${i + 1}`,
      });
    }
    const report = await expectAllValid(pdf, 3);
    expect(report.signatures[0]?.coversWholeDocument).toBe(false);
    expect(report.signatures[0]?.changesAfter.join(' ')).toContain('signature');
  });

  it('a B-T signature carries a timestamp token that openssl ts -verify accepts', async () => {
    const signed = await signPdf(makePdf(1), ec, { level: 'B-T', tsa: { url: pki.tsaUrl } });
    const report = await expectAllValid(signed, 1);
    expect(report.signatures[0]?.level).toBe('B-T');
    expect(report.signatures[0]?.timestampTime).toBeDefined();
    const [sig] = findSignatures(PdfDocument.open(signed));
    const check = checkCms(sig?.contents ?? new Uint8Array());
    const token = check.timestampTokens[0];
    expect(token).toBeDefined();
    expect(
      verifyTimestampToken(
        token as Uint8Array,
        check.signatureValue as Uint8Array,
        pki.caPem,
        pki.tsaCertPem,
      ),
    ).toBe(true);
  });

  it('B-LT adds validation data (certificates, OCSP, CRL) after the signature and keeps it valid', async () => {
    const signed = await signPdf(makePdf(1), rsa, { level: 'B-LT', tsa: { url: pki.tsaUrl } });
    const doc = PdfDocument.open(signed);
    const dss = doc.resolveDict(doc.catalog().get('DSS'));
    for (const key of ['Certs', 'OCSPs', 'CRLs']) {
      const arr = doc.resolve(dss?.get(key));
      expect(Array.isArray(arr) && arr.length > 0, key).toBe(true);
    }
    const judged = await pdfsig(signed, pki.nssDir);
    expect(judged[0]?.valid).toBe(true);
    expect(judged[0]?.trusted).toBe(true);
    expect(qpdfCheck(signed)).toBeUndefined();
    const report = verifyPdf(signed, [pki.caDer]);
    expect(report.signatures[0]?.level).toBe('B-LT');
    expect(report.signatures[0]?.changesAfter.join(' ')).toContain('validation data');
  });

  it('B-LTA ends with a document timestamp over the whole file, after an earlier signer', async () => {
    const first = await signPdf(makePdf(1), ec, { level: 'B-T', tsa: { url: pki.tsaUrl } });
    const signed = await signPdf(first, rsa, { level: 'B-LTA', tsa: { url: pki.tsaUrl } });
    const report = await expectAllValid(signed, 3, { lastIsTimestamp: true });
    expect(report.signatures[1]?.level).toBe('B-LTA');
    expect(report.signatures[2]?.kind).toBe('timestamp');
    expect(report.signatures[2]?.signatureValid).toBe(true);
  });

  it('certification (DocMDP) marks the first signature and a P=1 document refuses a second signer', async () => {
    const certified = await signPdf(makePdf(1), rsa, { certify: 1 });
    const doc = PdfDocument.open(certified);
    expect(doc.resolveDict(doc.catalog().get('Perms'))?.has('DocMDP')).toBe(true);
    await expectAllValid(certified, 1);
    await expect(signPdf(certified, ec)).rejects.toMatchObject({ code: Code.INVALID_DOCUMENT });
  });

  it('a P=2 certified document takes a later approval signature that stays valid', async () => {
    const certified = await signPdf(makePdf(1), rsa, { certify: 2 });
    await expectAllValid(await signPdf(certified, ec), 2);
  });
});

describe('deferred signing', () => {
  it('prepare then complete with a raw signature value gives a valid signature like local signing', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer], {
      field: { page: 0, rect: [10, 10, 200, 60] },
    });
    // The state survives JSON, as it would between two HTTP calls.
    const state = JSON.parse(JSON.stringify(prepared.state));
    const value = await rsa.sign(Buffer.from(state.signedAttributes, 'base64'));
    const signed = await completePdfSignature(prepared.pdf, state, { signatureValue: value });
    await expectAllValid(signed, 1);
  });

  it('an ECDSA value returned raw (r‖s) by a token is accepted and converted', async () => {
    const { createPrivateKey, sign } = await import('node:crypto');
    const prepared = await preparePdfSignature(makePdf(1), [pki.ec.certDer, pki.caDer], {
      level: 'B-T',
      tsa: { url: pki.tsaUrl },
    });
    const raw = sign('sha256', Buffer.from(prepared.state.signedAttributes, 'base64'), {
      key: createPrivateKey(pki.ec.keyPem),
      dsaEncoding: 'ieee-p1363',
    });
    const signed = await completePdfSignature(
      prepared.pdf,
      prepared.state,
      { signatureValue: raw },
      {
        tsa: { url: pki.tsaUrl },
      },
    );
    const report = await expectAllValid(signed, 1);
    expect(report.signatures[0]?.level).toBe('B-T');
  });

  it('a whole CMS made outside (openssl cms) over the prepared byte ranges is embedded and validates', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer], {
      reservedBytes: 8192,
    });
    const [, a, b] = prepared.state.byteRange;
    const dir = mkdtempSync(join(tmpdir(), 'signet-cms-'));
    try {
      writeFileSync(
        join(dir, 'data'),
        Buffer.concat([prepared.pdf.subarray(0, a), prepared.pdf.subarray(b)]),
      );
      execFileSync('openssl', [
        'cms',
        '-sign',
        '-binary',
        '-in',
        join(dir, 'data'),
        '-signer',
        pki.rsa.certPath,
        '-inkey',
        pki.rsa.keyPath,
        '-outform',
        'DER',
        '-out',
        join(dir, 'sig.der'),
        '-nosmimecap',
        '-md',
        'sha256',
      ]);
      const signed = await completePdfSignature(prepared.pdf, prepared.state, {
        cms: readFileSync(join(dir, 'sig.der')),
      });
      const judged = await pdfsig(signed, pki.nssDir);
      expect(judged[0]?.valid, judged[0]?.text).toBe(true);
      expect(verifyPdf(signed, [pki.caDer]).signatures[0]?.digestMatches).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('complete refuses a signature value made by another key', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer]);
    const wrong = await ec.sign(Buffer.from(prepared.state.signedAttributes, 'base64'));
    await expect(
      completePdfSignature(prepared.pdf, prepared.state, { signatureValue: wrong }),
    ).rejects.toMatchObject({ code: Code.DSC_ERROR });
  });

  it('complete refuses a prepared PDF that was changed after prepare', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer]);
    const tampered = Buffer.from(prepared.pdf);
    tampered[20] = 0x41;
    const value = await rsa.sign(Buffer.from(prepared.state.signedAttributes, 'base64'));
    await expect(
      completePdfSignature(tampered, prepared.state, { signatureValue: value }),
    ).rejects.toMatchObject({
      code: Code.INVALID_DOCUMENT,
    });
  });
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
      await expectAllValid(twice, 2);
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
    const { PdfStream, dict, name } = await import('../src/core/objects.ts');
    const bomb = new PdfStream(
      dict({ Filter: name('FlateDecode') }),
      deflateSync(Buffer.alloc(4 * 1024 * 1024)),
    );
    expect(() => decodeStream(bomb, 1024 * 1024)).toThrowError(/larger than allowed/);
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
  });
});
