import type { VerifyQrData, VerifyResult } from '@signet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';

/** `/public/verify…`: public calls, answered the same signed in or not; the server does the checking. */

function formOf(file: File): FormData {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return formData;
}

export function useVerifyPdf() {
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
      api.request<VerifyResult>('POST', '/public/verify', {
        formData: formOf(file),
        onUploadProgress: onProgress,
        isPublic: true,
      }),
  });
}

/** What a QR code's verification link stands for (the page opened from the code). */
export function useQrData(qr: string | null) {
  return useQuery({
    queryKey: ['verify', 'qr', qr],
    queryFn: () =>
      api.request<VerifyQrData>('GET', '/public/verifyQrData', { query: { qr: qr ?? '' }, isPublic: true }),
    enabled: qr !== null,
    retry: false,
  });
}

/** The verification report (PDF) of the same file, made by the server. */
export async function fetchReport(file: File): Promise<Blob> {
  return fetchBinary('/public/verify/report', { method: 'POST', formData: formOf(file), isPublic: true });
}
