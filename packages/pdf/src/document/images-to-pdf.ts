import { ContentBuilder } from '../appearance/content-builder.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import type { RasterImage } from '../ingest/images/raster-image.ts';
import { addImageXObject } from './image-xobject.ts';
import { PageWriter } from './page-writer.ts';

/** PDF's largest page side (ISO 32000 implementation limit, in points at UserUnit 1). */
const MAX_SIDE = 14_400;

/**
 * One page per image at the image's own size: pixels at its stated resolution (72 dpi when it
 * states none or an implausible one), scaled down only past the PDF page size limit. A photo
 * whose EXIF orientation says it was taken sideways gets the page /Rotate that shows it upright.
 */
export function imagesToPdf(images: readonly RasterImage[]): { pdf: Uint8Array; pages: PageGeometry[] } {
  const doc = new PageWriter();
  for (const img of images) {
    const dpi = img.dpi && img.dpi >= 30 && img.dpi <= 2400 ? img.dpi : 72;
    let w = (img.width * 72) / dpi;
    let h = (img.height * 72) / dpi;
    const shrink = Math.min(1, MAX_SIDE / w, MAX_SIDE / h);
    w = Math.max(1, w * shrink);
    h = Math.max(1, h * shrink);
    const cb = new ContentBuilder().save().transform(w, 0, 0, h, 0, 0).op('Do', '/Im1').restore();
    const page = doc.addPage(w, h, cb, img.kind === 'encoded' ? (img.rotate ?? 0) : 0);
    page.images.set('Im1', addImageXObject(doc.writer, img));
  }
  return doc.finish();
}
