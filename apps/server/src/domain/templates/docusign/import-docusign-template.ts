import {
  Code,
  DOCUSIGN_IMPORT_LIMITS,
  type DocuSignImportResult,
  DocuSignTemplateSchema,
  type DocuSignUnmapped,
  type TemplateTag,
} from '@signet/contracts';
import { findTextSandboxed, pageGeometrySandboxed } from '@signet/pdf';
import type { Actor } from '../../actor.ts';
import { AppError } from '../../app-error.ts';
import type { Deps } from '../../deps.ts';
import { deleteDocuments } from '../../documents/manage-documents.ts';
import { withPdfErrors } from '../../documents/pdf-errors.ts';
import { uploadDocuments } from '../../documents/upload-document.ts';
import { authorizeInTenant } from '../../policy.ts';
import { insertTemplate } from '../document-templates.ts';
import { freeWorkflowName, insertWorkflow } from '../workflow-templates.ts';
import {
  anchorTexts,
  checkSteps,
  checkTagCounts,
  checkTemplateSize,
  refuseTooManyMatches,
} from './docusign-limits.ts';
import { mapRecipients } from './map-docusign-recipients.ts';
import { type MappedDocument, mapTabs } from './map-docusign-tabs.ts';

/** pdf.js reads every page's text: a long document (or a cold worker loading pdf.js) needs more than the 20 s of a plain read. */
const FIND_TEXT_TIMEOUT_MS = 60_000;

const unreadable = (why: string) => new AppError(Code.UNPARSEABLE_DATA, `Not a DocuSign template: ${why}`);

/**
 * `POST /v1/docusigntemplate`: a DocuSign template's JSON export becomes a document template of
 * the actor's paired with a workflow template of roles (map-docusign-recipients.ts), its tabs
 * tags (map-docusign-tabs.ts). Page sizes and anchor text are read from the PDFs in the
 * sandbox. With `dryRun` nothing is stored: the answer is the preview of what would be made.
 * Whatever has no equivalent is in `unmapped`. Nothing is left behind on failure. The tags are
 * counted before they are made (docusign-limits.ts): tabs placed by position before the PDFs are
 * read, anchor tabs × their hits after the search, each refused with -6 naming its limit.
 */
