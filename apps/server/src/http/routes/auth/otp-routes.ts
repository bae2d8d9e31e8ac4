import {
  OtpCheckSchema,
  OtpGeneratedSchema,
  OtpGenerateSchema,
  OtpValidatedSchema,
  TokenResponseSchema,
} from '@signet/contracts';
import { generateOtp } from '../../../domain/auth/generate-otp.ts';
import { validateOtp } from '../../../domain/auth/validate-otp.ts';
import { verifySignInOtp } from '../../../domain/auth/verify-otp.ts';
import { defineRoute } from '../../route.ts';

const tags = ['Auth'];

export const otpRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v2/authentication/otp/generate',
    operationId: 'sendOneTimeCode',
    auth: 'optional',
    summary: 'Sends a one-time code: for a sign-in in progress (otpToken) or to confirm an action',
    tags,
    body: OtpGenerateSchema,
    response: OtpGeneratedSchema,
    rateLimited: true,
    handler: ({ body, actor, language, deps }) => generateOtp(body, actor, deps, language),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/authentication/otp/verify',
    operationId: 'verifySignInCode',
    auth: 'public',
    summary: 'Finishes a two-factor sign-in with the emailed code; answers the tokens',
    tags,
    body: OtpCheckSchema,
    response: TokenResponseSchema,
    rateLimited: true,
    handler: ({ body, origin, deps }) => verifySignInOtp(body, origin, deps),
  }),
  defineRoute({
    method: 'POST',
    url: '/v2/auth/otp/validate',
    operationId: 'validateActionCode',
    auth: 'user',
    summary: "Checks the signed-in user's action code",
    tags,
    body: OtpCheckSchema,
    response: OtpValidatedSchema,
    rateLimited: true,
    handler: ({ body, actor, deps }) => validateOtp(body, actor, deps),
  }),
];
