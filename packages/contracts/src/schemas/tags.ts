import { z } from 'zod';
import { TagCategory, TagCreateType, TagRole, TagType } from '../tags/tag-types.ts';
import { NumberishSchema } from './envelope.ts';
import { text } from './text.ts';

const Coordinate = NumberishSchema.pipe(z.number().finite());

export const TagLimitsSchema = z.object({
  minWidth: z.number(),
  maxWidth: z.number(),
  minHeight: z.number(),
  maxHeight: z.number(),
  minFontSize: z.number(),
  maxFontSize: z.number(),
});

/** A tag as the client sends it (spec §3 Tag). `uuid` absent means a new tag. */
export const TagInputSchema = z.object({
  uuid: z.uuid().optional(),
  key: text().trim().min(1).max(64),
  type: z.enum(TagType),
  name: text().max(200).default(''),
  label: text().max(200).default(''),
  category: z.enum(TagCategory).default('printed'),
  tagFor: z.enum(TagRole).default('signer'),
  createType: z.enum(TagCreateType).default('new'),
  pageNumber: NumberishSchema.pipe(z.number().int().min(1)),
  positionX: Coordinate,
  positionY: Coordinate,
  blockWidth: Coordinate,
  blockHeight: Coordinate,
  blockBounds: z.record(text(), z.number()).optional(),
  fontSize: Coordinate.optional(),
  fontWeight: text().max(20).optional(),
  fontStyle: text().max(20).optional(),
  fontFamily: text().max(64).optional(),
  limits: TagLimitsSchema.partial().optional(),
  validations: z
    .object({ required: z.object({ value: z.boolean(), message: text().default('') }) })
    .optional(),
  value: text().max(200_000).nullable().optional(),
  readOnly: z.boolean().default(false),
  /** Whose tag: the recipient's email; absent for the custodian's own tags. */
  userEmail: text().trim().toLowerCase().optional(),
  /** The step the recipient belongs to (1-based), to tell apart one person in two steps. */
  wfsOrderId: NumberishSchema.pipe(z.number().int().min(1)).optional(),
  maxUpload: z.number().int().optional(),
  subType: text().max(64).optional(),
  options: z.array(text().max(200)).max(100).optional(),
  originUuid: text().optional(),
});
export type TagInput = z.infer<typeof TagInputSchema>;

/** A stored tag. */
export const TagSchema = TagInputSchema.extend({
  uuid: text(),
  tagId: text(),
  status: z.enum(['done', 'notdone']),
  required: z.boolean(),
  disabled: z.boolean(),
  userUuid: text().nullable(),
  recipientId: text().nullable(),
  documentId: text(),
});
export type Tag = z.infer<typeof TagSchema>;

/** `POST` replaces a document's tags (compose); `PUT` changes the given ones (move, fill). */
export const SignatureBlocksSchema = z.object({ tags: z.array(TagInputSchema).max(2000) });
