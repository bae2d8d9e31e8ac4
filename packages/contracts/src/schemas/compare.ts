import { z } from 'zod';
import { IdSchema } from './envelope.ts';

/**
 * `/compare` (issue 15): two PDFs side by side — two uploaded files, or two revisions of one
 * ePak document (the document before and after each signature).
 */

/** A box on a page, in points, top-left origin, y down, as the viewer shows the page. */
export const CompareBoxSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type CompareBox = z.infer<typeof CompareBoxSchema>;

export const WORD_CHANGE_KINDS = ['inserted', 'deleted', 'moved'] as const;
export type WordChangeKind = (typeof WORD_CHANGE_KINDS)[number];

/**
 * A run of words that changed. Deleted words are on the first document's page, inserted words on
 * the second's; a moved run is on both (where it left and where it arrived, maybe other pages).
 */
export const WordChangeSchema = z.object({
  kind: z.enum(WORD_CHANGE_KINDS),
  text: z.string(),
  /** Where the words are in the first document (deleted, moved): page and boxes, one per line. */
  first: z.object({ page: z.number().int(), boxes: z.array(CompareBoxSchema) }).nullable(),
  /** Where the words are in the second document (inserted, moved). */
  second: z.object({ page: z.number().int(), boxes: z.array(CompareBoxSchema) }).nullable(),
});
export type WordChange = z.infer<typeof WordChangeSchema>;

export const PAGE_PAIR_STATUSES = ['same', 'changed', 'added', 'removed'] as const;
export type PagePairStatus = (typeof PAGE_PAIR_STATUSES)[number];

/** One page of the first document against its counterpart of the second (null: added or removed). */
export const ComparedPageSchema = z.object({
  firstPage: z.number().int().nullable(),
  secondPage: z.number().int().nullable(),
  status: z.enum(PAGE_PAIR_STATUSES),
  /** The page sizes in points (viewer frame), for drawing the boxes. */
  firstSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  secondSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  changes: z.array(WordChangeSchema),
  /** Regions whose pixels differ, in points on the second page (the first's when removed). */
  regions: z.array(CompareBoxSchema),
});
export type ComparedPage = z.infer<typeof ComparedPageSchema>;

export const REVISION_KINDS = ['beforeSignatures', 'afterSignature', 'current'] as const;

/** A state of an ePak document: before any signature, after signature n, or as it is now. */
export const DocumentRevisionSchema = z.object({
  index: z.number().int(),
  kind: z.enum(REVISION_KINDS),
  /** For afterSignature: which signature (1 = the first). */
  signature: z.number().int().nullable(),
  size: z.number().int(),
});
export type DocumentRevision = z.infer<typeof DocumentRevisionSchema>;

export const CompareResultSchema = z.object({
  first: z.object({ name: z.string(), pages: z.number().int() }),
  second: z.object({ name: z.string(), pages: z.number().int() }),
  /** For two revisions of one ePak document: every revision and which two were compared. */
  revisions: z
    .object({ list: z.array(DocumentRevisionSchema), from: z.number().int(), to: z.number().int() })
    .nullable(),
  summary: z.object({
    inserted: z.number().int(),
    deleted: z.number().int(),
    moved: z.number().int(),
    changedPages: z.number().int(),
    addedPages: z.number().int(),
    removedPages: z.number().int(),
  }),
  pages: z.array(ComparedPageSchema),
});
export type CompareResult = z.infer<typeof CompareResultSchema>;

/**
 * Without `ePakId`: two uploaded files (multipart, parts "first" and "second", or two "file"
 * parts). With `ePakId` and `documentId`: two revisions of that document (`from`, `to`; by
 * default before the first signature and now). The same call under `/report` answers the PDF report.
 */
export const CompareQuerySchema = z.object({
  ePakId: IdSchema.optional(),
  documentId: IdSchema.optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type CompareQuery = z.infer<typeof CompareQuerySchema>;
