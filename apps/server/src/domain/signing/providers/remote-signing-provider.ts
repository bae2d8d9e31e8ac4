import type { AuthFactor, RemoteSigningPolicy } from '@signet/contracts';

/**
 * A remote signing provider holds the signer's key (a cloud HSM, Aadhaar eSign, a qualified
 * trust service): Signet never sees the key, only the certificate chain and the signature value
 * of a hash the signer authorised. The Cloud Signature Consortium API v2 is the first
 * implementation (`adapters/signing/csc-v2-provider.ts`); the domain talks to this interface only.
 */
export interface RemoteSigningProvider {
  readonly id: string;
  /** The credentials (key + certificate) the user holds at the provider: CSC `credentials/list`. */
  listCredentials(userId: string): Promise<string[]>;
  /** Certificate chain, key algorithms and what authorising it takes: CSC `credentials/info`. */
  credentialInfo(credentialId: string): Promise<RemoteCredential>;
  /**
   * Signature activation data (SAD) for exactly these hashes, from the factors the user gave:
   * CSC `credentials/authorize`.
   */
  authorize(request: AuthorizeRequest): Promise<string>;
  /** One signature value per hash, in order: CSC `signatures/signHash`. */
  signHash(request: SignHashRequest): Promise<Uint8Array[]>;
  /**
   * Providers that authenticate the signer on their own pages (Aadhaar eSign: OTP at the ESP)
   * and answer the signature through the signer's browser. Their credentials are `oauth2code`:
   * the two-call flow (`/v2/epak/sign/auth` + `…/sign`) refuses them; the redirect flow
   * (`domain/signing/aadhaar`) uses this.
   */
  readonly redirect?: RedirectSigning;
}

/** A document hash to be signed on the provider's pages. */
export interface RedirectSigningRequest {
  /** Signet's transaction id: the provider answers it back, and it is used once. */
  txn: string;
  /** SHA-256 over the PDF's byte ranges: the CMS message digest. */
  documentDigest: Uint8Array;
  /** What the signer sees at the provider about the document. */
  docInfo: string;
  /** Where the provider posts its answer (through the signer's browser). */
  responseUrl: string;
  now: Date;
}

/** What the signer's browser posts to the provider: a form to `url` with these fields. */
export interface RedirectSigningForm {
  url: string;
  fields: Record<string, string>;
}

/** The provider's answer, checked: its signature verified, its transaction named. */
export type RedirectSigningAnswer =
  | { ok: true; txn: string; cms: Uint8Array; certificate: Uint8Array }
  | { ok: false; txn: string; failure: RemoteSigningFailure; message: string; providerError: string | null };

export interface RedirectSigning {
  /**
   * DER of the certificate the provider signs its answers with. It stands in for the signer's
   * certificate (which the provider issues only when they authenticate) while the revision is
   * prepared: only the document digest of that preparation is used.
   */
  readonly providerCertificate: Uint8Array;
  /** The signed request the browser carries to the provider. */
  request(input: RedirectSigningRequest): RedirectSigningForm;
  /**
   * Reads what the provider posted back (form fields). Throws `RemoteSigningError('invalidRequest')`
   * when it is not an answer the provider signed (forged, altered, unreadable).
   */
  answer(fields: Record<string, unknown>): RedirectSigningAnswer;
}

export interface RemoteCredential {
  credentialId: string;
  /** DER certificates, the signer's first, then its chain as far as the provider gives it. */
  certificates: Uint8Array[];
  /** OIDs of the signature algorithms the key supports. */
  keyAlgorithms: string[];
  /** False when the key is disabled or the certificate is not valid (expired, revoked, suspended). */
  usable: boolean;
  /** Why it is not usable, in the provider's words. */
  status: string;
  pin: AuthFactor | null;
  otp: AuthFactor | null;
  /** `oauth2code` credentials are authorised on the provider's own pages, which Signet does not drive. */
  authMode: 'explicit' | 'implicit' | 'oauth2code';
}

/** What the provider asks the signer for (CSC `PIN` / `OTP`): the shape clients get (contracts). */
export type { AuthFactor };

export interface AuthorizeRequest {
  credentialId: string;
  hashes: Uint8Array[];
  hashAlgorithmOid: string;
  pin?: string | undefined;
  otp?: string | undefined;
  /** Shown by providers that confirm on the user's phone. */
  description?: string | undefined;
}

export interface SignHashRequest {
  credentialId: string;
  sad: string;
  hashes: Uint8Array[];
  hashAlgorithmOid: string;
  signAlgorithmOid: string;
}

/** Why a provider refused, in Signet's terms (`provider-errors.ts` maps each to a spec code). */
export type RemoteSigningFailure =
  | 'wrongPin'
  | 'wrongOtp'
  | 'pinBlocked'
  | 'cardBlocked'
  | 'inProcess'
  | 'noCredential'
  | 'credentialUnusable'
  | 'invalidRequest'
  | 'unauthorized'
  | 'timeout'
  | 'unavailable';

/** A provider's refusal or failure; `providerError` keeps the provider's own error string. */
export class RemoteSigningError extends Error {
  override readonly name = 'RemoteSigningError';
  constructor(
    readonly failure: RemoteSigningFailure,
    message: string,
    readonly providerError: string | null = null,
  ) {
    super(message);
  }
}

/** The installation's providers, by id (`SIGNET_SIGNING_PROVIDERS`). */
export interface SigningProviders {
  get(id: string): RemoteSigningProvider | undefined;
  /** The provider the installation offers for a policy when a tenant names none. */
  defaultFor(policy: RemoteSigningPolicy): string | undefined;
  /** Origins the signer's browser posts signed requests to (redirect providers): the web app's form-action. */
  readonly formOrigins?: readonly string[];
}
