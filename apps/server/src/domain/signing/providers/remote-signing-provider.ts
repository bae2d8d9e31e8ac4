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
}
