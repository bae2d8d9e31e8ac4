import { IdSchema, SetSigningPasscodeSchema, SigningPasscodeStateSchema } from '@signet/contracts';
import { z } from 'zod';
import { clearSigningPasscode, setSigningPasscode } from '../../../domain/users/signing-passcode.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Users'];

/** The signing passcode behind `passcodeFlag` (spec §3, §6); the spec names no route for it. */
export const signingPasscodeRoutes = [
  defineRoute({
    method: 'PUT',
    url: '/v2/user/passcode',
    operationId: 'setSigningPasscode',
    accountWide: true,
    auth: 'user',
    summary:
      'Sets or changes the user’s own signing passcode (6–12 digits; changing it needs the current passcode or the account password); sets passcodeFlag',
    tags,
    body: SetSigningPasscodeSchema,
    response: SigningPasscodeStateSchema,
    handler: ({ body, actor, deps }) => setSigningPasscode(actor, body, deps),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v2/users/:userId/passcode',
    operationId: 'clearSigningPasscode',
    accountWide: true,
    auth: 'user',
    summary: 'Admin: clears a member’s signing passcode and passcodeFlag',
    tags,
    params: z.object({ userId: IdSchema }),
    response: SigningPasscodeStateSchema,
    handler: ({ params, actor, deps }) => clearSigningPasscode(actor, params.userId, deps),
  }),
];
