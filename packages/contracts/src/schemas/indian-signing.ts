import { z } from 'zod';
import { text } from './text.ts';

/**
 * Aadhaar eSign (redirect signing), COSIGN authentication, TRANSSPED certificates and the UIS
 * auth code (spec §7 Auth, issue 14).
 */

/** `POST /v2/epak/sign/aadhaar`: the signed request the browser posts (a form) to the eSign service. */
export const AadhaarSignStartSchema = z.object({
  txn: text(),
  url: text(),
  fields: z.record(z.string(), z.string()),
  expiresIn: z.number().int(),
});
export type AadhaarSignStart = z.infer<typeof AadhaarSignStartSchema>;

export const AADHAAR_SIGN_STATUSES = ['pending', 'signed', 'failed'] as const;

/** `GET /v2/epak/sign/aadhaar/{txn}`: how the eSign transaction ended (shown by /aadhaar-redirect). */
export const AadhaarSignOutcomeSchema = z.object({
  txn: text(),
  status: z.enum(AADHAAR_SIGN_STATUSES),
  ePakId: text(),
  documentId: text(),
  code: z.number().int().nullable(),
  message: text().nullable(),
  providerCode: z.number().int().nullable(),
  actionDone: z.boolean(),
  epakStatus: text().nullable(),
});
export type AadhaarSignOutcome = z.infer<typeof AadhaarSignOutcomeSchema>;

/** One certificate the signer holds at the TRANSSPED provider (`GET /v1/transsped/certificates`). */
export const ProviderCertificateSchema = z.object({
  credentialId: text(),
  subject: text(),
  issuer: text(),
  serialNumber: text(),
  notBefore: text(),
  notAfter: text(),
  usable: z.boolean(),
  status: text(),
});
export type ProviderCertificate = z.infer<typeof ProviderCertificateSchema>;

/** `POST /v1/cosign/authentication` (form-encoded). */
export const CosignAuthenticationSchema = z.object({
  ePakId: z.string().uuid(),
  documentId: z.string().uuid(),
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  otp: z.string().trim().min(1).max(64).optional(),
  recipientId: z.string().uuid().optional(),
});

/** `GET /v1/uisauthcode`: a one-time code binding this session to a UIS session. */
export const UisAuthCodeSchema = z.object({
  authCode: text(),
  /** Seconds the code (and the UIS session it opens) is valid: uistokenexpiresin − 120 (§9). */
  expiresIn: z.number().int(),
});
export type UisAuthCode = z.infer<typeof UisAuthCodeSchema>;
