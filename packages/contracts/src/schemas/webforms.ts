import { z } from 'zod';
import type { TagRole, TagType } from '../tags/tag-types.ts';
import { IdSchema } from './envelope.ts';
import { text } from './text.ts';

/**
 * Web-form mappings (issue 12; spec §3 "Webform field mapping: name, documentId, workflowId, html
 * input file names", §7 `/v2/webform`, `/v2/generatewebformapi`). A site's HTML form posts to a
 * mapping's URL; Signet composes an ePak from the document template and workflow with the posted
 * values and starts it.
 */

/** An HTML input's `name`: letters, digits and `_ . - : [ ]`, so it is safe in a snippet and a URL. */
export const WebformInputNameSchema = text()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:[\]-]+$/, 'Use letters, digits and _ . - : [ ] only');

export const WEBFORM_MAX_INPUTS = 100;
/** Longest value one input may post (the tags hold more; a form field never needs it). */
export const WEBFORM_MAX_VALUE_LENGTH = 10_000;

export const WebformRecipientPart = ['email', 'firstName', 'lastName'] as const;
export type WebformRecipientPart = (typeof WebformRecipientPart)[number];

/**
 * What one input fills: a document field (every tag of the template with that name), one part of
 * a workflow step's recipient (step from 1, index from 0), or the ePak's subject.
 */
export const WebformTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field: text().trim().min(1).max(200) }),
  z.object({
    kind: z.literal('recipient'),
    step: z.number().int().min(1).max(50),
    index: z.number().int().min(0).max(199),
    part: z.enum(WebformRecipientPart),
  }),
  z.object({ kind: z.literal('subject') }),
]);
export type WebformTarget = z.infer<typeof WebformTargetSchema>;

/** The body of `POST` and `PUT /v2/webform`: per input name, what it fills. */
export const WebformTargetsSchema = z.object({
  targets: z.record(WebformInputNameSchema, WebformTargetSchema).optional(),
});
export type WebformTargets = z.infer<typeof WebformTargetsSchema>;

/** `htmlInputFilenames`: the input names, comma separated (the spec's query parameter). */
const InputNamesQuery = text()
  .max(20_000)
  .transform((s) =>
    s
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== ''),
  )
  .pipe(z.array(WebformInputNameSchema).min(1).max(WEBFORM_MAX_INPUTS));

/** `none` as `workflowId`: the document template's own workflow. */
export const WEBFORM_TEMPLATE_WORKFLOW = 'none';
const WorkflowIdQuery = z.union([z.literal(WEBFORM_TEMPLATE_WORKFLOW), IdSchema]);

export const WebformNameSchema = text().trim().min(1).max(200);

/** `POST /v2/webform?name=&documentId=&workflowId=&htmlInputFilenames=a,b` */
export const CreateWebformQuerySchema = z.object({
  name: WebformNameSchema,
  documentId: IdSchema,
  workflowId: WorkflowIdQuery.optional(),
  htmlInputFilenames: InputNamesQuery,
});
export type CreateWebformQuery = z.infer<typeof CreateWebformQuerySchema>;

/** `PUT /v2/webform?mappingId=…`: the parameters given change; the others stay. */
export const UpdateWebformQuerySchema = z.object({
  mappingId: IdSchema,
  name: WebformNameSchema.optional(),
  documentId: IdSchema.optional(),
  workflowId: WorkflowIdQuery.optional(),
  htmlInputFilenames: InputNamesQuery.optional(),
});
export type UpdateWebformQuery = z.infer<typeof UpdateWebformQuerySchema>;

/** `GET /v2/webform`: every mapping, or those of one document template / workflow / name. */
export const ListWebformsQuerySchema = z.object({
  documentId: IdSchema.optional(),
  workflowId: IdSchema.optional(),
  name: text().trim().max(200).optional(),
});

export const WebformPathSchema = z.object({ mappingId: IdSchema });

