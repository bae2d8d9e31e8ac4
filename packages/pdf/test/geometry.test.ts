import { describe, expect, it } from 'vitest';
import { AppearanceBuilder, annotationFor } from '../src/appearance/appearance-builder.ts';
import { dict, name, PdfDict } from '../src/core/objects.ts';
import { FullWriter } from '../src/document/full-writer.ts';
import { flateStream } from '../src/document/pdf-serialize.ts';
import {
  type PageGeometry,
  pageGeometry,
  type Rotation,
  tagToUserSpace,
  userRectToTag,
  userToViewer,
  viewerToUser,
} from '../src/geometry/page-geometry.ts';
import { tagsOverlap } from '../src/geometry/tag-overlap.ts';
import { pngOf } from './helpers/fixtures.ts';
import { boundsOf, isDark, render } from './helpers/tools.ts';

const ROTATIONS: Rotation[] = [0, 90, 180, 270];
const MEDIA = [0, 0, 500, 700];
const CROP = [40, 60, 460, 640]; // offset crop box: 420 × 580

/** A page with one tag drawn by the real appearance builder: a black square image. */
function pageWithTag(
  page: PageGeometry,
  tag: { positionX: number; positionY: number; blockWidth: number; blockHeight: number },
  image = pngOf(4, 4, () => [0, 0, 0, 255]),
): Uint8Array {
  const w = new FullWriter();
  const pagesRef = w.reserve();
  const pageRef = w.reserve();
  const builder = new AppearanceBuilder([page]);
  builder.add({ uuid: 't', type: 'image', pageNumber: 1, image, ...tag });
  const [placed] = builder.finish(w);
  if (!placed) throw new Error('no appearance');
  const annot = w.add(annotationFor(placed, pageRef));
  const contents = w.add(flateStream(new PdfDict(), Buffer.from('')));
  w.set(
    pageRef,
    dict({
      Type: name('Page'),
      Parent: pagesRef,
      MediaBox: MEDIA,
      CropBox: CROP,
      Rotate: page.rotate,
      Annots: [annot],
      Contents: contents,
      Resources: new PdfDict(),
    }),
  );
  w.set(pagesRef, dict({ Type: name('Pages'), Kids: [pageRef], Count: 1 }));
  return w.save(w.add(dict({ Type: name('Catalog'), Pages: pagesRef })));
}

describe('page geometry', () => {
  it('reports the size a viewer shows: the crop box, turned by /Rotate', () => {
    expect(pageGeometry(1, MEDIA, CROP, 0)).toMatchObject({ width: 420, height: 580 });
    expect(pageGeometry(1, MEDIA, CROP, 90)).toMatchObject({ width: 580, height: 420 });
    expect(pageGeometry(1, MEDIA, CROP, -90)).toMatchObject({ rotate: 270, width: 580, height: 420 });
    expect(pageGeometry(1, MEDIA, [0, 0, 9999, 9999], 0).cropBox).toEqual([0, 0, 500, 700]);
  });

  it('maps viewer points to user space and back for every rotation', () => {
    for (const r of ROTATIONS) {
      const page = pageGeometry(1, MEDIA, CROP, r);
      for (const [x, y] of [
        [0, 0],
        [10, 20],
        [page.width, page.height],
      ] as const) {
        const [ux, uy] = viewerToUser(page, x, y);
        expect(userToViewer(page, ux, uy)).toEqual([x, y]);
      }
    }
  });

  it('puts the viewer top-left corner at the right crop box corner', () => {
    expect(viewerToUser(pageGeometry(1, MEDIA, CROP, 0), 0, 0)).toEqual([40, 640]);
    expect(viewerToUser(pageGeometry(1, MEDIA, CROP, 90), 0, 0)).toEqual([40, 60]);
    expect(viewerToUser(pageGeometry(1, MEDIA, CROP, 180), 0, 0)).toEqual([460, 60]);
    expect(viewerToUser(pageGeometry(1, MEDIA, CROP, 270), 0, 0)).toEqual([460, 640]);
  });

  it('turns a form field rectangle into the tag rectangle that maps back onto it', () => {
    for (const r of ROTATIONS) {
      const page = pageGeometry(1, MEDIA, CROP, r);
      const tag = userRectToTag(page, [100, 200, 250, 230]);
      expect(tagToUserSpace(page, tag).rect.map((v) => Math.round(v * 1000) / 1000)).toEqual([
        100, 200, 250, 230,
      ]);
    }
  });

  it.each(ROTATIONS)(
    'draws a tag exactly where the editor placed it on a page rotated %i° with an offset crop box',
    (r) => {
      const page = pageGeometry(1, MEDIA, CROP, r);
      // A square tag near the top-left corner of the page as shown, away from the centre so a
      // wrong rotation or origin would land it elsewhere.
      const tag = { positionX: 30, positionY: 50, blockWidth: 60, blockHeight: 60 };
      const raster = render(pageWithTag(page, tag), 1, 72);
      expect([raster.width, raster.height]).toEqual([page.width, page.height]);
      const box = boundsOf(raster, isDark);
      // The image fills the box inside the 2 pt padding.
      expect(box).toBeDefined();
      const [x0, y0, x1, y1] = box ?? [0, 0, 0, 0];
      expect(Math.abs(x0 - 32)).toBeLessThanOrEqual(1);
      expect(Math.abs(y0 - 52)).toBeLessThanOrEqual(1);
      expect(Math.abs(x1 - 88)).toBeLessThanOrEqual(1);
      expect(Math.abs(y1 - 108)).toBeLessThanOrEqual(1);
    },
  );

  it.each(ROTATIONS)('keeps a tag upright for the reader on a page rotated %i°', (r) => {
    const page = pageGeometry(1, MEDIA, CROP, r);
    // Top half black, bottom half transparent: only the top half of the box may come out dark.
    const halfBlack = pngOf(8, 8, (_x, y) => (y < 4 ? [0, 0, 0, 255] : [0, 0, 0, 0]));
    const tag = { positionX: 100, positionY: 120, blockWidth: 84, blockHeight: 84 };
    const box = boundsOf(render(pageWithTag(page, tag, halfBlack), 1, 72), isDark);
    expect(box).toBeDefined();
    const [x0, y0, x1, y1] = box ?? [0, 0, 0, 0];
    expect(Math.abs(x0 - 102)).toBeLessThanOrEqual(1);
    expect(Math.abs(x1 - 182)).toBeLessThanOrEqual(1);
    expect(Math.abs(y0 - 122)).toBeLessThanOrEqual(1);
    expect(Math.abs(y1 - 162)).toBeLessThanOrEqual(1);
  });

  it('finds overlapping tags on one page, with the tolerance of spec §5', () => {
    const a = { pageNumber: 1, positionX: 10, positionY: 10, blockWidth: 100, blockHeight: 40 };
    expect(tagsOverlap(a, { ...a, positionX: 108 })).toBe(false); // 2 pt: within tolerance 3
    expect(tagsOverlap(a, { ...a, positionX: 108 }, 0)).toBe(true); // new tags: no tolerance
    expect(tagsOverlap(a, { ...a, positionX: 50, positionY: 30 })).toBe(true);
    expect(tagsOverlap(a, { ...a, pageNumber: 2 })).toBe(false);
  });
});
