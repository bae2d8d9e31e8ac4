import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { epakAttachments } from '../schema/index.ts';

export type AttachmentRow = typeof epakAttachments.$inferSelect;

/** Keeps the file given to an attachment tag; attaching again to the same tag replaces it. */
export async function saveAttachment(tx: Executor, row: typeof epakAttachments.$inferInsert): Promise<void> {
  await tx
    .insert(epakAttachments)
    .values(row)
    .onConflictDoUpdate({
      target: [epakAttachments.tenantId, epakAttachments.tagId],
      set: {
        recipientId: row.recipientId ?? null,
        fileName: row.fileName,
        mimeType: row.mimeType,
        blobHash: row.blobHash,
        size: row.size,
        createdBy: row.createdBy ?? null,
        createdAt: row.createdAt ?? new Date(),
      },
    });
}

export function attachmentsOfEpak(tx: Executor, epakId: string): Promise<AttachmentRow[]> {
  return tx
    .select()
    .from(epakAttachments)
    .where(eq(epakAttachments.epakId, epakId))
    .orderBy(asc(epakAttachments.createdAt), asc(epakAttachments.id));
}

export async function attachmentOfTag(
  tx: Executor,
  epakId: string,
  documentId: string,
  tagId: string,
): Promise<AttachmentRow | null> {
  const [row] = await tx
    .select()
    .from(epakAttachments)
    .where(
      and(
        eq(epakAttachments.epakId, epakId),
        eq(epakAttachments.documentId, documentId),
        eq(epakAttachments.tagId, tagId),
      ),
    );
  return row ?? null;
}
