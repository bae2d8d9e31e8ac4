import { ActionIcon, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { PdfView } from '@signet/contracts';
import {
  type RefObject,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { fitToWidth, type RenderMode, stepZoom } from './zoom.ts';

/**
 * The zoom of a document view. Fit-to-width follows the container's width as it changes; Actual is
 * 100 %; the buttons step from wherever the zoom is and switch to a custom zoom.
 */
export function useDocumentZoom(pageWidths: readonly number[], zoomFlag: boolean) {
  const container = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<RenderMode>('FTW');
  const [zoom, setZoom] = useState(1);
  // The pages are drawn once the fit is known (`measured`): drawn at 100 % and again at the fit,
  // a slow phone paid for every page twice, in one task (issue 21). The fit is read before the
  // first paint and the pages drawn in slices (a transition), the view around them meanwhile.
  const [measured, setMeasured] = useState(false);
  const widths = pageWidths.join(',');
  /** What fit-to-width would be now, whatever the mode. */
  const fit = useCallback(() => {
    const el = container.current;
    return el ? fitToWidth(el.clientWidth - 8, widths.split(',').map(Number)) : 1;
  }, [widths]);

  useLayoutEffect(() => {
    if (measured || !container.current) return;
    const first = fit();
    startTransition(() => {
      setZoom(first);
      setMeasured(true);
    });
  }, [measured, fit]);

  useEffect(() => {
    const el = container.current;
    if (!measured || mode !== 'FTW' || !el) return;
    const follow = () => setZoom(fit());
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measured, mode, fit]);

  const choose = useCallback((next: RenderMode) => {
    setMode(next);
    if (next === 'Actual') setZoom(1);
  }, []);
  const step = useCallback(
    (direction: 1 | -1) => {
      setMode('custom');
      setZoom((z) => stepZoom(z, direction, zoomFlag));
    },
    [zoomFlag],
  );
  /** A zoom reached by a gesture (pinch, double tap): custom, already clamped by the caller. */
  const set = useCallback((next: number) => {
    setMode('custom');
    setZoom(next);
  }, []);
  return { container: container as RefObject<HTMLDivElement>, zoom, measured, mode, choose, step, set, fit };
}

/**
 * Render mode and zoom steps. `compact` (a phone, where pinch and double tap zoom too): the steps
 * only, and a way back to fit-width once the zoom has left it.
 */
export function ZoomBar({
  zoomState,
  compact = false,
}: {
  zoomState: ReturnType<typeof useDocumentZoom>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { zoom, mode, choose, step } = zoomState;
  return (
    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
      {!compact && (
        <SegmentedControl
          size="xs"
          value={mode === 'custom' ? '' : mode}
          onChange={(v) => choose(v as RenderMode)}
          data={PdfView.RENDER_MODES.map((m) => ({ value: m, label: t(`viewer.modes.${m}`) }))}
          aria-label={t('viewer.renderMode')}
        />
      )}
      {compact && mode !== 'FTW' && (
        <Button size="compact-sm" variant="subtle" onClick={() => choose('FTW')} data-testid="zoom-fit">
          {t('viewer.modes.FTW')}
        </Button>
      )}
      <ActionIcon
        variant="default"
        aria-label={t('viewer.zoomOut')}
        onClick={() => step(-1)}
        disabled={zoom <= PdfView.ZOOM_MIN}
        data-testid="zoom-out"
      >
        −
      </ActionIcon>
      <Text size="sm" w={44} ta="center" data-testid="zoom-level" aria-live="polite">
        {Math.round(zoom * 100)}%
      </Text>
      <ActionIcon
        variant="default"
        aria-label={t('viewer.zoomIn')}
        onClick={() => step(1)}
        disabled={zoom >= PdfView.ZOOM_MAX}
        data-testid="zoom-in"
      >
        +
      </ActionIcon>
    </Group>
  );
}
