import { z } from 'zod';
import { BulkSignStatus } from '../statuses.ts';
import { IdSchema } from './envelope.ts';
import { text } from './text.ts';

/**
 * The most ePaks one `POST /v2/epaks/bulksign` takes. A signer's selection of hundreds is sent
 * in batches (docs/features.md "Bulk sign"), so no request runs long enough to time out.
 */
export const BULK_SIGN_MAX_PER_REQUEST = 100;

/**
 * ePaks per request when the web app signs a selection: small enough that each ePak's outcome
 * shows within about a second, large enough that unlocking the key (scrypt, ~100 ms per
 * request) stays a small share of the time.
 */
export const BULK_SIGN_BATCH_SIZE = 20;

export const BulkSignRequestSchema = z.object({
  ePakIds: z.array(IdSchema).min(1).max(BULK_SIGN_MAX_PER_REQUEST),
  /** Drawn, typed or uploaded signature (base64 PNG/JPEG); without it the saved one is used. */
  signatureImage: text().max(1_000_000).optional(),
  /** INTERNAL policy: the certificate PIN, asked once for the whole selection. */
  pin: text().max(64).optional(),
});
export type BulkSignRequest = z.infer<typeof BulkSignRequestSchema>;

/** One ePak's outcome: SIGNED, or SKIPPED with the refusal's code and words. */
export const BulkSignItemSchema = z.object({
  ePakId: z.string(),
  status: z.enum(BulkSignStatus),
  reason: z.string().nullable(),
  /** The spec §8 code of the refusal (-6 fields to fill, -28 not your turn, -77 PIN …); null when signed. */
  code: z.number().int().nullable(),
  /** Required fields left empty, by label: the ePak must be opened and filled, never signed blank. */
  missing: z.array(z.string()).optional(),
});
export type BulkSignItem = z.infer<typeof BulkSignItemSchema>;
