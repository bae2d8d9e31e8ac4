import type { Role } from '@signet/contracts';

/** Where a signed-in user lands: the super admin has no dashboard (spec §2), only settings and reports. */
export function homeFor(role: Role): string {
  return role === 'super_admin' ? '/settings' : '/dashboard';
}

/** A `next` parameter is followed only when it is a path of this app, never another origin. */
export function safeNext(next: string | null): string | null {
  return next && /^\/(?!\/)/.test(next) ? next : null;
}
