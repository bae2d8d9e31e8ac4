import { z } from 'zod';
import { Limits } from '../constants.ts';
import { IdSchema } from './envelope.ts';
import { text } from './text.ts';
import { UserRefSchema } from './users.ts';

export const GroupNameSchema = text().trim().min(1).max(Limits.GROUP_NAME_LENGTH);

/** The Group entity of spec §3. */
export const GroupSchema = z.object({
  groupId: text(),
  groupName: text(),
  users: z.array(UserRefSchema),
  managers: z.array(UserRefSchema),
});
export type Group = z.infer<typeof GroupSchema>;

export const CreateGroupSchema = z.object({
  groupName: GroupNameSchema,
  users: z.array(IdSchema).default([]),
  managers: z.array(IdSchema).default([]),
});
export type CreateGroup = z.infer<typeof CreateGroupSchema>;

/** `PUT /v1/groups`: rename and/or replace the managers. */
export const UpdateGroupSchema = z.object({
  groupId: IdSchema,
  groupName: GroupNameSchema.optional(),
  managers: z.array(IdSchema).optional(),
});
export type UpdateGroup = z.infer<typeof UpdateGroupSchema>;

/** `POST|DELETE /v1/groups/{groupId}/users`: members to add or remove; `manager` adds them as managers. */
export const GroupMembersSchema = z.object({
  userIds: z.array(IdSchema).min(1).max(500),
  manager: z.boolean().default(false),
});
export const GroupPathSchema = z.object({ groupId: IdSchema });
export const GroupIdPathSchema = z.object({ id: IdSchema });
