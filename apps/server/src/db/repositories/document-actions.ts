import { and, eq } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { documentActions } from '../schema/index.ts';

export async function recordDocumentAction(
  tx: Executor,
  row: { tenantId: string; recipientId: string; documentId: string; action: string; at: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(documentActions)
    .values(row)
    .onConflictDoNothing()
    .returning({ documentId: documentActions.documentId });
  return inserted.length > 0;
}

export async function documentActionsOf(
  tx: Executor,
  recipientId: string,
  action: string,
): Promise<Set<string>> {
  const rows = await tx
    .select({ documentId: documentActions.documentId })
    .from(documentActions)
    .where(and(eq(documentActions.recipientId, recipientId), eq(documentActions.action, action)));
  return new Set(rows.map((r) => r.documentId));
}
