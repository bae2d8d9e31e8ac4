export type SandboxTask =
  | 'inspect'
  | 'rewrite'
  | 'form-fields'
  | 'image-pdf'
  | 'xml-pdf'
  | 'merge'
  | 'geometry';

export interface SandboxRequest {
  id: number;
  task: SandboxTask;
  bytes: Uint8Array;
  maxPages: number;
  /** Merge: the documents, in order (`bytes` is empty then). */
  parts?: Uint8Array[];
  /** XML rendering: largest document in characters. */
  maxChars?: number;
}

export type SandboxReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; code?: number; message: string };
