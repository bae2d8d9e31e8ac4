export { type CertInfo, certInfo, pemToDer } from './certificates.ts';
export { addDocumentTimestamp } from './document-timestamp.ts';
export { addLongTermValidation, collectValidationData, type RevocationConfig } from './ltv.ts';
export { type Pkcs12Contents, readPkcs12, signerFromPkcs12 } from './pkcs12.ts';
export {
  completePdfSignature,
  type ExternalSignature,
  ecdsaRawToDer,
  type PadesLevel,
  type PreparedSignature,
  type PreparedSignatureState,
  preparePdfSignature,
  type SignatureOptions,
  signPdf,
  signPdfToParts,
  verifiedSignatureValue,
} from './sign-pdf.ts';
export type { VisibleField } from './signature-field.ts';
export { localSigner, type Signer } from './signer.ts';
export { requestTimestamp, type TsaConfig, tstInfo } from './timestamp.ts';
