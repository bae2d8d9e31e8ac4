import { z } from 'zod';
import { SigningPolicy } from '../constants.ts';
import { StepType } from '../statuses.ts';
import { IdSchema, NumberishSchema } from './envelope.ts';
import {
  PageGeometrySchema,
  RecipientInputSchema,
  StepInputSchema,
  TemplateRoleNameSchema,
} from './epaks.ts';
import { TagInputSchema } from './tags.ts';
import { text } from './text.ts';

const TemplateName = text().trim().min(1).max(200);

/**
 * A recipient slot of a workflow template step. A person is fixed (the shape compose takes, so
 * templates saved before roles and groups read unchanged); a group stands for its members when
 * the ePak is composed; a role is a named place filled with a person at compose. The same role
 * name in two steps is the same person.
 */
export const TemplateRecipientSchema = z.union([
  z.object({ kind: z.literal('role'), role: TemplateRoleNameSchema }),
  z.object({ kind: z.literal('group'), groupId: IdSchema, groupName: text().max(200).default('') }),
  RecipientInputSchema.extend({ kind: z.literal('person').optional() }),
]);
export type TemplateRecipient = z.infer<typeof TemplateRecipientSchema>;

export const TemplateStepSchema = StepInputSchema.extend({
  recipients: z.array(TemplateRecipientSchema).max(200).default([]),
});
export type TemplateStep = z.infer<typeof TemplateStepSchema>;

/**
 * `POST /v2/workflows` and `PUT /v2/workflows/{workflowId}`: a reusable workflow. Steps may leave
 * their recipients empty, to be chosen when the ePak is composed. `shared` makes it visible to the
 * whole tenant; otherwise only its owner sees it.
 */
export const WorkflowTemplateInputSchema = z.object({
  name: TemplateName,
  description: text().max(2000).default(''),
  signingPolicy: z.enum(SigningPolicy).default('ESIGNATURE'),
  shared: z.boolean().default(true),
  steps: z.array(TemplateStepSchema).min(1).max(50),
  /** Reminders and expiry an ePak composed from the template takes unless compose sets its own. */
  reminderIntervalDays: z.number().int().min(0).max(365).default(3),
  reminderMax: z.number().int().min(0).max(50).default(5),
  /** Days from composing to expiry; null: the ePak does not expire. */
  expiryDays: z.number().int().min(1).max(3650).nullable().default(null),
});
export type WorkflowTemplateInput = z.infer<typeof WorkflowTemplateInputSchema>;

export const WorkflowTemplateSchema = WorkflowTemplateInputSchema.extend({
  workflowId: text(),
  ownerId: text(),
  createdOn: text(),
});
export type WorkflowTemplate = z.infer<typeof WorkflowTemplateSchema>;

/** One entry of the tenant's step vocabulary (`/v1/workflow/states`, admin menu editWorkflowStates). */
export const WorkflowStateDefinitionSchema = z.object({
  workflowStateId: text(),
  name: text(),
  action: z.enum(StepType),
  workflowStateOrder: z.number().int(),
  enabled: z.boolean(),
});
export type WorkflowStateDefinition = z.infer<typeof WorkflowStateDefinitionSchema>;

export const AddWorkflowStateSchema = z.object({
  name: text().trim().min(1).max(100),
  action: z.enum(StepType),
});
export const EditWorkflowStateSchema = z.object({
  workflowStateId: IdSchema,
  name: text().trim().min(1).max(100).optional(),
  enabled: z.boolean().optional(),
});

/**
 * A tag of a document template. Templates have no people yet, so a tag names its recipient by
 * place: the step (`wfsOrderId`) and the recipient's position in it (`signerIndex`, from 0); a
 * fixed `userEmail` is kept as is. `documentPosition` says which of the template's documents.
 */
export const TemplateTagSchema = TagInputSchema.extend({
  documentPosition: NumberishSchema.pipe(z.number().int().min(0)).default(0),
  signerIndex: NumberishSchema.pipe(z.number().int().min(0)).optional(),
});
export type TemplateTag = z.infer<typeof TemplateTagSchema>;

