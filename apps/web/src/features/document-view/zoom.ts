import { clampZoom, PdfView } from '@signet/contracts';

/** How the pages are sized (spec §9 render modes): fit to width, actual size, or a zoom the user chose. */
export type RenderMode = (typeof PdfView.RENDER_MODES)[number] | 'custom';

/** Zoom step: 0.25 with the tenant's zoom flag, else the default step (spec §9). */
export function zoomStep(zoomFlag: boolean): number {
  return zoomFlag ? PdfView.ZOOM_STEP_WITH_FLAG : PdfView.ZOOM_STEP;
}

/** The zoom that makes the widest page fill `available` pixels, within the allowed range. */
export function fitToWidth(available: number, pageWidths: readonly number[]): number {
  const widest = Math.max(1, ...pageWidths);
  return clampZoom(available / widest);
}

/** One step in or out from the current zoom, clamped and rounded (spec §2). */
export function stepZoom(current: number, direction: 1 | -1, zoomFlag: boolean): number {
  return clampZoom(current + direction * zoomStep(zoomFlag));
}
