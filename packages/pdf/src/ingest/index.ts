export { type DetectedType, detectType } from './detect-type.ts';
export { decodeImage } from './images/decode-image.ts';
export type { EncodedImage, PixelImage, RasterImage } from './images/raster-image.ts';
export {
  hasSignatures,
  type IngestAction,
  type IngestOptions,
  type IngestResult,
  ingestUpload,
} from './ingest.ts';
export { INGEST_LIMITS, type IngestLimits } from './ingest-limits.ts';
export { convertOffice, findSoffice } from './office.ts';
export type { FormFieldInfo, PdfInspection } from './pdf-tasks.ts';
export { closeSandbox, imagesToPdfSandboxed, inspectPdfSandboxed, rewritePdfSandboxed } from './sandbox.ts';
