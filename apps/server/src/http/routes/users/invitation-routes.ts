import {
  InvitationAnsweredSchema,
  InvitationAnswerSchema,
  InvitationLinkAnswerSchema,
  InvitationListSchema,
  InvitationSchema,
  InvitationTenantPathSchema,
  InvitationTokenSchema,
} from '@signet/contracts';
import {
  answerInvitationLink,
  answerOwnInvitation,
  listOwnInvitations,
  readInvitationLink,
} from '../../../domain/users/answer-invitation.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Invitations'];

/** The invited person's answer to a tenant's invitation (by the mail's link, or signed in). */
export const invitationRoutes = [
  defineRoute({
    method: 'POST',
    url: '/public/invitation',
    operationId: 'getInvitationByLink',
    auth: 'public',
    summary: 'The invitation behind a join link (-45 unknown, used or expired; -173 cancelled)',
    tags,
    body: InvitationTokenSchema,
    response: InvitationSchema,
    rateLimited: true,
    handler: ({ body, deps }) => readInvitationLink(body.token, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/public/invitation/answer',
    operationId: 'answerInvitationLink',
    auth: 'public',
    summary: 'Accepts or declines the invitation of a join link',
    tags,
    body: InvitationLinkAnswerSchema,
    response: InvitationAnsweredSchema,
    rateLimited: true,
    handler: ({ body, deps }) => answerInvitationLink(body.token, body.accept, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/user/invitations',
    operationId: 'listMyInvitations',
    auth: 'user',
    summary: "The signed-in person's open invitations from other organisations",
    tags,
    response: InvitationListSchema,
    handler: ({ actor, deps }) => listOwnInvitations(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/user/invitations/:tenantId',
    operationId: 'answerInvitation',
    accountWide: true,
    auth: 'user',
    summary: 'Accepts or declines an open invitation (-35 when there is none)',
    tags,
    params: InvitationTenantPathSchema,
    body: InvitationAnswerSchema,
    response: InvitationAnsweredSchema,
    handler: ({ params, body, actor, deps }) =>
      answerOwnInvitation(actor, params.tenantId, body.accept, deps),
  }),
];
