import type { Notification } from '@signet/contracts';

/** Where a push notification takes the user (spec §2 Notifications). */
export function notificationTarget(n: Pick<Notification, 'notificationType' | 'epak'>): string {
  switch (n.notificationType) {
    case 'epakDelegated':
      return `/dashboard?${new URLSearchParams({ ePakId: n.epak.id })}`;
    case 'epakDeleted':
      return '/dashboard';
    default:
      // The spec's search by the package id, and the ePak itself opened over the list.
      return `/dashboard?${new URLSearchParams({ searchKey: 'all', searchVal: n.epak.id, ePakId: n.epak.id })}`;
  }
}

/** The socket URL, or null when the configuration gives no path or no WebSocket transport. */
export function notificationSocketUrl(
  origin: string,
  session: { notificationPath: string; notificationTransports: readonly string[] } | undefined,
  accessToken: string | null,
  tenantId: string | null,
): string | null {
  if (!session?.notificationPath || !session.notificationTransports.includes('websocket') || !accessToken) {
    return null;
  }
  const params = new URLSearchParams({ access_token: accessToken });
  if (tenantId) params.set('tenant_id', tenantId);
  return `${origin.replace(/^http/, 'ws')}${session.notificationPath}?${params}`;
}
