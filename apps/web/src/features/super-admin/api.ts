import type { PlatformSettings, SuperAdmin, Tenant } from '@signet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shellKeys } from '../../app/api.ts';
import { api } from '../../app/session/client.ts';

/** The super admin's calls (`/v2/tenants*`, `/v2/user/*Superadmin*`). */

const TENANTS = ['super-admin', 'tenants'] as const;
const SUPER_ADMINS = ['super-admin', 'super-admins'] as const;

export function useTenants() {
  return useQuery({ queryKey: TENANTS, queryFn: () => api.request<Tenant[]>('GET', '/v2/tenants') });
}

export interface NewTenant {
  tenantName: string;
  adminEmail: string;
  adminFirstName: string;
  adminLastName: string;
}

/** Creates a tenant; the server invites its owner in the language the request carries (the UI's). */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTenant) => api.request<Tenant>('POST', '/v2/tenants', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS }),
  });
}

export interface TenantChange {
  tenantId: string;
  status?: Tenant['status'];
  tenantName?: string;
  licenseExpiresOn?: string | null;
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, ...body }: TenantChange) =>
      api.request<Tenant>('PUT', `/v2/tenants/${tenantId}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS }),
  });
}

export function useSuperAdmins() {
  return useQuery({
    queryKey: SUPER_ADMINS,
    queryFn: () => api.request<SuperAdmin[]>('GET', '/v2/user/getAllSuperadmins'),
  });
}

export function useRegisterSuperAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; firstName: string; lastName: string }) =>
      api.request<SuperAdmin>('POST', '/v2/user/registerAsSuperadmin', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPER_ADMINS }),
  });
}

export function useSetSuperAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; status: SuperAdmin['status'] }) =>
      api.request<SuperAdmin>('PUT', '/v2/user/updateSuperadminStatus', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SUPER_ADMINS }),
  });
}

/** A licence end is stored as the end of the chosen day (UTC): the tenant works through that day. */
export function licenceEndOf(day: string): string {
  return `${day}T23:59:59.999Z`;
}

/** The day (YYYY-MM-DD, UTC) of a stored licence end, for a date input. */
export function licenceDayOf(value: string | null): string {
  return value ? new Date(value).toISOString().slice(0, 10) : '';
}

/** One year after the later of today and the current end: what "extend by a year" proposes. */
export function extendedByAYear(current: string | null, now: Date = new Date()): string {
  const from = current && new Date(current) > now ? new Date(current) : now;
  const next = new Date(from);
  next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next.toISOString().slice(0, 10);
}

export function licenceEnded(value: string | null, now: Date = new Date()): boolean {
  return value !== null && new Date(value) <= now;
}

const PLATFORM = ['super-admin', 'platform'] as const;

export function usePlatformSettings() {
  return useQuery({
    queryKey: PLATFORM,
    queryFn: () => api.request<PlatformSettings>('GET', '/v2/platform/settings'),
  });
}

/** Saves the platform settings; the sign-in page's public configuration follows (sign-up link). */
export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<PlatformSettings>) =>
      api.request<PlatformSettings>('PUT', '/v2/platform/settings', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(PLATFORM, saved);
      return queryClient.invalidateQueries({ queryKey: shellKeys.publicConfiguration });
    },
  });
}
