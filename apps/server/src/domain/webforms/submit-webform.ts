import {
  Code,
  CreateEpakSchema,
  EmailSchema,
  type Role,
  SENDER_ROLES,
  type StepInput,
  WEBFORM_MAX_VALUE_LENGTH,
  type WebformTarget,
  webformFieldName,
  webformFillable,
} from '@signet/contracts';
import { tagsOfEpak, updateTag } from '../../db/repositories/epaks.ts';
import { findMember } from '../../db/repositories/members.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { findWebform, insertWebformEpak } from '../../db/repositories/webforms.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { createEpak } from '../epaks/create-epak.ts';
import { tagWritableBy } from '../epaks/fill-tags.ts';
import { loadEpak, requireOwner } from '../epaks/load-epak.ts';
import { deleteEpaks } from '../epaks/owner-actions.ts';
import { startEpak } from '../epaks/start-epak.ts';
import { personSteps } from '../templates/template-steps.ts';
import { readTenantSettings } from '../tenants/tenant-settings.ts';
import { webformKeyMatches } from './webform-key.ts';
import { completeTargets, mappingTemplates, requireWebformsOn } from './webform-rules.ts';

export type PostedForm = Record<string, string | string[]>;

const invalid = (message: string, input: string) =>
  new AppError(Code.INVALID_INPUT, message, { data: { input } });

/** Unknown tenant, unknown mapping and a wrong key answer alike, so the URL reveals nothing. */
const badKey = () =>
  new AppError(Code.INVALID_TOKEN, 'This form is not set up here, or its key was replaced');

interface Prepared {
  sender: TenantActor;
  mappingId: string;
  mappingName: string;
  documentTemplateId: string;
  workflowTemplateId: string;
  steps: StepInput[];
  targets: Record<string, WebformTarget>;
  inputNames: string[];
}

/**
 * The mapping behind a post, checked: its key, the tenant's switch and licence, and a sender who
 * may still send ePaks. The mapping is checked again against its templates as they are now.
 */
async function prepare(
  tenantId: string,
  mappingId: string,
  key: string | undefined,
  origin: RequestOrigin,
  deps: Deps,
): Promise<Prepared> {
  return deps.db.withTenant(tenantId, async (tx) => {
    const tenant = await findTenant(tx, tenantId);
    const mapping = tenant ? await findWebform(tx, mappingId) : null;
    if (!tenant || !mapping || !webformKeyMatches(mapping, key)) throw badKey();
    const licenseEnd = readTenantSettings(tenant.settings).licenseExpiresOn;
    if (tenant.status !== 'active' || (licenseEnd && new Date(licenseEnd) <= deps.clock.now()))
      throw new AppError(Code.TRIAL_EXPIRED);
    await requireWebformsOn(tx, tenantId);
    const member = await findMember(tx, mapping.senderId);
    const role = member?.membership.role as Role | undefined;
    if (member?.membership.status !== 'enabled' || !role || !SENDER_ROLES.includes(role))
      throw new AppError(
        Code.NOT_AUTHORIZED,
        "The form's sender can no longer send ePaks; an admin must save the mapping again",
      );
    // The form's ePaks are the sender's: composed, owned and started in their name.
    const sender: TenantActor = {
      userId: mapping.senderId,
      tenantId,
      role,
      sessionId: `webform:${mapping.id}`,
      ip: origin.ip,
      ...(origin.language ? { language: origin.language } : {}),
    };
    const templates = await mappingTemplates(
      tx,
      sender,
      mapping.documentTemplateId,
      mapping.workflowTemplateId,
    );
    let targets: Record<string, WebformTarget>;
    try {
      targets = completeTargets(
        mapping.inputNames,
        mapping.targets as Record<string, WebformTarget>,
        templates,
      );
    } catch (e) {
      throw new AppError(
        Code.INVALID_INPUT,
        `The mapping no longer fits its templates; an admin must save it again (${(e as Error).message})`,
      );
    }
    return {
      sender,
      mappingId: mapping.id,
      mappingName: mapping.name,
      documentTemplateId: templates.document.id,
      workflowTemplateId: templates.workflow.id,
      steps: personSteps(templates.workflow.steps),
      targets,
      inputNames: mapping.inputNames,
    };
  });
}

