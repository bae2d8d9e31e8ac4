import { Progress } from '@mantine/core';
import { Timing } from '@signet/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** The top progress bar while a route (and its lazily loaded code) is on its way (spec §2 header). */
export function RouteProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  const [value, setValue] = useState<number | null>(null);

  useEffect(() => {
    if (!loading) {
      setValue((v) => (v === null ? null : 100));
      const done = setTimeout(() => setValue(null), Timing.VIEW_LOADER_INTERVAL_MS * 2);
      return () => clearTimeout(done);
    }
    setValue(0);
    // Spec §9: steps every 100 ms, reaching the end after 800 ms; it waits near the end until loaded.
    const perStep = 100 / (Timing.VIEW_LOADER_DONE_MS / Timing.VIEW_LOADER_INTERVAL_MS);
    const timer = setInterval(
      () => setValue((v) => Math.min(90, (v ?? 0) + perStep)),
      Timing.VIEW_LOADER_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [loading]);

  if (value === null) return null;
  return (
    <Progress
      value={value}
      size="xs"
      radius={0}
      pos="fixed"
      top={0}
      left={0}
      right={0}
      style={{ zIndex: 1000 }}
      aria-label={t('common.loading')}
      data-testid="route-progress"
    />
  );
}
