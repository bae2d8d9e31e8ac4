import { PdfView } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { doubleTapTarget, isDoubleTap, pinchedZoom, scrollAfterZoom } from './touch-zoom.ts';

describe('touch zoom on a document', () => {
  it('a pinch scales the zoom it started from by the spread of the fingers, within the allowed range', () => {
    expect(pinchedZoom(1, 100, 150)).toBe(1.5);
    expect(pinchedZoom(0.64, 200, 100)).toBe(PdfView.ZOOM_MIN);
    expect(pinchedZoom(2, 100, 400)).toBe(PdfView.ZOOM_MAX);
  });

  it('keeps the point under the fingers where it was after zooming', () => {
    expect(scrollAfterZoom({ left: 0, top: 100 }, { x: 200, y: 300 }, 2)).toEqual({ left: 200, top: 500 });
    expect(scrollAfterZoom({ left: 50, top: 50 }, { x: 10, y: 10 }, 0.5)).toEqual({ left: 20, top: 20 });
    expect(scrollAfterZoom({ left: 0, top: 0 }, { x: 100, y: 100 }, 0.5)).toEqual({ left: 0, top: 0 });
  });

  it('two taps close in time and place are a double tap, others are not', () => {
    const first = { x: 100, y: 100, at: 1000 };
    expect(isDoubleTap(null, first)).toBe(false);
    expect(isDoubleTap(first, { x: 110, y: 95, at: 1200 })).toBe(true);
    expect(isDoubleTap(first, { x: 110, y: 95, at: 1400 })).toBe(false);
    expect(isDoubleTap(first, { x: 160, y: 100, at: 1100 })).toBe(false);
  });

  it('a double tap goes to twice fit-width, and from closer back to fit-width', () => {
    expect(doubleTapTarget(0.64, 0.64)).toBe(1.28);
    expect(doubleTapTarget(1.28, 0.64)).toBe('fit');
    expect(doubleTapTarget(1.7, 1.7)).toBe(PdfView.ZOOM_MAX);
  });
});
