/** The tenant's groups (issue 12): built in features/admin/components/groups-*. */
export function GroupsTab() {
  return null;
}
