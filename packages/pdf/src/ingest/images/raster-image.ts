/**
 * An image ready to become a PDF image XObject: either bytes a PDF filter can carry as they are
 * (JPEG, JPEG 2000) or 8-bit pixels we compress ourselves, with an optional alpha plane that
 * becomes the soft mask.
 */
export type RasterImage = EncodedImage | PixelImage;

export interface EncodedImage {
  kind: 'encoded';
  filter: 'DCTDecode' | 'JPXDecode';
  data: Uint8Array;
  width: number;
  height: number;
  /** Omitted for JPEG 2000, whose codestream carries its own colour space. */
  colorSpace?: 'DeviceGray' | 'DeviceRGB' | 'DeviceCMYK';
  /** Adobe JPEGs store CMYK inverted. */
  invertCmyk?: boolean;
  dpi?: number;
  /** Clockwise page rotation that shows the photo upright (JPEG EXIF orientation). */
  rotate?: 90 | 180 | 270;
}

export interface PixelImage {
  kind: 'pixels';
  width: number;
  height: number;
  channels: 1 | 3;
  /** width × height × channels bytes, rows top to bottom. */
  data: Uint8Array;
  /** width × height bytes of opacity, omitted when fully opaque. */
  alpha?: Uint8Array;
  dpi?: number;
}

/** Largest pixel count we decode (60 megapixels are 180 MB of RGB; JPEGs pass through undecoded). */
export const MAX_IMAGE_PIXELS = 60_000_000;
