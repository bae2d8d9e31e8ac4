import { Limits, PdfView } from '../constants.ts';
import { DEFAULT_TAG_LIMITS, type TagLimits } from './tag-types.ts';

/**
 * Placement rules of spec §2, §5 and §9 as pure functions, used by the tag editor in the browser
 * and by the server, which checks every tag it stores. Coordinates are PDF points of the page as
 * a viewer shows it (after rotation, relative to the crop box), origin top-left, y downwards.
 */

export interface Box {
  positionX: number;
  positionY: number;
  blockWidth: number;
  blockHeight: number;
}

export interface PlacedTag extends Box {
  id?: string | undefined;
  type: string;
  key?: string | undefined;
  pageNumber: number;
  /** Who fills it; overlap is checked between any signature tags of the page. */
  recipientId?: string | null | undefined;
}

export interface PageSize {
  width: number;
  height: number;
}

/** How far two boxes overlap on each axis (negative when apart). */
function overlapOf(a: Box, b: Box): { x: number; y: number } {
  return {
    x: Math.min(a.positionX + a.blockWidth, b.positionX + b.blockWidth) - Math.max(a.positionX, b.positionX),
    y:
      Math.min(a.positionY + a.blockHeight, b.positionY + b.blockHeight) - Math.max(a.positionY, b.positionY),
  };
}

/** Two boxes overlap when they share more than `tolerance` points on both axes. */
export function boxesOverlap(a: Box, b: Box, tolerance: number): boolean {
  const o = overlapOf(a, b);
  return o.x > tolerance && o.y > tolerance;
}

const isSignature = (t: PlacedTag) => t.type === 'signature' && t.key !== 'rubberStamp';
const isRubberStamp = (t: PlacedTag) => t.key === 'rubberStamp';

/**
 * The signature tags `tag` would overlap on its page (spec §5 tagOverlappingError). Tolerance is
 * 3 points, 0 for a new tag. A signature and a rubber stamp may overlap.
 */
export function overlappingSignatures(
  tag: PlacedTag,
  others: readonly PlacedTag[],
  isNew: boolean,
): PlacedTag[] {
  if (!isSignature(tag) || isRubberStamp(tag)) return [];
  const tolerance = isNew ? Limits.TAG_OVERLAP_TOLERANCE_NEW : Limits.TAG_OVERLAP_TOLERANCE;
  return others.filter(
    (o) =>
      o !== tag &&
      (o.id === undefined || o.id !== tag.id) &&
      o.pageNumber === tag.pageNumber &&
      isSignature(o) &&
      boxesOverlap(tag, o, tolerance),
  );
}

/** A tag must stay inside its page (spec §5). A hair of rounding is forgiven. */
export function insidePage(box: Box, page: PageSize): boolean {
  const eps = 0.01;
  return (
    box.positionX >= -eps &&
    box.positionY >= -eps &&
    box.blockWidth > 0 &&
    box.blockHeight > 0 &&
    box.positionX + box.blockWidth <= page.width + eps &&
    box.positionY + box.blockHeight <= page.height + eps
  );
}

export function limitsFor(type: string, own?: Partial<TagLimits> | null): TagLimits {
  return { ...DEFAULT_TAG_LIMITS[type === 'signature' ? 'signature' : 'other'], ...(own ?? {}) };
}

/**
 * Resize rule (spec §5 tagDimensionsCrossedMsg): width and height both set and within the tag's
 * limits. Returns the limits crossed, for the message, or null when the size is allowed.
 */
export function dimensionsCrossed(box: Box, limits: TagLimits): TagLimits | null {
  const ok =
    Number.isFinite(box.blockWidth) &&
    Number.isFinite(box.blockHeight) &&
    box.blockWidth >= limits.minWidth &&
    box.blockWidth <= limits.maxWidth &&
    box.blockHeight >= limits.minHeight &&
    box.blockHeight <= limits.maxHeight;
  return ok ? null : limits;
}

/** Font size kept between the tag's limits, or the global ones (spec §5). */
export function clampFontSize(size: number, limits: Pick<TagLimits, 'minFontSize' | 'maxFontSize'>): number {
  return Math.min(limits.maxFontSize, Math.max(limits.minFontSize, size));
}

/**
 * Paste (spec §2): a copy offset by 10 and 8, only if it fits in the page; null means pasteError.
 */
export function pastedBox<T extends Box>(source: T, page: PageSize): T | null {
  const copy = {
    ...source,
    positionX: source.positionX + Limits.PASTE_OFFSET_X,
    positionY: source.positionY + Limits.PASTE_OFFSET_Y,
  };
  return insidePage(copy, page) ? copy : null;
}

/** Zoom clamped between min and max and rounded to 2 decimals (spec §2, §9). */
export function clampZoom(
  zoom: number,
  min: number = PdfView.ZOOM_MIN,
  max: number = PdfView.ZOOM_MAX,
): number {
  return Math.round(Math.min(max, Math.max(min, zoom)) * 100) / 100;
}

/** A move across pages: the page under the drop point, or null when dropped outside every page (revert). */
export function pageUnderDrop(
  drop: { x: number; y: number },
  pages: readonly { pageNumber: number; top: number; left: number; width: number; height: number }[],
): number | null {
  const hit = pages.find(
    (p) => drop.x >= p.left && drop.x <= p.left + p.width && drop.y >= p.top && drop.y <= p.top + p.height,
  );
  return hit ? hit.pageNumber : null;
}