export async function importDocuSignTemplate(
  actor: Actor,
  body: unknown,
  dryRun: boolean,
  deps: Deps,
): Promise<DocuSignImportResult> {
  authorizeInTenant(actor, 'templates.manage');
  checkTemplateSize(body);
  const parsed = DocuSignTemplateSchema.safeParse(body);
  if (!parsed.success) throw unreadable('it needs documents (documentBase64) and recipients');
  const template = parsed.data;
  const templateName = (
    template.name ||
    template.envelopeTemplateDefinition?.name ||
    template.emailSubject ||
    'DocuSign template'
  )
    .trim()
    .slice(0, 200);

  const sandbox = { pool: deps.sandbox, tenant: actor.tenantId };
  const { steps, placed, unmapped } = mapRecipients(template);
  checkSteps(steps);
  const firstDocumentId = template.documents[0]?.documentId ?? '1';
  const documentNames = new Map(
    template.documents.map((d, position) => {
      const name = d.name?.trim() || `Document ${position + 1}`;
      return [d.documentId ?? String(position + 1), /\.pdf$/i.test(name) ? name : `${name}.pdf`] as const;
    }),
  );
  const needles = anchorTexts(placed, new Set(documentNames.keys()), firstDocumentId);
  // Tabs placed by position are counted before any PDF is read; anchors wait for their hits.
  checkTagCounts(placed, documentNames, firstDocumentId, () => 0);
  const files: { fileName: string; bytes: Uint8Array }[] = [];
  const documents = new Map<string, MappedDocument>();
  for (const [position, d] of template.documents.entries()) {
    const bytes = new Uint8Array(Buffer.from(d.documentBase64, 'base64'));
    if (bytes.length < 5 || new TextDecoder().decode(bytes.subarray(0, 5)) !== '%PDF-')
      throw unreadable(`document ${d.name ?? position + 1} is not a PDF`);
    const documentId = d.documentId ?? String(position + 1);
    const fileName = documentNames.get(documentId) ?? `Document ${position + 1}.pdf`;
    // One after the other: the second task reuses the worker the first one warmed up.
    const pages = await withPdfErrors(() => pageGeometrySandboxed(bytes, sandbox));
    const mine = needles.get(documentId) ?? [];
    // Every occurrence is at least one tag, so the search stops one past what a document may hold.
    const maxMatches = DOCUSIGN_IMPORT_LIMITS.tagsPerDocument;
    const anchors = mine.length
      ? await withPdfErrors(() =>
          findTextSandboxed(bytes, mine, {
            ...sandbox,
            admitted: true,
            timeoutMs: FIND_TEXT_TIMEOUT_MS,
            maxMatches,
          }),
        )
      : [];
    if (anchors.length > maxMatches) refuseTooManyMatches(fileName, maxMatches);
    files.push({ fileName, bytes });
    documents.set(documentId, {
      position,
      pages: pages.map((p) => ({ width: p.width, height: p.height })),
      anchors,
    });
  }
  const hits = new Map<string, Map<string, number>>();
  for (const [documentId, doc] of documents) {
    const counts = new Map<string, number>();
    for (const a of doc.anchors) counts.set(a.needle, (counts.get(a.needle) ?? 0) + 1);
    hits.set(documentId, counts);
  }
  checkTagCounts(placed, documentNames, firstDocumentId, (id, needle) => hits.get(id)?.get(needle) ?? 0);
  const tags: TemplateTag[] = [];
  const notes: DocuSignUnmapped[] = [...unmapped];
  for (const p of placed) {
    const mapped = mapTabs(p, documents, firstDocumentId);
    // Pushed one by one: spreading a long list into push() overflows the call stack.
    for (const tag of mapped.tags) tags.push(tag);
    for (const note of mapped.unmapped) notes.push(note);
  }
  if (steps.length === 0) throw unreadable('it has no recipients this import can use');

  const tagCounts: Record<string, number> = {};
  for (const t of tags) tagCounts[t.type] = (tagCounts[t.type] ?? 0) + 1;
  const preview = {
    templateName,
    documents: files.map((f, i) => ({
      name: f.fileName,
      pageCount: [...documents.values()][i]?.pages.length ?? 0,
    })),
    steps: steps.map((s) => ({
      type: s.type,
      roles: s.recipients.map((r) => ('role' in r ? r.role : '')),
    })),
    tagCounts,
    unmapped: notes,
  };
  if (dryRun) return { dryRun: true, ...preview, documentTemplate: null, workflow: null };

  const uploaded = await uploadDocuments(
    actor,
    (async function* () {
      for (const f of files) yield { fileName: f.fileName, bytes: async () => f.bytes };
    })(),
    deps,
  );
  try {
    return await deps.db.withTenant(actor.tenantId, async (tx) => {
      const workflow = await insertWorkflow(
        tx,
        actor,
        {
          name: await freeWorkflowName(tx, templateName),
          description: 'Imported from DocuSign',
          signingPolicy: 'ESIGNATURE',
          shared: false,
          steps,
          reminderIntervalDays: 3,
          reminderMax: 5,
          expiryDays: null,
        },
        deps,
        'workflow.imported',
      );
      const documentTemplate = await insertTemplate(
        tx,
        actor,
        {
          templateName,
          type: 'Owner',
          signingPolicy: 'ESIGNATURE',
          workflowTemplateId: workflow.workflowId,
          tags,
          documentIds: uploaded.map((d) => d.documentId),
        },
        deps,
      );
      return { dryRun: false, ...preview, documentTemplate, workflow };
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
