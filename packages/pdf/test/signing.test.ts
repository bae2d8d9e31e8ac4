import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, sign as nodeSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@signet/contracts';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { PdfStream } from '../src/core/objects.ts';
import { addLongTermValidation } from '../src/sign/ltv.ts';
import { readPkcs12, signerFromPkcs12 } from '../src/sign/pkcs12.ts';
import { completePdfSignature, preparePdfSignature, signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner, type Signer } from '../src/sign/signer.ts';
import { checkCms } from '../src/verify/cms-verify.ts';
import { findSignatures } from '../src/verify/find-signatures.ts';
import { verifyPdf } from '../src/verify/verify-pdf.ts';
import { makePdf } from './fixtures.ts';
import {
  certIssuer,
  lastSignatureHole,
  ocspStatusFor,
  pdfsig,
  qpdfCheck,
  verifiedCrlIssuer,
  verifyTimestampToken,
} from './pki/judges.ts';
import { createTestPki, type TestIdentity, type TestPki } from './pki/test-pki.ts';

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

/**
 * The DSS, judged by openssl: an OCSP response that verifies and says 'good' for the signer
 * and for the TSA certificate, and a CRL signed by their issuer (the test CA).
 */
function expectDssCoversSignerAndTsa(pdf: Uint8Array): void {
  const doc = PdfDocument.open(pdf);
  const dss = doc.resolveDict(doc.catalog().get('DSS'));
  const streams = (key: string) => {
    const arr = doc.resolve(dss?.get(key));
    return (Array.isArray(arr) ? arr : []).map((r) => {
      const st = doc.resolve(r);
      if (!(st instanceof PdfStream)) throw new Error(`${key} entry is not a stream`);
      return doc.streamData(st);
    });
  };
  const ocsps = streams('OCSPs');
  for (const [label, certPem] of [
    ['signer', pki.rsa.certPem],
    ['TSA', pki.tsaCertPem],
  ] as const) {
    const statuses = ocsps.map((r) => ocspStatusFor(r, certPem, pki.caPem, pki.caPem));
    expect(statuses, `OCSP for the ${label}`).toContain('good');
  }
  const issuers = streams('CRLs').map((c) => verifiedCrlIssuer(c, pki.caPem));
  expect(issuers).toContain(certIssuer(pki.rsa.certPem));
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
    expectDssCoversSignerAndTsa(signed);
    const judged = await pdfsig(signed, pki.nssDir);
    expect(judged[0]?.valid).toBe(true);
    expect(judged[0]?.trusted).toBe(true);
    expect(qpdfCheck(signed)).toBeUndefined();
    const report = verifyPdf(signed, [pki.caDer]);
    expect(report.signatures[0]?.level).toBe('B-LT');
    expect(report.signatures[0]?.changesAfter.join(' ')).toContain('validation data');
  });

  it('a DSS after a B-T signature that holds no validation data for its chain does not make it B-LT', async () => {
    const bt = await signPdf(makePdf(1), rsa, { level: 'B-T', tsa: { url: pki.tsaUrl } });
    // Revocation sources that answer nothing: the DSS gets certificates but no OCSP/CRL.
    const noAnswers = (async () => new Response(null, { status: 404 })) as typeof fetch;
    const withEmptyDss = await addLongTermValidation(bt, { fetch: noAnswers });
    const doc = PdfDocument.open(withEmptyDss);
    expect(doc.catalog().has('DSS')).toBe(true);
    expect(verifyPdf(withEmptyDss, [pki.caDer]).signatures[0]?.level).toBe('B-T');
  });

  it('B-LTA ends with a document timestamp over the whole file, after an earlier signer', async () => {
    const first = await signPdf(makePdf(1), ec, { level: 'B-T', tsa: { url: pki.tsaUrl } });
    const signed = await signPdf(first, rsa, { level: 'B-LTA', tsa: { url: pki.tsaUrl } });
    const report = await expectAllValid(signed, 3, { lastIsTimestamp: true });
    expect(report.signatures[1]?.level).toBe('B-LTA');
    expect(report.signatures[2]?.kind).toBe('timestamp');
    expect(report.signatures[2]?.signatureValid).toBe(true);
    // The document timestamp judged by openssl, not only by our verify: its token, taken from
    // the last /Contents hole, verifies over the bytes its /ByteRange covers (the whole file).
    const { byteRange, signedData, contents } = lastSignatureHole(signed);
    expect(byteRange[2] + byteRange[3]).toBe(signed.length);
    expect(verifyTimestampToken(contents, signedData, pki.caPem, pki.tsaCertPem)).toBe(true);
    expect(
      verifyTimestampToken(
        contents,
        Buffer.concat([signedData, Buffer.from('x')]),
        pki.caPem,
        pki.tsaCertPem,
      ),
    ).toBe(false);
    expectDssCoversSignerAndTsa(signed);
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

  it('a whole PAdES CMS built outside the engine (pkijs) over the prepared byte ranges is embedded as B-B, valid and trusted', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer], {
      field: { page: 0, rect: [10, 10, 200, 60] },
    });
    const cms = externalPadesCms(prepared.pdf, prepared.state.byteRange, pki.rsa);
    const signed = await completePdfSignature(prepared.pdf, prepared.state, { cms });
    const report = await expectAllValid(signed, 1);
    expect(report.signatures[0]?.level).toBe('B-B');
    expect(report.signatures[0]?.signer?.commonName).toBe('Test Signer RSA');
  });

  it('complete refuses an `openssl cms -sign` CMS (signing-time, no signing-certificate-v2) with -215', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer], {
      reservedBytes: 8192,
    });
    const cms = opensslCms(prepared.pdf, prepared.state.byteRange, pki.rsa);
    const err = await completePdfSignature(prepared.pdf, prepared.state, { cms }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PdfError);
    expect(err).toMatchObject({ code: Code.DSC_ERROR });
    expect((err as PdfError).message).toMatch(/signing-time/);
    expect((err as PdfError).message).toMatch(/signing-certificate-v2/);
  });

  it('a CMS with ESS signing-certificate v1 instead of v2 is refused by complete and reported as not PAdES by verify', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer]);
    const cms = externalPadesCms(prepared.pdf, prepared.state.byteRange, pki.rsa, 'v1');
    await expect(completePdfSignature(prepared.pdf, prepared.state, { cms })).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof PdfError && e.code === Code.DSC_ERROR && /signing-certificate-v2/.test(e.message),
    );
    // Embedded anyway (by hand, as another tool might): the signature is sound but not PAdES.
    const pdf = Buffer.from(prepared.pdf);
    pdf.write(Buffer.from(cms).toString('hex'), (prepared.state.byteRange[1] ?? 0) + 1, 'latin1');
    const [report] = verifyPdf(pdf, [pki.caDer]).signatures;
    expect(report?.digestMatches).toBe(true);
    expect(report?.signatureValid).toBe(true);
    expect(report?.level).toBe('not PAdES');
  });

  it('complete refuses a PAdES CMS made with another certificate than the prepared one', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer]);
    const cms = externalPadesCms(prepared.pdf, prepared.state.byteRange, pki.rsa2);
    await expect(completePdfSignature(prepared.pdf, prepared.state, { cms })).rejects.toSatisfy(
      (e: unknown) =>
        e instanceof PdfError && e.code === Code.DSC_ERROR && /another certificate/.test(e.message),
    );
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

