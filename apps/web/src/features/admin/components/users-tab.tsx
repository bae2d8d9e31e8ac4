/** The members of the tenant (issue 12): built in features/admin/components/users-*. */
export function UsersTab() {
  return null;
}
