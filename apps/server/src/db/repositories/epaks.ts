import type { EpakStatus, SignerStatus, StepType } from '@signet/contracts';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { MachineEpak, MachineStep } from '../../model/workflow-state.ts';
import type { Executor } from '../database.ts';
import { insertRows } from '../insert-rows.ts';
import {
  documents,
  documentVersions,
  epaks,
  epakUserFlags,
  recipients,
  tags,
  workflowStates,
} from '../schema/index.ts';

export type EpakRow = typeof epaks.$inferSelect;
export type StepRow = typeof workflowStates.$inferSelect;
export type RecipientRow = typeof recipients.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type TagRow = typeof tags.$inferSelect;

export async function insertEpak(tx: Executor, row: typeof epaks.$inferInsert): Promise<string> {
  const id = row.id ?? crypto.randomUUID();
  await tx.insert(epaks).values({ ...row, id });
  return id;
}

export async function findEpak(
  tx: Executor,
  epakId: string,
  opts: { lock?: boolean } = {},
): Promise<EpakRow | null> {
  const query = tx.select().from(epaks).where(eq(epaks.id, epakId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateEpak(
  tx: Executor,
  epakId: string,
  change: Partial<typeof epaks.$inferInsert>,
): Promise<void> {
  await tx
    .update(epaks)
    .set({ ...change, version: sql`${epaks.version} + 1` })
    .where(eq(epaks.id, epakId));
}

// Workflow -------------------------------------------------------------------------------------

export interface Workflow {
  steps: StepRow[];
  recipients: RecipientRow[];
}

export async function loadWorkflow(tx: Executor, epakId: string): Promise<Workflow> {
  const steps = await tx
    .select()
    .from(workflowStates)
    .where(eq(workflowStates.epakId, epakId))
    .orderBy(asc(workflowStates.stepOrder));
  const people = await tx.select().from(recipients).where(eq(recipients.epakId, epakId)).orderBy(
    asc(recipients.position),
    asc(recipients.createdAt),
    // A delegate stands right after the person who delegated, even within the same instant.
    sql`${recipients.delegatedFromId} is not null`,
  );
  return { steps, recipients: people };
}

/** The machine's view of an ePak's stored workflow. */
export function toMachine(status: string, wf: Workflow): MachineEpak {
  return {
    status: status as EpakStatus,
    steps: wf.steps.map(
      (s): MachineStep => ({
        id: s.id,
        order: s.stepOrder,
        type: s.type as StepType,
        minRequired: s.minRequired,
        status: s.status as MachineStep['status'],
        recipients: wf.recipients
          .filter((r) => r.stateId === s.id)
          .map((r) => ({
            id: r.id,
            userId: r.userId,
            status: r.status as SignerStatus,
            delegatedFromId: r.delegatedFromId,
            delegatedToId: r.delegatedToId,
          })),
      }),
    ),
  };
}

/**
 * Writes what the machine changed: step statuses and orders, recipient statuses and delegation
 * links, removed recipients and steps. New recipients (delegates) are inserted by the caller
 * before, since they carry more than the machine knows (email, easy-sign token).
 */
export async function saveMachine(tx: Executor, before: MachineEpak, after: MachineEpak): Promise<void> {
  const afterSteps = new Map(after.steps.map((s) => [s.id, s]));
  for (const step of before.steps) {
    const next = afterSteps.get(step.id);
    if (!next) {
      await tx.delete(recipients).where(eq(recipients.stateId, step.id));
      await tx.delete(workflowStates).where(eq(workflowStates.id, step.id));
      continue;
    }
    if (next.status !== step.status || next.order !== step.order) {
      // Orders move down only (a step was removed), so updating in order never collides.
      await tx
        .update(workflowStates)
        .set({ status: next.status, stepOrder: next.order })
        .where(eq(workflowStates.id, step.id));
    }
    const afterRecipients = new Map(next.recipients.map((r) => [r.id, r]));
    for (const r of step.recipients) {
      const nr = afterRecipients.get(r.id);
      if (!nr) {
        await tx.delete(recipients).where(eq(recipients.id, r.id));
      } else if (nr.status !== r.status || nr.delegatedToId !== r.delegatedToId) {
        await tx
          .update(recipients)
          .set({ status: nr.status, delegatedToId: nr.delegatedToId })
          .where(eq(recipients.id, r.id));
      }
    }
  }
}

export async function insertStep(tx: Executor, row: typeof workflowStates.$inferInsert): Promise<string> {
  const id = row.id ?? crypto.randomUUID();
  await tx.insert(workflowStates).values({ ...row, id });
  return id;
}

export async function insertRecipient(tx: Executor, row: typeof recipients.$inferInsert): Promise<string> {
  const id = row.id ?? crypto.randomUUID();
  await tx.insert(recipients).values({ ...row, id });
  return id;
}

export async function updateRecipient(
  tx: Executor,
  recipientId: string,
  change: Partial<typeof recipients.$inferInsert>,
) {
  await tx.update(recipients).set(change).where(eq(recipients.id, recipientId));
}

export async function deleteWorkflow(tx: Executor, epakId: string): Promise<void> {
  // Recipients' tags go with them; the custodian's own tags stay.
  await tx.delete(tags).where(and(eq(tags.epakId, epakId), sql`${tags.recipientId} is not null`));
  await tx.delete(recipients).where(eq(recipients.epakId, epakId));
  await tx.delete(workflowStates).where(eq(workflowStates.epakId, epakId));
}

export async function findRecipientByEasySign(tx: Executor, tokenHash: string): Promise<RecipientRow | null> {
  const [row] = await tx.select().from(recipients).where(eq(recipients.easySignTokenHash, tokenHash));
  return row ?? null;
}

// Documents ------------------------------------------------------------------------------------

export async function insertDocument(tx: Executor, row: typeof documents.$inferInsert): Promise<string> {
  const id = row.id ?? crypto.randomUUID();
  await tx.insert(documents).values({ ...row, id });
  return id;
}

export async function findDocument(
  tx: Executor,
  documentId: string,
  opts: { lock?: boolean } = {},
): Promise<DocumentRow | null> {
  const query = tx.select().from(documents).where(eq(documents.id, documentId));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row ?? null;
}

export function documentsOfEpak(tx: Executor, epakId: string): Promise<DocumentRow[]> {
  return tx
    .select()
    .from(documents)
    .where(and(eq(documents.epakId, epakId), sql`${documents.deletedAt} is null`))
    .orderBy(asc(documents.position));
}

export function findDocuments(tx: Executor, ids: string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx.select().from(documents).where(inArray(documents.id, ids));
}

export function libraryOf(tx: Executor, ownerId: string): Promise<DocumentRow[]> {
  return tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.ownerId, ownerId),
        sql`${documents.epakId} is null`,
        sql`${documents.templateId} is null`,
        sql`${documents.deletedAt} is null`,
      ),
    )
    .orderBy(desc(documents.createdAt));
}

