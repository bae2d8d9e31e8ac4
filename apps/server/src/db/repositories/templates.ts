import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import {
  documents,
  documentTemplates,
  letterheadTemplates,
  workflowStateDefinitions,
  workflowTemplates,
} from '../schema/index.ts';

export type WorkflowTemplateRow = typeof workflowTemplates.$inferSelect;
export type WorkflowStateRow = typeof workflowStateDefinitions.$inferSelect;
export type DocumentTemplateRow = typeof documentTemplates.$inferSelect;
export type LetterheadRow = typeof letterheadTemplates.$inferSelect;

/** Templates a user may use: their own and the tenant's shared ones. */
export function listWorkflowTemplates(tx: Executor, userId: string): Promise<WorkflowTemplateRow[]> {
  return tx
    .select()
    .from(workflowTemplates)
    .where(or(eq(workflowTemplates.ownerId, userId), eq(workflowTemplates.shared, true)))
    .orderBy(asc(sql`lower(${workflowTemplates.name})`));
}

export async function findWorkflowTemplate(tx: Executor, id: string): Promise<WorkflowTemplateRow | null> {
  const [row] = await tx.select().from(workflowTemplates).where(eq(workflowTemplates.id, id));
  return row ?? null;
}

export async function findWorkflowTemplateByName(
  tx: Executor,
  name: string,
): Promise<WorkflowTemplateRow | null> {
  const [row] = await tx
    .select()
    .from(workflowTemplates)
    .where(eq(sql`lower(${workflowTemplates.name})`, name.toLowerCase()));
  return row ?? null;
}

export async function insertWorkflowTemplate(
  tx: Executor,
  row: typeof workflowTemplates.$inferInsert,
): Promise<WorkflowTemplateRow> {
  const [inserted] = await tx.insert(workflowTemplates).values(row).returning();
  if (!inserted) throw new Error('workflow template was not inserted');
  return inserted;
}

export async function updateWorkflowTemplate(
  tx: Executor,
  id: string,
  change: Partial<typeof workflowTemplates.$inferInsert>,
): Promise<void> {
  await tx.update(workflowTemplates).set(change).where(eq(workflowTemplates.id, id));
}

/** Deletes a workflow template; document templates that used it keep their tags, without a workflow. */
export async function deleteWorkflowTemplate(tx: Executor, id: string): Promise<void> {
  await tx
    .update(documentTemplates)
    .set({ workflowTemplateId: null })
    .where(eq(documentTemplates.workflowTemplateId, id));
  await tx.delete(workflowTemplates).where(eq(workflowTemplates.id, id));
}

export function listWorkflowStates(tx: Executor): Promise<WorkflowStateRow[]> {
  return tx
    .select()
    .from(workflowStateDefinitions)
    .orderBy(asc(workflowStateDefinitions.stateOrder), asc(workflowStateDefinitions.name));
}

export async function insertWorkflowState(
  tx: Executor,
  row: typeof workflowStateDefinitions.$inferInsert,
): Promise<void> {
  await tx.insert(workflowStateDefinitions).values(row);
}

export async function updateWorkflowState(
  tx: Executor,
  id: string,
  change: Partial<typeof workflowStateDefinitions.$inferInsert>,
): Promise<void> {
  await tx.update(workflowStateDefinitions).set(change).where(eq(workflowStateDefinitions.id, id));
}

export function listDocumentTemplates(
  tx: Executor,
  userId: string,
  type: 'Owner' | 'Shared' | 'All',
): Promise<DocumentTemplateRow[]> {
  const mine = eq(documentTemplates.ownerId, userId);
  const shared = eq(documentTemplates.type, 'Shared');
  const where = type === 'Owner' ? mine : type === 'Shared' ? shared : or(mine, shared);
  return tx.select().from(documentTemplates).where(where).orderBy(desc(documentTemplates.createdAt));
}

export async function findDocumentTemplate(tx: Executor, id: string): Promise<DocumentTemplateRow | null> {
  const [row] = await tx.select().from(documentTemplates).where(eq(documentTemplates.id, id));
  return row ?? null;
}

export async function insertDocumentTemplate(
  tx: Executor,
  row: typeof documentTemplates.$inferInsert,
): Promise<DocumentTemplateRow> {
  const [inserted] = await tx.insert(documentTemplates).values(row).returning();
  if (!inserted) throw new Error('document template was not inserted');
  return inserted;
}

export async function updateDocumentTemplate(
  tx: Executor,
  id: string,
  change: Partial<typeof documentTemplates.$inferInsert>,
): Promise<void> {
  await tx.update(documentTemplates).set(change).where(eq(documentTemplates.id, id));
}

export async function deleteDocumentTemplate(tx: Executor, id: string): Promise<void> {
  await tx.delete(documentTemplates).where(eq(documentTemplates.id, id));
}

/** The documents of templates, in order; deleted ones are left out. */
export function documentsOfTemplates(tx: Executor, templateIds: readonly string[]) {
  if (templateIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(documents)
    .where(and(inArray(documents.templateId, [...templateIds]), isNull(documents.deletedAt)))
    .orderBy(asc(documents.position));
}

export function listLetterheads(tx: Executor): Promise<LetterheadRow[]> {
  return tx.select().from(letterheadTemplates).orderBy(desc(letterheadTemplates.createdAt));
}

export async function findLetterhead(tx: Executor, id: string): Promise<LetterheadRow | null> {
  const [row] = await tx.select().from(letterheadTemplates).where(eq(letterheadTemplates.id, id));
  return row ?? null;
}

export async function insertLetterhead(
  tx: Executor,
  row: typeof letterheadTemplates.$inferInsert,
): Promise<LetterheadRow> {
  const [inserted] = await tx.insert(letterheadTemplates).values(row).returning();
  if (!inserted) throw new Error('letterhead was not inserted');
  return inserted;
}

export async function deleteLetterhead(tx: Executor, id: string): Promise<void> {
  await tx.delete(letterheadTemplates).where(eq(letterheadTemplates.id, id));
}
