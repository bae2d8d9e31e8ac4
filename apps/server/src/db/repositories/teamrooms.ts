import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import {
  documents,
  epaks,
  teamRoomDocuments,
  teamRoomFolders,
  teamRoomMembers,
  teamRooms,
  users,
  userTenants,
} from '../schema/index.ts';

export type TeamRoomRow = typeof teamRooms.$inferSelect;
export type TeamRoomMemberRow = typeof teamRoomMembers.$inferSelect;
export type TeamRoomFolderRow = typeof teamRoomFolders.$inferSelect;
export type TeamRoomDocumentRow = typeof teamRoomDocuments.$inferSelect;

/** The rooms a user is in, with their role and counts, by name. */
export function roomsOf(tx: Executor, userId: string, status: string) {
  return tx
    .select({
      room: teamRooms,
      myRole: teamRoomMembers.role,
      memberCount: sql<number>`(select count(*)::int from team_room_members m where m.tenant_id = ${teamRooms.tenantId} and m.team_room_id = ${teamRooms.id})`,
      documentCount: sql<number>`(select count(*)::int from team_room_documents d where d.tenant_id = ${teamRooms.tenantId} and d.team_room_id = ${teamRooms.id})`,
    })
    .from(teamRooms)
    .innerJoin(
      teamRoomMembers,
      and(eq(teamRoomMembers.teamRoomId, teamRooms.id), eq(teamRoomMembers.userId, userId)),
    )
    .where(eq(teamRooms.status, status))
    .orderBy(asc(sql`lower(${teamRooms.name})`));
}

/** A room with the user's role in it (null role: not a member). `lock` serialises changes to it. */
export async function findRoom(
  tx: Executor,
  teamRoomId: string,
  userId: string,
  opts: { lock?: boolean } = {},
): Promise<{ room: TeamRoomRow; role: string | null } | null> {
  const query = tx.select().from(teamRooms).where(eq(teamRooms.id, teamRoomId));
  const [room] = opts.lock ? await query.for('update') : await query;
  if (!room) return null;
  const [member] = await tx
    .select({ role: teamRoomMembers.role })
    .from(teamRoomMembers)
    .where(and(eq(teamRoomMembers.teamRoomId, teamRoomId), eq(teamRoomMembers.userId, userId)));
  return { room, role: member?.role ?? null };
}

export async function findRoomByName(tx: Executor, name: string): Promise<TeamRoomRow | null> {
  const [row] = await tx
    .select()
    .from(teamRooms)
    .where(eq(sql`lower(${teamRooms.name})`, name.toLowerCase()));
  return row ?? null;
}

export async function insertRoom(tx: Executor, row: typeof teamRooms.$inferInsert): Promise<TeamRoomRow> {
  const [inserted] = await tx.insert(teamRooms).values(row).returning();
  if (!inserted) throw new Error('team room was not inserted');
  return inserted;
}

export async function updateRoom(
  tx: Executor,
  teamRoomId: string,
  change: Partial<typeof teamRooms.$inferInsert>,
): Promise<void> {
  await tx.update(teamRooms).set(change).where(eq(teamRooms.id, teamRoomId));
}

/** Members with their tenant account, oldest first. */
export function membersOfRoom(tx: Executor, teamRoomId: string) {
  return tx
    .select({ member: teamRoomMembers, user: users, membership: userTenants })
    .from(teamRoomMembers)
    .innerJoin(users, eq(users.id, teamRoomMembers.userId))
    .innerJoin(userTenants, eq(userTenants.userId, teamRoomMembers.userId))
    .where(eq(teamRoomMembers.teamRoomId, teamRoomId))
    .orderBy(asc(teamRoomMembers.addedAt), asc(users.email));
}