export async function updateDocument(
  tx: Executor,
  documentId: string,
  change: Partial<typeof documents.$inferInsert>,
) {
  await tx.update(documents).set(change).where(eq(documents.id, documentId));
}

export async function insertVersion(tx: Executor, row: typeof documentVersions.$inferInsert): Promise<void> {
  await tx.insert(documentVersions).values(row);
}

/** The PDF versions, 1 upwards (version 0, the upload as it came, is not one of them). */
export async function versionsOf(tx: Executor, documentId: string) {
  return tx
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), gt(documentVersions.version, 0)))
    .orderBy(asc(documentVersions.version));
}

/**
 * Version 0: the bytes uploaded, as they came, when ingest had to change them (an office file,
 * an image, a repaired or decrypted PDF); null when version 1 is the upload itself.
 */
export async function uploadedOriginal(tx: Executor, documentId: string) {
  const [row] = await tx
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, 0)))
    .limit(1);
  return row ?? null;
}

export async function currentVersion(tx: Executor, documentId: string) {
  const [row] = await tx
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  return row ?? null;
}

// Tags -----------------------------------------------------------------------------------------

export function tagsOfDocument(tx: Executor, documentId: string): Promise<TagRow[]> {
  return tx
    .select()
    .from(tags)
    .where(eq(tags.documentId, documentId))
    .orderBy(asc(tags.pageNumber), asc(tags.createdAt));
}