/** One input's value: trimmed; repeated names (multi-selects, checkboxes) keep every value. */
function postedValues(posted: PostedForm, name: string): string[] {
  const raw = posted[name];
  const values = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map((v) => String(v).trim());
  const nonEmpty = values.filter((v) => v !== '');
  if (nonEmpty.some((v) => v.length > WEBFORM_MAX_VALUE_LENGTH))
    throw invalid(`${name} is longer than ${WEBFORM_MAX_VALUE_LENGTH} characters`, name);
  return nonEmpty;
}

/** The workflow's steps with the posted recipients; the subject and field values by field name. */
function applyPost(p: Prepared, posted: PostedForm) {
  const fields = new Map<string, string[]>();
  let subject: string | undefined;
  for (const name of p.inputNames) {
    const target = p.targets[name];
    if (!target) continue;
    const values = postedValues(posted, name);
    const value = values.join(', ');
    if (target.kind === 'field') {
      if (values.length > 0) fields.set(target.field, values);
    } else if (target.kind === 'subject') {
      if (value) subject = value.slice(0, 250);
    } else {
      const step = p.steps[target.step - 1];
      if (!step) throw invalid(`The workflow has no step ${target.step}`, name);
      const recipient = step.recipients[target.index] ?? {
        email: '',
        firstName: '',
        middleName: '',
        lastName: '',
      };
      if (target.part === 'email') {
        const email = EmailSchema.safeParse(value);
        if (!email.success) throw invalid(`${name}: enter an email address`, name);
        recipient.email = email.data;
      } else if (value) {
        recipient[target.part] = value.slice(0, 100);
      }
      step.recipients[target.index] = recipient;
    }
  }
  return { fields, subject };
}

/**
 * Gives the draft's form fields their posted values: tags named like a mapped field that the
 * custodian may fill (spec §6), as the composer's own values.
 */
async function fillFields(sender: TenantActor, epakId: string, fields: Map<string, string[]>, deps: Deps) {
  if (fields.size === 0) return;
  await deps.db.withTenant(sender.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, sender, epakId, { lock: true });
    requireOwner(loaded, sender);
    for (const tag of await tagsOfEpak(tx, epakId)) {
      const values = fields.get(webformFieldName(tag));
      // tagWritableBy is the ePak's own rule (spec §6), checked again on the stored tag.
      if (!values || !webformFillable(tag) || !tagWritableBy(tag, 'custodian')) continue;
      const value = tag.type === 'multiSelect' ? JSON.stringify(values) : values.join(', ');
      await updateTag(tx, tag.id, { value });
    }
  });
}

/**
 * `POST /public/webform/{tenantId}/{mappingId}?key=…` (form or JSON): composes an ePak from the
 * mapping's templates with the posted values and starts it, as the mapping's sender. A failure
 * after the draft exists deletes it; what was composed is recorded against the mapping (-183).
 */
export async function submitWebform(
  path: { tenantId: string; mappingId: string },
  key: string | undefined,
  posted: PostedForm,
  origin: RequestOrigin,
  deps: Deps,
): Promise<{ ePakId: string; status: string }> {
  const p = await prepare(path.tenantId, path.mappingId, key, origin, deps);
  const { fields, subject } = applyPost(p, posted);
  const input = CreateEpakSchema.parse({
    documentTemplateId: p.documentTemplateId,
    workflowTemplateId: p.workflowTemplateId,
    steps: p.steps,
    ...(subject ? { subject } : {}),
  });
  const epak = await createEpak(p.sender, input, deps);
  try {
    await fillFields(p.sender, epak.id, fields, deps);
    const started = await startEpak(p.sender, epak.id, deps);
    await deps.db.withTenant(path.tenantId, async (tx) => {
      await insertWebformEpak(tx, { tenantId: path.tenantId, epakId: epak.id, mappingId: p.mappingId });
      await appendActivity(
        tx,
        {
          tenantId: path.tenantId,
          epakId: epak.id,
          actorUserId: p.sender.userId,
          action: 'webform.submitted',
          details: { mappingId: p.mappingId, name: p.mappingName },
          ip: origin.ip,
        },
        deps.clock.now(),
      );
    });
    return { ePakId: epak.id, status: started.status };
  } catch (e) {
    await deleteEpaks(p.sender, [epak.id], deps).catch((cleanup: unknown) =>
      deps.log.warn({ err: cleanup, epakId: epak.id }, 'could not delete the draft of a failed form post'),
    );
    throw e;
  }
}
