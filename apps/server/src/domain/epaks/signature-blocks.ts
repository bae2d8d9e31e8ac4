import {
  Code,
  dimensionsCrossed,
  insidePage,
  limitsFor,
  overlappingSignatures,
  type Tag,
  type TagInput,
} from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import {
  deleteTags,
  documentsOfEpak,
  insertTags,
  type RecipientRow,
  type StepRow,
  type TagRow,
  tagsOfDocument,
  updateTag,
} from '../../db/repositories/epaks.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { changesValue, readOnlyTag, type TagViewerRole, tagWritableBy } from './fill-tags.ts';
import { type LoadedEpak, loadEpak, myTurn, requireOwner } from './load-epak.ts';

export interface StoredPage {
  pageNumber: number;
  width: number;
  height: number;
}

export function presentTag(t: TagRow, loaded: LoadedEpak, viewerId: string): Tag {
  const r = loaded.workflow.recipients.find((x) => x.id === t.recipientId);
  const step = r ? loaded.workflow.steps.find((s) => s.id === r.stateId) : undefined;
  const extra = t.extra as Partial<TagInput>;
  // In a current in-person step the custodian fills the hosted signer's tags on their own session.
  const hosted =
    !!r &&
    loaded.isOwner &&
    step?.type === 'INPERSONSIGN' &&
    step.status === 'current' &&
    r.status === 'Pending';
  const mine = t.recipientId === null ? loaded.isOwner : r?.userId === viewerId || hosted;
  const role: TagViewerRole = (r && r.userId === viewerId) || hosted ? 'signer' : 'custodian';
  // Spec §6: read-only for a role its tagFor leaves out; a CustodianText stays the custodian's.
  const readOnly =
    t.key === 'CustodianText' && loaded.isOwner ? false : t.readOnly || !mine || !tagWritableBy(t, role);
  return {
    ...extra,
    uuid: t.id,
    tagId: t.id,
    key: t.key,
    type: t.type as Tag['type'],
    name: t.name,
    label: t.label,
    category: t.category as Tag['category'],
    tagFor: t.tagFor as Tag['tagFor'],
    createType: t.createType as Tag['createType'],
    pageNumber: t.pageNumber,
    positionX: t.positionX,
    positionY: t.positionY,
    blockWidth: t.blockWidth,
    blockHeight: t.blockHeight,
    ...(t.fontSize ? { fontSize: t.fontSize } : {}),
    ...(t.fontFamily ? { fontFamily: t.fontFamily } : {}),
    ...(t.fontWeight ? { fontWeight: t.fontWeight } : {}),
    ...(t.fontStyle ? { fontStyle: t.fontStyle } : {}),
    value: t.value,
    readOnly,
    required: t.required,
    status: t.status === 'done' ? 'done' : 'notdone',
    // Another person's tags are shown layered and cannot be selected (spec §2).
    disabled: !mine,
    userEmail: r?.email,
    userUuid: r?.userId ?? null,
    wfsOrderId: step?.stepOrder,
    recipientId: t.recipientId,
    documentId: t.documentId,
  };
}

/** Checks one document's full set of tags against the placement rules (spec §5). */
export function checkPlacement(
  tags: readonly (TagInput & { id?: string })[],
  pages: readonly StoredPage[],
): void {
  for (const tag of tags) {
    const page = pages.find((p) => p.pageNumber === tag.pageNumber);
    if (!page) throw new AppError(Code.INVALID_INPUT, `Page ${tag.pageNumber} does not exist`);
    if (!insidePage(tag, page))
      throw new AppError(Code.INVALID_INPUT, `A ${tag.type} tag leaves page ${tag.pageNumber}`);
    const crossed = dimensionsCrossed(tag, limitsFor(tag.type, tag.limits));
    if (crossed) {
      throw new AppError(Code.INVALID_INPUT, 'tagDimensionsCrossedMsg', {
        data: { key: 'tagDimensionsCrossedMsg', limits: crossed, tag: tag.uuid ?? null },
      });
    }
    const placed = { ...tag, id: tag.uuid };
    const others = tags.filter((o) => o !== tag).map((o) => ({ ...o, id: o.uuid }));
    if (overlappingSignatures(placed, others, tag.uuid === undefined).length > 0) {
      throw new AppError(Code.INVALID_INPUT, 'tagOverlappingError', {
        data: { key: 'tagOverlappingError', page: tag.pageNumber },
      });
    }
  }
}

