/**
 * Limits of what an upload may be or cost. The spec names a page limit (-241) without a value;
 * these are generous for real documents and small enough that one upload cannot take the server
 * down (2 cores, shared).
 */
export const INGEST_LIMITS = {
  /** Largest upload accepted, in bytes. */
  maxBytes: 150 * 1024 * 1024,
  /** Most pages a document may have (-241 above it). */
  maxPages: 3_000,
  /**
   * Wall time for one sandboxed parse or rewrite. A 50 MB PDF loads in well under a second; some
   * corrupted files send the parser into an endless loop, which this bounds.
   */
  parseTimeoutMs: 20_000,
  /** JavaScript heap of the sandbox process; a hostile file that needs more is refused. */
  workerHeapMb: 2_048,
  /**
   * Resident memory of the sandbox process (heap plus buffers outside it, which the heap limit
   * does not count: decompressed streams, pixels). Watched while a task runs.
   */
  sandboxRssMb: 3_072,
  /** Wall time for one LibreOffice conversion. */
  officeTimeoutMs: 120_000,
  /** Largest XML document rendered, in characters (about 1 s per 400,000 here, in the sandbox). */
  maxXmlChars: 2_000_000,
} as const;

export type IngestLimits = { -readonly [K in keyof typeof INGEST_LIMITS]: number };
