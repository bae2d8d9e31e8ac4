import { Code, type ComposeStampPaper, type EpakStatus, type StampPaper } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { documentsOfEpak, updateDocument } from '../../db/repositories/epaks.ts';
import {
  moveEpakStampPapers,
  releaseDocumentStampPaper,
  releaseEpakStampPapers,
  reserveStampPaper,
  type StampPaperRow,
  shiftTagPages,
  stampPaperOfDocument,
} from '../../db/repositories/stamp-papers.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { addVersion, currentBytes } from '../documents/document-store.ts';
import { loadEpak, requireOwner } from '../epaks/load-epak.ts';
import { authorizeInTenant, can } from '../policy.ts';
import { presentStampPapers } from './present-stamp-paper.ts';
import { prependStampPage } from './stamp-page.ts';
import { requireStampPapersOn } from './stamp-paper-access.ts';

/**
 * Compose with a stamp paper: reserves one AVAILABLE paper the composer may use (AVAILABLE →
 * DRAFT in one conditional statement, the candidate row taken FOR UPDATE SKIP LOCKED, so
 * concurrent composes never share a paper) and prepends its page to the document as a new
 * version: page 1 is the stamp page, the document's pages follow, and tags already on the
 * document move one page on. None left: -1 (409) with `data.stampPaper`.
 */
export async function putStampPaperOnEpak(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  choice: ComposeStampPaper,
  deps: Deps,
): Promise<StampPaperRow> {
  if (!can(actor, 'stampPapers.use')) throw new AppError(Code.NOT_AUTHORIZED, 'You may not use stamp papers');
  await requireStampPapersOn(tx, actor.tenantId);
  const docs = await documentsOfEpak(tx, epakId);
  const doc = choice.documentId ? docs.find((d) => d.id === choice.documentId) : docs[0];
  if (!doc) throw new AppError(Code.DOCUMENT_MISSING, 'The stamp paper needs a document of the ePak');
  if (await stampPaperOfDocument(tx, doc.id))
    throw new AppError(Code.INVALID_INPUT, 'The document has a stamp paper already');
  const now = deps.clock.now();
  const { documentId: _documentId, ...which } = choice;
  const paper = await reserveStampPaper(tx, which, actor.userId, { epakId, documentId: doc.id, at: now });
  if (!paper)
    throw new AppError(Code.GENERIC_ERROR, 'No stamp paper of that kind is available to you', {
      httpStatus: 409,
      data: { stampPaper: which },
    });
  const current = await currentBytes(tx, doc.id, deps);
  const merged = await prependStampPage(paper, current.bytes, deps, actor.tenantId);
  const blob = await addVersion(
    tx,
    {
      tenantId: actor.tenantId,
      documentId: doc.id,
      version: current.version.version + 1,
      bytes: merged.pdf,
      kind: 'stampPaper',
      createdBy: actor.userId,
    },
    deps,
  );
  await updateDocument(tx, doc.id, { pageCount: merged.pageCount, pages: merged.pages });
  await shiftTagPages(tx, doc.id, merged.pageCount - doc.pageCount);
  await appendActivity(
    tx,
    {
      tenantId: actor.tenantId,
      epakId,
      actorUserId: actor.userId,
      action: 'stampPaper.reserved',
      details: {
        stampPaperId: paper.id,
        stampId: paper.stampId,
        stateCode: paper.stateCode,
        denomination: paper.denomination,
        documentId: doc.id,
        sha256: blob.hash,
      },
      ip: actor.ip,
    },
    now,
  );
  return paper;
}

/**
 * `POST /v2/epak/{ePakId}/stamppaper`: a stamp paper on a document of a draft after it was
 * composed (its owner; the tags already placed there move one page on). Not once sent (-6).
 */
export async function addStampPaperToDraft(
  actor: Actor,
  epakId: string,
  choice: ComposeStampPaper,
  deps: Deps,
): Promise<StampPaper> {
  authorizeInTenant(actor, 'stampPapers.use');
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const loaded = await loadEpak(tx, actor, epakId, { lock: true });
    requireOwner(loaded, actor);
    if (loaded.epak.status !== 'Draft')
      throw new AppError(Code.INVALID_INPUT, 'A stamp paper is added while the ePak is a draft');
    const paper = await putStampPaperOnEpak(tx, actor, epakId, choice, deps);
    const [presented] = await presentStampPapers(tx, [paper]);
    return presented as StampPaper;
  });
}

/**
 * Keeps an ePak's papers in step with it (called on every status change): sent → EPAK,
 * completed → CONSUMED; deleted, stopped, rejected or expired before completion → AVAILABLE
 * again, detached from the ePak and document.
 */
export async function followEpakStatus(
  tx: Executor,
  ctx: { tenantId: string; epakId: string; actorUserId: string | null; ip: string | null },
  status: EpakStatus,
  now: Date,
): Promise<void> {
  let moved: StampPaperRow[] = [];
  let to = '';
  if (status === 'InProgress') {
    to = 'EPAK';
    moved = await moveEpakStampPapers(tx, ctx.epakId, ['DRAFT'], to, now);
  } else if (status === 'Completed') {
    to = 'CONSUMED';
    moved = await moveEpakStampPapers(tx, ctx.epakId, ['DRAFT', 'EPAK'], to, now);
  } else if (['Stopped', 'Deleted', 'Rejected', 'Expired'].includes(status)) {
    to = 'AVAILABLE';
    moved = await releaseEpakStampPapers(tx, ctx.epakId, now);
  }
  if (moved.length === 0) return;
  await appendActivity(
    tx,
    {
      tenantId: ctx.tenantId,
      epakId: ctx.epakId,
      actorUserId: ctx.actorUserId,
      action: to === 'AVAILABLE' ? 'stampPaper.released' : 'stampPaper.statusChanged',
      details: { stampPaperIds: moved.map((p) => p.id), status: to, epakStatus: status },
      ip: ctx.ip,
    },
    now,
  );
}

/**
 * A document taken out of a draft (`POST /v2/epak/edit` with other documents): its paper goes
 * back to AVAILABLE, detached (the document, back in the library, keeps the page).
 */
export async function releaseDocumentPaper(
  tx: Executor,
  ctx: { tenantId: string; epakId: string; actorUserId: string; ip: string | null },
  documentId: string,
  now: Date,
): Promise<void> {
  const freed = await releaseDocumentStampPaper(tx, documentId, now);
  if (freed.length === 0) return;
  await appendActivity(
    tx,
    {
      tenantId: ctx.tenantId,
      epakId: ctx.epakId,
      actorUserId: ctx.actorUserId,
      action: 'stampPaper.released',
      details: { stampPaperIds: freed.map((p) => p.id), status: 'AVAILABLE', documentId },
      ip: ctx.ip,
    },
    now,
  );
}
