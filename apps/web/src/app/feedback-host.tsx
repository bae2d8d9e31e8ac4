import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/**
 * The toasts and the confirm dialogs' host. Both take their calls through Mantine's stores and
 * window events rather than React context, so they need not wrap the routes.
 */
export default function FeedbackHost({ onMounted }: { onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  return (
    <>
      <ModalsProvider />
      {/* Below the header, so a toast never covers the controls a person reaches for next. */}
      <Notifications position="top-right" classNames={{ root: 'signet-toasts' }} />
    </>
  );
}
