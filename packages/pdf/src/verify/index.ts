export { type CmsCheck, checkCms } from './cms-verify.ts';
export { type FoundSignature, findSignatures } from './find-signatures.ts';
export {
  type CertSummary,
  type DetectedLevel,
  type SignatureReport,
  type VerificationReport,
  verifyPdf,
} from './verify-pdf.ts';
