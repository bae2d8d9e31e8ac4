import type {
  ReportFilters,
  ReportFormat,
  ReportResult,
  ReportSummary,
  Tenant,
  UserRef,
  WorkflowTemplate,
} from '@signet/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** `GET /v1/report`: the catalogue with each report's filters. */
export function useReportCatalogue() {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['reports', tenantId],
    queryFn: () => api.request<ReportSummary[]>('GET', '/v1/report'),
    staleTime: 5 * 60_000,
  });
}

export interface ReportRequest {
  reportId: string;
  filters: ReportFilters;
}

/** `POST /v1/report` with format json: the table (first 500 rows) and what the chart plots. */
export function useRunReport() {
  return useMutation({
    mutationFn: (r: ReportRequest) =>
      api.request<ReportResult>('POST', '/v1/report', { body: { ...r, format: 'json' } }),
  });
}

/** `POST /v1/report` with an export format: the file, streamed by the server. */
export async function fetchReportFile(
  r: ReportRequest,
  format: Exclude<ReportFormat, 'json'>,
): Promise<Blob> {
  return fetchBinary('/v1/report', { method: 'POST', json: { ...r, format } });
}

/** The organisations a super admin may narrow a report to (only asked for by the super admin). */
export function useReportTenants(enabled: boolean) {
  return useQuery({
    queryKey: ['reports', 'tenants'],
    queryFn: () => api.request<Tenant[]>('GET', '/v2/tenants'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The tenant's people, for the admins' users filter (asked for by admins only). */
export function useReportUsers(enabled: boolean) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['reports', 'users', tenantId],
    queryFn: () =>
      api.request<{ users: UserRef[] }>('GET', '/v1/users', { query: { limit: 200 } }).then((r) => r.users),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Workflow templates, for the template filter (asked for by the roles that have templates). */
export function useReportTemplates(enabled: boolean) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['reports', 'templates', tenantId],
    queryFn: () => api.request<WorkflowTemplate[]>('GET', '/v2/workflows'),
    enabled,
    staleTime: 5 * 60_000,
  });
}
