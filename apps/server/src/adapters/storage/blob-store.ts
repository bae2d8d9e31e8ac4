/**
 * Document bytes, addressed by their SHA-256. The database keeps metadata and versions only.
 * `put` returns only after the bytes are durable, so a transaction that points to a blob may
 * commit right after it; blobs nothing points to are removed by the sweep job.
 */
export interface BlobStore {
  put(bytes: Uint8Array): Promise<{ hash: string; size: number }>;
  /** The bytes of a blob; throws when it does not exist. */
  get(hash: string): Promise<Uint8Array>;
  has(hash: string): Promise<boolean>;
  delete(hash: string): Promise<void>;
  /** Every stored blob with its age, for the sweep. */
  list(): AsyncIterable<{ hash: string; storedAt: Date }>;
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
