import { createHash } from 'node:crypto';
import { Code, type VerifiedCertificate, type VerifiedSignature, type VerifyResult } from '@signet/contracts';
import { type CertSummary, type SignatureReport, verifyPdfSandboxed } from '@signet/pdf';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { fetchRevocations, type OnlineRevocation } from './fetch-revocation.ts';
import { type TrustAnchors, trustAnchors } from './trust-anchors.ts';

/**
 * Strangers' verifications share one queue of the sandbox pool: however many files they send,
 * tenants' uploads keep their own turns (docs/security.md "Bounded PDF work").
 */
export const PUBLIC_SANDBOX_TENANT = 'public:verify';

const fingerprint = (der: Uint8Array) => createHash('sha256').update(der).digest('hex');

function certificate(c: CertSummary): VerifiedCertificate {
  return {
    commonName: c.commonName,
    subject: c.subject,
    issuer: c.issuer,
    serialNumber: c.serialNumber,
    validFrom: c.validFrom,
    validTo: c.validTo,
  };
}

const trustSourceOf = (s: SignatureReport, anchors: TrustAnchors) =>
  s.trustAnchor ? (anchors.sourceOf.get(s.trustAnchor.fingerprint) ?? null) : null;

function signatureOf(
  s: SignatureReport,
  anchors: TrustAnchors,
  online: OnlineRevocation | undefined,
): VerifiedSignature {
  const trustSource = trustSourceOf(s, anchors);
  // What the file does not prove, the issuer's responder or CRL may tell (fetch-revocation.ts).
  const found = s.revocation ?? (online && 'finding' in online ? online.finding : undefined);
  const problems = [...s.problems];
  if (!s.revocation && found?.status === 'revoked') problems.push('The signer certificate is revoked.');
  if (online && 'problem' in online) problems.push(online.problem);
  // A tenant CA here lists no revoked certificate (signing/revocation-lists.ts): asked of the
  // issuer, the answer for a chain that reached it is "good", from the CRL it publishes.
  const revocation = found
    ? {
        status: found.status,
        source: found.source,
        origin: found.origin,
        producedAt: found.producedAt ?? null,
        revokedAt: found.revokedAt ?? null,
      }
    : trustSource === 'tenant' && s.kind === 'signature'
      ? {
          status: 'good' as const,
          source: 'CRL' as const,
          origin: 'issuer' as const,
          producedAt: null,
          revokedAt: null,
        }
      : null;
  return {
    fieldName: s.fieldName,
    kind: s.kind,
    signer: s.signer ? certificate(s.signer) : null,
    chain: s.chain.map(certificate),
    signingTime: s.claimedTime ?? null,
    timestampTime: s.timestampTime ?? null,
    intact: s.digestMatches && s.signatureValid,
    coversWholeDocument: s.coversWholeDocument,
    trusted: s.trusted,
    trustSource,
    trustAnchor: s.trustAnchor?.commonName || s.trustAnchor?.subject || null,
    revocation,
    level: s.level,
    modification: s.modification,
    changes: { revisions: s.changes.revisions, ...s.changes.counts },
    certificationLevel: s.certificationLevel ?? null,
    certificationViolated: s.certificationViolated,
    problems: problems.slice(0, 20),
  };
}

function verdictOf(signatures: VerifiedSignature[]): VerifyResult['verdict'] {
  if (signatures.length === 0) return 'unsigned';
  if (signatures.some((s) => !s.intact || s.certificationViolated)) return 'invalid';
  if (signatures.some((s) => !s.trusted || s.revocation?.status === 'revoked')) return 'warning';
  return 'valid';
}

/**
 * `POST /public/verify`: every signature of anyone's PDF, checked in the sandbox against the
 * tenants' CAs, the platform's trust list and the national roots. Nothing is kept. The file's own
 * validation data and this server's CAs decide; where they prove no revocation status, the
 * issuer's OCSP responder or CRL is asked online (fetch-revocation.ts). -109 without a file,
 * -59 for a file that is not a readable PDF, 503 -179 when the public queue is full.
 */
export async function verifyDocument(
  file: { fileName: string; bytes: Uint8Array } | null,
  deps: Deps,
): Promise<VerifyResult> {
  if (!file || file.bytes.length === 0)
    throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Choose a PDF file to verify');
  const anchors = await trustAnchors(deps, fingerprint);
  const report = await withPdfErrors(() =>
    verifyPdfSandboxed(file.bytes, anchors.all, { pool: deps.sandbox, tenant: PUBLIC_SANDBOX_TENANT }),
  );
  const online = await fetchRevocations(
    report.signatures,
    deps,
    (s) => trustSourceOf(s, anchors) === 'tenant',
  );
  const signatures = report.signatures.map((s, i) => signatureOf(s, anchors, online.get(i)));
  return {
    fileName: file.fileName.slice(0, 255),
    size: file.bytes.length,
    sha256: fingerprint(file.bytes),
    verdict: verdictOf(signatures),
    signatures,
  };
}