/** The recipient a tag belongs to: by email and step; none means the custodian's own tag. */
export function recipientOf(
  loaded: {
    workflow: {
      steps: readonly Pick<StepRow, 'id' | 'stepOrder'>[];
      recipients: readonly Pick<RecipientRow, 'id' | 'stateId' | 'email' | 'delegatedFromId'>[];
    };
  },
  tag: TagInput,
): string | null {
  if (!tag.userEmail) return null;
  const candidates = loaded.workflow.recipients.filter(
    (r) =>
      r.email === tag.userEmail &&
      (tag.wfsOrderId === undefined ||
        loaded.workflow.steps.find((s) => s.id === r.stateId)?.stepOrder === tag.wfsOrderId),
  );
  const recipient = candidates.find((r) => r.delegatedFromId === null) ?? candidates[0];
  if (!recipient)
    throw new AppError(
      Code.INVALID_INPUT,
      `${tag.userEmail} is not a recipient${tag.wfsOrderId ? ` of step ${tag.wfsOrderId}` : ''}`,
    );
  return recipient.id;
}

/** A placed tag as the row the tags table stores. */
export function tagRow(
  tenantId: string,
  epakId: string,
  documentId: string,
  tag: TagInput,
  recipientId: string | null,
) {
  const {
    uuid,
    key,
    type,
    name,
    label,
    category,
    tagFor,
    createType,
    pageNumber,
    positionX,
    positionY,
    blockWidth,
    blockHeight,
    fontSize,
    fontFamily,
    fontWeight,
    fontStyle,
    value,
    readOnly,
    validations,
    ...extra
  } = tag;
  return {
    tenantId,
    id: uuid ?? crypto.randomUUID(),
    epakId,
    documentId,
    recipientId,
    key,
    type,
    name,
    label,
    category,
    tagFor,
    createType,
    pageNumber,
    positionX,
    positionY,
    blockWidth,
    blockHeight,
    fontSize: fontSize ?? null,
    fontFamily: fontFamily ?? null,
    fontWeight: fontWeight ?? null,
    fontStyle: fontStyle ?? null,
    value: value ?? null,
    readOnly,
    required: validations?.required.value ?? true,
    extra: { ...extra, ...(validations ? { validations } : {}) },
  };
}

async function documentPages(tx: Executor, epakId: string, documentId: string): Promise<StoredPage[]> {
  const doc = (await documentsOfEpak(tx, epakId)).find((d) => d.id === documentId);
  if (!doc) throw new AppError(Code.DOCUMENT_MISSING);
  return doc.pages as StoredPage[];
}

/** `GET …/signatureblocks`: a document's tags; another person's come back disabled. */
export async function getSignatureBlocks(
  actor: Actor,
  epakId: string,
  documentId: string,
  deps: Deps,
): Promise<Tag[]> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId);
    await documentPages(tx, epakId, documentId);
    return (await tagsOfDocument(tx, documentId)).map((t) => presentTag(t, loaded, actor.userId));
  });
}

/**
 * `POST …/signatureblocks`: the owner places (replaces) a document's tags. In a draft anything
 * goes within the placement rules; once sent, the tags of people who already received the ePak
 * may not move (-60).
 */
export async function placeSignatureBlocks(
  actor: Actor,
  epakId: string,
  documentId: string,
  tags: TagInput[],
  deps: Deps,
): Promise<Tag[]> {
  authorizeInTenant(actor, 'epaks.compose');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    return replaceTags(tx, tenantId, loaded, documentId, tags, actor.userId);
  });
}

