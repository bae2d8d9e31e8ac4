import {
  Code,
  type DocumentTemplate,
  Limits,
  TemplateExportManifestSchema,
  type TemplateStep,
  type WorkflowTemplate,
} from '@signet/contracts';
import { unzipSync } from 'fflate';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { deleteDocuments } from '../documents/manage-documents.ts';
import { uploadDocuments } from '../documents/upload-document.ts';
import { authorizeInTenant } from '../policy.ts';
import { insertTemplate } from './document-templates.ts';
import { TEMPLATE_EXPORT_FORMAT } from './template-export.ts';
import { freeWorkflowName, insertWorkflow } from './workflow-templates.ts';

const unreadable = (why: string) => new AppError(Code.UNPARSEABLE_DATA, `Not a template export: ${why}`);

const tooLarge = () =>
  new AppError(
    Code.INVALID_INPUT,
    `A template export may hold at most ${Limits.TEMPLATE_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
    { httpStatus: 413 },
  );

/** The zip's files, refusing before inflating when they would unpack to more than the limit. */
function unzipExport(bytes: Uint8Array): Record<string, Uint8Array> {
  if (bytes.length > Limits.TEMPLATE_IMPORT_MAX_BYTES) throw tooLarge();
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        if (total > Limits.TEMPLATE_IMPORT_MAX_BYTES) throw tooLarge();
        return true;
      },
    });
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw unreadable('the file is not a zip');
  }
}

/**
 * Another tenant's groups mean nothing here: each becomes a role named after it, filled at
 * compose like any other role.
 */
function groupsAsRoles(steps: readonly TemplateStep[]): TemplateStep[] {
  return steps.map((s) => ({
    ...s,
    recipients: s.recipients.map((r) =>
      r.kind === 'group' ? { kind: 'role' as const, role: r.groupName || 'Group' } : r,
    ),
  }));
}

/**
 * `POST /v2/documenttemplate/import`: a zip made by the export (format `signet-template/1`)
 * becomes a document template of the actor's, paired with a copy of its workflow (named with
 * the next free "(2)" when the name is taken). The PDFs go through the upload's ingest and
 * checks; the tags through the template's placement rules. Nothing is left behind on failure.
 */
export async function importTemplate(
  actor: Actor,
  files: AsyncIterable<{ fileName: string; bytes: () => Promise<Uint8Array> }>,
  deps: Deps,
): Promise<{ documentTemplate: DocumentTemplate; workflow: WorkflowTemplate | null }> {
  authorizeInTenant(actor, 'templates.manage');
  let zip: Uint8Array | null = null;
  for await (const file of files) {
    // Every part is read, so the request is consumed; only the first counts.
    const bytes = await file.bytes();
    zip ??= bytes;
  }
  if (!zip) throw new AppError(Code.NO_NEW_DOCUMENT_ATTACHED, 'Send the export zip as a multipart "file"');
  if (zip.length === 0) throw new AppError(Code.EMPTY_FILE);
  const entries = unzipExport(zip);
  const json = entries['template.json'];
  if (!json) throw unreadable('template.json is missing');
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(json));
  } catch {
    throw unreadable('template.json is not JSON');
  }
  const parsed = TemplateExportManifestSchema.safeParse(raw);
  if (!parsed.success || parsed.data.format !== TEMPLATE_EXPORT_FORMAT)
    throw unreadable(`template.json is not of the format ${TEMPLATE_EXPORT_FORMAT}`);
  const { template, workflow } = parsed.data;
  const pdfs = template.documents.map((d) => {
    const bytes = entries[d.file];
    if (!bytes) throw unreadable(`${d.file} is missing`);
    return { fileName: d.name, bytes };
  });

  const uploaded = await uploadDocuments(
    actor,
    (async function* () {
      for (const pdf of pdfs) yield { fileName: pdf.fileName, bytes: async () => pdf.bytes };
    })(),
    deps,
  );
  try {
    return await deps.db.withTenant(actor.tenantId, async (tx) => {
      const made = workflow
        ? await insertWorkflow(
            tx,
            actor,
            {
              ...workflow,
              name: await freeWorkflowName(tx, workflow.name),
              steps: groupsAsRoles(workflow.steps),
            },
            deps,
            'workflow.imported',
          )
        : null;
      const documentTemplate = await insertTemplate(
        tx,
        actor,
        {
          templateName: template.templateName,
          type: template.type,
          signingPolicy: template.signingPolicy,
          workflowTemplateId: made?.workflowId ?? null,
          tags: template.tags,
          documentIds: uploaded.map((d) => d.documentId),
        },
        deps,
      );
      return { documentTemplate, workflow: made };
    });
  } catch (e) {
    // The PDFs were uploaded on their own; without a template they would linger in the library.
    await deleteDocuments(
      actor,
      uploaded.map((d) => d.documentId),
      deps,
    ).catch(() => undefined);
    throw e;
  }
}
