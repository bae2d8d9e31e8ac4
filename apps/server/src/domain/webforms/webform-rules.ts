import {
  Code,
  type StepInput,
  type TemplateTag,
  type WebformTarget,
  webformFields,
  webformRecipientSlots,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import type { DocumentTemplateRow, WorkflowTemplateRow } from '../../db/repositories/templates.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { visibleDocumentTemplate } from '../templates/document-templates.ts';
import { personSteps } from '../templates/template-steps.ts';
import { visibleWorkflowTemplate } from '../templates/workflow-templates.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';

/**
 * While the tenant's web-form switch (admin settings, Features) is off: -1 with 409 and
 * `data.feature`. Not -11 (the web app ends the session) nor a 403 (it leaves for /accessdenied):
 * the page explains the setting instead.
 */
export async function requireWebformsOn(tx: Executor, tenantId: string): Promise<void> {
  const settings = readTenantSettings((await findTenant(tx, tenantId))?.settings);
  if (!settings.features.webForm)
    throw new AppError(Code.GENERIC_ERROR, 'Web forms are off in this tenant (admin settings, Features)', {
      httpStatus: 409,
      data: { feature: 'webForm' },
    });
}

const invalid = (message: string, input?: string) =>
  new AppError(Code.INVALID_INPUT, message, input ? { data: { input } } : {});

export interface MappingTemplates {
  document: DocumentTemplateRow;
  workflow: WorkflowTemplateRow;
}

/**
 * The templates a mapping composes from, as the actor sees them (their own or shared ones): the
 * chosen workflow, else the document template's own (-6 when it has none).
 */
export async function mappingTemplates(
  tx: Executor,
  actor: TenantActor,
  documentTemplateId: string,
  workflowTemplateId: string | null,
): Promise<MappingTemplates> {
  const { row: document } = await visibleDocumentTemplate(tx, actor, documentTemplateId);
  const workflowId = workflowTemplateId ?? document.workflowTemplateId;
  if (!workflowId)
    throw invalid('Choose a workflow: the document template has none of its own', 'workflowId');
  return { document, workflow: await visibleWorkflowTemplate(tx, actor, workflowId) };
}

const PART_WORDS = { email: 'email', firstName: 'first name', lastName: 'last name' } as const;

/**
 * Checks a mapping against its templates and completes its targets: an input without one fills
 * the template field of the same name, if there is one (others are accepted and ignored). Every
 * recipient place the workflow leaves empty must get its email from an input.
 */
export function completeTargets(
  inputNames: readonly string[],
  given: Readonly<Record<string, WebformTarget>>,
  templates: MappingTemplates,
): Record<string, WebformTarget> {
  const twice = inputNames.find((n, i) => inputNames.indexOf(n) !== i);
  if (twice) throw invalid(`The input ${twice} is listed twice`, twice);
  const stray = Object.keys(given).find((n) => !inputNames.includes(n));
  if (stray) throw invalid(`${stray} is not one of the form's inputs (htmlInputFilenames)`, stray);

  const tags: TemplateTag[] = templates.document.tags;
  const fields = webformFields(tags);
  const steps: StepInput[] = personSteps(templates.workflow.steps);
  const slots = webformRecipientSlots(steps, tags);
  const targets: Record<string, WebformTarget> = {};
  for (const name of inputNames) {
    const target =
      given[name] ?? (fields.includes(name) ? { kind: 'field' as const, field: name } : undefined);
    if (target) targets[name] = target;
  }

  const seen = new Map<string, string>();
  for (const [input, t] of Object.entries(targets)) {
    if (t.kind === 'field' && !fields.includes(t.field))
      throw invalid(`${t.field} is not a field of the document template that a form can fill`, input);
    if (t.kind === 'recipient') {
      const places = slots[t.step - 1];
      if (places === undefined) throw invalid(`The workflow has no step ${t.step}`, input);
      if (t.index >= places)
        throw invalid(`Step ${t.step} has room for ${places} recipient(s), not ${t.index + 1}`, input);
    }
    const what =
      t.kind === 'recipient'
        ? `${t.kind}:${t.step}:${t.index}:${t.part}`
        : t.kind === 'field'
          ? `field:${t.field}`
          : t.kind;
    const other = seen.get(what);
    if (other) throw invalid(`${other} and ${input} fill the same thing`, input);
    seen.set(what, input);
  }

  for (const [i, step] of steps.entries()) {
    for (let index = step.recipients.length; index < (slots[i] ?? 0); index++) {
      if (!seen.has(`recipient:${i + 1}:${index}:email`))
        throw invalid(
          `Step ${i + 1} (${step.name || step.type}) needs the ${PART_WORDS.email} of recipient ${index + 1} from an input`,
        );
    }
  }
  return targets;
}
