import { Alert } from '@mantine/core';
import { Timing } from '@signet/contracts';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfiguration, useTenantConfiguration } from '../api.ts';
import { announcementState } from './announcement.ts';

/** The global announcement, shown only between its start and end; timers switch it on and off. */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const config = usePublicConfiguration();
  // Signed in, the tenant's own announcement (admin settings tab) comes before the installation's
  // until it is over.
  const tenantConfig = useTenantConfiguration();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const own = tenantConfig.data?.announcement;
  const announcement =
    own && announcementState(own, Date.now()).changesInMs !== null ? own : config.data?.announcement;
  const state = announcementState(announcement, Date.now());

  useEffect(() => {
    if (state.changesInMs === null) return;
    const timer = setTimeout(rerender, Math.min(state.changesInMs + 50, Timing.TIMER_CAP_MS));
    return () => clearTimeout(timer);
  }, [state.changesInMs]);

  if (!state.visible || !announcement) return null;
  return (
    <Alert
      color="yellow"
      title={t('announcement.title')}
      // Yellow-on-light titles fail the contrast check (axe): the title takes the text colour.
      styles={{ label: { color: 'var(--mantine-color-text)' } }}
      data-testid="announcement-banner"
      role="status"
    >
      {announcement.text}
    </Alert>
  );
}
