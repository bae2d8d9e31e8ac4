import {
  Code,
  type ProviderCertificate,
  type SignAuthChallenge,
  Timing,
  type UisAuthCode,
} from '@signet/contracts';
import { findMember } from '../../../db/repositories/members.ts';
import type { Actor } from '../../actor.ts';
import { AppError } from '../../app-error.ts';
import type { Deps } from '../../deps.ts';
import { authorizeInTenant } from '../../policy.ts';
import { certificateSummary } from '../certificates.ts';
import { withProviderErrors } from './provider-errors.ts';
import { RemoteSigningError } from './remote-signing-provider.ts';
import { requireProvider } from './resolve-provider.ts';
import { startSignAuth } from './sign-auth.ts';

/**
 * The COSIGN, TRANSSPED and UIS calls of spec §7 (Auth), mapped onto the remote signing
 * provider interface (a CSC v2 service configured for the policy):
 * - TRANSSPED certificates: CSC `credentials/list` + `credentials/info` for the signer;
 * - COSIGN authentication: the signer's account at the provider (username, password, OTP) as the
 *   first half of a remote signature — a sign authorisation token for the ordinary sign call;
 * - UIS auth code: a short-lived code naming this session, for the UIS session timer.
 */

/** `GET /v1/transsped/certificates`: the signer's certificates at the tenant's TRANSSPED provider. */
export async function transspedCertificates(
  actor: Actor,
  input: { providerUserId?: string | undefined },
  deps: Deps,
): Promise<ProviderCertificate[]> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  // The provider and who the signer is are read first; the provider is called outside the transaction.
  const { provider, email } = await deps.db.withTenant(tenantId, async (tx) => {
    const member = await findMember(tx, actor.userId);
    if (!member) throw new AppError(Code.USER_NOT_FOUND);
    return {
      provider: await requireProvider(tx, tenantId, 'TRANSSPED', deps),
      email: member.user.email,
    };
  });
  return withProviderErrors(provider.id, async () => {
    const ids = await provider.listCredentials(input.providerUserId ?? email);
    if (ids.length === 0)
      throw new RemoteSigningError('noCredential', `You have no certificate at ${provider.id}`);
    const out: ProviderCertificate[] = [];
    for (const id of ids) {
      const info = await provider.credentialInfo(id);
      const leaf = info.certificates[0];
      const summary = leaf ? safeSummary(leaf) : null;
      out.push({
        credentialId: info.credentialId,
        subject: summary?.subject ?? '',
        issuer: summary?.issuer ?? '',
        serialNumber: summary?.serialNumber ?? '',
        notBefore: summary?.notBefore ?? '',
        notAfter: summary?.notAfter ?? '',
        usable: info.usable && summary !== null && info.authMode !== 'oauth2code',
        status: summary ? info.status : 'The certificate cannot be read',
      });
    }
    return out;
  });
}

function safeSummary(der: Uint8Array) {
  try {
    return certificateSummary(der);
  } catch {
    return null;
  }
}

/**
 * `POST /v1/cosign/authentication`: the signer authenticates at the COSIGN provider with their
 * account there. Their credential is found under `username`, and the password (the CSC PIN of a
 * COSIGN account) and OTP are kept sealed with the answered sign authorisation token for its 10
 * minutes; the sign call with that token alone then has the provider authorise and sign the exact
 * hash — which is when the provider checks them (wrong password -77/102, blocked -14/402).
 */
export async function cosignAuthentication(
  actor: Actor,
  input: {
    ePakId: string;
    documentId: string;
    username: string;
    password: string;
    otp?: string | undefined;
    recipientId?: string | undefined;
  },
  deps: Deps,
): Promise<SignAuthChallenge> {
  return startSignAuth(
    actor,
    {
      ePakId: input.ePakId,
      documentId: input.documentId,
      providerUserId: input.username,
      recipientId: input.recipientId,
      policy: 'COSIGN',
      factors: { pin: input.password, ...(input.otp ? { otp: input.otp } : {}) },
    },
    deps,
  );
}

/**
 * `GET /v1/uisauthcode`: a code binding this session to a UIS session (spec §4, §9). It names the
 * user, session and tenant, is signed by the server, and lasts as long as the UIS session:
 * the access token's life (`uistokenexpiresin`) minus the UIS correction (120 s), or the whole
 * life when that is shorter than the correction (as the web app's timer does).
 */
export async function uisAuthCode(actor: Actor, deps: Deps): Promise<UisAuthCode> {
  authorizeInTenant(actor, 'epaks.act');
  const ttl = deps.settings.accessTokenTtlSeconds;
  const expiresIn = ttl > Timing.UIS_SESSION_CORRECTION_S ? ttl - Timing.UIS_SESSION_CORRECTION_S : ttl;
  const authCode = await deps.tokens.signChallenge(
    'uis',
    actor.userId,
    { sid: actor.sessionId, tid: actor.tenantId },
    expiresIn,
  );
  return { authCode, expiresIn };
}
