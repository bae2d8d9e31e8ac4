import type { TagPlacement } from './page-geometry.ts';

/** Spec §5/§9: signature tags on one page must not overlap, within this tolerance in points. */
export const TAG_OVERLAP_TOLERANCE = 3;
/** New tags get no tolerance. */
export const NEW_TAG_OVERLAP_TOLERANCE = 0;

/**
 * Whether two tags overlap by more than `tolerance` points in both directions. Tags on different
 * pages never overlap. (A signature and a rubber stamp may overlap: the caller decides which
 * pairs to test.)
 */
export function tagsOverlap(a: TagPlacement, b: TagPlacement, tolerance = TAG_OVERLAP_TOLERANCE): boolean {
  if (a.pageNumber !== b.pageNumber) return false;
  const dx =
    Math.min(a.positionX + a.blockWidth, b.positionX + b.blockWidth) - Math.max(a.positionX, b.positionX);
  const dy =
    Math.min(a.positionY + a.blockHeight, b.positionY + b.blockHeight) - Math.max(a.positionY, b.positionY);
  return dx > tolerance && dy > tolerance;
}
