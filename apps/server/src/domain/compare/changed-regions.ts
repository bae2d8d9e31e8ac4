import type { CompareBox } from '@signet/contracts';
import type { GreyRaster } from '@signet/pdf';

/** Grey levels closer than this are the same ink (anti-aliasing and rendering noise). */
const INK_THRESHOLD = 48;
/** The mask is read in square cells this many pixels wide; a cell with a changed pixel changed. */
const CELL = 4;
/** Changed cells this close (in cells) are one region: the letters of a changed word join up. */
const JOIN = 2;
/** More regions than this on one page: the page changed all over; the rest join the last. */
const MAX_REGIONS = 100;

/**
 * The regions where two drawings of a page differ, in points (viewer frame): pixels whose grey
 * differs by more than the noise, gathered in cells, cells near each other joined into boxes
 * (connected components). Pages of different sizes differ as a whole.
 */
export function changedRegions(a: GreyRaster, b: GreyRaster): CompareBox[] {
  if (a.width !== b.width || a.height !== b.height)
    return [{ x: 0, y: 0, width: round(b.width / b.scale), height: round(b.height / b.scale) }];
  const cols = Math.ceil(a.width / CELL);
  const rows = Math.ceil(a.height / CELL);
  const changed = new Uint8Array(cols * rows);
  let any = false;
  const da = a.data;
  const db = b.data;
  for (let y = 0; y < a.height; y++) {
    const rowStart = y * a.width;
    const cellRow = ((y / CELL) | 0) * cols;
    for (let x = 0; x < a.width; x++) {
      const i = rowStart + x;
      const d = (da[i] as number) - (db[i] as number);
      if (d > INK_THRESHOLD || d < -INK_THRESHOLD) {
        changed[cellRow + ((x / CELL) | 0)] = 1;
        any = true;
      }
    }
  }
  if (!any) return [];
  const seen = new Uint8Array(cols * rows);
  const boxes: { x0: number; y0: number; x1: number; y1: number }[] = [];
  const stack: number[] = [];
  for (let start = 0; start < changed.length; start++) {
    if (!changed[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    const box = { x0: cols, y0: rows, x1: -1, y1: -1 };
    while (stack.length > 0) {
      const c = stack.pop() as number;
      const cx = c % cols;
      const cy = (c / cols) | 0;
      box.x0 = Math.min(box.x0, cx);
      box.y0 = Math.min(box.y0, cy);
      box.x1 = Math.max(box.x1, cx);
      box.y1 = Math.max(box.y1, cy);
      for (let ny = Math.max(0, cy - JOIN); ny <= Math.min(rows - 1, cy + JOIN); ny++)
        for (let nx = Math.max(0, cx - JOIN); nx <= Math.min(cols - 1, cx + JOIN); nx++) {
          const n = ny * cols + nx;
          if (changed[n] && !seen[n]) {
            seen[n] = 1;
            stack.push(n);
          }
        }
    }
    boxes.push(box);
  }
  if (boxes.length > MAX_REGIONS) {
    const rest = boxes.splice(MAX_REGIONS - 1);
    boxes.push({
      x0: Math.min(...rest.map((r) => r.x0)),
      y0: Math.min(...rest.map((r) => r.y0)),
      x1: Math.max(...rest.map((r) => r.x1)),
      y1: Math.max(...rest.map((r) => r.y1)),
    });
  }
  const toPoints = CELL / a.scale;
  return boxes.map((r) => ({
    x: round(r.x0 * toPoints),
    y: round(r.y0 * toPoints),
    width: round((r.x1 - r.x0 + 1) * toPoints),
    height: round((r.y1 - r.y0 + 1) * toPoints),
  }));
}

const round = (v: number) => Math.round(v * 10) / 10;
