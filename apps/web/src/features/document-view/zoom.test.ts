import { PdfView } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { fitToWidth, stepZoom, zoomStep } from './zoom.ts';

describe('document zoom', () => {
  it('steps by 0.3, or by 0.25 with the zoom flag', () => {
    expect(zoomStep(false)).toBe(0.3);
    expect(zoomStep(true)).toBe(0.25);
    expect(stepZoom(1, 1, false)).toBe(1.3);
    expect(stepZoom(1, -1, true)).toBe(0.75);
  });

  it('never goes below the minimum or above the maximum, and rounds to 2 decimals', () => {
    expect(stepZoom(0.7, -1, false)).toBe(PdfView.ZOOM_MIN);
    expect(stepZoom(2.9, 1, false)).toBe(PdfView.ZOOM_MAX);
    expect(stepZoom(1 / 3, 1, true)).toBe(0.6);
    expect(stepZoom(1.111, 1, true)).toBe(1.36);
  });

  it('fits the widest page to the width available', () => {
    expect(fitToWidth(1190, [595, 595])).toBe(2);
    expect(fitToWidth(800, [595, 842])).toBe(0.95);
    expect(fitToWidth(100, [595])).toBe(PdfView.ZOOM_MIN);
  });
});
