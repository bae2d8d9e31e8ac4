import {
  Code,
  indiaStateName,
  type ListStampPapers,
  ListStampPapersSchema,
  type StampPaper,
  type StampPaperCounts,
  type StampPaperPage,
  type StampPaperStats,
  type UpdateStampPaper,
} from '@signet/contracts';
import {
  countStampPapers,
  deleteStampPapers,
  findStampPaper,
  findStampPapers,
  pageOfStampPapers,
  stampIdTaken,
  stampPaperStats,
  updateStampPaper,
} from '../../db/repositories/stamp-papers.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import type { DownloadedFile } from '../epaks/download.ts';
import { authorizeInTenant } from '../policy.ts';
import { presentStampPapers } from './present-stamp-paper.ts';
import { generatedStampPage } from './stamp-page.ts';
import { requireStampPapersOn, stampPaperInUse, stampPaperMissing } from './stamp-paper-access.ts';

/** `PUT /v2/stamppaper`: stamp id, state or denomination of an AVAILABLE paper (-82 in use, -203 taken id). */
export async function editStampPaper(actor: Actor, input: UpdateStampPaper, deps: Deps): Promise<StampPaper> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    const row = await findStampPaper(tx, input.stampPaperId, { lock: true });
    if (!row) throw stampPaperMissing();
    if (row.status !== 'AVAILABLE') throw stampPaperInUse([row.id]);
    if (
      input.stampId !== undefined &&
      input.stampId !== row.stampId &&
      (await stampIdTaken(tx, input.stampId, row.id))
    )
      throw new AppError(Code.STAMP_PAPER_EXISTS, `A stamp paper with stamp id ${input.stampId} exists`);
    const now = deps.clock.now();
    const patch = {
      ...(input.stampId !== undefined ? { stampId: input.stampId } : {}),
      ...(input.stateCode !== undefined ? { stateCode: input.stateCode } : {}),
      ...(input.denomination !== undefined ? { denomination: input.denomination } : {}),
    };
    const updated = await updateStampPaper(tx, row.id, { ...patch, updatedAt: now });
    if (!updated) throw stampPaperMissing();
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'stampPaper.edited',
        details: {
          stampPaperId: row.id,
          before: { stampId: row.stampId, stateCode: row.stateCode, denomination: row.denomination },
          after: patch,
        },
        ip: actor.ip,
      },
      now,
    );
    const [presented] = await presentStampPapers(tx, [updated]);
    return presented as StampPaper;
  });
}

/**
 * `DELETE /v2/stamppapers/{stamps}`: all or nothing. An unknown id: -1 (404); a paper not
 * AVAILABLE (reserved by a draft, in an ePak, used): -82 with `data.inUse`.
 */
export async function removeStampPapers(
  actor: Actor,
  ids: readonly string[],
  deps: Deps,
): Promise<{ deleted: number }> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  const unique = [...new Set(ids)];
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    const rows = await findStampPapers(tx, unique, { lock: true });
    if (rows.length !== unique.length) throw stampPaperMissing();
    const inUse = rows.filter((r) => r.status !== 'AVAILABLE').map((r) => r.id);
    if (inUse.length) throw stampPaperInUse(inUse);
    // Certificates go with the blob sweep once no row names them.
    const deleted = await deleteStampPapers(tx, unique);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'stampPaper.deleted',
        details: { stampPapers: rows.map((r) => ({ stampPaperId: r.id, stampId: r.stampId })) },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
    return { deleted };
  });
}

/** `POST /v2/stamppapers`: the inventory, filtered, a page at a time. */
export async function listStampPapers(
  actor: Actor,
  input: ListStampPapers,
  deps: Deps,
): Promise<StampPaperPage> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const q = ListStampPapersSchema.parse(input);
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    const filter = {
      stateCode: q.stateCode,
      denomination: q.denomination,
      status: q.status,
      assigneeUserId: q.assigneeUserId,
      assigneeGroupId: q.assigneeGroupId,
      unassigned: q.unassigned,
      stampIdContains: q.stampId || undefined,
    };
    const totalCount = await countStampPapers(tx, filter);
    const rows = await pageOfStampPapers(tx, filter, q.pageSize, (q.pg - 1) * q.pageSize);
    return { stampPapers: await presentStampPapers(tx, rows), totalCount, pg: q.pg, pageSize: q.pageSize };
  });
}

const zero = (): StampPaperCounts => ({ AVAILABLE: 0, DRAFT: 0, EPAK: 0, CONSUMED: 0, total: 0 });

/** `GET /v2/stamppaper/stats`: counts per state × denomination × status. */
export async function stampPaperStatistics(
  actor: Actor,
  stateCode: string | undefined,
  deps: Deps,
): Promise<StampPaperStats> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    const byKey = new Map<string, StampPaperStats['rows'][number]>();
    const totals = zero();
    for (const r of await stampPaperStats(tx, stateCode)) {
      const key = `${r.stateCode}:${r.denomination}`;
      let row = byKey.get(key);
      if (!row) {
        row = {
          stateCode: r.stateCode,
          stateName: indiaStateName(r.stateCode),
          denomination: r.denomination,
          ...zero(),
        };
        byKey.set(key, row);
      }
      const status = r.status as keyof Omit<StampPaperCounts, 'total'>;
      row[status] += r.n;
      row.total += r.n;
      totals[status] += r.n;
      totals.total += r.n;
    }
    return { rows: [...byKey.values()], totals };
  });
}

/** `GET /v2/stamppaper/{stampPaperId}/certificate`: the certificate as uploaded, or the generated page. */
export async function stampPaperCertificate(actor: Actor, id: string, deps: Deps): Promise<DownloadedFile> {
  authorizeInTenant(actor, 'stampPapers.manage');
  const tenantId = actor.tenantId;
  const row = await deps.db.withTenant(tenantId, async (tx) => {
    await requireStampPapersOn(tx, tenantId);
    return findStampPaper(tx, id);
  });
  if (!row) throw stampPaperMissing();
  if (!row.certificateBlobHash)
    return { fileName: `${row.stampId}.pdf`, contentType: 'application/pdf', bytes: generatedStampPage(row) };
  const ext =
    row.certificateType === 'application/pdf' ? 'pdf' : row.certificateType === 'image/png' ? 'png' : 'jpg';
  return {
    fileName: `${row.stampId}.${ext}`,
    contentType: row.certificateType,
    bytes: await deps.blobs.get(row.certificateBlobHash),
  };
}
