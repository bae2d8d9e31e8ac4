import type { BulkComposeLayout, BulkComposeRun, DocumentTemplate } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';

/**
 * Bulk compose calls (`/v2/bulkcompose/…`). A run's progress arrives over the notification
 * socket (`{type: 'bulkCompose'}` invalidates `bulkComposeKeys.all`); a slow poll covers a
 * socket that is down.
 */
export const bulkComposeKeys = { all: ['bulkcompose'] as const };
const FALLBACK_POLL_MS = 5000;

export const isRunning = (run: BulkComposeRun | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

/** Document templates the user may compose from that have a workflow (the CSV's roles come from it). */
export function useBulkTemplates() {
  return useQuery({
    queryKey: [...bulkComposeKeys.all, 'templates'],
    queryFn: () =>
      api
        .request<{ docTemplateDTOList: { docTemplateDTO: DocumentTemplate[] } }>(
          'GET',
          '/v1/documenttemplates',
          {
            query: { type: 'All' },
          },
        )
        .then((r) => r.docTemplateDTOList.docTemplateDTO.filter((d) => d.workflowTemplateId !== null)),
  });
}

export function useBulkLayout(docTemplateId: string | null) {
  return useQuery({
    queryKey: [...bulkComposeKeys.all, 'layout', docTemplateId],
    queryFn: () => api.request<BulkComposeLayout>('GET', `/v2/bulkcompose/template/${docTemplateId}`),
    enabled: docTemplateId !== null,
  });
}

export function fetchHeader(docTemplateId: string): Promise<Blob> {
  return fetchBinary(`/v2/bulkcompose/template/${docTemplateId}/header`);
}

export function fetchFailedRows(runId: string): Promise<Blob> {
  return fetchBinary(`/v2/bulkcompose/runs/${runId}/failed`);
}

export function useStartBulkCompose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      docTemplateId,
      file,
      stampPaper,
      onProgress,
    }: {
      docTemplateId: string;
      file: File;
      /** A stamp paper of this kind as page 1 of every row's first document (sent before the file). */
      stampPaper?: { stateCode: string; denomination: number } | null;
      onProgress: (fraction: number) => void;
    }) => {
      const formData = new FormData();
      if (stampPaper) {
        formData.append('stampStateCode', stampPaper.stateCode);
        formData.append('stampDenomination', String(stampPaper.denomination));
      }
      formData.append('file', file, file.name);
      return api.request<BulkComposeRun>('POST', `/v2/bulkcompose/template/${docTemplateId}`, {
        formData,
        onUploadProgress: onProgress,
      });
    },
    onSuccess: (run) => queryClient.setQueryData([...bulkComposeKeys.all, 'run', run.runId], run),
  });
}

/** One run, read again whenever the socket says it moved (and every few seconds while it runs). */
export function useBulkRun(runId: string | null) {
  return useQuery({
    queryKey: [...bulkComposeKeys.all, 'run', runId],
    queryFn: () => api.request<BulkComposeRun>('GET', `/v2/bulkcompose/runs/${runId}`),
    enabled: runId !== null,
    refetchInterval: (query) => (isRunning(query.state.data) ? FALLBACK_POLL_MS : false),
  });
}

export function useCancelBulkRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) =>
      api.request<BulkComposeRun>('POST', `/v2/bulkcompose/runs/${runId}/cancel`),
    onSuccess: (run) => queryClient.setQueryData([...bulkComposeKeys.all, 'run', run.runId], run),
  });
}
