import { createHash, X509Certificate } from 'node:crypto';
import { Code, ProviderCode, type RemoteSigningPolicy } from '@signet/contracts';
import { type Signer, verifiedSignatureValue } from '@signet/pdf';
import type { Executor } from '../../../db/database.ts';
import {
  findPendingSignature,
  markPendingSignatureUsed,
} from '../../../db/repositories/pending-signatures.ts';
import type { TenantActor } from '../../actor.ts';
import { AppError } from '../../app-error.ts';
import type { Deps } from '../../deps.ts';
import { providerRefusal, withProviderErrors } from './provider-errors.ts';
import type { AuthFactor } from './remote-signing-provider.ts';
import { requireProvider } from './resolve-provider.ts';

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const RSA_OID = '1.2.840.113549.1.1.1';
const SHA256_WITH_RSA_OID = '1.2.840.113549.1.1.11';
const ECDSA_WITH_SHA256_OID = '1.2.840.10045.4.3.2';

/**
 * What `POST /v2/epak/sign/auth` keeps between the two calls, in the pending-signature row of
 * the recipient and document (the mechanism dochash uses): which provider and credential, the
 * certificate chain the provider gave, and what authorising it takes.
 */
export interface SignAuthState {
  kind: 'remote-auth';
  policy: RemoteSigningPolicy;
  providerId: string;
  credentialId: string;
  /** Base64 DER, signer first. */
  certificates: string[];
  signAlgorithmOid: string;
  pin: AuthFactor | null;
  otp: AuthFactor | null;
  expiresAt: string;
  /** Base64 of the factors given with the authorisation (COSIGN), sealed by the vault. */
  sealedFactors?: string;
}

/**
 * The signature algorithm to ask for: PKCS#1 v1.5 or ECDSA over SHA-256, what the PDF engine's
 * CMS carries. Null for keys it cannot use (RSA-PSS only, EdDSA…).
 */
export function signAlgorithmFor(leaf: Uint8Array, keyAlgorithms: readonly string[]): string | null {
  const type = new X509Certificate(leaf).publicKey.asymmetricKeyType;
  if (type === 'rsa') return keyAlgorithms.includes(SHA256_WITH_RSA_OID) ? SHA256_WITH_RSA_OID : RSA_OID;
  if (type === 'ec') return ECDSA_WITH_SHA256_OID;
  return null;
}

