import { CheckSessionSchema, MaskedInfoSchema, OkSchema, UserSchema } from '@signet/contracts';
import { z } from 'zod';
import { checkSession } from '../../../domain/auth/check-session.ts';
import { maskEmail } from '../../../domain/auth/mask-email.ts';
import { signOut } from '../../../domain/auth/sign-out.ts';
import { stopTimers } from '../../../domain/auth/stop-timers.ts';
import { currentUser } from '../../../domain/users/current-user.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Auth'];

const ValidUserSchema = UserSchema.extend({
  defaultTenantUuid: z.string().nullable(),
  userInfo: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    role: z.string(),
    defaultTenantUuid: z.string().nullable(),
  }),
});

export const sessionRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/logout',
    operationId: 'logout',
    auth: 'user',
    linkSession: true,
    summary: 'Ends the session: its tokens stop working',
    tags,
    response: OkSchema,
    handler: ({ actor, deps }) => signOut(actor, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/logout/stoptimer',
    operationId: 'stopSessionTimers',
    auth: 'user',
    linkSession: true,
    summary:
      "Stops the session's inactivity timers, as clients call it on sign-out; the server keeps none, so the session stays alive (see stop-timers.ts)",
    tags,
    response: z.object({ stopped: z.literal(true), sessionId: z.string() }),
    handler: ({ actor }) => stopTimers(actor),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/checksession',
    operationId: 'checkSession',
    auth: 'user',
    linkSession: true,
    summary: 'Whether the session is alive, and seconds left on the access token',
    tags,
    response: CheckSessionSchema,
    handler: ({ actor, deps }) => checkSession(actor, deps),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/users/valid',
    operationId: 'getSignedInUser',
    auth: 'user',
    linkSession: true,
    summary: 'The signed-in user (also under userInfo)',
    tags,
    response: ValidUserSchema,
    handler: async ({ actor, deps }) => {
      const user = await currentUser(actor, deps);
      const defaultTenantUuid = actor.tenantId;
      return {
        ...user,
        defaultTenantUuid,
        userInfo: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          defaultTenantUuid,
        },
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v2/getMaskedInfo',
    operationId: 'getMaskedContact',
    auth: 'user',
    summary: "The signed-in user's email and phone, masked, for the one-time-code screen",
    tags,
    response: MaskedInfoSchema,
    handler: async ({ actor, deps }) => ({
      maskedEmail: maskEmail((await currentUser(actor, deps)).email),
      maskedPhone: null,
    }),
  }),
];
