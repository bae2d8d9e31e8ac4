import { Code } from '@signet/contracts/errors';
import UTIF from 'utif2';
import { PdfError } from '../../core/errors.ts';
import { MAX_IMAGE_PIXELS, type PixelImage } from './raster-image.ts';
import { checkTiffStructure } from './tiff-structure.ts';

/** Decodes every page (IFD) of a TIFF to RGB(A) pixels with UTIF (MIT). */
export function readTiff(data: Uint8Array, maxPages: number): PixelImage[] {
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
  checkTiffStructure(data, maxPages);
  let ifds: UTIF.IFD[];
  try {
    ifds = UTIF.decode(buffer);
  } catch {
    throw new PdfError(Code.INVALID_DOCUMENT, 'The TIFF image is damaged and cannot be read.');
  }
  const pages = ifds.filter((ifd) => ifd.t256 !== undefined && ifd.t257 !== undefined);
  if (pages.length === 0) throw new PdfError(Code.INVALID_DOCUMENT, 'The TIFF file contains no image.');
  if (pages.length > maxPages) {
    throw new PdfError(
      Code.PAGE_LIMIT_EXCEEDED,
      `The TIFF file has ${pages.length} pages; at most ${maxPages} are allowed.`,
    );
  }
  return pages.map((ifd) => {
    const w = Number((ifd.t256 as number[])[0]);
    const h = Number((ifd.t257 as number[])[0]);
    if (!(w > 0 && h > 0) || w * h > MAX_IMAGE_PIXELS) {
      throw new PdfError(Code.INVALID_DOCUMENT, `The TIFF image is ${w}×${h} pixels, larger than allowed.`);
    }
    let rgba: Uint8Array;
    try {
      UTIF.decodeImage(buffer, ifd);
      rgba = UTIF.toRGBA8(ifd);
    } catch {
      throw new PdfError(Code.INVALID_DOCUMENT, 'The TIFF image uses a compression that cannot be read.');
    }
    const n = ifd.width * ifd.height;
    const rgb = new Uint8Array(n * 3);
    const alpha = new Uint8Array(n);
    let opaque = true;
    for (let i = 0; i < n; i++) {
      rgb[i * 3] = rgba[i * 4] ?? 0;
      rgb[i * 3 + 1] = rgba[i * 4 + 1] ?? 0;
      rgb[i * 3 + 2] = rgba[i * 4 + 2] ?? 0;
      const a = rgba[i * 4 + 3] ?? 255;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
    const xres = ifd.t282 as number[] | undefined;
    const unit = (ifd.t296 as number[] | undefined)?.[0] ?? 2;
    const res = xres?.[0];
    const dpi = res && res > 0 ? (unit === 3 ? res * 2.54 : unit === 2 ? res : undefined) : undefined;
    return {
      kind: 'pixels',
      width: ifd.width,
      height: ifd.height,
      channels: 3,
      data: rgb,
      ...(opaque ? {} : { alpha }),
      ...(dpi ? { dpi } : {}),
    } satisfies PixelImage;
  });
}