export const DocumentTemplateType = ['Owner', 'Shared'] as const;

const DocumentTemplateFields = {
  templateName: TemplateName,
  signingPolicy: z.enum(SigningPolicy).default('ESIGNATURE'),
  /** Owner: only its creator uses it; Shared: everyone in the tenant who composes. */
  type: z.enum(DocumentTemplateType).default('Owner'),
  workflowTemplateId: IdSchema.nullable().default(null),
  tags: z.array(TemplateTagSchema).max(2000).default([]),
};

/** `POST /v1/documenttemplates`: a template from documents in the creator's library. */
export const CreateDocumentTemplateSchema = z.object({
  ...DocumentTemplateFields,
  documentIds: z.array(IdSchema).min(1).max(20),
});
export type CreateDocumentTemplate = z.infer<typeof CreateDocumentTemplateSchema>;

/** `PUT /v1/documenttemplates/{docTemplateId}`: any of the template's fields. */
export const EditDocumentTemplateSchema = z.object({
  templateName: DocumentTemplateFields.templateName.optional(),
  signingPolicy: z.enum(SigningPolicy).optional(),
  type: z.enum(DocumentTemplateType).optional(),
  workflowTemplateId: IdSchema.nullable().optional(),
  tags: z.array(TemplateTagSchema).max(2000).optional(),
});
export type EditDocumentTemplate = z.infer<typeof EditDocumentTemplateSchema>;

export const DocumentTemplateSchema = z.object({
  id: text(),
  docTemplateId: text(),
  templateName: text(),
  signingPolicy: z.enum(SigningPolicy),
  type: z.enum(DocumentTemplateType),
  ownerId: text(),
  workflowTemplateId: text().nullable(),
  documents: z.array(
    z.object({
      documentId: text(),
      name: text(),
      pageCount: z.number().int(),
      pages: z.array(PageGeometrySchema),
    }),
  ),
  tags: z.array(TemplateTagSchema),
  createdOn: text(),
});
export type DocumentTemplate = z.infer<typeof DocumentTemplateSchema>;

/**
 * `GET /v1/documenttemplates`: the list in the shape existing integrations read
 * (`data.docTemplateDTOList.docTemplateDTO[]`).
 */
export const DocumentTemplateListSchema = z.object({
  docTemplateDTOList: z.object({ docTemplateDTO: z.array(DocumentTemplateSchema) }),
});

/**
 * `template.json` of a template export (`GET …/export`), as `POST /v2/documenttemplate/import`
 * reads it: the document template with its tags, where each PDF sits in the zip, and the
 * workflow (or null). Fields an import does not use (ids, owners, dates) are ignored.
 */
export const TemplateExportManifestSchema = z.object({
  format: text().max(100),
  template: z.object({
    templateName: TemplateName,
    signingPolicy: z.enum(SigningPolicy).default('ESIGNATURE'),
    type: z.enum(DocumentTemplateType).default('Owner'),
    tags: z.array(TemplateTagSchema).max(2000).default([]),
    documents: z
      .array(z.object({ file: text().max(500), name: text().trim().min(1).max(255) }))
      .min(1)
      .max(20),
  }),
  workflow: WorkflowTemplateInputSchema.nullable().default(null),
});
export type TemplateExportManifest = z.infer<typeof TemplateExportManifestSchema>;

/** `POST /v2/documenttemplate/import`: what the import made. */
export const TemplateImportResultSchema = z.object({
  documentTemplate: DocumentTemplateSchema,
  workflow: WorkflowTemplateSchema.nullable(),
});

export const LetterheadSchema = z.object({
  letterHeadDocId: text(),
  name: text(),
  mimeType: text(),
  size: z.number().int(),
  createdBy: text(),
  createdOn: text(),
});
export type Letterhead = z.infer<typeof LetterheadSchema>;
