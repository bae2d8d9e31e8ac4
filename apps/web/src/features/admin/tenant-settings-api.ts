import type { TenantConfiguration, TenantSettings } from '@signet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shellKeys } from '../../app/api.ts';
import { api } from '../../app/session/client.ts';
import { useStoredSession } from '../../app/session/use-session.ts';

/** The part of the tenant's settings one section of the settings tab saves. */
export type TenantSettingsPatch = Partial<TenantSettings>;

/**
 * Saves part of the tenant's settings (`PUT /v1/configuration`, a partial document whose nested
 * objects are replaced whole). The answer is the new configuration, so the shell's copy — menus,
 * features, the announcement banner — changes at once.
 */
export function useSaveTenantSettings() {
  const queryClient = useQueryClient();
  const tenantId = useStoredSession()?.tenantId ?? null;
  return useMutation({
    mutationFn: (patch: TenantSettingsPatch) =>
      api.request<TenantConfiguration>('PUT', '/v1/configuration', { body: patch }),
    onSuccess: (config) => queryClient.setQueryData(shellKeys.configuration(tenantId), config),
  });
}
