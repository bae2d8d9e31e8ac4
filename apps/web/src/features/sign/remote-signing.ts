import type { SignAuthChallenge } from '@signet/contracts';
import { api } from '../../app/session/client.ts';
import { type ActionAnswer, type SignBody, signDocument } from './api.ts';

export interface AuthFactors {
  pin?: string;
  otp?: string;
}

/**
 * A remote signature (AADHAAR, TRANSSPED, ODP…): the server finds the signer's credential at the
 * tenant's signing service and says which factors it needs; `ask` gets them from the signer (null
 * when they cancel); the sign call then has the service sign this document's exact hash.
 */
export async function requestRemoteSignature(
  ePakId: string,
  documentId: string,
  body: SignBody,
  ask: (challenge: SignAuthChallenge) => Promise<AuthFactors | null>,
  providerUserId?: string,
  /** TRANSSPED: the certificate the signer chose; else the provider's first usable one. */
  credentialId?: string,
): Promise<ActionAnswer> {
  const challenge = await api.request<SignAuthChallenge>('POST', '/v2/epak/sign/auth', {
    body: {
      ePakId,
      documentId,
      ...(body.recipientId ? { recipientId: body.recipientId } : {}),
      ...(providerUserId ? { providerUserId } : {}),
      ...(credentialId ? { credentialId } : {}),
    },
  });
  const factors = await ask(challenge);
  if (!factors) throw new SigningCancelled();
  return signDocument(ePakId, documentId, { ...body, signAuthToken: challenge.signAuthToken, ...factors });
}

/** The signer closed the dialog: nothing to report. */
export class SigningCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'SigningCancelled';
  }
}
