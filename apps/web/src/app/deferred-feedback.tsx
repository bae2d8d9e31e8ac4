import { type NotificationsState, notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';
// The host's one rule comes with the entry's stylesheet, not with the host: a stylesheet added
// after the start restyles the whole page (33 ms measured on the dashboard when the host loaded).
import './feedback-host.css';

// Modal, Notifications and their focus-trap/transition code cost a phone noticeable processor
// time, yet nothing is shown through them on a first screen: the host loads when a toast or a
// confirm dialog is first asked for, or a few seconds after the app started, when the first
// screen is done (so that a toast about a lost connection does not depend on fetching its code).
const FeedbackHost = lazy(() => import('./feedback-host.tsx'));
const IDLE_LOAD_AFTER_MS = 5000;

let hostRendered = false;
let wanted = false;
const wakers = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function want(): void {
  wanted = true;
  for (const wake of wakers) wake();
}

const hasToasts = (s: NotificationsState) => s.notifications.length + s.queue.length > 0;

/**
 * Resolves once the host listens, so that a confirm dialog asked for meanwhile is not lost (toasts
 * wait in Mantine's store by themselves). Without a deferred host (unit tests mount their own
 * providers) it resolves at once.
 */
export function feedbackHostReady(): Promise<void> {
  if (!hostRendered) return Promise.resolve();
  want();
  return mounted;
}

export function DeferredFeedback() {
  const [load, setLoad] = useState(wanted);
  useEffect(() => {
    hostRendered = true;
    const wake = () => setLoad(true);
    if (wanted || hasToasts(notificationsStore.getState())) wake();
    wakers.add(wake);
    const unsubscribe = notificationsStore.subscribe((s) => {
      if (hasToasts(s)) wake();
    });
    const idle = setTimeout(wake, IDLE_LOAD_AFTER_MS);
    return () => {
      wakers.delete(wake);
      unsubscribe();
      clearTimeout(idle);
    };
  }, []);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost onMounted={markMounted} />
    </Suspense>
  );
}
