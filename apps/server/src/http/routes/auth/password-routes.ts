import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  OkSchema,
  RegistrationResultSchema,
  RegistrationSchema,
  SetPasswordSchema,
  SignupSchema,
} from '@signet/contracts';
import { z } from 'zod';
import { changePassword } from '../../../domain/auth/change-password.ts';
import { forgotPassword } from '../../../domain/auth/forgot-password.ts';
import { registerUserTenant } from '../../../domain/auth/register-user-tenant.ts';
import { setPasswordFromLink } from '../../../domain/auth/set-password.ts';
import { signUp } from '../../../domain/auth/sign-up.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Passwords and registration'];

export const passwordRoutes = [
  defineRoute({
    method: 'POST',
    url: '/public/users/forgotPassword',
    operationId: 'requestPasswordReset',
    auth: 'public',
    summary: 'Mails a reset link when the email has an account (the answer is the same either way)',
    tags,
    body: ForgotPasswordSchema,
    response: OkSchema,
    rateLimited: true,
    handler: ({ body, language, deps }) => forgotPassword({ email: body.email, language }, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/public/users/password',
    operationId: 'setPasswordFromLink',
    auth: 'public',
    summary: 'Sets a password from a reset or invitation link',
    tags,
    body: SetPasswordSchema,
    response: OkSchema,
    rateLimited: true,
    handler: ({ body, deps }) => setPasswordFromLink(body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/public/users/registerusertenant',
    operationId: 'registerInvitedUser',
    auth: 'public',
    summary: 'Registers an invited user (invitation code, name, password)',
    tags,
    body: RegistrationSchema,
    response: RegistrationResultSchema,
    rateLimited: true,
    handler: ({ body, deps }) => registerUserTenant(body, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/users/password',
    operationId: 'changePassword',
    accountWide: true,
    auth: 'optional',
    summary: 'Changes the password (signed in, or with username after a -73 sign-in answer)',
    tags,
    body: ChangePasswordSchema,
    response: OkSchema,
    rateLimited: true,
    handler: ({ body, actor, origin, deps }) => changePassword(body, actor, deps, origin),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/user/signup',
    operationId: 'signUp',
    auth: 'public',
    summary: 'Creates an organisation with its first user as owner',
    tags,
    body: SignupSchema,
    response: z.object({ userId: z.string(), tenantId: z.string() }),
    rateLimited: true,
    handler: ({ body, language, deps }) => signUp(body, deps, language),
  }),
];
