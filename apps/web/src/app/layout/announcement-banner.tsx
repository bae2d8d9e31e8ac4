import { Alert } from '@mantine/core';
import { Timing } from '@signet/contracts';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfiguration } from '../api.ts';
import { announcementState } from './announcement.ts';

/** The global announcement, shown only between its start and end; timers switch it on and off. */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const config = usePublicConfiguration();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const announcement = config.data?.announcement;
  const state = announcementState(announcement, Date.now());

  useEffect(() => {
    if (state.changesInMs === null) return;
    const timer = setTimeout(rerender, Math.min(state.changesInMs + 50, Timing.TIMER_CAP_MS));
    return () => clearTimeout(timer);
  }, [state.changesInMs]);

  if (!state.visible || !announcement) return null;
  return (
    <Alert color="yellow" title={t('announcement.title')} data-testid="announcement-banner" role="status">
      {announcement.text}
    </Alert>
  );
}
