import type { FilteredUser, TenantRole, UserRef, UserStatus, UserType } from '@signet/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBinary } from '../../app/session/binary.ts';
import { api } from '../../app/session/client.ts';

/** The users tab's calls (`/v1/filteredusers`, invitations, roles, status, password reset). */

const USERS = ['admin-users'] as const;

export type UserSortColumn = 'firstName' | 'lastName' | 'email' | 'role' | 'status' | 'createdOn';

export interface UserListParams {
  page: number;
  size: number;
  sort: { column: UserSortColumn; descending: boolean };
  search: string;
  role: TenantRole | null;
  status: UserStatus | null;
}

export interface UserPage {
  users: FilteredUser[];
  totalCount: number;
  pg: number;
  pageSize: number;
}

export function useFilteredUsers(p: UserListParams) {
  return useQuery({
    queryKey: [...USERS, p],
    queryFn: () =>
      api.request<UserPage>('GET', '/v1/filteredusers', {
        query: {
          pg: p.page,
          size: p.size,
          sort: `${p.sort.column},${p.sort.descending ? 'desc' : 'asc'}`,
          filter: p.search.trim() || undefined,
          role: p.role ?? undefined,
          status: p.status ?? undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

function useUsersMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS }),
  });
}

export interface InviteInput {
  email: string;
  firstName: string;
  lastName: string;
  role: TenantRole;
  type?: UserType;
}

export function useInviteUser() {
  return useUsersMutation((body: InviteInput) =>
    api.request<{ user: UserRef; invited: boolean }>('POST', '/v1/users/invite', { body }),
  );
}

export interface CsvRowResult {
  row: number;
  email: string;
  code: number;
  message: string;
}
export interface CsvInviteSummary {
  invited: number;
  failed: number;
  rows: CsvRowResult[];
}

/** Uploads a CSV of invitations; `onProgress` follows the upload (0 to 1). -222 carries the summary. */
export function useCsvInvite() {
  return useUsersMutation(({ file, onProgress }: { file: File; onProgress: (f: number) => void }) => {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return api.request<CsvInviteSummary>('POST', '/v2/users/csvInvite', {
      formData,
      onUploadProgress: onProgress,
    });
  });
}

/** The CSV template, as text. */
export async function fetchInviteTemplate(): Promise<Blob> {
  return fetchBinary('/v2/users/csvInvite');
}

export function useUpdateRoles() {
  return useUsersMutation((users: { userId: string; role: TenantRole }[]) =>
    api.request<{ updated: number }>('PUT', '/v2/users/roles', { body: { users } }),
  );
}

export type UserAction = 'disable' | 'enable' | 'cancelInvitation' | 'resetPassword' | 'makeAdmin';

export function useUserAction() {
  return useUsersMutation(({ action, userId }: { action: UserAction; userId: string }) => {
    const id = encodeURIComponent(userId);
    switch (action) {
      case 'disable':
      case 'enable':
        return api.request('PUT', `/v1/users/${id}/status`, {
          body: { status: action === 'enable' ? 'enabled' : 'disabled' },
        });
      case 'cancelInvitation':
        return api.request('DELETE', `/v1/users/${id}/invitation`);
      case 'resetPassword':
        return api.request('POST', `/v1/users/${id}/password/reset`);
      case 'makeAdmin':
        return api.request('POST', `/v1/users/${id}/admin`, { body: { admin: true } });
    }
  });
}

/** Saves a blob as a file the browser downloads. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(url);
}
