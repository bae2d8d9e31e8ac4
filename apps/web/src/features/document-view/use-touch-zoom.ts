import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import {
  distance,
  doubleTapTarget,
  isDoubleTap,
  midpoint,
  type Point,
  pinchedZoom,
  scrollAfterZoom,
} from './touch-zoom.ts';
import type { useDocumentZoom } from './zoom-bar.tsx';

/** Taps on a field or a button are theirs, not a zoom gesture. */
const INTERACTIVE = 'input, textarea, select, button, a, [role="button"]';

/**
 * Pinch and double-tap zoom on a document's scroller (issue 18). The scroller takes
 * `touch-action: pan-x pan-y`, so the browser scrolls but leaves zooming to us: while the fingers
 * move, the pages are only scaled by CSS (cheap); when they lift, the zoom is set once (the
 * pages are drawn again sharp) and the scroll keeps the point between the fingers in place.
 */
export function useTouchZoom(
  zoomState: ReturnType<typeof useDocumentZoom>,
  content: RefObject<HTMLDivElement | null>,
  enabled: boolean,
) {
  const { container, zoom, set, choose, fit } = zoomState;
  const latest = useRef({ zoom, set, choose, fit });
  latest.current = { zoom, set, choose, fit };
  /** The scroll to restore once the new zoom has been laid out. */
  const pending = useRef<{ ratio: number; focus: Point; scroll: { left: number; top: number } } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once each new zoom is laid out, to scroll to where the gesture pointed.
  useLayoutEffect(() => {
    const el = container.current;
    const p = pending.current;
    if (!el || !p) return;
    pending.current = null;
    const next = scrollAfterZoom(p.scroll, p.focus, p.ratio);
    el.scrollLeft = next.left;
    el.scrollTop = next.top;
  }, [zoom, container]);

  useEffect(() => {
    const el = container.current;
    if (!enabled || !el) return;
    let pinch: { spread: number; zoom: number; focus: Point; scale: number } | null = null;
    let lastTap: (Point & { at: number }) | null = null;
    let moved = false;

    const local = (t: Touch): Point => {
      const r = el.getBoundingClientRect();
      return { x: t.clientX - r.left, y: t.clientY - r.top };
    };
    const zoomTo = (next: number, focus: Point) => {
      const { zoom: current, set: setZoom } = latest.current;
      if (next === current) return;
      pending.current = {
        ratio: next / current,
        focus,
        scroll: { left: el.scrollLeft, top: el.scrollTop },
      };
      setZoom(next);
    };
    const unscale = () => {
      if (content.current) content.current.style.transform = '';
    };

    function start(e: TouchEvent) {
      if (e.touches.length === 2) {
        const [a, b] = [local(e.touches[0] as Touch), local(e.touches[1] as Touch)];
        pinch = { spread: distance(a, b), zoom: latest.current.zoom, focus: midpoint(a, b), scale: 1 };
        lastTap = null;
      } else moved = false;
    }
    function move(e: TouchEvent) {
      if (!pinch || e.touches.length !== 2) {
        moved = true;
        return;
      }
      e.preventDefault();
      const [a, b] = [local(e.touches[0] as Touch), local(e.touches[1] as Touch)];
      const target = pinchedZoom(pinch.zoom, pinch.spread, distance(a, b));
      pinch.scale = target / pinch.zoom;
      const box = content.current;
      if (box) {
        box.style.transformOrigin = `${el.scrollLeft + pinch.focus.x}px ${el.scrollTop + pinch.focus.y}px`;
        box.style.transform = `scale(${pinch.scale})`;
      }
    }
    function end(e: TouchEvent) {
      if (pinch) {
        if (e.touches.length > 0) return;
        const { zoom: from, scale, focus } = pinch;
        pinch = null;
        unscale();
        zoomTo(pinchedZoom(from, 1, scale), focus);
        return;
      }
      const touch = e.changedTouches[0];
      if (moved || !touch || e.touches.length > 0) return;
      if (touch.target instanceof Element && touch.target.closest(INTERACTIVE)) {
        lastTap = null;
        return;
      }
      const tap = { ...local(touch), at: e.timeStamp };
      if (!isDoubleTap(lastTap, tap)) {
        lastTap = tap;
        return;
      }
      lastTap = null;
      e.preventDefault();
      const { zoom: current, fit: fitZoom, choose: chooseMode } = latest.current;
      const fitNow = fitZoom();
      const target = doubleTapTarget(current, fitNow);
      if (target === 'fit') {
        pending.current = {
          ratio: fitNow / current,
          focus: tap,
          scroll: { left: el.scrollLeft, top: el.scrollTop },
        };
        chooseMode('FTW');
      } else zoomTo(target, tap);
    }

    el.addEventListener('touchstart', start, { passive: true });
    el.addEventListener('touchmove', move, { passive: false });
    el.addEventListener('touchend', end, { passive: false });
    el.addEventListener('touchcancel', end, { passive: false });
    return () => {
      el.removeEventListener('touchstart', start);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
      unscale();
    };
  }, [enabled, container, content]);
}
