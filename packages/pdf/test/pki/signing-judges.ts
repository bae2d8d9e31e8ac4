import { expect } from 'vitest';
import { PdfDocument } from '../../src/core/document.ts';
import { PdfStream } from '../../src/core/objects.ts';
import { verifyPdf } from '../../src/verify/verify-pdf.ts';
import { certIssuer, ocspStatusFor, pdfsig, qpdfCheck, verifiedCrlIssuer } from './judges.ts';
import type { TestPki } from './test-pki.ts';

// The judges of a signed PDF that the signing suites share: pdfsig, qpdf, openssl and our verify.

/** Every signature valid and trusted by pdfsig, the last one total, qpdf clean, and our verify agrees. */
export async function expectAllValid(
  pki: TestPki,
  pdf: Uint8Array,
  count: number,
  opts: { lastIsTimestamp?: boolean } = {},
) {
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
export function expectDssCoversSignerAndTsa(pki: TestPki, pdf: Uint8Array): void {
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
