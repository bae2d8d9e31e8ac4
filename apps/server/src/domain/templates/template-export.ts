import { safeFileName } from '@signet/contracts';
import { zipSync } from 'fflate';
import type { Actor } from '../actor.ts';
import type { Deps } from '../deps.ts';
import { currentBytes } from '../documents/document-store.ts';
import type { DownloadedFile } from '../epaks/download.ts';
import { authorizeInTenant } from '../policy.ts';
import { presentDocumentTemplate, visibleDocumentTemplate } from './document-templates.ts';
import { presentWorkflowTemplate, visibleWorkflowTemplate } from './workflow-templates.ts';

/** Names the export's format so a later import can tell what it reads. */
export const TEMPLATE_EXPORT_FORMAT = 'signet-template/1';

/**
 * `GET /v2/documenttemplate/{docTemplateId}/workflowtemplate/{workflowTemplateId}/export`: a zip
 * holding `template.json` (the document template with its tags and the workflow) and the
 * template's PDFs, enough to recreate both in another tenant. `none` as the workflow id exports
 * the document template alone.
 */
export async function exportTemplate(
  actor: Actor,
  docTemplateId: string,
  workflowTemplateId: string,
  deps: Deps,
): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'templates.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { row, docs } = await visibleDocumentTemplate(tx, actor, docTemplateId);
    const workflow =
      workflowTemplateId === 'none' ? null : await visibleWorkflowTemplate(tx, actor, workflowTemplateId);
    const template = presentDocumentTemplate(row, docs);
    const files: Record<string, Uint8Array> = {};
    const documents: { file: string; name: string }[] = [];
    for (const [i, d] of docs.entries()) {
      const file = `documents/${i + 1}-${safeFileName(d.name, 'document.pdf')}`;
      files[file] = (await currentBytes(tx, d.id, deps)).bytes;
      documents.push({ file, name: d.name });
    }
    const manifest = {
      format: TEMPLATE_EXPORT_FORMAT,
      exportedOn: deps.clock.now().toISOString(),
      template: { ...template, documents: template.documents.map((d, i) => ({ ...d, ...documents[i] })) },
      workflow: workflow ? presentWorkflowTemplate(workflow) : null,
    };
    files['template.json'] = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
    return {
      fileName: `${safeFileName(row.name, 'template')}.zip`,
      contentType: 'application/zip',
      bytes: zipSync(files, { level: 6 }),
    };
  });
}
