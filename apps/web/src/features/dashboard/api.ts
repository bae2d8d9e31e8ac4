import {
  type EpakDetail,
  type EpakListMetadata,
  type EpakListQuery,
  type EpakSummary,
  type Group,
  type Statistics,
  type StatisticsQuery,
  Timing,
} from '@signet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** ePak list, statistics and star calls of the dashboard (the ePak API of issue 3). */

export type EpakPage = { data: EpakSummary[]; metadata: EpakListMetadata };

function clean<T extends object>(query: T): Record<string, string | number | boolean | undefined> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number | boolean | undefined
  >;
}

export function useEpaks(query: Partial<EpakListQuery>) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['epaks', tenantId, query],
    queryFn: () =>
      api.requestWithMeta<EpakSummary[], EpakListMetadata>('GET', '/v2/epaks', { query: clean(query) }),
    refetchInterval: Timing.EPAK_LIST_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export function useStatistics(query: Partial<StatisticsQuery>, enabled = true) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['statistics', tenantId, query],
    queryFn: () => api.request<Statistics>('GET', '/v2/statistics', { query: clean(query) }),
    refetchInterval: Timing.EPAK_LIST_REFRESH_MS,
    enabled,
  });
}

export function useGroups(enabled: boolean) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['groups', tenantId],
    queryFn: () => api.request<{ groups: Group[] }>('GET', '/v1/groups').then((r) => r.groups),
    enabled,
    staleTime: 60_000,
  });
}

export function useToggleStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (epakId: string) => api.request('GET', `/v2/epaks/${encodeURIComponent(epakId)}/togglestar`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['epaks'] }),
  });
}

export function useEpakDetail(epakId: string | undefined) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['epaks', tenantId, 'detail', epakId],
    queryFn: () => api.request<EpakDetail>('GET', `/v2/epaks/${encodeURIComponent(epakId ?? '')}`),
    enabled: !!epakId,
  });
}

/** One entry of `GET /v2/epaks/{ePakId}/activity` (the fields the web app reads). */
export interface ActivityEntry {
  seq?: number;
  action: string;
  actorEmail: string | null;
  /** The actor's name when their profile is shared with the tenant. */
  actorName?: string;
  /** The document the entry is about, by its stored name. */
  documentName?: string;
  at: string;
  details?: Record<string, unknown>;
}

export function useEpakActivity(epakId: string | undefined) {
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useQuery({
    queryKey: ['epaks', tenantId, 'activity', epakId],
    queryFn: () =>
      api.request<ActivityEntry[]>('GET', `/v2/epaks/${encodeURIComponent(epakId ?? '')}/activity`),
    enabled: !!epakId,
  });
}

/** A reminder to one pending recipient, or cancelling a delegation (spec §7). */
export function useRecipientAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (p: {
      kind: 'remind' | 'delegateCancel';
      epakId: string;
      stepId: string;
      wfOrderId: number;
      userId: string;
      email: string;
    }) => {
      const e = encodeURIComponent;
      if (p.kind === 'remind') {
        return api.request(
          'POST',
          `/v2/epaks/${e(p.epakId)}/user/${e(p.userId)}/state/${e(p.stepId)}/wforder/${p.wfOrderId}/reminder`,
        );
      }
      return api.request('POST', `/v2/epaks/${e(p.epakId)}/user/${e(p.email)}/${e(p.stepId)}/delegatecancel`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['epaks'] }),
  });
}

/** Custodian actions on one ePak (spec §7 ePak calls). */
export function useEpakAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, epak }: { action: 'stop' | 'archive' | 'delete'; epak: EpakSummary }) => {
      const id = encodeURIComponent(epak.id);
      if (action === 'stop')
        return api.request('POST', '/v2/epak/status', { body: { ePakId: epak.id, status: 'Stopped' } });
      if (action === 'archive') return api.request('POST', `/v2/epak/${id}/archive`);
      return api.request('DELETE', '/v2/epaks', { body: { ePakIds: [epak.id] } });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['epaks'] });
      void queryClient.invalidateQueries({ queryKey: ['statistics'] });
    },
  });
}

/** Saves a binary answer (zip, PDF) as a file. */
async function saveDownload(path: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchBinary(path));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}

export function downloadEpak(epak: EpakSummary): Promise<void> {
  return saveDownload(
    `/v2/epaks/${encodeURIComponent(epak.id)}/download`,
    `${epak.ePakName || epak.subject || epak.id}.zip`,
  );
}

export function downloadDocument(epakId: string, doc: { id: string; name: string }): Promise<void> {
  const name = doc.name.toLowerCase().endsWith('.pdf') ? doc.name : `${doc.name}.pdf`;
  return saveDownload(
    `/v2/epaks/${encodeURIComponent(epakId)}/documents/${encodeURIComponent(doc.id)}/download`,
    name,
  );
}
