import { dict, name, PdfDict, type PdfRef, PdfStream } from '../core/objects.ts';
import type { RasterImage } from '../ingest/images/raster-image.ts';
import type { ObjectSink } from './object-sink.ts';
import { flateStream } from './pdf-serialize.ts';

/** Writes an image XObject (with a soft mask for transparency) and returns its reference. */
export function addImageXObject(sink: ObjectSink, img: RasterImage): PdfRef {
  if (img.kind === 'encoded') {
    const d = dict({
      Type: name('XObject'),
      Subtype: name('Image'),
      Width: img.width,
      Height: img.height,
      Filter: name(img.filter),
      ColorSpace: img.colorSpace ? name(img.colorSpace) : undefined,
      BitsPerComponent: img.filter === 'DCTDecode' ? 8 : undefined,
      Decode: img.invertCmyk ? [1, 0, 1, 0, 1, 0, 1, 0] : undefined,
    });
    return sink.add(new PdfStream(d, img.data));
  }
  const smask = img.alpha
    ? sink.add(
        flateStream(
          dict({
            Type: name('XObject'),
            Subtype: name('Image'),
            Width: img.width,
            Height: img.height,
            ColorSpace: name('DeviceGray'),
            BitsPerComponent: 8,
          }),
          img.alpha,
        ),
      )
    : undefined;
  const d = new PdfDict()
    .set('Type', name('XObject'))
    .set('Subtype', name('Image'))
    .set('Width', img.width)
    .set('Height', img.height)
    .set('ColorSpace', name(img.channels === 1 ? 'DeviceGray' : 'DeviceRGB'))
    .set('BitsPerComponent', 8)
    .set('SMask', smask);
  return sink.add(flateStream(d, img.data));
}
