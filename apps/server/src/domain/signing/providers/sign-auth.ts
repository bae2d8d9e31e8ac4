import { Code, type RemoteSigningPolicy, type SignAuthChallenge } from '@signet/contracts';
import { currentVersion } from '../../../db/repositories/epaks.ts';
import { insertPendingSignature } from '../../../db/repositories/pending-signatures.ts';
import type { Actor } from '../../actor.ts';
import { AppError } from '../../app-error.ts';
import { addSeconds } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { signingContext } from '../../epaks/sign-document.ts';
import { authorizeInTenant } from '../../policy.ts';
import { certificateSummary } from '../certificates.ts';
import { withProviderErrors } from './provider-errors.ts';
import { type SignAuthState, signAlgorithmFor, signAuthFactorsContext } from './remote-signer.ts';
import {
  type RemoteCredential,
  RemoteSigningError,
  type RemoteSigningProvider,
} from './remote-signing-provider.ts';
import { isRemotePolicy, requireProvider } from './resolve-provider.ts';

/** Long enough to fetch a PIN or an OTP, short enough that a forgotten one is of no use. */
export const SIGN_AUTH_TTL_SECONDS = 600;

export interface SignAuthRequest {
  ePakId: string;
  documentId: string;
  /** One of the signer's credentials at the provider; the first usable one when absent. */
  credentialId?: string | undefined;
  /**
   * Who the signer is at the provider (a mobile number, a virtual id) when it does not know them
   * by their email. Naming someone else gains nothing: their PIN/OTP authorises the signature.
   */
  providerUserId?: string | undefined;
  /** In-person signing: the recipient the hosting custodian signs for. */
  recipientId?: string | undefined;
  /** Only this policy may be signed this way (COSIGN authentication). */
  policy?: RemoteSigningPolicy | undefined;
  /**
   * Factors given now (COSIGN: the account password as PIN, and the OTP): kept sealed with the
   * token until the sign call uses them, so that call needs only the token.
   */
  factors?: { pin?: string | undefined; otp?: string | undefined } | undefined;
}

/** The credential the signer signs with: the one asked for, else their first usable one. */
async function chooseCredential(
  provider: RemoteSigningProvider,
  userId: string,
  wanted: string | undefined,
): Promise<RemoteCredential> {
  const ids = await provider.listCredentials(userId);
  if (ids.length === 0)
    throw new RemoteSigningError('noCredential', `You have no signing credential at ${provider.id}`);
  if (wanted && !ids.includes(wanted))
    throw new RemoteSigningError(
      'noCredential',
      `${wanted} is not one of your credentials at ${provider.id}`,
    );
  let refused = '';
  for (const id of wanted ? [wanted] : ids) {
    const info = await provider.credentialInfo(id);
    if (info.authMode === 'oauth2code') {
      refused = 'it is authorised on the provider’s own pages (oauth2code), which Signet does not drive';
    } else if (!info.usable) {
      refused = info.status;
    } else {
      return info;
    }
  }
  throw new RemoteSigningError('credentialUnusable', `Your credential cannot sign: ${refused}`);
}

/**
 * `POST /v2/epak/sign/auth`: the first half of a remote signature. For the recipient whose turn
 * it is, under a remote policy (AADHAAR, TRANSSPED, …), finds their credential at the tenant's
 * provider and answers a sign authorisation token with what the provider will ask for (PIN, OTP)
 * and the certificate that will sign. The signature itself is made by the ordinary sign call with
 * the token and those factors, which is when the provider authorises the exact hash.
 */
export async function startSignAuth(
  actor: Actor,
  input: SignAuthRequest,
  deps: Deps,
): Promise<SignAuthChallenge> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  return deps.db.withTenant(tenantId, async (tx) => {
    const ctx = await signingContext(tx, actor, input.ePakId, input.documentId, input);
    const policy = ctx.policy;
    if (!isRemotePolicy(policy))
      throw new AppError(Code.INVALID_INPUT, `${policy} signatures are not made by a remote provider`);
    if (input.policy && policy !== input.policy)
      throw new AppError(Code.INVALID_INPUT, `This step is signed under ${policy}, not ${input.policy}`);
    const provider = await requireProvider(tx, tenantId, policy, deps);
    const credential = await withProviderErrors(provider.id, async () => {
      const chosen = await chooseCredential(
        provider,
        input.providerUserId ?? ctx.recipient.email,
        input.credentialId,
      );
      const leaf = chosen.certificates[0];
      const readable = leaf ? safeSummary(leaf) : null;
      if (!leaf || !readable)
        throw new RemoteSigningError('unavailable', 'The provider sent a certificate that cannot be read');
      const signAlgorithmOid = signAlgorithmFor(leaf, chosen.keyAlgorithms);
      if (!signAlgorithmOid)
        throw new RemoteSigningError(
          'credentialUnusable',
          'Your credential’s key type cannot sign PDFs here',
        );
      return { ...chosen, summary: readable, signAlgorithmOid };
    });
    const version = await currentVersion(tx, input.documentId);
    if (!version) throw new AppError(Code.DOCUMENT_MISSING);
    const expiresAt = addSeconds(deps.clock.now(), SIGN_AUTH_TTL_SECONDS);
    const state: SignAuthState = {
      kind: 'remote-auth',
      policy,
      providerId: provider.id,
      credentialId: credential.credentialId,
      certificates: credential.certificates.map((c) => Buffer.from(c).toString('base64')),
      signAlgorithmOid: credential.signAlgorithmOid,
      pin: credential.pin,
      otp: credential.otp,
      expiresAt: expiresAt.toISOString(),
      ...(input.factors
        ? {
            sealedFactors: Buffer.from(
              deps.vault.seal(
                new TextEncoder().encode(JSON.stringify(input.factors)),
                signAuthFactorsContext(tenantId, ctx.recipient.id),
              ),
            ).toString('base64'),
          }
        : {}),
    };
    // A pending-signature row, like dochash's; nothing is prepared yet, so it points at the
    // version current now (the signature itself is prepared on the version current when it is made).
    const id = await insertPendingSignature(tx, {
      tenantId,
      epakId: input.ePakId,
      documentId: input.documentId,
      recipientId: ctx.recipient.id,
      baseVersion: version.version,
      preparedBlobHash: version.blobHash,
      state: { ...state },
    });
    const { pem: _pem, ...certificate } = credential.summary;
    return {
      signAuthToken: id,
      expiresIn: SIGN_AUTH_TTL_SECONDS,
      policy,
      provider: provider.id,
      credentialId: credential.credentialId,
      certificate,
      // Factors given with the authorisation are not asked again.
      pin: input.factors ? null : credential.pin,
      otp: input.factors ? null : credential.otp,
    };
  });
}

function safeSummary(der: Uint8Array) {
  try {
    return certificateSummary(der);
  } catch {
    return null;
  }
}
