import { z } from 'zod';
import { TagCategory, TagCreateType, TagRole, TagType } from '../tags/tag-types.ts';
import { NumberishSchema } from './envelope.ts';

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
  key: z.string().trim().min(1).max(64),
  type: z.enum(TagType),
  name: z.string().max(200).default(''),
  label: z.string().max(200).default(''),
  category: z.enum(TagCategory).default('printed'),
  tagFor: z.enum(TagRole).default('signer'),
  createType: z.enum(TagCreateType).default('new'),
  pageNumber: NumberishSchema.pipe(z.number().int().min(1)),
  positionX: Coordinate,
  positionY: Coordinate,
  blockWidth: Coordinate,
  blockHeight: Coordinate,
  blockBounds: z.record(z.string(), z.number()).optional(),
  fontSize: Coordinate.optional(),
  fontWeight: z.string().max(20).optional(),
  fontStyle: z.string().max(20).optional(),
  fontFamily: z.string().max(64).optional(),
  limits: TagLimitsSchema.partial().optional(),
  validations: z
    .object({ required: z.object({ value: z.boolean(), message: z.string().default('') }) })
    .optional(),
  value: z.string().max(200_000).nullable().optional(),
  readOnly: z.boolean().default(false),
  /** Whose tag: the recipient's email; absent for the custodian's own tags. */
  userEmail: z.string().trim().toLowerCase().optional(),
  /** The step the recipient belongs to (1-based), to tell apart one person in two steps. */
  wfsOrderId: NumberishSchema.pipe(z.number().int().min(1)).optional(),
  maxUpload: z.number().int().optional(),
  subType: z.string().max(64).optional(),
  options: z.array(z.string().max(200)).max(100).optional(),
  originUuid: z.string().optional(),
});
export type TagInput = z.infer<typeof TagInputSchema>;

/** A stored tag. */
export const TagSchema = TagInputSchema.extend({
  uuid: z.string(),
  tagId: z.string(),
  status: z.enum(['done', 'notdone']),
  required: z.boolean(),
  disabled: z.boolean(),
  userUuid: z.string().nullable(),
  recipientId: z.string().nullable(),
  documentId: z.string(),
});
export type Tag = z.infer<typeof TagSchema>;

/** `POST` replaces a document's tags (compose); `PUT` changes the given ones (move, fill). */
export const SignatureBlocksSchema = z.object({ tags: z.array(TagInputSchema).max(2000) });
