/** The tenant's settings in one place (issue 12): built in features/admin/components/tenant-settings-*. */
export function TenantSettingsTab() {
  return null;
}