export const WebformMappingSchema = z.object({
  mappingId: text(),
  name: text(),
  documentId: text(),
  documentName: text(),
  /** Null: the document template's own workflow. */
  workflowId: text().nullable(),
  workflowName: text(),
  htmlInputFilenames: z.array(text()),
  targets: z.record(text(), WebformTargetSchema),
  /** Who the ePaks are sent as: the admin who last saved the mapping. */
  senderId: text(),
  senderEmail: text(),
  /** ePaks composed from it that still exist; a mapping with any cannot be deleted (-183). */
  epakCount: z.number().int(),
  createdOn: text(),
  modifiedOn: text(),
});
export type WebformMapping = z.infer<typeof WebformMappingSchema>;

/** `GET /v2/generatewebformapi?mappingId=&regenerate=` */
export const WebformApiQuerySchema = z.object({
  mappingId: IdSchema,
  /** `true` replaces the key: the old one stops working at once. */
  regenerate: z.enum(['true', 'false']).default('false'),
});

export const WebformApiSchema = z.object({
  mappingId: text(),
  /** The URL a form posts to, key included (`key` query parameter). */
  url: text(),
  /** The same URL without the key, and the key alone, for callers that add it themselves. */
  endpoint: text(),
  key: text(),
  method: z.literal('POST'),
  contentTypes: z.array(text()),
  /** Each input, and what it fills (absent: nothing; the form may send it anyway). */
  inputs: z.array(z.object({ name: text(), required: z.boolean(), fills: WebformTargetSchema.optional() })),
  htmlSnippet: text(),
  jsonExample: z.record(text(), text()),
});
export type WebformApi = z.infer<typeof WebformApiSchema>;

/** What a form post answers: the ePak it composed and started. */
export const WebformSubmissionSchema = z.object({ ePakId: text(), status: text() });

/** The form post's path parameters. */
export const WebformPostPathSchema = z.object({ tenantId: IdSchema, mappingId: IdSchema });
export const WebformPostQuerySchema = z.object({ key: text().max(200).optional() });
/** A form's fields: each a value, or several for repeated names (checkboxes, multi-selects). */
export const WebformPostBodySchema = z.record(text().max(200), z.union([text(), z.array(text())]));

/** Tag types a posted value can fill: typed text, dates, choices. */
const FORM_FILLABLE_TYPES: ReadonlySet<string> = new Set<TagType>([
  'text',
  'textArea',
  'calendar',
  'singleSelect',
  'multiSelect',
  'location',
  'reasonFreeText',
  'userTitle',
]);
const CUSTODIAN_ROLES: ReadonlySet<string> = new Set<TagRole>(['all', 'custodian', 'custodianOrSigner']);

/** A tag as templates and ePaks store it, as far as web forms look at it. */
export interface WebformFieldTag {
  type: string;
  key: string;
  name: string;
  label: string;
  tagFor: string;
}

/** The name a field is known by in a mapping: the tag's name, else its label. */
export function webformFieldName(tag: Pick<WebformFieldTag, 'name' | 'label'>): string {
  return tag.name.trim() || tag.label.trim();
}

/**
 * Whether a form can fill this tag: a text-like type that the sender (the ePak's custodian) may
 * fill under spec §6 — CustodianText, or `tagFor` naming the custodian — with a name or label.
 * A signer's own tags stay the signer's.
 */
export function webformFillable(tag: WebformFieldTag): boolean {
  return (
    FORM_FILLABLE_TYPES.has(tag.type) &&
    (tag.key === 'CustodianText' || CUSTODIAN_ROLES.has(tag.tagFor)) &&
    webformFieldName(tag) !== ''
  );
}

/** The fields of a document template a form can fill, by name, each once. */
export function webformFields(tags: readonly WebformFieldTag[]): string[] {
  return [...new Set(tags.filter(webformFillable).map(webformFieldName))];
}

/**
 * The recipient places of a workflow a form may fill, per step: those the workflow lists, those
 * the template's tags expect (`signerIndex`), and at least one.
 */
export function webformRecipientSlots(
  steps: readonly { recipients: readonly unknown[] }[],
  tags: readonly { wfsOrderId?: number | undefined; signerIndex?: number | undefined }[],
): number[] {
  return steps.map((s, i) => {
    const byTags = tags
      .filter((t) => t.wfsOrderId === i + 1 && t.signerIndex !== undefined)
      .map((t) => (t.signerIndex ?? 0) + 1);
    return Math.max(1, s.recipients.length, ...byTags);
  });
}