export function tagsOfEpak(tx: Executor, epakId: string): Promise<TagRow[]> {
  return tx
    .select()
    .from(tags)
    .where(eq(tags.epakId, epakId))
    .orderBy(asc(tags.pageNumber), asc(tags.createdAt));
}

export async function insertTags(tx: Executor, rows: (typeof tags.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(tags).values(rows);
}

export async function updateTag(
  tx: Executor,
  tagId: string,
  change: Partial<typeof tags.$inferInsert>,
): Promise<void> {
  await tx
    .update(tags)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(tags.id, tagId));
}

export async function deleteTags(tx: Executor, tagIds: string[]): Promise<void> {
  if (tagIds.length > 0) await tx.delete(tags).where(inArray(tags.id, tagIds));
}

export async function reassignTags(
  tx: Executor,
  fromRecipientId: string,
  toRecipientId: string,
): Promise<void> {
  await tx.update(tags).set({ recipientId: toRecipientId }).where(eq(tags.recipientId, fromRecipientId));
}

// Per-user flags -------------------------------------------------------------------------------

export async function flagsOf(tx: Executor, epakId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(epakUserFlags)
    .where(and(eq(epakUserFlags.epakId, epakId), eq(epakUserFlags.userId, userId)));
  return row ?? null;
}

export async function setFlags(
  tx: Executor,
  tenantId: string,
  epakId: string,
  userId: string,
  change: { starred?: boolean; isRead?: boolean; unlocked?: boolean },
): Promise<void> {
  await tx
    .insert(epakUserFlags)
    .values({
      tenantId,
      epakId,
      userId,
      starred: change.starred ?? false,
      isRead: change.isRead ?? false,
      unlocked: change.unlocked ?? false,
    })
    .onConflictDoUpdate({
      target: [epakUserFlags.tenantId, epakUserFlags.epakId, epakUserFlags.userId],
      set: change,
    });
}

/** Marks the ePak unread for these users (a new request, a change they should look at). */
export async function markUnread(
  tx: Executor,
  tenantId: string,
  epakId: string,
  userIds: string[],
): Promise<void> {
  for (const userId of new Set(userIds)) await setFlags(tx, tenantId, epakId, userId, { isRead: false });
}

/** `markUnread` for many ePaks and people in one statement: pairs of ePak and user. */
export async function markUnreadMany(
  tx: Executor,
  tenantId: string,
  pairs: readonly { epakId: string; userId: string }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await tx
    .insert(epakUserFlags)
    .values(pairs.map((p) => ({ tenantId, ...p, starred: false, isRead: false, unlocked: false })))
    .onConflictDoUpdate({
      target: [epakUserFlags.tenantId, epakUserFlags.epakId, epakUserFlags.userId],
      set: { isRead: false },
    });
}

/** A batch of new ePaks with their workflow, documents and tags, each table in one statement. */
export async function insertEpaks(
  tx: Executor,
  batch: {
    epaks: (typeof epaks.$inferInsert)[];
    steps: (typeof workflowStates.$inferInsert)[];
    recipients: (typeof recipients.$inferInsert)[];
    documents: (typeof documents.$inferInsert)[];
    versions: (typeof documentVersions.$inferInsert)[];
    tags: (typeof tags.$inferInsert)[];
  },
): Promise<void> {
  await insertRows(tx, epaks, batch.epaks);
  await insertRows(tx, workflowStates, batch.steps);
  await insertRows(tx, recipients, batch.recipients);
  await insertRows(tx, documents, batch.documents);
  await insertRows(tx, documentVersions, batch.versions);
  await insertRows(tx, tags, batch.tags);
}

export async function deleteTagsOf(tx: Executor, recipientId: string): Promise<void> {
  await tx.delete(tags).where(eq(tags.recipientId, recipientId));
}
