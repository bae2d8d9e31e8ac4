import type { SandboxPool } from '@signet/pdf';
import type { Logger } from 'pino';
import type { OutboundClient } from '../adapters/http/safe-http.ts';
import type { KeyVault } from '../adapters/keys/master-key.ts';
import type { Mailer } from '../adapters/mail/mailer.ts';
import type { BlobStore } from '../adapters/storage/blob-store.ts';
import type { Database } from '../db/database.ts';
import type { Language } from './auth/language.ts';
import type { PasswordHasher } from './auth/passwords.ts';
import type { SignInThrottle } from './auth/sign-in-throttle.ts';
import type { TokenSigner } from './auth/tokens.ts';
import type { Clock } from './clock.ts';
import type { PagePictures } from './documents/page-pictures.ts';
import type { SigningProviders } from './signing/providers/remote-signing-provider.ts';

/** Settings the use cases read (a slice of the server configuration). */
export interface DomainSettings {
  appUrl: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  bindTokenToIp: boolean;
  clientId: string;
  clientSecret: string;
  allowSignup: boolean;
  /** RFC 3161 timestamp authority; with it signatures are PAdES B-T and completion adds B-LTA. */
  tsaUrl: string | null;
  /** Roots /verify trusts besides the tenants' CAs (DER): the platform's trust list and national roots. */
  trustedRoots?: { platform: Uint8Array[]; national: Uint8Array[] };
  /** `/public/verify` asks OCSP / CRL online when a file proves no revocation status (absent: yes). */
  verifyFetchRevocation?: boolean;
  /** LibreOffice for office uploads; null finds `soffice` on the PATH. */
  sofficePath: string | null;
  /** Microsoft Graph, sign-in and the OneDrive picker ("From OneDrive"); absent: the public ones. */
  microsoft?: { graphBaseUrl: string; loginUrl: string; pickerUrl: string };
}

/** What use cases depend on, passed in so they run without HTTP and without globals. */
export interface Deps {
  db: Database;
  clock: Clock;
  passwords: PasswordHasher;
  tokens: TokenSigner;
  mailer: Mailer;
  blobs: BlobStore;
  vault: KeyVault;
  /** Remote signing providers (CSC API) for the AADHAAR, TRANSSPED, … policies. */
  remoteSigning: SigningProviders;
  /** The one client for URLs tenant users choose (callbacks, certificates' OCSP/CRL addresses). */
  outbound: OutboundClient;
  /** Slows password guesses per (account, address); shared through Redis when configured. */
  signInThrottle: SignInThrottle;
  /** Sandbox processes for PDF work, shared fairly between tenants (uploads, merges, geometry). */
  sandbox: SandboxPool;
  /** Pictures of pages drawn in the sandbox, kept a while (the easy-sign link's first page). */
  pagePictures: PagePictures;
  settings: DomainSettings;
  log: Logger;
}

/** Where a request came from, recorded with sessions and activity. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
  /** The request's language (`Accept-Language`); mails to the caller are written in it. */
  language?: Language;
}
