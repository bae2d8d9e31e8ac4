export type SandboxTask =
  | 'inspect'
  | 'rewrite'
  | 'form-fields'
  | 'image-pdf'
  | 'xml-pdf'
  | 'merge'
  | 'geometry'
  | 'page-image'
  | 'verify'
  | 'find-text'
  | 'compare-pages'
  /** A task module of the application (`module`), for work the engine does not know itself. */
  | 'module';

export interface SandboxRequest {
  id: number;
  task: SandboxTask;
  bytes: Uint8Array;
  maxPages: number;
  /** Merge: the documents, in order (`bytes` is empty then). */
  parts?: Uint8Array[];
  /** XML rendering: largest document in characters. */
  maxChars?: number;
  /** Page image: which page, how many pixels wide. */
  page?: { pageNumber: number; widthPx: number };
  /** Verification: the trust anchors (DER certificates). */
  anchors?: Uint8Array[];
  /** Text search: the strings to find. */
  needles?: string[];
  /** Text search: how many matches at most (one more is returned when there are more). */
  maxMatches?: number;
  /** Comparison: pixels per point of the page pictures (0: words only). */
  rasterScale?: number;
  /** Comparison: also each page's fingerprint (first pass). */
  fingerprints?: boolean;
  /** Comparison: draw only these pages (second pass). */
  drawPages?: number[];
  /**
   * Module task: the file URL of a module whose `sandboxTask(bytes, input)` does the work, and its
   * input (structured-clone data). The server names it; nothing from a request ever does.
   */
  module?: { url: string; input?: unknown };
}

export type SandboxReply =
  /** The task's code is loaded and the work begins: the task's time limit counts from here. */
  | { id: number; started: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; code?: number; message: string };
