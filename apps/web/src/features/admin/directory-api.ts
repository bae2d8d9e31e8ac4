import type {
  DirectoryRun,
  DirectorySettings,
  DirectoryTestResult,
  SaveDirectorySettings,
} from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** While a run is queued or running its progress is read again this often. */
const PROGRESS_POLL_MS = 1000;

export const isActive = (run: DirectoryRun | undefined) =>
  run?.status === 'queued' || run?.status === 'running';

export function useDirectorySettings() {
  const session = useStoredSession();
  return useQuery({
    queryKey: ['directory-settings', session?.tenantId ?? null],
    queryFn: () => api.request<DirectorySettings>('GET', '/v2/userSyncUp/settings'),
    enabled: session !== null,
  });
}

export function useSaveDirectorySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveDirectorySettings) =>
      api.request<DirectorySettings>('PUT', '/v2/userSyncUp/settings', { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueriesData({ queryKey: ['directory-settings'] }, saved);
    },
  });
}

export function useTestDirectory() {
  return useMutation({
    mutationFn: (input: SaveDirectorySettings) =>
      api.request<DirectoryTestResult>('POST', '/v2/userSyncUp/test', { body: input }),
  });
}

/** The latest runs, polled while the newest one is still at work (the progress bar). */
export function useSyncRuns() {
  const session = useStoredSession();
  return useQuery({
    queryKey: ['directory-runs', session?.tenantId ?? null],
    queryFn: () => api.request<{ runs: DirectoryRun[] }>('GET', '/v2/userSyncUp/runs').then((r) => r.runs),
    enabled: session !== null,
    refetchInterval: (query) => (isActive(query.state.data?.[0]) ? PROGRESS_POLL_MS : false),
  });
}

export function useStartSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<DirectoryRun>('POST', '/v2/startUserSyncUp'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['directory-runs'] }),
  });
}
