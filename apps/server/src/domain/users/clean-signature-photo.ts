import { Code } from '@signet/contracts';
import sharp, { type OutputInfo } from 'sharp';
import { AppError } from '../app-error.ts';
import { MAX_PHOTO_PIXELS, readPhotoHeader } from './signature-photo-header.ts';

/**
 * `POST /v1/users/image/removebg`: a phone photo of a handwritten signature becomes a transparent
 * PNG of the ink alone, in the chosen ink colour, cropped to the ink and levelled.
 *
 * The paper's brightness is estimated per place (a morphological closing of a reduced copy:
 * thin dark strokes vanish, broad shadows and uneven light stay), and each pixel is judged by
 * its brightness relative to the paper around it. Dividing by the local paper brightness is
 * what makes a shadow or a darker corner disappear while ink under it stays ink.
 *
 * Anyone's photo: this runs in the sandbox pool (clean-signature-photo-task.ts), never on the
 * server's threads, and reads only JPEG, PNG and WebP of a bounded size (signature-photo-header.ts).
 */

/** Photos are worked on at most this long side: enough for a signature, and bounded time. */
export const WORKING_LONG_SIDE = 2400;
/** The cleaned PNG's longest side: keeps it well under the 512 KB a saved signature may take. */
const OUTPUT_LONG_SIDE = 1200;
/** Relative brightness (pixel / local paper) at or below which a pixel is fully ink … */
const INK_RATIO = 0.45;
/** … and at or above which it is fully paper; between, partly transparent (smooth edges). */
const PAPER_RATIO = 0.7;
/** The background is estimated at this fraction of the working size. */
const BACKGROUND_SCALE = 1 / 4;
/** Closing radius in reduced pixels: wider than a pen stroke, narrower than a shadow's edge. */
const CLOSING_RADIUS = 6;
/** Tilts up to this many degrees are taken for a crooked photo and levelled; more is left alone. */
const MAX_LEVELLED_DEGREES = 12;
/** Transparent margin around the cropped ink, in working pixels. */
const CROP_MARGIN = 12;
/** Fewer ink pixels than this share of the photo: there is no signature to find. */
const MIN_INK_SHARE = 0.0002;

export interface InkMask {
  /** Ink opacity per working pixel, 0 (paper) to 255 (ink). */
  alpha: Uint8Array;
  width: number;
  height: number;
}

export interface CleanedSignature {
  /** `data:image/png;base64,…` of the ink alone on transparency. */
  image: string;
  width: number;
  height: number;
  /** Degrees the ink was turned to level it (positive: counter-clockwise). */
  levelledBy: number;
}

/** A `#rrggbb` ink colour as RGB. */
export function parseInkColour(colour: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(colour.trim());
  if (!match?.[1]) throw new AppError(Code.INVALID_INPUT, 'The ink colour must be #rrggbb');
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Max (dilate) or min (erode) over a square window, separable, in place of `out`. */
function squareFilter(src: Float32Array, w: number, h: number, r: number, pick: 'max' | 'min'): Float32Array {
  const better =
    pick === 'max' ? (a: number, b: number) => (a > b ? a : b) : (a: number, b: number) => (a < b ? a : b);
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = src[y * w + x] as number;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r); k++)
        v = better(v, src[y * w + k] as number);
      tmp[y * w + x] = v;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = tmp[y * w + x] as number;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r); k++)
        v = better(v, tmp[k * w + x] as number);
      out[y * w + x] = v;
    }
  return out;
}

