export { type CmsCheck, checkCms } from './cms-verify.ts';
export { type ChangeClass, type ChangesAfter, describeChanges } from './describe-changes.ts';
export { type FoundSignature, findSignatures } from './find-signatures.ts';
export { fetchedRevocationOf, ocspRequest, revocationAddresses, serialOf } from './online-revocation.ts';
export { type RevocationFinding, type RevocationState, revocationOf } from './revocation-status.ts';
export {
  type CertSummary,
  type DetectedLevel,
  type SignatureReport,
  type VerificationReport,
  verifyPdf,
} from './verify-pdf.ts';
