import { fetchBinary } from '../../app/session/binary.ts';

/**
 * pdf.js, its worker and a document's bytes, fetched once and as early as a page knows it will
 * need them. They load with the first document shown, not with the app; the signing page starts
 * them while it is still asking the API who signs what, so on a slow network the engine (about
 * 430 KiB) and the document arrive in parallel with those calls, not after them (issue 18).
 */
type PdfJs = typeof import('pdfjs-dist');

let engine: Promise<PdfJs> | null = null;

export function loadPdfEngine(): Promise<PdfJs> {
  engine ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      // Into the HTTP cache (hashed, immutable), so the worker starts without a round trip of its own.
      void fetch(worker.default).catch(() => undefined);
      return pdfjs;
    },
    (error: unknown) => {
      engine = null;
      throw error;
    },
  );
  return engine;
}

const early = new Map<string, Promise<Blob>>();

/** Starts downloading a document a view is about to show (`path` as the view will ask for it). */
export function prefetchDocument(path: string): void {
  if (early.has(path)) return;
  const bytes = fetchBinary(path);
  // A failure is the view's to report when it takes the bytes (it then asks again), not an unhandled rejection.
  bytes.catch(() => undefined);
  early.set(path, bytes);
}

/** The document's bytes: the download already started for it, else a new one. */
export function documentBytes(path: string): Promise<Blob> {
  const started = early.get(path);
  early.delete(path);
  return started ? started.catch(() => fetchBinary(path)) : fetchBinary(path);
}
