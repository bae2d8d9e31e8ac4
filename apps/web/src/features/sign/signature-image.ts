/**
 * Signature pictures made in the browser: a drawn signature trimmed to its ink, and a typed
 * name rendered in a handwriting font. Both are transparent PNGs, so the document shows through.
 */

/** The bounding box of every pixel with ink (alpha > 0), or null for an empty canvas. */
export function inkBounds(
  data: Uint8ClampedArray,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** The canvas's ink, with a small margin, as a PNG data URL; null when nothing was drawn. */
export function trimmedPng(canvas: HTMLCanvasElement, margin = 6): string | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const bounds = inkBounds(
    ctx.getImageData(0, 0, canvas.width, canvas.height).data,
    canvas.width,
    canvas.height,
  );
  if (!bounds) return null;
  const out = document.createElement('canvas');
  out.width = bounds.width + 2 * margin;
  out.height = bounds.height + 2 * margin;
  out
    .getContext('2d')
    ?.drawImage(
      canvas,
      bounds.x,
      bounds.y,
      bounds.width,
      bounds.height,
      margin,
      margin,
      bounds.width,
      bounds.height,
    );
  return out.toDataURL('image/png');
}

/** Handwriting fonts for typed signatures (bundled, OFL-1.1; loaded with the signature dialog). */
export const SIGNATURE_FONTS = ['Dancing Script', 'Great Vibes', 'Caveat'] as const;
export type SignatureFont = (typeof SIGNATURE_FONTS)[number];

/** A typed name drawn in a handwriting font, as a transparent PNG data URL. */
export async function typedSignaturePng(
  text: string,
  font: SignatureFont,
  colour = '#1a1b4b',
): Promise<string | null> {
  const name = text.trim();
  if (!name) return null;
  const size = 64;
  const css = `${size}px "${font}"`;
  await document.fonts.load(css, name);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.font = css;
  const width = Math.ceil(ctx.measureText(name).width) + 2 * size;
  canvas.width = width;
  canvas.height = size * 2;
  ctx.font = css;
  ctx.fillStyle = colour;
  ctx.textBaseline = 'middle';
  ctx.fillText(name, size / 2, size);
  return trimmedPng(canvas);
}
