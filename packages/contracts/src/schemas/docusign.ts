import { z } from 'zod';
import { StepType } from '../statuses.ts';
import { DocumentTemplateSchema, WorkflowTemplateSchema } from './templates.ts';
import { text } from './text.ts';

/*
 * DocuSign's "download template" JSON (an EnvelopeTemplate of the eSignature REST API v2.1), as
 * `POST /v1/docusigntemplate` reads it. DocuSign writes numbers and booleans as strings ("120",
 * "true"), so both are taken. Only the fields the import uses are named; the rest pass through
 * and are ignored (recipient kinds and tab kinds without an equivalent are listed, not dropped).
 */

const Str = z.union([z.string(), z.number(), z.boolean()]).transform(String).optional();

const DocuSignTabSchema = z
  .object({
    tabLabel: Str,
    name: Str,
    documentId: Str,
    pageNumber: Str,
    xPosition: Str,
    yPosition: Str,
    width: Str,
    height: Str,
    required: Str,
    optional: Str,
    locked: Str,
    value: Str,
    selected: Str,
    validationPattern: Str,
    validationMessage: Str,
    anchorString: Str,
    anchorXOffset: Str,
    anchorYOffset: Str,
    anchorUnits: Str,
    anchorIgnoreIfNotPresent: Str,
    groupName: Str,
    listItems: z.array(z.object({ text: Str, value: Str, selected: Str }).loose()).optional(),
    radios: z
      .array(z.object({ pageNumber: Str, xPosition: Str, yPosition: Str, value: Str, selected: Str }).loose())
      .optional(),
  })
  .loose();
export type DocuSignTab = z.infer<typeof DocuSignTabSchema>;

const DocuSignRecipientSchema = z
  .object({
    recipientId: Str,
    roleName: Str,
    name: Str,
    email: Str,
    routingOrder: Str,
    tabs: z.record(z.string(), z.array(DocuSignTabSchema)).optional(),
  })
  .loose();
export type DocuSignRecipient = z.infer<typeof DocuSignRecipientSchema>;

export const DocuSignTemplateSchema = z
  .object({
    name: Str,
    emailSubject: Str,
    envelopeTemplateDefinition: z.object({ name: Str }).loose().optional(),
    documents: z
      .array(
        z
          .object({
            documentId: Str,
            name: Str,
            fileExtension: Str,
            documentBase64: z.string().min(1),
          })
          .loose(),
      )
      .min(1)
      .max(20),
    recipients: z.record(z.string(), z.array(DocuSignRecipientSchema)).default({}),
  })
  .loose();
export type DocuSignTemplate = z.infer<typeof DocuSignTemplateSchema>;

/** What of the DocuSign template has no equivalent here, or changed on the way, and why. */
export const DocuSignUnmappedSchema = z.object({
  /** Which part: "signer Buyer: approveTabs 'OK'", "recipient kind editors: Lawyer". */
  item: text(),
  reason: text(),
});
export type DocuSignUnmapped = z.infer<typeof DocuSignUnmappedSchema>;

/**
 * `POST /v1/docusigntemplate[?dryRun=true]`: what the import makes (with `dryRun`, what it would
 * make — nothing is stored) and what could not be mapped.
 */
export const DocuSignImportResultSchema = z.object({
  dryRun: z.boolean(),
  templateName: text(),
  documents: z.array(z.object({ name: text(), pageCount: z.number().int() })),
  steps: z.array(z.object({ type: z.enum(StepType), roles: z.array(text()) })),
  /** How many tags of each of our types the tabs became. */
  tagCounts: z.record(text(), z.number().int()),
  unmapped: z.array(DocuSignUnmappedSchema),
  documentTemplate: DocumentTemplateSchema.nullable(),
  workflow: WorkflowTemplateSchema.nullable(),
});
export type DocuSignImportResult = z.infer<typeof DocuSignImportResultSchema>;
