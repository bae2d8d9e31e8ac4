// Independent judges of PDFs, shared with other packages' tests (`@signet/pdf/testing`).

export { docxLinkingPicture, svgShowingText } from './helpers/linked-docx.ts';
export {
  contentBombPdf,
  manyPagesPdf,
  objectStreamBombPdf,
  sharedContentPdf,
  zlibBomb,
} from './hostile-pdfs.ts';
export { pdfFromObjects } from './pdf-writer.ts';
export { type PdfsigSignature, pdfsig, qpdfCheck, verifyTimestampToken } from './pki/judges.ts';
export { nssDbTrusting } from './pki/nss-db.ts';
export { type IssuedIdentity, type KeyKind, type OpensslCa, opensslCa } from './pki/openssl-ca.ts';
export { createTestPki, type TestPki } from './pki/test-pki.ts';
export { rgbaPng } from './png-writer.ts';
