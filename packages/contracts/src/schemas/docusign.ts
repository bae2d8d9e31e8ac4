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

/**
 * What one DocuSign import may read and make. An anchor tab becomes one tag per occurrence of its
 * text, so a small JSON could ask for millions of tags; the server counts them (tabs × hits)
 * before building any (apps/server docusign-limits.ts), and this schema counts the JSON's
 * recipients, tabs and choices before parsing them.
 */
export const DOCUSIGN_IMPORT_LIMITS = {
  /** Tags in all: what a document template holds (its tag list, 2,000). */
  tags: 2000,
  /** Tags on one document: what one document of an ePak takes (its tag list, 2,000). */
  tagsPerDocument: 2000,
  /** Tags one role gets on one document: what the compatibility compose takes for one signer (500). */
  tagsPerRoleDocument: 500,
  /** Radios of a group or items of a list: it becomes one choice list, of at most 100 options. */
  choicesPerList: 100,
  /** Radios and list items in all. */
  choices: 10_000,
  /** Tabs of every kind in the JSON (those without an equivalent are listed one by one). */
  tabs: 10_000,
  /** Different anchor texts searched for (each is looked for on every page). */
  anchorTexts: 2000,
  /** Recipients of every kind: at most a workflow's steps × recipients per step. */
  recipients: 10_000,
  /** Steps of the workflow made: a workflow template's limit. */
  steps: 50,
  /** Roles acting in one step: a workflow step's limit. */
  rolesPerStep: 200,
} as const;
export type DocuSignLimit = keyof typeof DOCUSIGN_IMPORT_LIMITS;

export interface DocuSignSizeProblem {
  limit: DocuSignLimit;
  count: number;
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const lengthOf = (v: unknown) => (Array.isArray(v) ? v.length : 0);
const num = (v: number) => v.toLocaleString('en-US');

/**
 * The first limit the JSON passes, counted from array lengths before anything is parsed: parsing
 * builds every tab and radio first, seconds of the server's one thread for a large body.
 */
export function docuSignSizeProblem(value: unknown): DocuSignSizeProblem | null {
  const L = DOCUSIGN_IMPORT_LIMITS;
  const recipients = isRecord(value) && isRecord(value.recipients) ? Object.values(value.recipients) : [];
  const count = recipients.reduce<number>((sum, list) => sum + lengthOf(list), 0);
  if (count > L.recipients)
    return {
      limit: 'recipients',
      count,
      message: `The template has ${num(count)} recipients; an import takes at most ${num(L.recipients)}.`,
    };
  const people = recipients.flatMap((list) => (Array.isArray(list) ? list.filter(isRecord) : []));
  const lists = people.flatMap((p) => (isRecord(p.tabs) ? Object.values(p.tabs).filter(Array.isArray) : []));
  const tabs = lists.reduce((sum, list) => sum + list.length, 0);
  if (tabs > L.tabs)
    return {
      limit: 'tabs',
      count: tabs,
      message: `The template has ${num(tabs)} tabs (fields); an import reads at most ${num(L.tabs)}.`,
    };
  let choices = 0;
  for (const p of people)
    for (const [kind, list] of Object.entries(isRecord(p.tabs) ? p.tabs : {}))
      for (const tab of Array.isArray(list) ? list : []) {
        if (!isRecord(tab)) continue;
        const count = lengthOf(tab.radios) + lengthOf(tab.listItems);
        choices += count;
        if (count > L.choicesPerList) {
          const name = String(tab.groupName ?? tab.tabLabel ?? tab.name ?? '');
          const who = String(p.roleName ?? p.name ?? '');
          const what = kind === 'radioGroupTabs' ? 'radio group' : 'list';
          const of = kind === 'radioGroupTabs' ? 'radios' : 'items';
          return {
            limit: 'choicesPerList',
            count,
            message: `The ${what} “${name}” of ${who} has ${num(count)} ${of}; one may have at most ${num(L.choicesPerList)} (the options of one choice list).`,
          };
        }
      }
  if (choices > L.choices)
    return {
      limit: 'choices',
      count: choices,
      message: `The template has ${num(choices)} radios and list items; an import reads at most ${num(L.choices)}.`,
    };
  return null;
}

const DocuSignTemplateObjectSchema = z
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

/** The export, its size checked before it is parsed (`docuSignSizeProblem`). */
export const DocuSignTemplateSchema = z.preprocess((value, ctx) => {
  const problem = docuSignSizeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, input: value });
  return value;
}, DocuSignTemplateObjectSchema);
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