/** The paper's brightness at every working pixel: closing of a reduced copy, smoothed, enlarged. */
async function paperBrightness(grey: Buffer, width: number, height: number): Promise<Uint8Array> {
  const w = Math.max(8, Math.round(width * BACKGROUND_SCALE));
  const h = Math.max(8, Math.round(height * BACKGROUND_SCALE));
  const small = await sharp(grey, { raw: { width, height, channels: 1 } })
    .resize(w, h, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const closed = squareFilter(
    squareFilter(Float32Array.from(small), w, h, CLOSING_RADIUS, 'max'),
    w,
    h,
    CLOSING_RADIUS,
    'min',
  );
  return sharp(Buffer.from(Uint8Array.from(closed, (v) => Math.round(v))), {
    raw: { width: w, height: h, channels: 1 },
  })
    .blur(1.5)
    .resize(width, height, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** The ink of a photo as an opacity mask at working size (oriented by EXIF, not yet levelled). */
export async function findInk(photo: Uint8Array): Promise<InkMask> {
  // Format and size from the header first: libvips never sees an SVG or a pixel bomb.
  readPhotoHeader(photo);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(photo, { limitInputPixels: MAX_PHOTO_PIXELS })
      .autoOrient()
      .resize(WORKING_LONG_SIDE, WORKING_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .greyscale()
      // A 3×3 median takes JPEG noise and paper grain out before pixels are judged.
      .median(3)
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError(Code.INVALID_INPUT, 'The photo could not be read as an image');
  }
  const { width, height } = decoded.info;
  const grey = decoded.data;
  const paper = await paperBrightness(grey, width, height);
  const alpha = new Uint8Array(width * height);
  const span = PAPER_RATIO - INK_RATIO;
  for (let i = 0; i < alpha.length; i++) {
    const ratio = (grey[i] as number) / Math.max(1, paper[i] as number);
    const ink = (PAPER_RATIO - ratio) / span;
    alpha[i] = ink <= 0 ? 0 : ink >= 1 ? 255 : Math.round(ink * 255);
  }
  return { alpha, width, height };
}

/** The tilt of the ink's main axis in degrees (clockwise positive, image y down), by its moments. */
export function inkTilt({ alpha, width, height }: InkMask): number {
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const a = alpha[y * width + x] as number;
      if (a < 128) continue;
      n++;
      sx += x;
      sy += y;
    }
  if (n === 0) return 0;
  const mx = sx / n;
  const my = sy / n;
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if ((alpha[y * width + x] as number) < 128) continue;
      const dx = x - mx;
      const dy = y - my;
      xx += dx * dx;
      yy += dy * dy;
      xy += dx * dy;
    }
  return (0.5 * Math.atan2(2 * xy, xx - yy) * 180) / Math.PI;
}

function inkBox(alpha: Uint8Array, width: number, height: number) {
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if ((alpha[y * width + x] as number) >= 64) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
  if (right < 0) return null;
  left = Math.max(0, left - CROP_MARGIN);
  top = Math.max(0, top - CROP_MARGIN);
  return {
    left,
    top,
    width: Math.min(width - 1, right + CROP_MARGIN) - left + 1,
    height: Math.min(height - 1, bottom + CROP_MARGIN) - top + 1,
  };
}

/** The whole clean-up: find the ink, level it, crop to it, colour it. A photo without ink: INVALID_INPUT. */
export async function cleanSignaturePhoto(photo: Uint8Array, inkColour: string): Promise<CleanedSignature> {
  const [r, g, b] = parseInkColour(inkColour);
  const mask = await findInk(photo);
  const inkPixels = mask.alpha.reduce((count, a) => count + (a >= 128 ? 1 : 0), 0);
  if (inkPixels < mask.alpha.length * MIN_INK_SHARE)
    throw new AppError(Code.INVALID_INPUT, 'No handwriting was found in the photo');
  const tilt = inkTilt(mask);
  const levelledBy = Math.abs(tilt) <= MAX_LEVELLED_DEGREES ? tilt : 0;
  const levelled = await sharp(Buffer.from(mask.alpha), {
    raw: { width: mask.width, height: mask.height, channels: 1 },
  })
    .rotate(-levelledBy, { background: '#000000' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = levelled.info;
  const box = inkBox(levelled.data, width, height);
  if (!box) throw new AppError(Code.INVALID_INPUT, 'No handwriting was found in the photo');
  const rgba = Buffer.alloc(box.width * box.height * 4);
  for (let y = 0; y < box.height; y++)
    for (let x = 0; x < box.width; x++) {
      const o = (y * box.width + x) * 4;
      rgba[o] = r;
      rgba[o + 1] = g;
      rgba[o + 2] = b;
      rgba[o + 3] = levelled.data[(y + box.top) * width + x + box.left] as number;
    }
  const png = await sharp(rgba, { raw: { width: box.width, height: box.height, channels: 4 } })
    .resize(OUTPUT_LONG_SIDE, OUTPUT_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer({ resolveWithObject: true });
  return {
    image: `data:image/png;base64,${png.data.toString('base64')}`,
    width: png.info.width,
    height: png.info.height,
    levelledBy: Math.round(levelledBy * 10) / 10,
  };
}
