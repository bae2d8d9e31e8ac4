export { PdfDocument } from './document.ts';
export { Encryption } from './encryption.ts';
export { invalidDocument, PdfError } from './errors.ts';
export { decodeStream } from './filters.ts';
export { IncrementalUpdate, type WrittenUpdate } from './incremental-update.ts';
export { limits } from './limits.ts';
export * from './objects.ts';
export { type PageRef, pageAt, pageCount } from './pages.ts';
export { objectsOfSection, type XrefData, type XrefEntry, type XrefKind } from './xref.ts';