/** Adds members; someone already in the room keeps their role. */
export async function insertMembers(
  tx: Executor,
  rows: (typeof teamRoomMembers.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(teamRoomMembers).values(rows).onConflictDoNothing();
}

export async function setMemberRole(tx: Executor, teamRoomId: string, userId: string, role: string) {
  await tx
    .update(teamRoomMembers)
    .set({ role })
    .where(and(eq(teamRoomMembers.teamRoomId, teamRoomId), eq(teamRoomMembers.userId, userId)));
}

export async function deleteMember(tx: Executor, teamRoomId: string, userId: string): Promise<void> {
  await tx
    .delete(teamRoomMembers)
    .where(and(eq(teamRoomMembers.teamRoomId, teamRoomId), eq(teamRoomMembers.userId, userId)));
}

export function foldersOfRoom(tx: Executor, teamRoomId: string): Promise<TeamRoomFolderRow[]> {
  return tx
    .select()
    .from(teamRoomFolders)
    .where(eq(teamRoomFolders.teamRoomId, teamRoomId))
    .orderBy(asc(sql`lower(${teamRoomFolders.name})`));
}

export async function findFolder(
  tx: Executor,
  teamRoomId: string,
  folderId: string,
): Promise<TeamRoomFolderRow | null> {
  const [row] = await tx
    .select()
    .from(teamRoomFolders)
    .where(and(eq(teamRoomFolders.teamRoomId, teamRoomId), eq(teamRoomFolders.id, folderId)));
  return row ?? null;
}

export async function findFolderByName(tx: Executor, teamRoomId: string, name: string) {
  const [row] = await tx
    .select()
    .from(teamRoomFolders)
    .where(
      and(
        eq(teamRoomFolders.teamRoomId, teamRoomId),
        eq(sql`lower(${teamRoomFolders.name})`, name.toLowerCase()),
      ),
    );
  return row ?? null;
}

export async function insertFolders(tx: Executor, rows: (typeof teamRoomFolders.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return tx.insert(teamRoomFolders).values(rows).returning();
}

export async function renameFolder(tx: Executor, folderId: string, name: string): Promise<void> {
  await tx.update(teamRoomFolders).set({ name }).where(eq(teamRoomFolders.id, folderId));
}

/** Deletes a folder; its documents stay in the room, outside any folder. */
export async function deleteFolder(tx: Executor, teamRoomId: string, folderId: string): Promise<void> {
  await tx
    .update(teamRoomDocuments)
    .set({ folderId: null })
    .where(and(eq(teamRoomDocuments.teamRoomId, teamRoomId), eq(teamRoomDocuments.folderId, folderId)));
  await tx.delete(teamRoomFolders).where(eq(teamRoomFolders.id, folderId));
}

/**
 * A room's documents with what their compose copy became: the ePak it is bound to (if any), that
 * ePak's subject, status and progress.
 */
export function documentsOfRoom(tx: Executor, teamRoomId: string, documentIds?: readonly string[]) {
  const conditions = [eq(teamRoomDocuments.teamRoomId, teamRoomId)];
  if (documentIds) conditions.push(inArray(teamRoomDocuments.id, [...documentIds]));
  return tx
    .select({
      doc: teamRoomDocuments,
      copyId: documents.id,
      copyDeletedAt: documents.deletedAt,
      epakId: documents.epakId,
      subject: epaks.subject,
      status: epaks.status,
      progressPercent: epaks.progressPercent,
    })
    .from(teamRoomDocuments)
    .leftJoin(documents, eq(documents.id, teamRoomDocuments.composeDocumentId))
    .leftJoin(epaks, eq(epaks.id, documents.epakId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${teamRoomDocuments.name})`), asc(teamRoomDocuments.createdAt));
}

/** Locks room documents for a compose or an unlock, so two members cannot claim one at once. */
export async function lockRoomDocuments(tx: Executor, teamRoomId: string, documentIds: readonly string[]) {
  if (documentIds.length === 0) return [];
  return tx
    .select()
    .from(teamRoomDocuments)
    .where(and(eq(teamRoomDocuments.teamRoomId, teamRoomId), inArray(teamRoomDocuments.id, [...documentIds])))
    .for('update');
}

export async function insertRoomDocument(
  tx: Executor,
  row: typeof teamRoomDocuments.$inferInsert,
): Promise<TeamRoomDocumentRow> {
  const [inserted] = await tx.insert(teamRoomDocuments).values(row).returning();
  if (!inserted) throw new Error('team room document was not inserted');
  return inserted;
}

export async function updateRoomDocument(
  tx: Executor,
  documentId: string,
  change: Partial<typeof teamRoomDocuments.$inferInsert>,
): Promise<void> {
  await tx.update(teamRoomDocuments).set(change).where(eq(teamRoomDocuments.id, documentId));
}

export async function deleteRoomDocument(tx: Executor, documentId: string): Promise<void> {
  await tx.delete(teamRoomDocuments).where(eq(teamRoomDocuments.id, documentId));
}
