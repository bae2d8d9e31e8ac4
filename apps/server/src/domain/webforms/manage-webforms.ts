import {
  Code,
  type CreateWebformQuery,
  type UpdateWebformQuery,
  WEBFORM_TEMPLATE_WORKFLOW,
  type WebformMapping,
  type WebformTarget,
  type WebformTargets,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  countWebformEpaks,
  deleteWebform as deleteWebformRow,
  findWebform,
  findWebformByName,
  insertWebform,
  listWebforms,
  updateWebform as updateWebformRow,
  type WebformFilter,
  type WebformListRow,
} from '../../db/repositories/webforms.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { newWebformKey } from './webform-key.ts';
import { completeTargets, mappingTemplates, requireWebformsOn } from './webform-rules.ts';

export function presentWebform(r: WebformListRow): WebformMapping {
  const m = r.mapping;
  return {
    mappingId: m.id,
    name: m.name,
    documentId: m.documentTemplateId,
    documentName: r.documentName ?? '',
    workflowId: m.workflowTemplateId,
    workflowName: r.workflowName ?? '',
    htmlInputFilenames: m.inputNames,
    targets: m.targets as Record<string, WebformTarget>,
    senderId: m.senderId,
    senderEmail: r.senderEmail ?? '',
    epakCount: r.epakCount,
    createdOn: m.createdAt.toISOString(),
    modifiedOn: m.updatedAt.toISOString(),
  };
}

const missing = () =>
  new AppError(Code.GENERIC_ERROR, 'The web-form mapping does not exist', { httpStatus: 404 });

/** A mapping of the tenant (404 otherwise); also for the generated API and the form post. */
export async function requireWebform(tx: Executor, id: string) {
  const row = await findWebform(tx, id);
  if (!row) throw missing();
  return row;
}

async function presentOne(tx: Executor, id: string): Promise<WebformMapping> {
  const [row] = await listWebforms(tx, { id });
  if (!row) throw missing();
  return presentWebform(row);
}

/** Mapping names are unique in a tenant, ignoring case: -22 when taken. */
async function requireFreeName(tx: Executor, name: string, exceptId?: string): Promise<void> {
  const same = await findWebformByName(tx, name);
  if (same && same.id !== exceptId)
    throw new AppError(Code.DATA_INTEGRITY, 'A web-form mapping with this name exists', {
      data: { input: 'name' },
    });
}

function log(tx: Executor, actor: TenantActor, action: string, details: Record<string, unknown>, deps: Deps) {
  return appendActivity(
    tx,
    { tenantId: actor.tenantId, actorUserId: actor.userId, action, details, ip: actor.ip },
    deps.clock.now(),
  );
}

const workflowIdOf = (q: string | undefined) => (q === WEBFORM_TEMPLATE_WORKFLOW ? null : q);

/** `GET /v2/webform`: the tenant's mappings, optionally those of one template, workflow or name. */
export async function listWebformMappings(
  actor: Actor,
  filter: Pick<WebformFilter, 'documentTemplateId' | 'workflowTemplateId' | 'name'>,
  deps: Deps,
): Promise<{ mappings: WebformMapping[] }> {
  authorizeInTenant(actor, 'webforms.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireWebformsOn(tx, actor.tenantId);
    return { mappings: (await listWebforms(tx, filter)).map(presentWebform) };
  });
}

/**
 * `POST /v2/webform`: a mapping, sent as its creator. Its key is made now and read (or replaced)
 * through `GET /v2/generatewebformapi`.
 */
export async function createWebformMapping(
  actor: Actor,
  query: CreateWebformQuery,
  body: WebformTargets,
  deps: Deps,
): Promise<WebformMapping> {
  authorizeInTenant(actor, 'webforms.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireWebformsOn(tx, tenantId);
    await requireFreeName(tx, query.name);
    const workflowTemplateId = workflowIdOf(query.workflowId) ?? null;
    const templates = await mappingTemplates(tx, actor, query.documentId, workflowTemplateId);
    const targets = completeTargets(query.htmlInputFilenames, body.targets ?? {}, templates);
    const id = crypto.randomUUID();
    const { keyHash, keySealed } = newWebformKey(deps.vault, tenantId, id);
    await insertWebform(tx, {
      tenantId,
      id,
      name: query.name,
      documentTemplateId: query.documentId,
      workflowTemplateId,
      inputNames: query.htmlInputFilenames,
      targets,
      senderId: actor.userId,
      keyHash,
      keySealed,
    });
    await log(tx, actor, 'webform.created', { mappingId: id, name: query.name }, deps);
    return presentOne(tx, id);
  });
}

/**
 * `PUT /v2/webform?mappingId=…`: changes the parameters given. Whoever saves it becomes the
 * sender of its next ePaks (and must be able to use its templates). ePaks already made keep
 * what they were made from.
 */
export async function updateWebformMapping(
  actor: Actor,
  query: UpdateWebformQuery,
  body: WebformTargets,
  deps: Deps,
): Promise<WebformMapping> {
  authorizeInTenant(actor, 'webforms.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireWebformsOn(tx, tenantId);
    const row = await requireWebform(tx, query.mappingId);
    if (query.name) await requireFreeName(tx, query.name, row.id);
    const next = {
      name: query.name ?? row.name,
      documentTemplateId: query.documentId ?? row.documentTemplateId,
      workflowTemplateId:
        query.workflowId === undefined ? row.workflowTemplateId : (workflowIdOf(query.workflowId) ?? null),
      inputNames: query.htmlInputFilenames ?? row.inputNames,
    };
    const templates = await mappingTemplates(tx, actor, next.documentTemplateId, next.workflowTemplateId);
    // Targets not sent again are kept for the inputs still listed.
    const kept = Object.fromEntries(
      Object.entries(row.targets as Record<string, WebformTarget>).filter(([n]) =>
        next.inputNames.includes(n),
      ),
    );
    const targets = completeTargets(next.inputNames, body.targets ?? kept, templates);
    await updateWebformRow(tx, row.id, {
      ...next,
      targets,
      senderId: actor.userId,
      updatedAt: deps.clock.now(),
    });
    await log(tx, actor, 'webform.updated', { mappingId: row.id, name: next.name }, deps);
    return presentOne(tx, row.id);
  });
}

/**
 * `DELETE /v2/webform/{mappingId}`. A mapping that has composed ePaks (still kept) is in use:
 * -183, so what a site posted can always be traced to the mapping it came through.
 */
export async function deleteWebformMapping(
  actor: Actor,
  mappingId: string,
  deps: Deps,
): Promise<{ ok: true }> {
  authorizeInTenant(actor, 'webforms.manage');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await requireWebformsOn(tx, actor.tenantId);
    const row = await requireWebform(tx, mappingId);
    const epakCount = await countWebformEpaks(tx, row.id);
    if (epakCount > 0)
      throw new AppError(
        Code.WEBFORM_MAPPING_LINKED,
        `The mapping has composed ${epakCount} ePak(s) and cannot be deleted`,
        { data: { epakCount } },
      );
    await deleteWebformRow(tx, row.id);
    await log(tx, actor, 'webform.deleted', { mappingId: row.id, name: row.name }, deps);
    return { ok: true as const };
  });
}
