import type { CompareResult } from '@signet/contracts';
import { useMutation } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';

/** What is compared: two files chosen here, or two revisions of an ePak document. */
export type CompareSource =
  | { kind: 'files'; first: File; second: File }
  | { kind: 'revisions'; ePakId: string; documentId: string; from?: number; to?: number };

function formOf(source: CompareSource): FormData | undefined {
  if (source.kind !== 'files') return undefined;
  const form = new FormData();
  form.append('first', source.first, source.first.name);
  form.append('second', source.second, source.second.name);
  return form;
}

function queryOf(source: CompareSource): Record<string, string> {
  if (source.kind !== 'revisions') return {};
  const q: Record<string, string> = { ePakId: source.ePakId, documentId: source.documentId };
  if (source.from !== undefined) q.from = String(source.from);
  if (source.to !== undefined) q.to = String(source.to);
  return q;
}

/** `POST /v1/document/compare`: the upload's progress, then the server's comparison. */
export function useCompare() {
  return useMutation({
    mutationFn: ({
      source,
      onProgress,
    }: {
      source: CompareSource;
      onProgress: (fraction: number) => void;
    }) => {
      const formData = formOf(source);
      return api.request<CompareResult>('POST', '/v1/document/compare', {
        query: queryOf(source),
        ...(formData ? { formData, onUploadProgress: onProgress } : {}),
      });
    },
  });
}

/** The same comparison as a PDF report (`POST /v1/document/compare/report`). */
export async function fetchCompareReport(source: CompareSource): Promise<Blob> {
  const query = new URLSearchParams(queryOf(source)).toString();
  return fetchBinary(`/v1/document/compare/report${query ? `?${query}` : ''}`, {
    method: 'POST',
    formData: formOf(source) ?? null,
  });
}
