import type { Letterhead } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

const LETTERHEADS = ['letterheads'] as const;

/** The tenant's letterheads (`GET /v1/letterheadtemplate`): the /workflows tab and the tag editor. */
export function useLetterheads(enabled = true) {
  const session = useStoredSession();
  return useQuery({
    queryKey: [...LETTERHEADS, session?.tenantId ?? null],
    queryFn: () => api.request<Letterhead[]>('GET', '/v1/letterheadtemplate'),
    enabled: enabled && session !== null,
  });
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** A letterhead's image as a data URL: the preview, and the letterHead tag's value when chosen. */
export function letterheadDataUrl(id: string): Promise<string> {
  return fetchBinary(`/v1/letterheadtemplate/${id}`).then(blobToDataUrl);
}

export function useLetterheadImage(id: string) {
  return useQuery({
    queryKey: [...LETTERHEADS, 'image', id],
    queryFn: () => letterheadDataUrl(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUploadLetterhead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return api.request<Letterhead>('POST', '/v1/letterheadtemplate', { formData });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTERHEADS }),
  });
}

export function useDeleteLetterhead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request<{ deleted: boolean }>('DELETE', `/v1/letterheadtemplate/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LETTERHEADS }),
  });
}
