import { Code } from '@signet/contracts/errors';
import { PdfError } from '../../core/errors.ts';
import { detectType } from '../detect-type.ts';
import { readBmp } from './bmp.ts';
import { readGif } from './gif.ts';
import { readJpeg } from './jpeg.ts';
import { readJpeg2000 } from './jpeg2000.ts';
import { readPng } from './png.ts';
import type { RasterImage } from './raster-image.ts';
import { readTiff } from './tiff.ts';

/** Every page of an image file (only TIFF has more than one), detected by content. */
export function decodeImage(data: Uint8Array, maxPages = 1000): RasterImage[] {
  const type = detectType(data);
  try {
    return decodeAs(type, data, maxPages);
  } catch (e) {
    if (e instanceof PdfError) throw e;
    // Decoders index into untrusted bytes; anything they trip over is a damaged file.
    throw new PdfError(
      Code.INVALID_DOCUMENT,
      `The ${type.toUpperCase()} image is damaged and cannot be read.`,
    );
  }
}

function decodeAs(type: ReturnType<typeof detectType>, data: Uint8Array, maxPages: number): RasterImage[] {
  switch (type) {
    case 'jpeg':
      return [readJpeg(data)];
    case 'jpeg2000':
      return [readJpeg2000(data)];
    case 'png':
      return [readPng(data)];
    case 'gif':
      return [readGif(data)];
    case 'bmp':
      return [readBmp(data)];
    case 'tiff':
      return readTiff(data, maxPages);
    default:
      throw new PdfError(
        Code.INVALID_INPUT,
        'The file is not an image in a supported format (jpg, png, gif, tiff, bmp, jpeg2000).',
      );
  }
}
