import type { EpakDetail, Tag, TokenResponse } from '@signet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, sessionStore } from '../../app/session/client.ts';
import { prefetchDocument } from '../document-view/pdf-engine.ts';

/** The signing view's calls: the ePak and its tags, the actions, and the easy-sign link exchange. */

export interface Reason {
  reasonId: number;
  reason: string;
  /** sign, reject or delegate: which action offers it. */
  kind: string;
  enabled: boolean;
}

/** Where the signing view downloads a document of the ePak (one spelling, so a prefetch is found). */
export function documentPath(ePakId: string, documentId: string): string {
  return `/v2/epaks/${ePakId}/documents/${documentId}/download`;
}

export function useSigningData(ePakId: string | null) {
  return useQuery({
    queryKey: ['sign', ePakId],
    queryFn: async () => {
      const detail = await api.request<EpakDetail>('GET', `/v2/epaks/${ePakId}`);
      // The first document starts downloading now, alongside its tags, not once the view is drawn.
      const first = detail.documents[0];
      if (ePakId && first) prefetchDocument(documentPath(ePakId, first.id));
      const perDocument = await Promise.all(
        detail.documents.map((d) =>
          api.request<Tag[]>('GET', `/v2/epaks/${ePakId}/documents/${d.id}/signatureblocks`),
        ),
      );
      return { detail, tags: perDocument.flat() };
    },
    enabled: ePakId !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET /v2/epaks/{easytoken}/exchange`: an easy-sign link becomes a session scoped to its ePak. */
export async function exchangeEasySignLink(easyToken: string, securityCode?: string): Promise<string> {
  const tokens = await api.request<TokenResponse & { ePakId: string }>(
    'GET',
    `/v2/epaks/${encodeURIComponent(easyToken)}/exchange`,
    {
      isPublic: true,
      ...(securityCode ? { query: { code: securityCode } } : {}),
    },
  );
  sessionStore.start(tokens);
  return tokens.ePakId;
}

export function unlockEpak(ePakId: string, securityCode: string) {
  return api.request<{ unlocked: boolean }>('POST', `/v2/epaks/${ePakId}/unlock`, { body: { securityCode } });
}

export function useReasons() {
  return useQuery({
    queryKey: ['reasons'],
    queryFn: () => api.request<Reason[]>('GET', '/v1/reasons'),
    staleTime: 5 * 60_000,
  });
}

export interface SignBody {
  tags: { uuid: string; value: string }[];
  signatureImage?: string;
  pin?: string;
  /** Remote policies: the token from `POST /v2/epak/sign/auth`, with the one-time code it asked for. */
  signAuthToken?: string;
  otp?: string;
  /** The signer's signing passcode, when they apply a rubber stamp (spec §6 passcodeFlag). */
  passcode?: string;
  recipientId?: string;
  /** A note to the custodian; the server passes it on with the recipient's last document. */
  comment?: string;
  geolocation?: { latitude: number; longitude: number; accuracy?: number };
}

export interface ActionAnswer {
  actionDone: boolean;
  status: string;
}

export function signDocument(ePakId: string, documentId: string, body: SignBody) {
  return api.request<ActionAnswer>('POST', `/v2/epaks/${ePakId}/documents/${documentId}/sign`, { body });
}

export function markDocument(
  ePakId: string,
  documentId: string,
  action: 'viewed' | 'reviewed',
  comment?: string,
) {
  return api.request<ActionAnswer>('PUT', `/v2/epak/${ePakId}/document/${documentId}/${action}`, {
    ...(comment ? { body: { comment } } : {}),
  });
}

export interface DeferredChallenge {
  pendingSignatureId: string;
  digestToSign: string;
  signedAttributes: string;
  hashAlgorithm: string;
}

/** Deferred signing (DSC, ETOKEN, CAPI): the digest for the device's certificate, then its signature. */
export function prepareDeviceSignature(
  body: SignBody & { ePakId: string; documentId: string; certificates: string[] },
) {
  return api.request<DeferredChallenge>('POST', '/v2/epak/sign/dochash', { body });
}
export function completeDeviceSignature(body: {
  pendingSignatureId: string;
  signature: string;
  recipientId?: string;
}) {
  return api.request<ActionAnswer & { signed: true }>('POST', '/v2/epak/sign/dochash', { body });
}

export function useRejectEpak(ePakId: string) {
  return useMutation({
    mutationFn: (body: { reasonId?: number; comment?: string }) =>
      api.request<{ status: string }>('POST', `/v2/epaks/${ePakId}/reject`, { body }),
  });
}

export function useDelegateEpak(ePakId: string) {
  return useMutation({
    mutationFn: (body: {
      email: string;
      firstName: string;
      lastName: string;
      reasonId?: number;
      comment?: string;
    }) => api.request<{ delegateId: string }>('POST', `/v2/epaks/${ePakId}/delegate`, { body }),
  });
}

export function attachToTag(ePakId: string, documentId: string, tagId: string, file: File) {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.request<{ tagId: string; value: string; status: 'done' }>(
    'POST',
    `/v2/epak/${ePakId}/document/${documentId}/tag/${tagId}/attach`,
    { formData },
  );
}

/** A photographed signature cleaned by the server: the ink alone, as a PNG data URL. */
export function cleanSignaturePhoto(photo: File, inkColour: string) {
  const formData = new FormData();
  formData.append('inkColour', inkColour);
  formData.append('file', photo, photo.name);
  return api.request<{ image: string; width: number; height: number }>('POST', '/v1/users/image/removebg', {
    formData,
  });
}

export interface SavedImages {
  signatureImage: string | null;
  initialsImage: string | null;
}

/** The signer's saved signature and initials; a link session without an account has none. */
export function useSavedImages(userId: string | null) {
  return useQuery({
    queryKey: ['saved-signature', userId],
    queryFn: () => api.request<SavedImages>('GET', `/v1/users/${userId}/signature`),
    enabled: userId !== null,
    retry: false,
    staleTime: 60_000,
  });
}

export interface CertificateInfo {
  certificateId: string | null;
  status: string | null;
  subject: string | null;
}

/** The INTERNAL signer's certificate: none yet means the PIN they enter now will protect a new one. */
export function useCertificate(userId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['certificate', userId],
    queryFn: () => api.request<CertificateInfo>('GET', `/v1/users/${userId}/certificate`),
    enabled: enabled && userId !== null,
    retry: false,
  });
}