/** The bytes a PDF signature covers: the file minus the /Contents hole. */
function signedBytes(pdf: Uint8Array, byteRange: readonly number[]): Buffer {
  const [, a = 0, b = 0] = byteRange;
  return Buffer.concat([pdf.subarray(0, a), pdf.subarray(b)]);
}

/**
 * A detached PAdES CMS made without the engine's CMS code, as a remote signing service would:
 * pkijs structures, attributes content-type, message-digest and ESS signing-certificate-v2
 * (RFC 5035, SHA-256 by default), no signing-time, RSA PKCS#1 v1.5 over the attribute SET.
 */
function externalPadesCms(
  pdf: Uint8Array,
  byteRange: readonly number[],
  who: TestIdentity,
  ess: 'v2' | 'v1' = 'v2',
): Uint8Array {
  const certDer = who.certDer;
  const cert = pkijs.Certificate.fromBER(certDer);
  const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
  const octets = (b: Uint8Array) => new asn1js.OctetString({ valueHex: new Uint8Array(b).buffer });
  const attributes = [
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.3',
      values: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' })],
    }),
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.4',
      values: [octets(sha256(signedBytes(pdf, byteRange)))],
    }),
    // ESS signing-certificate-v2 (SHA-256 by default) or, to test refusals, v1 (SHA-1).
    new pkijs.Attribute({
      type: ess === 'v2' ? '1.2.840.113549.1.9.16.2.47' : '1.2.840.113549.1.9.16.2.12',
      values: [
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({
              value: [
                new asn1js.Sequence({
                  value: [
                    octets(ess === 'v2' ? sha256(certDer) : createHash('sha1').update(certDer).digest()),
                  ],
                }),
              ],
            }),
          ],
        }),
      ],
    }),
  ];
  const toSign = new asn1js.Set({ value: attributes.map((a) => a.toSchema()) }).toBER();
  const signature = nodeSign('sha256', Buffer.from(toSign), createPrivateKey(who.keyPem));
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: '2.16.840.1.101.3.4.2.1',
      algorithmParams: new asn1js.Null(),
    }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: '1.2.840.113549.1.1.1',
      algorithmParams: new asn1js.Null(),
    }),
    signature: octets(signature),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [
      new pkijs.AlgorithmIdentifier({
        algorithmId: '2.16.840.1.101.3.4.2.1',
        algorithmParams: new asn1js.Null(),
      }),
    ],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1' }),
    certificates: [cert],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: '1.2.840.113549.1.7.2',
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

/** `openssl cms -sign` over the signed bytes: a plain CMS with OpenSSL's default attributes. */
function opensslCms(pdf: Uint8Array, byteRange: readonly number[], who: TestIdentity): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'signet-cms-'));
  try {
    writeFileSync(join(dir, 'data'), signedBytes(pdf, byteRange));
    execFileSync('openssl', [
      'cms',
      '-sign',
      '-binary',
      '-in',
      join(dir, 'data'),
      '-signer',
      who.certPath,
      '-inkey',
      who.keyPath,
      '-outform',
      'DER',
      '-out',
      join(dir, 'sig.der'),
      '-nosmimecap',
      '-md',
      'sha256',
    ]);
    return readFileSync(join(dir, 'sig.der'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
