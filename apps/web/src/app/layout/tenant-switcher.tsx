import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CurrentUser, useSwitchTenant } from '../api.ts';
import { toast } from '../feedback.tsx';
import { homeFor } from '../routing/home.ts';
import { useStoredSession } from '../session/use-session.ts';

/** Shown to users of more than one tenant; switching changes the role to that tenant's entry. */
export function TenantSwitcher({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useStoredSession();
  const switchTenant = useSwitchTenant();
  const tenants = user.userTenantList.filter((m) => m.status === 'enabled');
  if (tenants.length < 2) return null;

  async function handleChange(tenantId: string | null) {
    if (!tenantId || tenantId === session?.tenantId) return;
    try {
      const next = await switchTenant.mutateAsync(tenantId);
      void navigate(homeFor(next.role));
    } catch {
      toast.error(t('messages.internalErrorMsg'));
    }
  }

  return (
    <Select
      size="xs"
      w={180}
      aria-label={t('header.tenant')}
      data-testid="tenant-switcher"
      value={session?.tenantId ?? null}
      data={tenants.map((m) => ({ value: m.tenantUuid, label: m.tenantName }))}
      onChange={(value) => void handleChange(value)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
