import { z } from 'zod';
import { text } from './text.ts';
import { UserSchema, UserTenantSchema } from './users.ts';

const Secret = text().min(1).max(512);

const PasswordGrant = z.object({
  grant_type: z.literal('password'),
  username: text().trim().min(1).max(254),
  password: Secret,
});
const RefreshGrant = z.object({ grant_type: z.literal('refresh_token'), refresh_token: Secret });
const AuthorizationCodeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: Secret,
  /** When given, it must be the URI the code was issued for. */
  redirect_uri: text().max(2000).optional(),
});

/** `POST /public/token` (form-encoded): a client's credentials plus a grant. */
export const TokenRequestSchema = z.discriminatedUnion('grant_type', [
  PasswordGrant.extend({ client_id: Secret, client_secret: Secret }),
  RefreshGrant.extend({ client_id: Secret, client_secret: Secret }),
  AuthorizationCodeGrant.extend({ client_id: Secret, client_secret: Secret }),
]);
export type TokenRequest = z.infer<typeof TokenRequestSchema>;

/** `POST /v1/authenticate` (form-encoded): the web app's sign-in and session refresh. */
export const AuthenticateRequestSchema = z.union([
  PasswordGrant.extend({ grant_type: z.literal('password').default('password') }),
  RefreshGrant,
]);
export type AuthenticateRequest = z.infer<typeof AuthenticateRequestSchema>;

/** A successful sign-in or refresh. `msb_token` and `access_token` are the same token. */
export const TokenResponseSchema = z.object({
  msb_token: text(),
  access_token: text(),
  refresh_token: text(),
  token_type: z.literal('bearer'),
  scope: text(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  jwt_expires_in: z.number().int(),
  /** Spec §3 "Session info": seconds the UI session lasts. */
  uistokenexpiresin: z.number().int(),
  defaultTenantId: text().nullable(),
  user: UserSchema,
  tenants: z.array(UserTenantSchema),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Data of a -200 answer: what the two-factor page needs to ask for the code. */
export const TwoFactorChallengeSchema = z.object({
  otpToken: text(),
  otpId: text(),
  maskedEmail: text(),
  expiresIn: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const OtpPurpose = ['login', 'action'] as const;
export const OtpGenerateSchema = z.object({
  /** The sign-in's pending token from the -200 answer; without it the caller must be signed in. */
  otpToken: text().optional(),
  purpose: z.enum(OtpPurpose).default('login'),
});
export const OtpGeneratedSchema = z.object({
  otpId: text(),
  expiresIn: z.number().int(),
  resendAfter: z.number().int(),
  maskedEmail: text(),
});
export const OtpCheckSchema = z.object({
  otpId: z.uuid(),
  otp: text()
    .trim()
    .regex(/^\d{4,8}$/),
});
export const OtpValidatedSchema = z.object({ valid: z.literal(true) });

export const MaskedInfoSchema = z.object({ maskedEmail: text(), maskedPhone: text().nullable() });

export const CheckSessionSchema = z.object({
  active: z.boolean(),
  expiresIn: z.number().int(),
  userId: text(),
  tenantId: text().nullable(),
});

const NewPassword = z.object({ newPassword: Secret, confirmPassword: Secret });

/** `POST /v1/users/password`: signed in, or with the username after a -73 sign-in answer. */
export const ChangePasswordSchema = NewPassword.extend({
  username: text().trim().optional(),
  oldPassword: Secret,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ForgotPasswordSchema = z.object({ email: text().trim().toLowerCase().max(254) });

/** `POST /public/users/password`: a reset or invitation link's token and the new password. */
export const SetPasswordSchema = NewPassword.extend({ token: Secret });
export type SetPassword = z.infer<typeof SetPasswordSchema>;

/** Registration payload of spec §3, used by `POST /public/users/registerusertenant`. */
export const RegistrationSchema = NewPassword.extend({
  userName: text().trim().max(254).optional(),
  userEmail: text().trim().toLowerCase().max(254),
  firstName: text().trim().min(1).max(100),
  middleName: text().trim().max(100).default(''),
  lastName: text().trim().min(1).max(100),
  userType: z.enum(['internal', 'external']).optional(),
  userLoginType: z.literal('Email').default('Email'),
  inviteCode: text().min(1).optional(),
  easySignLink: text().optional(),
  orgName: text().trim().max(200).optional(),
  jobTitle: text().trim().max(100).optional(),
  tenantUuid: text().optional(),
});
export type Registration = z.infer<typeof RegistrationSchema>;
/** Spec §7: "Response data.code 1 means success". */
export const RegistrationResultSchema = z.object({ code: z.number().int(), userId: text() });

/** `POST /v1/user/signup`: a new organisation (tenant) with its first user as root. */
export const SignupSchema = NewPassword.extend({
  email: text().trim().toLowerCase().max(254),
  firstName: text().trim().min(1).max(100),
  middleName: text().trim().max(100).default(''),
  lastName: text().trim().min(1).max(100),
  orgName: text().trim().min(2).max(200),
  jobTitle: text().trim().max(100).default(''),
});
export type Signup = z.infer<typeof SignupSchema>;
