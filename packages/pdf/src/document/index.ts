export { extractFormFieldTags, type FormFieldTag } from './form-fields.ts';
export { FullWriter } from './full-writer.ts';
export { imagesToPdf } from './images-to-pdf.ts';
export { mergePdfs, mergePdfsWithGeometry } from './merge-pdfs.ts';
export type { ObjectSink } from './object-sink.ts';
export { buildTextDocument, type DocBlock, type TextDocumentOptions } from './text-document.ts';
export { xmlToPdf } from './xml-to-pdf.ts';