export async function replaceTags(
  tx: Executor,
  tenantId: string,
  loaded: LoadedEpak,
  documentId: string,
  tags: TagInput[],
  viewerId: string,
): Promise<Tag[]> {
  const epakId = loaded.epak.id;
  if (!['Draft', 'InProgress', 'Stopped'].includes(loaded.epak.status))
    throw new AppError(Code.INVALID_INPUT, 'Tags can only change before the ePak ends');
  const pages = await documentPages(tx, epakId, documentId);
  checkPlacement(tags, pages);
  const existing = await tagsOfDocument(tx, documentId);
  const rows = tags.map((t) => tagRow(tenantId, epakId, documentId, t, recipientOf(loaded, t)));
  // The custodian places every tag but gives values only to those its role may fill (spec §6).
  for (const r of rows) {
    const old = existing.find((e) => e.id === r.id);
    if (changesValue(r.value, old?.value ?? null) && !tagWritableBy(old ?? r, 'custodian'))
      throw readOnlyTag(old ?? r);
  }
  if (loaded.epak.status !== 'Draft') {
    const received = new Set(
      loaded.workflow.recipients.filter((r) => r.status !== 'NotRequired').map((r) => r.id),
    );
    for (const old of existing.filter((t) => t.recipientId && received.has(t.recipientId))) {
      const now = rows.find((r) => r.id === old.id);
      const moved =
        !now ||
        now.pageNumber !== old.pageNumber ||
        now.positionX !== old.positionX ||
        now.positionY !== old.positionY ||
        now.blockWidth !== old.blockWidth ||
        now.blockHeight !== old.blockHeight;
      if (moved)
        throw new AppError(
          Code.TAG_POSITION_CHANGED,
          'A tag of someone who already received the ePak cannot move or go',
        );
    }
  }
  await deleteTags(
    tx,
    existing.map((t) => t.id),
  );
  await insertTags(tx, rows);
  return (await tagsOfDocument(tx, documentId)).map((t) => presentTag(t, loaded, viewerId));
}

/**
 * `PUT …/signatureblocks`: changes the given tags. The owner may move tags as in POST; a
 * recipient whose turn it is may only fill in the values of their own tags (saved as they type).
 */
export async function updateSignatureBlocks(
  actor: Actor,
  epakId: string,
  documentId: string,
  tags: TagInput[],
  deps: Deps,
): Promise<Tag[]> {
  authorizeInTenant(actor, 'epaks.read');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    const existing = await tagsOfDocument(tx, documentId);
    const turn = myTurn(loaded);
    if (!loaded.isOwner || turn) {
      for (const t of tags) {
        const old = existing.find((e) => e.id === t.uuid);
        if (!old || !turn || old.recipientId !== turn.id)
          throw new AppError(Code.NOT_AUTHORIZED, 'You can only fill in your own tags');
        const moved =
          old.pageNumber !== t.pageNumber || old.positionX !== t.positionX || old.positionY !== t.positionY;
        if (moved) throw new AppError(Code.TAG_POSITION_CHANGED);
        // Spec §6: the stored read-only flag, the tag's roles, the timeStamp rule. A tag sent
        // back with its value unchanged (or none) is no attempt to fill it.
        if (old.readOnly || !tagWritableBy(old, 'signer')) {
          if (changesValue(t.value, old.value)) throw readOnlyTag(old);
          continue;
        }
        await updateTag(tx, old.id, { value: t.value ?? null });
      }
      return (await tagsOfDocument(tx, documentId)).map((x) => presentTag(x, loaded, actor.userId));
    }
    requireOwner(loaded, actor);
    const merged = existing.map((e) => tags.find((t) => t.uuid === e.id) ?? null);
    const unchanged = existing.filter((_, i) => merged[i] === null);
    const asInput = (e: TagRow): TagInput => ({
      ...(e.extra as object),
      uuid: e.id,
      key: e.key,
      type: e.type as TagInput['type'],
      name: e.name,
      label: e.label,
      category: e.category as TagInput['category'],
      tagFor: e.tagFor as TagInput['tagFor'],
      createType: e.createType as TagInput['createType'],
      pageNumber: e.pageNumber,
      positionX: e.positionX,
      positionY: e.positionY,
      blockWidth: e.blockWidth,
      blockHeight: e.blockHeight,
      readOnly: e.readOnly,
      value: e.value,
      userEmail: loaded.workflow.recipients.find((r) => r.id === e.recipientId)?.email,
    });
    return replaceTags(
      tx,
      actor.tenantId,
      loaded,
      documentId,
      [...unchanged.map(asInput), ...tags],
      actor.userId,
    );
  });
}
