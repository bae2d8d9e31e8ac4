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
  /**
   * Most bytes a Word, Excel or PowerPoint archive may unpack to when its external references
   * are removed before conversion (a zip bomb is refused with -48 once it passes this).
   */
  officeMaxUnpackedBytes: 512 * 1024 * 1024,
  /** Largest XML document rendered, in characters (about 1 s per 400,000 here, in the sandbox). */
  maxXmlChars: 2_000_000,
} as const;

/**
 * Sharing the sandbox pool between tenants: tasks are handed out tenant by tenant (the one served
 * longest ago first), and waiting is bounded so a flood is refused (-179, HTTP 503 with
 * Retry-After) instead of queued forever. The number of workers is the server's configuration.
 */
export const SANDBOX_QUEUE_LIMITS = {
  /** Tasks one tenant may have waiting for a worker (an upload is one to three tasks). */
  maxQueuedPerTenant: 8,
  /** Tasks all tenants together may have waiting. */
  maxQueuedTotal: 64,
  /** Longest a task waits for a worker before it is refused as busy. */
  maxWaitMs: 60_000,
  /** What a busy refusal tells the client to wait before trying again. */
  retryAfterSeconds: 10,
} as const;

export type SandboxQueueLimits = { -readonly [K in keyof typeof SANDBOX_QUEUE_LIMITS]: number };

export type IngestLimits = { -readonly [K in keyof typeof INGEST_LIMITS]: number };
