import type { ProviderCertificate, SignAuthChallenge } from '@signet/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { type ActionAnswer, type SignBody, signDocument } from '../sign/api.ts';

/** The signer's account at the COSIGN provider (spec §2 action panel "cosign"). */
export interface CosignAccount {
  username: string;
  password: string;
  otp?: string;
}

/**
 * COSIGN: the account is authenticated for this document (`POST /v1/cosign/authentication`,
 * form-encoded), which answers a sign authorisation; the sign call takes it alone.
 */
export async function requestCosignSignature(
  ePakId: string,
  documentId: string,
  body: SignBody,
  account: CosignAccount,
): Promise<ActionAnswer> {
  const challenge = await api.request<SignAuthChallenge>('POST', '/v1/cosign/authentication', {
    form: {
      ePakId,
      documentId,
      username: account.username,
      password: account.password,
      ...(account.otp ? { otp: account.otp } : {}),
      ...(body.recipientId ? { recipientId: body.recipientId } : {}),
    },
  });
  return signDocument(ePakId, documentId, { ...body, signAuthToken: challenge.signAuthToken });
}

/** The signer's certificates at the TRANSSPED provider (spec §2 action panel "transsped"). */
export function useTransspedCertificates(enabled: boolean) {
  return useQuery({
    queryKey: ['transsped-certificates'],
    queryFn: () => api.request<ProviderCertificate[]>('GET', '/v1/transsped/certificates'),
    enabled,
    retry: false,
  });
}

/** The certificate offered first: the first one that can sign. */
export function firstUsable(certificates: readonly ProviderCertificate[]): string | null {
  return certificates.find((c) => c.usable)?.credentialId ?? null;
}
