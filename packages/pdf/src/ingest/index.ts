export {
  COMPARE_RASTER_SCALE,
  type ComparePage,
  type GreyRaster,
  type PageWord,
} from '../render/compare-pages.ts';
export type { TextMatch } from '../render/find-text.ts';
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
export { INGEST_LIMITS, type IngestLimits, SANDBOX_QUEUE_LIMITS } from './ingest-limits.ts';
export { convertOffice, findSoffice } from './office.ts';
export type { FormFieldInfo, PdfInspection } from './pdf-tasks.ts';
export {
  closeSandbox,
  comparePagesSandboxed,
  findTextSandboxed,
  imagesToPdfSandboxed,
  inspectPdfSandboxed,
  pageGeometrySandboxed,
  pageImageSandboxed,
  rewritePdfSandboxed,
  runModuleSandboxed,
  verifyPdfSandboxed,
} from './sandbox.ts';
export { SandboxBusyError, SandboxPool, type SandboxPoolOptions } from './sandbox-pool.ts';
