import { z } from 'zod';
import { TeamRoomStatus } from '../statuses.ts';
import { DocumentSchema } from './documents.ts';
import { IdSchema } from './envelope.ts';
import { text } from './text.ts';
import { UserRefSchema } from './users.ts';

/**
 * Team rooms (spec §1, §3, §7): a shared workspace of people and documents. Roles in a room:
 * `owner` (renames, trashes, manages members) and `member` (uploads, organises, starts ePaks).
 */
export const TeamRoomRole = ['owner', 'member'] as const;
export type TeamRoomRole = (typeof TeamRoomRole)[number];

export const TeamRoomNameSchema = text().trim().min(1).max(100);
const FolderNameSchema = text().trim().min(1).max(100);

/** One room in the list: the viewer's role and what it holds. */
export const TeamRoomSchema = z.object({
  teamRoomId: text(),
  name: text(),
  description: text(),
  status: z.enum(TeamRoomStatus),
  myRole: z.enum(TeamRoomRole),
  memberCount: z.number().int(),
  documentCount: z.number().int(),
  createdOn: text(),
});
export type TeamRoom = z.infer<typeof TeamRoomSchema>;

export const TeamRoomMemberSchema = z.object({
  user: UserRefSchema,
  role: z.enum(TeamRoomRole),
  addedOn: text(),
});
export type TeamRoomMember = z.infer<typeof TeamRoomMemberSchema>;

export const TeamRoomFolderSchema = z.object({ folderId: text(), name: text() });
export type TeamRoomFolder = z.infer<typeof TeamRoomFolderSchema>;

/**
 * A room document. `ePak` is the ePak started from it (through compose) while the document is
 * used; `locked` while that ePak is in progress or still being composed (then -169 to another
 * compose, -82 to deleting it, -170 to unlocking it while the ePak is in progress).
 */
export const TeamRoomDocumentSchema = z.object({
  documentId: text(),
  name: text(),
  folderId: text().nullable(),
  pageCount: z.number().int(),
  size: z.number().int(),
  sha256: text(),
  uploadedBy: text(),
  uploadedOn: text(),
  locked: z.boolean(),
  ePak: z
    .object({
      ePakId: text().nullable(),
      subject: text(),
      status: text(),
      progressPercent: z.number().int(),
    })
    .nullable(),
});
export type TeamRoomDocument = z.infer<typeof TeamRoomDocumentSchema>;

export const TeamRoomDetailSchema = TeamRoomSchema.extend({
  members: z.array(TeamRoomMemberSchema),
  folders: z.array(TeamRoomFolderSchema),
  documents: z.array(TeamRoomDocumentSchema),
});
export type TeamRoomDetail = z.infer<typeof TeamRoomDetailSchema>;

export const ListTeamRoomsQuerySchema = z.object({ status: z.enum(TeamRoomStatus).default('ENABLED') });

export const CreateTeamRoomSchema = z.object({
  name: TeamRoomNameSchema,
  description: text().trim().max(500).default(''),
});
export type CreateTeamRoom = z.infer<typeof CreateTeamRoomSchema>;

/** `PUT /v1/teamrooms/{id}` (owners): rename, describe, move to TRASH or back to ENABLED. */
export const UpdateTeamRoomSchema = z.object({
  name: TeamRoomNameSchema.optional(),
  description: text().trim().max(500).optional(),
  status: z.enum(TeamRoomStatus).optional(),
});
export type UpdateTeamRoom = z.infer<typeof UpdateTeamRoomSchema>;

/** `POST /v1/teamrooms/clone/{id}`: the copy's name (default "<name> (copy)"); members come along unless told not to. */
export const CloneTeamRoomSchema = z.object({
  name: TeamRoomNameSchema.optional(),
  includeMembers: z.boolean().default(true),
});
export type CloneTeamRoom = z.infer<typeof CloneTeamRoomSchema>;

export const AddTeamRoomMembersSchema = z.object({
  userIds: z.array(IdSchema).min(1).max(200),
  role: z.enum(TeamRoomRole).default('member'),
});
export const UpdateTeamRoomMemberSchema = z.object({ role: z.enum(TeamRoomRole) });

export const TeamRoomFolderInputSchema = z.object({ name: FolderNameSchema });

/** `PUT …/documents/{documentId}`: move to a folder (null: the room itself) and/or rename. */
export const UpdateTeamRoomDocumentSchema = z.object({
  folderId: IdSchema.nullable().optional(),
  name: text().trim().min(1).max(200).optional(),
});

export const TeamRoomUploadQuerySchema = z.object({ folderId: IdSchema.optional() });

/** `POST …/compose`: room documents to start an ePak from; answered as library documents for compose. */
export const TeamRoomComposeSchema = z.object({ documentIds: z.array(IdSchema).min(1).max(50) });
export const TeamRoomComposeResultSchema = z.object({ documents: z.array(DocumentSchema) });

export const TeamRoomPathSchema = z.object({ teamRoomId: IdSchema });
export const TeamRoomMemberPathSchema = TeamRoomPathSchema.extend({ userId: IdSchema });
export const TeamRoomFolderPathSchema = TeamRoomPathSchema.extend({ folderId: IdSchema });
export const TeamRoomDocumentPathSchema = TeamRoomPathSchema.extend({ documentId: IdSchema });
