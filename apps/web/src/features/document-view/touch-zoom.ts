import { clampZoom } from '@signet/contracts';

/** Touch gestures on a document (issue 18): pinch to any zoom, double-tap between fit-width and closer. */

export interface Point {
  x: number;
  y: number;
}

/** Two taps this close in time (ms) and place (px) are a double tap. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_PX = 30;

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** The zoom a pinch reaches: the fingers' spread scales the zoom it started from, within the allowed range. */
export function pinchedZoom(startZoom: number, startSpread: number, spread: number): number {
  return clampZoom(startZoom * (spread / Math.max(1, startSpread)));
}

/**
 * Where to scroll after the zoom changed by `ratio`, so that the point under `focus` (relative to
 * the scroller's visible box) stays under it.
 */
export function scrollAfterZoom(scroll: { left: number; top: number }, focus: Point, ratio: number) {
  return {
    left: Math.max(0, (scroll.left + focus.x) * ratio - focus.x),
    top: Math.max(0, (scroll.top + focus.y) * ratio - focus.y),
  };
}

export function isDoubleTap(previous: (Point & { at: number }) | null, tap: Point & { at: number }): boolean {
  return (
    previous !== null && tap.at - previous.at <= DOUBLE_TAP_MS && distance(previous, tap) <= DOUBLE_TAP_PX
  );
}

/** A double tap zooms in to twice the fit-width zoom, or, when already closer than fit-width, back to it. */
export function doubleTapTarget(current: number, fit: number): 'fit' | number {
  return current > fit + 0.01 ? 'fit' : clampZoom(fit * 2);
}
