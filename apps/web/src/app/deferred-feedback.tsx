import { lazy, Suspense, useEffect, useState } from 'react';

// Modal, Notifications and their positioning/transition code cost a phone noticeable processor
// time at start, yet nothing is shown through them before the first screen is up: they load
// after the first paint.
const FeedbackHost = lazy(() => import('./feedback-host.tsx'));

let markMounted: () => void = () => {};
let mounted: Promise<void> | undefined;

/**
 * Resolves once the host listens, so that a confirm dialog asked for meanwhile is not lost (toasts
 * wait in Mantine's store by themselves). Without a deferred host (unit tests mount their own
 * providers) it resolves at once.
 */
export function feedbackHostReady(): Promise<void> {
  return mounted ?? Promise.resolve();
}

export function DeferredFeedback() {
  const [load, setLoad] = useState(false);
  useEffect(() => {
    mounted ??= new Promise((resolve) => {
      markMounted = resolve;
    });
    setLoad(true);
  }, []);
  if (!load) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHost onMounted={() => markMounted()} />
    </Suspense>
  );
}
