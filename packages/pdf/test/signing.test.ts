import { Code } from '@signet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfDocument } from '../src/core/document.ts';
import { PdfError } from '../src/core/errors.ts';
import { addLongTermValidation } from '../src/sign/ltv.ts';
import { completePdfSignature, preparePdfSignature, signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner, type Signer } from '../src/sign/signer.ts';
import { checkCms } from '../src/verify/cms-verify.ts';
import { findSignatures } from '../src/verify/find-signatures.ts';
import { verifyPdf } from '../src/verify/verify-pdf.ts';
import { makePdf } from './fixtures.ts';
import { externalPadesCms, opensslCms } from './pki/external-cms.ts';
import { lastSignatureHole, pdfsig, qpdfCheck, verifyTimestampToken } from './pki/judges.ts';
import { expectAllValid, expectDssCoversSignerAndTsa } from './pki/signing-judges.ts';
import { createTestPki, type TestPki } from './pki/test-pki.ts';

/** PAdES signing by incremental update, and deferred signing with a signature made elsewhere. */

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

describe('PAdES signing by incremental update', () => {
  it('a visible RSA B-B signature on a classic-xref file is valid, trusted and covers the whole document', async () => {
    const original = makePdf(2);
    const signed = await signPdf(original, rsa, {
      field: { page: 1, rect: [72, 72, 272, 132] },
      reason: 'Approved',
    });
    expect(Buffer.from(signed.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);
    const report = await expectAllValid(pki, signed, 1);
    expect(report.signatures[0]?.level).toBe('B-B');
    expect(report.signatures[0]?.signer?.commonName).toBe('Test Signer RSA');
    expect(report.signatures[0]?.claimedTime).toBeDefined();
  });

  it('an invisible ECDSA P-256 seal on an xref-stream file appends an xref stream and validates', async () => {
    const signed = await signPdf(makePdf(1, { xrefStream: true }), ec);
    expect(PdfDocument.open(signed).xref.kind).toBe('stream');
    await expectAllValid(pki, signed, 1);
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
    const report = await expectAllValid(pki, pdf, 3);
    expect(report.signatures[0]?.coversWholeDocument).toBe(false);
    expect(report.signatures[0]?.changesAfter.join(' ')).toContain('signature');
  });

  it('a B-T signature carries a timestamp token that openssl ts -verify accepts', async () => {
    const signed = await signPdf(makePdf(1), ec, { level: 'B-T', tsa: { url: pki.tsaUrl } });
    const report = await expectAllValid(pki, signed, 1);
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
    expectDssCoversSignerAndTsa(pki, signed);
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
    const report = await expectAllValid(pki, signed, 3, { lastIsTimestamp: true });
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
    expectDssCoversSignerAndTsa(pki, signed);
  });

  it('certification (DocMDP) marks the first signature and a P=1 document refuses a second signer', async () => {
    const certified = await signPdf(makePdf(1), rsa, { certify: 1 });
    const doc = PdfDocument.open(certified);
    expect(doc.resolveDict(doc.catalog().get('Perms'))?.has('DocMDP')).toBe(true);
    await expectAllValid(pki, certified, 1);
    await expect(signPdf(certified, ec)).rejects.toMatchObject({ code: Code.INVALID_DOCUMENT });
  });

  it('a P=2 certified document takes a later approval signature that stays valid', async () => {
    const certified = await signPdf(makePdf(1), rsa, { certify: 2 });
    await expectAllValid(pki, await signPdf(certified, ec), 2);
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
    await expectAllValid(pki, signed, 1);
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
    const report = await expectAllValid(pki, signed, 1);
    expect(report.signatures[0]?.level).toBe('B-T');
  });

  it('a whole PAdES CMS built outside the engine (pkijs) over the prepared byte ranges is embedded as B-B, valid and trusted', async () => {
    const prepared = await preparePdfSignature(makePdf(1), [pki.rsa.certDer, pki.caDer], {
      field: { page: 0, rect: [10, 10, 200, 60] },
    });
    const cms = externalPadesCms(prepared.pdf, prepared.state.byteRange, pki.rsa);
    const signed = await completePdfSignature(prepared.pdf, prepared.state, { cms });
    const report = await expectAllValid(pki, signed, 1);
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
