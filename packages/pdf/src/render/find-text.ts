import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { PDFJS_RESOURCES } from './page-image.ts';

/** Where a searched text was found: its box in the viewer frame of the page (tag coordinates). */
export interface TextMatch {
  needle: string;
  pageNumber: number;
  /** Top-left corner and size, in points, top-left origin, y down, after /Rotate. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * At most this many matches in all unless the caller says otherwise; one more is returned when
 * there are more, so the caller knows the text holds more than it may use (a one-letter anchor
 * in a long document must not fill the answer, nor the server's memory when it reads it).
 */
export const DEFAULT_MAX_MATCHES = 2000;

interface Run {
  str: string;
  /** Where the run starts in the page's joined text. */
  start: number;
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Every occurrence of each needle in the PDF's text, case-sensitive as DocuSign's anchors are,
 * with its box as the viewer shows the page. pdf.js's text content gives runs in user space;
 * the page's viewport (scale 1) turns them into the viewer frame, so rotated and cropped pages
 * need nothing more. A needle split over runs is found in the page's joined text and boxed from
 * the run it starts in (its x by the share of characters before it). Stops at `maxMatches + 1`
 * matches (more than asked for: the caller refuses rather than places some). Runs only in the
 * sandbox.
 */
export async function findTextInPdf(
  bytes: Uint8Array,
  needles: readonly string[],
  maxMatches = DEFAULT_MAX_MATCHES,
): Promise<TextMatch[]> {
  const wanted = [...new Set(needles.filter((n) => n.length > 0))];
  if (wanted.length === 0) return [];
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs
    .getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, ...PDFJS_RESOURCES, verbosity: 0 })
    .promise.catch(() => {
      throw new PdfError(Code.INVALID_DOCUMENT, 'The text of this PDF could not be read.');
    });
  const found: TextMatch[] = [];
  try {
    for (let pageNumber = 1; pageNumber <= doc.numPages && found.length <= maxMatches; pageNumber++) {
      const page = await doc.getPage(pageNumber);
      const viewport = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const runs: Run[] = [];
      let joined = '';
      for (const item of content.items) {
        if (!('str' in item) || item.str.length === 0) continue;
        const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[];
        // The run's four corners in user space: along its baseline by its width, up by its height.
        const h = item.height || Math.hypot(c, d);
        const ux = Math.hypot(a, b) ? [a / Math.hypot(a, b), b / Math.hypot(a, b)] : [1, 0];
        const uy = [-(ux[1] ?? 0), ux[0] ?? 1];
        const corners = [
          [e, f],
          [e + (ux[0] ?? 1) * item.width, f + (ux[1] ?? 0) * item.width],
          [e + (uy[0] ?? 0) * h, f + (uy[1] ?? 1) * h],
          [
            e + (ux[0] ?? 1) * item.width + (uy[0] ?? 0) * h,
            f + (ux[1] ?? 0) * item.width + (uy[1] ?? 1) * h,
          ],
        ].map(([px = 0, py = 0]) => viewport.convertToViewportPoint(px, py) as [number, number]);
        const xs = corners.map((p) => p[0]);
        const ys = corners.map((p) => p[1]);
        const x = Math.min(...xs);
        const y = Math.min(...ys);
        runs.push({
          str: item.str,
          start: joined.length,
          box: { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y },
        });
        joined += item.str;
      }
      for (const needle of wanted) {
        let from = joined.indexOf(needle);
        while (from >= 0 && found.length <= maxMatches) {
          const run = runs.findLast((r) => r.start <= from);
          if (run) {
            const share = run.str.length ? run.box.width / run.str.length : 0;
            const inRun = Math.min(needle.length, run.str.length - (from - run.start));
            found.push({
              needle,
              pageNumber,
              x: run.box.x + share * (from - run.start),
              y: run.box.y,
              width: share * inRun,
              height: run.box.height,
            });
          }
          from = joined.indexOf(needle, from + needle.length);
        }
      }
      page.cleanup();
    }
    return found;
  } finally {
    await doc.destroy();
  }
}
