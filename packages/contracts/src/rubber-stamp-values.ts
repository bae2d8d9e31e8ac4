/**
 * A rubber stamp's size limits and tag value (rubber-stamps.ts has the schemas), zod-free: the
 * signing page, a first screen, names a stamp without loading a schema module (issue 21).
 */

/** The size a stamp is drawn at, in PDF points (1/72 inch): from 10 pt to a page's width. */
export const RUBBER_STAMP_MIN_POINTS = 10;
export const RUBBER_STAMP_MAX_POINTS = 600;

/** A rubberStamp tag's value names the stamp applied: `rubberstamp:<id>`. */
export const RUBBER_STAMP_VALUE_PREFIX = 'rubberstamp:';

export function rubberStampValue(id: string): string {
  return `${RUBBER_STAMP_VALUE_PREFIX}${id}`;
}
