import { z } from 'zod';
import { TenantRole } from '../roles.ts';
import { IdSchema } from './envelope.ts';
import { text } from './text.ts';

/**
 * An invitation of a person who already has an account, as that person sees it: which tenant
 * asks them to join, who asked, and in which role. Only the invited person reads it (signed in,
 * or holding the link of the mail).
 */
export const InvitationSchema = z.object({
  tenantId: text(),
  tenantName: text(),
  inviterName: text(),
  role: z.enum(TenantRole),
  email: text(),
  invitedOn: text(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });

/** The link of a join invitation mail (`/invitation?token=`). */
export const InvitationTokenSchema = z.object({ token: text().min(1).max(200) });

export const InvitationAnswerSchema = z.object({ accept: z.boolean() });
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;

export const InvitationLinkAnswerSchema = InvitationTokenSchema.extend({ accept: z.boolean() });

export const InvitationTenantPathSchema = z.object({ tenantId: IdSchema });

export const InvitationAnsweredSchema = z.object({ tenantId: text(), accepted: z.boolean() });
export type InvitationAnswered = z.infer<typeof InvitationAnsweredSchema>;
