import { notifications } from '@mantine/notifications';
import type { TenantConfiguration } from '@signet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { closeButtonProps } from '../feedback.tsx';
import { sessionStore } from '../session/client.ts';
import { useStoredSession } from '../session/use-session.ts';
import { notificationSocketUrl, notificationTarget } from './notification-target.ts';

const RETRY_MS = [2000, 5000, 15000, 60000];

/**
 * Listens on the user's per-tenant notification socket: refreshes ePak lists and shows an
 * in-browser notification that opens its target. Problems are only logged (spec §7).
 */
export function useNotificationSocket(config: TenantConfiguration | null): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const tenantId = useStoredSession()?.tenantId ?? null;
  const session = config?.session;

  useEffect(() => {
    if (!session) return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      const url = notificationSocketUrl(
        window.location.origin,
        session,
        sessionStore.accessToken(),
        tenantId,
      );
      if (!url || stopped) return;
      socket = new WebSocket(url);
      socket.onopen = () => {
        attempts = 0;
      };
      socket.onmessage = async (event) => {
        try {
          const message = JSON.parse(String(event.data)) as { type?: string; notification?: unknown };
          // A bulk compose run moved: its screen reads it again (no toast for each step).
          if (message.type === 'bulkCompose') {
            void queryClient.invalidateQueries({ queryKey: ['bulkcompose', 'run'] });
            return;
          }
          if (message.type !== 'notification') return;
          // The schema's module loads with the first notification, not with the dashboard (a
          // first screen): building its schemas is main-thread time on a slow phone (issue 21).
          const { NotificationSchema } = await import('./notification-schema.ts');
          const n = NotificationSchema.parse(message.notification);
          void queryClient.invalidateQueries({ queryKey: ['epaks'] });
          void queryClient.invalidateQueries({ queryKey: ['statistics'] });
          const target = notificationTarget(n);
          showBrowserNotification(
            n.title,
            n.body,
            session.webNotificationTimeoutMs,
            () => void navigate(target),
          );
        } catch (error) {
          console.warn('notification not shown', error);
        }
      };
      socket.onclose = () => {
        if (stopped) return;
        retry = setTimeout(connect, RETRY_MS[Math.min(attempts++, RETRY_MS.length - 1)]);
      };
    };
    connect();
    const stopAsking = askNotificationPermissionOnFirstClick();
    return () => {
      stopAsking();
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [session, tenantId, queryClient, navigate]);
}

/**
 * Asks once for permission to show system notifications, on the user's first click after sign-in:
 * browsers only show the prompt for a user gesture, and a prompt out of nowhere gets refused.
 * Whether to ask is read through the Permissions API, which answers without blocking:
 * `Notification.permission` asks the browser synchronously, measured at 36 ms of the dashboard's
 * start on this machine (issue 21).
 */
export function askNotificationPermissionOnFirstClick(): () => void {
  if (typeof Notification === 'undefined') return () => undefined;
  let stopped = false;
  const ask = () => void Notification.requestPermission().catch(() => undefined);
  void notificationPermission().then((state) => {
    if (state === 'prompt' && !stopped)
      document.addEventListener('pointerdown', ask, { once: true, capture: true });
  });
  return () => {
    stopped = true;
    document.removeEventListener('pointerdown', ask, { capture: true });
  };
}

/** The notification permission's state, from the Permissions API where there is one. */
async function notificationPermission(): Promise<PermissionState> {
  try {
    return (await navigator.permissions.query({ name: 'notifications' })).state;
  } catch {
    const legacy = Notification.permission;
    return legacy === 'default' ? 'prompt' : legacy;
  }
}

/** The system notification when the user allowed it, a toast otherwise; both open the target. */
function showBrowserNotification(title: string, body: string, timeoutMs: number, open: () => void): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
    const n = new Notification(title, { body });
    n.onclick = () => {
      window.focus();
      open();
      n.close();
    };
    setTimeout(() => n.close(), timeoutMs);
    return;
  }
  notifications.show({
    title,
    message: body,
    autoClose: timeoutMs,
    onClick: open,
    style: { cursor: 'pointer' },
    withBorder: true,
    closeButtonProps: closeButtonProps(),
    // Under a title Mantine dims the message to a grey that fails contrast (axe) on white.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
