import { z } from 'zod';

/**
 * `/verify` (issue 15): what a PDF's signatures prove, as a reader's signature panel shows it,
 * and what the QR code of a document signed here stands for.
 */

export const VERIFY_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA', 'not PAdES'] as const;

/** Where a trusted chain ended: a tenant's CA here, the platform's trust list, or a national root. */
export const TRUST_SOURCES = ['tenant', 'platform', 'national'] as const;
export type TrustSource = (typeof TRUST_SOURCES)[number];

/** The widest class of change after a signature (signing < form filling < annotations < other). */
export const MODIFICATION_CLASSES = ['none', 'signing', 'formFilling', 'annotations', 'other'] as const;

export const VerifiedCertificateSchema = z.object({
  commonName: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
});
export type VerifiedCertificate = z.infer<typeof VerifiedCertificateSchema>;

export const RevocationSchema = z.object({
  status: z.enum(['good', 'revoked', 'unknown']),
  source: z.enum(['OCSP', 'CRL']),
  /**
   * In the signature, in the document's validation data (DSS), asked of the issuing CA here, or
   * fetched online from the issuer's OCSP responder / CRL named in the signer certificate.
   */
  origin: z.enum(['signature', 'dss', 'issuer', 'fetched']),
  producedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Revocation = z.infer<typeof RevocationSchema>;

export const VerifiedSignatureSchema = z.object({
  fieldName: z.string(),
  kind: z.enum(['signature', 'timestamp']),
  signer: VerifiedCertificateSchema.nullable(),
  /** Signer first, up to the last certificate found. */
  chain: z.array(VerifiedCertificateSchema),
  /** The time the signer's software wrote (/M): a claim, not a proof. */
  signingTime: z.string().nullable(),
  /** The time a timestamp authority proved. */
  timestampTime: z.string().nullable(),
  /** The signed bytes are unchanged and the signature over them verifies. */
  intact: z.boolean(),
  coversWholeDocument: z.boolean(),
  trusted: z.boolean(),
  trustSource: z.enum(TRUST_SOURCES).nullable(),
  /** The name of the root the chain reached. */
  trustAnchor: z.string().nullable(),
  /** Null when neither the file nor the issuer here says anything. */
  revocation: RevocationSchema.nullable(),
  level: z.enum(VERIFY_LEVELS),
  modification: z.enum(MODIFICATION_CLASSES),
  /** Later revisions and their objects by class. */
  changes: z.object({
    revisions: z.number().int(),
    signing: z.number().int(),
    formFilling: z.number().int(),
    annotations: z.number().int(),
    other: z.number().int(),
  }),
  /** This signature certifies the document: 1 no changes, 2 form filling and signing, 3 also annotations. */
  certificationLevel: z.number().int().nullable(),
  certificationViolated: z.boolean(),
  problems: z.array(z.string()),
});
export type VerifiedSignature = z.infer<typeof VerifiedSignatureSchema>;

export const VerifyResultSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  /** SHA-256 of the file, hex: compare it with a QR code's document hash. */
  sha256: z.string(),
  /** valid: every signature intact and trusted; invalid: one is not intact or breaks its certification; warning: intact but untrusted or revoked; unsigned. */
  verdict: z.enum(['valid', 'warning', 'invalid', 'unsigned']),
  signatures: z.array(VerifiedSignatureSchema),
});
export type VerifyResult = z.infer<typeof VerifyResultSchema>;

/** The `qr` parameter of a verification URL: `<document id>.<tag>` (base64url). */
export const VerifyQrQuerySchema = z.object({ qr: z.string().min(1).max(200) });

export const VerifyQrDataSchema = z.object({
  documentId: z.string(),
  /** SHA-256 (hex) of the document as uploaded and as it stands now. */
  originalSha256: z.string(),
  sha256: z.string(),
  pageCount: z.number().int(),
  /** The ePak's status (spec §4 folders): InProgress, Completed, Rejected… */
  status: z.string(),
  organisation: z.string(),
  signers: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      signedAt: z.string().nullable(),
    }),
  ),
});
export type VerifyQrData = z.infer<typeof VerifyQrDataSchema>;