/** The vault context of a sign authorisation's sealed factors (COSIGN authentication). */
export function signAuthFactorsContext(tenantId: string, recipientId: string): string {
  return `tenant:${tenantId}:sign-auth-factors:${recipientId}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The recipient's sign authorisation for this document: -160 unknown, used or not theirs; -161 expired. */
async function openSignAuth(
  tx: Executor,
  token: string | undefined,
  recipientId: string,
  documentId: string,
  now: Date,
) {
  if (!token)
    throw new AppError(
      Code.INVALID_SIGN_AUTH_TOKEN,
      'Start with POST /v2/epak/sign/auth: it chooses your credential and says what the provider asks for',
    );
  const row = UUID.test(token) ? await findPendingSignature(tx, token) : null;
  const state = row?.state as Partial<SignAuthState> | undefined;
  if (
    !row ||
    state?.kind !== 'remote-auth' ||
    row.usedAt ||
    row.recipientId !== recipientId ||
    row.documentId !== documentId
  )
    throw new AppError(Code.INVALID_SIGN_AUTH_TOKEN, 'This sign authorisation is unknown, used or not yours');
  const full = state as SignAuthState;
  if (new Date(full.expiresAt) <= now)
    throw new AppError(Code.EXPIRED_SIGN_AUTH_TOKEN, 'This sign authorisation has expired; start again');
  return { id: row.id, state: full };
}

/** A factor the credential needs and the signer did not give: the client asks for it. */
function missing(providerId: string, code: Code, what: string): AppError {
  return new AppError(code, `Enter your ${what}`, {
    data: { provider: providerId, providerCode: ProviderCode.MISSING_PARAMETER, providerError: null },
  });
}

/** The provider's signature value, checked against the credential's certificate before it is embedded. */
function checkedSignature(providerId: string, leaf: Uint8Array, data: Uint8Array, value: Uint8Array) {
  const der = verifiedSignatureValue(leaf, data, value);
  if (!der)
    throw providerRefusal(
      providerId,
      'unavailable',
      "The provider's signature does not match the credential's certificate",
    );
  return der;
}

export interface RemoteSigningInput {
  signAuthToken?: string | undefined;
  pin?: string | undefined;
  otp?: string | undefined;
}

/**
 * The signer of a remote policy: the PDF engine prepares the revision and hands over its signed
 * attributes; their SHA-256 is authorised at the provider with the signer's PIN/OTP (SAD for that
 * one hash) and signed there; the value is checked and embedded. It runs inside the signing
 * transaction, so a parallel signer waiting on the ePak's lock signs on top afterwards. The sign
 * authorisation is spent in the same transaction: a refusal (wrong PIN) rolls that back too.
 */
export async function remoteSigner(
  tx: Executor,
  actor: TenantActor,
  target: { policy: RemoteSigningPolicy; recipientId: string; documentId: string; subject: string },
  input: RemoteSigningInput,
  deps: Deps,
): Promise<Signer> {
  const now = deps.clock.now();
  const auth = await openSignAuth(tx, input.signAuthToken, target.recipientId, target.documentId, now);
  const provider = await requireProvider(tx, actor.tenantId, target.policy, deps);
  if (provider.id !== auth.state.providerId)
    throw new AppError(
      Code.INVALID_SIGN_AUTH_TOKEN,
      'The signing provider changed since this sign authorisation; start again',
    );
  let factors: RemoteSigningInput = input;
  if (auth.state.sealedFactors) {
    const given = JSON.parse(
      new TextDecoder().decode(
        deps.vault.open(
          Buffer.from(auth.state.sealedFactors, 'base64'),
          signAuthFactorsContext(actor.tenantId, target.recipientId),
        ),
      ),
    ) as { pin?: string; otp?: string };
    factors = { ...input, pin: input.pin ?? given.pin, otp: input.otp ?? given.otp };
  }
  if (auth.state.pin?.required && !factors.pin)
    throw missing(provider.id, Code.INVALID_CERTIFICATE_PIN, auth.state.pin.label ?? 'signing PIN');
  if (auth.state.otp?.required && !factors.otp)
    throw missing(provider.id, Code.WRONG_OTP, auth.state.otp.label ?? 'one-time code');
  await markPendingSignatureUsed(tx, auth.id, now);
  const certificates = auth.state.certificates.map((c) => new Uint8Array(Buffer.from(c, 'base64')));
  const leaf = certificates[0];
  if (!leaf) throw providerRefusal(provider.id, 'noCredential', 'The credential has no certificate');
  const { credentialId, signAlgorithmOid } = auth.state;
  return {
    certificates,
    async sign(signedAttributes) {
      const hash = new Uint8Array(createHash('sha256').update(signedAttributes).digest());
      const value = await withProviderErrors(provider.id, async () => {
        const sad = await provider.authorize({
          credentialId,
          hashes: [hash],
          hashAlgorithmOid: SHA256_OID,
          pin: factors.pin,
          otp: factors.otp,
          description: `Signet: ${target.subject}`.slice(0, 500),
        });
        const [signature] = await provider.signHash({
          credentialId,
          sad,
          hashes: [hash],
          hashAlgorithmOid: SHA256_OID,
          signAlgorithmOid,
        });
        return signature;
      });
      if (!value) throw providerRefusal(provider.id, 'unavailable', 'The provider returned no signature');
      return checkedSignature(provider.id, leaf, signedAttributes, value);
    },
  };
}
