import { z } from 'zod';
import { UserSchema, UserTenantSchema } from './users.ts';

const Secret = z.string().min(1).max(512);

const PasswordGrant = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1).max(254),
  password: Secret,
});
const RefreshGrant = z.object({ grant_type: z.literal('refresh_token'), refresh_token: Secret });
const AuthorizationCodeGrant = z.object({
  grant_type: z.literal('authorization_code'),
  code: Secret,
  /** When given, it must be the URI the code was issued for. */
  redirect_uri: z.string().max(2000).optional(),
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
  msb_token: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  scope: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
  jwt_expires_in: z.number().int(),
  /** Spec §3 "Session info": seconds the UI session lasts. */
  uistokenexpiresin: z.number().int(),
  defaultTenantId: z.string().nullable(),
  user: UserSchema,
  tenants: z.array(UserTenantSchema),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** Data of a -200 answer: what the two-factor page needs to ask for the code. */
export const TwoFactorChallengeSchema = z.object({
  otpToken: z.string(),
  otpId: z.string(),
  maskedEmail: z.string(),
  expiresIn: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const OtpPurpose = ['login', 'action'] as const;
export const OtpGenerateSchema = z.object({
  /** The sign-in's pending token from the -200 answer; without it the caller must be signed in. */
  otpToken: z.string().optional(),
  purpose: z.enum(OtpPurpose).default('login'),
});
export const OtpGeneratedSchema = z.object({
  otpId: z.string(),
  expiresIn: z.number().int(),
  resendAfter: z.number().int(),
  maskedEmail: z.string(),
});
export const OtpCheckSchema = z.object({
  otpId: z.uuid(),
  otp: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/),
});
export const OtpValidatedSchema = z.object({ valid: z.literal(true) });

export const MaskedInfoSchema = z.object({ maskedEmail: z.string(), maskedPhone: z.string().nullable() });

export const CheckSessionSchema = z.object({
  active: z.boolean(),
  expiresIn: z.number().int(),
  userId: z.string(),
  tenantId: z.string().nullable(),
});

const NewPassword = z.object({ newPassword: Secret, confirmPassword: Secret });

/** `POST /v1/users/password`: signed in, or with the username after a -73 sign-in answer. */
export const ChangePasswordSchema = NewPassword.extend({
  username: z.string().trim().optional(),
  oldPassword: Secret,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ForgotPasswordSchema = z.object({ email: z.string().trim().toLowerCase().max(254) });

/** `POST /public/users/password`: a reset or invitation link's token and the new password. */
export const SetPasswordSchema = NewPassword.extend({ token: Secret });
export type SetPassword = z.infer<typeof SetPasswordSchema>;

/** Registration payload of spec §3, used by `POST /public/users/registerusertenant`. */
export const RegistrationSchema = NewPassword.extend({
  userName: z.string().trim().max(254).optional(),
  userEmail: z.string().trim().toLowerCase().max(254),
  firstName: z.string().trim().min(1).max(100),
  middleName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().min(1).max(100),
  userType: z.enum(['internal', 'external']).optional(),
  userLoginType: z.literal('Email').default('Email'),
  inviteCode: z.string().min(1).optional(),
  easySignLink: z.string().optional(),
  orgName: z.string().trim().max(200).optional(),
  jobTitle: z.string().trim().max(100).optional(),
  tenantUuid: z.string().optional(),
});
export type Registration = z.infer<typeof RegistrationSchema>;
/** Spec §7: "Response data.code 1 means success". */
export const RegistrationResultSchema = z.object({ code: z.number().int(), userId: z.string() });

/** `POST /v1/user/signup`: a new organisation (tenant) with its first user as root. */
export const SignupSchema = NewPassword.extend({
  email: z.string().trim().toLowerCase().max(254),
  firstName: z.string().trim().min(1).max(100),
  middleName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().min(1).max(100),
  orgName: z.string().trim().min(2).max(200),
  jobTitle: z.string().trim().max(100).default(''),
});
export type Signup = z.infer<typeof SignupSchema>;
