import type { SsoMappableRole, SsoRoleMapping } from '@signet/contracts';

/** The parts of a provider's settings that decide a member's role. */
export interface RoleRule {
  roleClaim: string | null;
  roleMapping: readonly SsoRoleMapping[];
  defaultRole: SsoMappableRole;
}

/** A claim's values as strings: providers send one value, a list, or (Keycloak style) a space-separated string. */
function claimValues(claim: unknown): string[] {
  if (typeof claim === 'string') return claim.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(claim)) return claim.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Whether the provider decides roles at every sign-in (a claim and at least one mapping). */
export function mapsRoles(rule: RoleRule): boolean {
  return rule.roleClaim !== null && rule.roleMapping.length > 0;
}

/**
 * The role the claims give: the first mapping (in the admin's order) whose value the claim holds,
 * else the default role. Values are compared exactly: group names are case-sensitive at most providers.
 */
export function roleFromClaims(claims: Record<string, unknown>, rule: RoleRule): SsoMappableRole {
  if (!rule.roleClaim) return rule.defaultRole;
  const held = new Set(claimValues(claims[rule.roleClaim]));
  return rule.roleMapping.find((m) => held.has(m.value))?.role ?? rule.defaultRole;
}
