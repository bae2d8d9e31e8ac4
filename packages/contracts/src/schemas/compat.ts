import { z } from 'zod';
import { SigningPolicy } from '../constants.ts';
import { StepType } from '../statuses.ts';
import { NumberishSchema } from './envelope.ts';
import { HttpUrlSchema } from './integrations.ts';
import { text } from './text.ts';
import { EmailSchema } from './users.ts';

/**
 * `POST /v2/compose/epak` and `/v3/compose/epak`, as integrations written against the original
 * product send them (issue 7). Numbers may be strings; unknown fields are kept and ignored.
 */
const Num = NumberishSchema.pipe(z.number().finite());

export const CompatTagLocationSchema = z
  .object({
    pageNumber: NumberishSchema.pipe(z.number().int().min(1)),
    x: Num,
    y: Num,
    width: Num,
    height: Num,
    /** "ALL" repeats the tag on every page. */
    replicateTag: z.union([text(), z.boolean()]).optional(),
  })
  .loose();

export const CompatSignerSchema = z
  .object({
    email: EmailSchema,
    firstName: text().max(100).default(''),
    middleName: text().max(100).default(''),
    lastName: text().max(100).default(''),
    phoneNumber: text().max(40).optional(),
    countryCode: text().max(10).optional(),
    tagLocationData: z.array(CompatTagLocationSchema).max(500).default([]),
  })
  .loose();
export type CompatSigner = z.infer<typeof CompatSignerSchema>;

export const CompatDocTagsSchema = z
  .object({
    docName: text().min(1).max(255),
    // Both spellings are in use.
    signer_info: z.array(CompatSignerSchema).max(200).optional(),
    signatureTagData: z.array(CompatSignerSchema).max(200).optional(),
  })
  .loose();

export const CompatWorkflowStepSchema = z
  .object({
    wfStateOrder: NumberishSchema.pipe(z.number().int().min(1)),
    action: z.enum(StepType),
    signingPolicy: z.enum(SigningPolicy).optional(),
    docTagsData: z.array(CompatDocTagsSchema).max(100).default([]),
  })
  .loose();

const Flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const CompatComposeSchema = z
  .object({
    subject: text().trim().max(250).optional(),
    message: text().max(5000).optional(),
    signingPolicy: z.enum(SigningPolicy).optional(),
    workflowData: z.array(CompatWorkflowStepSchema).min(1).max(50),
    useAutoAppend: Flag.optional(),
    callbackUrl: HttpUrlSchema.optional(),
    documentList: z
      .array(z.object({ docName: text().min(1).max(255), base64EncodedData: text().min(1) }).loose())
      .max(50)
      .optional(),
  })
  .loose();
export type CompatCompose = z.infer<typeof CompatComposeSchema>;
