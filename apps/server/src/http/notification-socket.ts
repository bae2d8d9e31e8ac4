import type { WebSocket } from '@fastify/websocket';
import {
  type BulkComposeProgressMessageSchema,
  type Notification,
  NotificationSchema,
} from '@signet/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { resolveActor } from '../domain/auth/resolve-actor.ts';
import type { Deps } from '../domain/deps.ts';
import { refuseLinkSession } from '../domain/policy.ts';

type BulkComposeProgressMessage = z.infer<typeof BulkComposeProgressMessageSchema>;

/** The channel the notifications table's trigger publishes on (drizzle/0003_epaks_rls.sql). */
export const NOTIFICATION_CHANNEL = 'signet_notifications';

/** What the trigger puts in a NOTIFY payload. */
interface Published {
  tenantId: string;
  userId: string;
  type: string;
  epakId: string | null;
  subject: string;
  title: string;
  body: string;
  createdAt: string;
}

/**
 * The open sockets of this process, per user and tenant (spec: a per-user, per-tenant topic).
 * Every process LISTENs to the database, so a notification stored through any of them reaches
 * the user's sockets on all of them.
 */
export function createNotificationHub() {
  const topics = new Map<string, Set<WebSocket>>();
  const topic = (tenantId: string, userId: string) => `${tenantId}:${userId}`;
  return {
    add(tenantId: string, userId: string, socket: WebSocket): void {
      const key = topic(tenantId, userId);
      const set = topics.get(key) ?? new Set();
      set.add(socket);
      topics.set(key, set);
      socket.on('close', () => {
        set.delete(socket);
        if (set.size === 0) topics.delete(key);
      });
    },
    /** Relays one NOTIFY payload; a malformed one is dropped. */
    publish(payload: string): void {
      let p: Published;
      try {
        p = JSON.parse(payload) as Published;
      } catch {
        return;
      }
      const sockets = topics.get(topic(p.tenantId, p.userId));
      if (!sockets) return;
      const parsed = NotificationSchema.safeParse({
        notificationType: p.type,
        epak: { id: p.epakId ?? '', subject: p.subject },
        title: p.title,
        body: p.body,
        sentAt: new Date(p.createdAt).toISOString(),
      });
      if (!parsed.success) return;
      const message = JSON.stringify({
        type: 'notification',
        notification: parsed.data satisfies Notification,
      });
      for (const s of sockets) if (s.readyState === s.OPEN) s.send(message);
    },
    /**
     * Relays a bulk compose run's progress (NOTIFY `{tenantId, userId, runId}`) to its owner's
     * sockets as `{type: 'bulkCompose', runId}`; the client reads the run again.
     */
    publishBulkCompose(payload: string): void {
      let p: { tenantId?: unknown; userId?: unknown; runId?: unknown };
      try {
        p = JSON.parse(payload) as typeof p;
      } catch {
        return;
      }
      if (typeof p.tenantId !== 'string' || typeof p.userId !== 'string' || typeof p.runId !== 'string')
        return;
      const sockets = topics.get(topic(p.tenantId, p.userId));
      if (!sockets) return;
      const message = JSON.stringify({
        type: 'bulkCompose',
        runId: p.runId,
      } satisfies BulkComposeProgressMessage);
      for (const s of sockets) if (s.readyState === s.OPEN) s.send(message);
    },
    closeAll(): void {
      for (const set of topics.values()) for (const s of set) s.close(1001, 'server shutting down');
      topics.clear();
    },
  };
}
export type NotificationHub = ReturnType<typeof createNotificationHub>;

/**
 * The socket at `path` (the configuration's notificationPath). Browsers cannot set headers on a
 * WebSocket, so the token and tenant come as `access_token` and `tenant_id` query parameters. The
 * socket closes when the token expires; the client reconnects with its refreshed token. A session
 * opened from an easy-sign link is refused (4003).
 */
export function registerNotificationSocket(
  app: FastifyInstance,
  path: string,
  hub: NotificationHub,
  deps: Deps,
) {
  app.get(path, { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const query = request.query as { access_token?: string; tenant_id?: string };
    try {
      const actor = await resolveActor(query.access_token, query.tenant_id, request.ip ?? null, deps);
      if (!actor.tenantId) throw new Error('no tenant');
      // Notifications are about all of the person's ePaks; a signing link reaches one.
      refuseLinkSession(actor);
      hub.add(actor.tenantId, actor.userId, socket);
      const msLeft = actor.claims.expiresAt.getTime() - deps.clock.now().getTime();
      const expiry = setTimeout(() => socket.close(4001, 'token expired'), Math.max(msLeft, 0));
      expiry.unref();
      socket.on('close', () => clearTimeout(expiry));
      socket.send(JSON.stringify({ type: 'ready' }));
    } catch {
      socket.close(4003, 'not authorized');
    }
  });
}
