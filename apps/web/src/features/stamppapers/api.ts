import type {
  AssignStampPapers,
  BulkAssignStampPapers,
  BulkRevokeStampPapers,
  GroupedStamp,
  ListStampPapers,
  StampPaper,
  StampPaperAssignResult,
  StampPaperCsvFailedRow,
  StampPaperCsvUploadResult,
  StampPaperPage,
  StampPaperStats,
  UpdateStampPaper,
} from '@signet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';

/** The stamp-paper calls of spec §7 (`/v2/stamppaper*`, `/v1/stamppapers/csv/*`). */

const STAMPS = ['stamppapers'] as const;

/** One page of the inventory (`POST /v2/stamppapers`), only asked while the tenant's switch is on. */
export function useStampPapers(params: ListStampPapers, enabled: boolean) {
  return useQuery({
    queryKey: [...STAMPS, 'list', params],
    queryFn: () => api.request<StampPaperPage>('POST', '/v2/stamppapers', { body: params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Counts by state × denomination × status (`GET /v2/stamppaper/stats`). */
export function useStampStats(enabled: boolean) {
  return useQuery({
    queryKey: [...STAMPS, 'stats'],
    queryFn: () => api.request<StampPaperStats>('GET', '/v2/stamppaper/stats'),
    enabled,
  });
}

/** What the signed-in user may put on a document now, grouped by state and denomination. */
export function useGroupedStamps(enabled: boolean) {
  return useQuery({
    queryKey: [...STAMPS, 'grouped'],
    queryFn: () => api.request<GroupedStamp[]>('GET', '/v2/stamppaper/user/groupedstamps'),
    enabled,
    staleTime: 30_000,
  });
}

/** Asks `groupedstamps` again (a compose found the chosen kind gone). */
export function useRefreshGroupedStamps() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...STAMPS, 'grouped'] });
}

function useStampMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAMPS }),
  });
}

export interface NewStampPaper {
  stampId: string;
  stateCode: string;
  denomination: number;
  certificate: File;
}

/** Adds one paper (multipart: the certificate and its fields). */
export const useAddStampPaper = () =>
  useStampMutation((input: NewStampPaper) => {
    const formData = new FormData();
    formData.append('stampId', input.stampId);
    formData.append('stateCode', input.stateCode);
    formData.append('denomination', String(input.denomination));
    formData.append('certificate', input.certificate, input.certificate.name);
    return api.request<StampPaper>('POST', '/v2/stamppaper', { formData });
  });

/** Changes one paper's stamp id, state or denomination (`PUT /v2/stamppaper`). */
export const useEditStampPaper = () =>
  useStampMutation((input: UpdateStampPaper) =>
    api.request<StampPaper>('PUT', '/v2/stamppaper', { body: input }),
  );

export const useDeleteStampPapers = () =>
  useStampMutation((ids: string[]) =>
    api.request<{ deleted: number }>('DELETE', `/v2/stamppapers/${ids.map(encodeURIComponent).join(',')}`),
  );

export const useAssignStampPapers = () =>
  useStampMutation((input: AssignStampPapers) =>
    api.request<StampPaperAssignResult>('POST', '/v2/stamppaper/assign', { body: input }),
  );

export const useBulkAssignStampPapers = () =>
  useStampMutation((input: BulkAssignStampPapers) =>
    api.request<StampPaperAssignResult>('POST', '/v2/stamppaper/bulkassign', { body: input }),
  );

export const useBulkRevokeStampPapers = () =>
  useStampMutation((input: BulkRevokeStampPapers) =>
    api.request<StampPaperAssignResult>('POST', '/v2/stamppaper/bulkrevoke', { body: input }),
  );

/** Imports a CSV of papers; `onProgress` follows the upload (0 to 1). */
export const useImportStampCsv = () =>
  useStampMutation(({ file, onProgress }: { file: File; onProgress: (f: number) => void }) => {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return api.request<StampPaperCsvUploadResult>('POST', '/v1/stamppapers/csv/upload', {
      formData,
      onUploadProgress: onProgress,
    });
  });

/** The inventory as CSV (`GET /v1/stamppapers/csv/export`), with the list's state, denomination and status. */
export function fetchInventoryCsv(filters: {
  stateCode?: string | undefined;
  denomination?: number | undefined;
  status?: string | undefined;
}): Promise<Blob> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return fetchBinary(`/v1/stamppapers/csv/export${qs ? `?${qs}` : ''}`);
}

/** The failed rows of an import back as CSV from the server (`POST /v1/stamppapers/csv/export`). */
export async function fetchFailedRowsCsv(rows: StampPaperCsvFailedRow[]): Promise<Blob> {
  return fetchBinary('/v1/stamppapers/csv/export', { method: 'POST', json: { rows } });
}
