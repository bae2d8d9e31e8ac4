import { z } from 'zod';
import { publicProfile } from '../../../domain/auth/public-profile.ts';
import { defineRoute } from '../../route.ts';

export const publicProfileRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/users/:accessToken',
    operationId: 'getProfileByAccessToken',
    // The token is in the path, not in a header: it is checked by the use case itself.
    auth: 'public',
    summary:
      'The public profile (name, email, photo URL, tenants) of the user an access token belongs to; -45 for a bad or expired token, -5 for an unknown session',
    tags: ['Users'],
    params: z.object({ accessToken: z.string().min(20).max(4096) }),
    response: z.object({
      id: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      name: z.string(),
      email: z.string(),
      photoUrl: z.string().nullable(),
      tenants: z.array(
        z.object({
          tenantUuid: z.string(),
          tenantName: z.string(),
          userRole: z.string(),
          status: z.string(),
        }),
      ),
    }),
    handler: ({ params, origin, deps }) => publicProfile(params.accessToken, origin.ip, deps),
  }),
];
