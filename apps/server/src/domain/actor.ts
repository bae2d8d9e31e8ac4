import type { Role } from '@signet/contracts';
import type { Language } from './auth/language.ts';

/** Who is acting: the signed-in user in one tenant (the super admin acts in none). */
export interface Actor {
  userId: string;
  tenantId: string | null;
  role: Role;
  sessionId: string;
  ip: string | null;
  /** Set for a session opened from an easy-sign link: it reaches this one ePak only. */
  scopeEpakId?: string | null;
  /** Set when the session was granted to a tenant OAuth client (an integration). */
  oauthClientId?: string | null;
  /** Set for a session opened through a tenant's OpenID provider: it works in that tenant only. */
  singleTenant?: boolean;
  /** The request's language (`Accept-Language`), for the mails it sends to people without a profile language. */
  language?: Language;
}

/** An actor inside a tenant: what every tenant use case receives. */
export type TenantActor = Actor & { tenantId: string };
