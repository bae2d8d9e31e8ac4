import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import {
  documentTemplates,
  users,
  webformEpaks,
  webformMappings,
  workflowTemplates,
} from '../schema/index.ts';

export type WebformMappingRow = typeof webformMappings.$inferSelect;

/** A mapping with what its answer names: template, workflow and sender, and its ePak count. */
export interface WebformListRow {
  mapping: WebformMappingRow;
  documentName: string | null;
  workflowName: string | null;
  senderEmail: string | null;
  epakCount: number;
}

export interface WebformFilter {
  documentTemplateId?: string | undefined;
  workflowTemplateId?: string | undefined;
  name?: string | undefined;
  id?: string | undefined;
}

export async function listWebforms(tx: Executor, filter: WebformFilter): Promise<WebformListRow[]> {
  const conditions = [
    filter.id ? eq(webformMappings.id, filter.id) : undefined,
    filter.documentTemplateId ? eq(webformMappings.documentTemplateId, filter.documentTemplateId) : undefined,
    filter.workflowTemplateId ? eq(webformMappings.workflowTemplateId, filter.workflowTemplateId) : undefined,
    filter.name ? sql`lower(${webformMappings.name}) = lower(${filter.name})` : undefined,
  ].filter((c) => c !== undefined);
  const epakCounts = tx
    .select({ mappingId: webformEpaks.mappingId, n: count().as('n') })
    .from(webformEpaks)
    .groupBy(webformEpaks.mappingId)
    .as('epak_counts');
  const rows = await tx
    .select({
      mapping: webformMappings,
      documentName: documentTemplates.name,
      workflowName: workflowTemplates.name,
      senderEmail: users.email,
      epakCount: epakCounts.n,
    })
    .from(webformMappings)
    .leftJoin(documentTemplates, eq(documentTemplates.id, webformMappings.documentTemplateId))
    .leftJoin(workflowTemplates, eq(workflowTemplates.id, webformMappings.workflowTemplateId))
    .leftJoin(users, eq(users.id, webformMappings.senderId))
    .leftJoin(epakCounts, eq(epakCounts.mappingId, webformMappings.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(webformMappings.name));
  return rows.map((r) => ({ ...r, epakCount: Number(r.epakCount ?? 0) }));
}

export async function findWebform(tx: Executor, id: string): Promise<WebformMappingRow | null> {
  const [row] = await tx.select().from(webformMappings).where(eq(webformMappings.id, id));
  return row ?? null;
}

export async function findWebformByName(tx: Executor, name: string): Promise<WebformMappingRow | null> {
  const [row] = await tx
    .select()
    .from(webformMappings)
    .where(sql`lower(${webformMappings.name}) = lower(${name})`);
  return row ?? null;
}

export async function insertWebform(tx: Executor, row: typeof webformMappings.$inferInsert): Promise<void> {
  await tx.insert(webformMappings).values(row);
}

export async function updateWebform(
  tx: Executor,
  id: string,
  change: Partial<typeof webformMappings.$inferInsert>,
): Promise<void> {
  await tx.update(webformMappings).set(change).where(eq(webformMappings.id, id));
}

export async function deleteWebform(tx: Executor, id: string): Promise<void> {
  await tx.delete(webformMappings).where(eq(webformMappings.id, id));
}

export async function countWebformEpaks(tx: Executor, mappingId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(webformEpaks)
    .where(eq(webformEpaks.mappingId, mappingId));
  return Number(row?.n ?? 0);
}

export async function insertWebformEpak(tx: Executor, row: typeof webformEpaks.$inferInsert): Promise<void> {
  await tx.insert(webformEpaks).values(row);
}

/** Names of the mappings that use any of these document or workflow templates. */
export async function webformsUsingTemplates(
  tx: Executor,
  ids: { documentTemplateIds?: readonly string[]; workflowTemplateIds?: readonly string[] },
): Promise<string[]> {
  const documentIds = [...(ids.documentTemplateIds ?? [])];
  const workflowIds = [...(ids.workflowTemplateIds ?? [])];
  if (documentIds.length === 0 && workflowIds.length === 0) return [];
  const rows = await tx
    .select({ name: webformMappings.name })
    .from(webformMappings)
    .where(
      or(
        documentIds.length > 0 ? inArray(webformMappings.documentTemplateId, documentIds) : undefined,
        workflowIds.length > 0 ? inArray(webformMappings.workflowTemplateId, workflowIds) : undefined,
      ),
    )
    .orderBy(asc(webformMappings.name));
  return rows.map((r) => r.name);
}
