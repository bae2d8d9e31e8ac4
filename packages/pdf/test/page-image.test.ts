import { Code } from '@signet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfError } from '../src/core/errors.ts';
import { closeSandbox, pageImageSandboxed } from '../src/ingest/sandbox.ts';
import { renderPageImage } from '../src/render/page-image.ts';
import { makePdf } from './fixtures.ts';
import { boundsOf, hasCommand, isDark, type Raster, render } from './helpers/tools.ts';

/** The WebP decoded to pixels by the same canvas library, read like a pdftoppm raster. */
async function rasterOf(webp: Uint8Array): Promise<Raster> {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(Buffer.from(webp));
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  return {
    width: image.width,
    height: image.height,
    at: (x, y) => {
      const i = (y * image.width + x) * 4;
      return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    },
  };
}

afterAll(() => closeSandbox());

describe('a page drawn as a picture', () => {
  it('is a WebP as wide as asked, as tall as the page is in proportion', async () => {
    const webp = await renderPageImage(makePdf(1), 1, 306);
    expect(Buffer.from(webp.subarray(0, 4)).toString('latin1')).toBe('RIFF');
    expect(Buffer.from(webp.subarray(8, 12)).toString('latin1')).toBe('WEBP');
    const raster = await rasterOf(webp);
    expect([raster.width, raster.height]).toEqual([306, 396]);
  });

  it.skipIf(!hasCommand('pdftoppm'))(
    'puts the text of the asked page where poppler draws it, on white paper',
    async () => {
      const pdf = makePdf(3, { text: 'Agreement' });
      // 612 pixels for a 612-point page: the scale of pdftoppm at 72 dpi.
      const ours = await rasterOf(await renderPageImage(pdf, 2, 612));
      const poppler = render(pdf, 2, 72);
      const a = boundsOf(ours, isDark);
      const b = boundsOf(poppler, isDark);
      expect(a).toBeDefined();
      expect(b).toBeDefined();
      for (let i = 0; i < 4; i++) expect(Math.abs((a?.[i] ?? 0) - (b?.[i] ?? 0))).toBeLessThanOrEqual(3);
      expect(ours.at(600, 780)).toEqual([255, 255, 255]);
    },
  );

  it('refuses a page the document does not have with -59', async () => {
    const refused = await renderPageImage(makePdf(2), 3, 300).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PdfError);
    expect((refused as PdfError).code).toBe(Code.INVALID_DOCUMENT);
  });

  it('is drawn in the sandbox process, with the same refusal codes', async () => {
    const webp = await pageImageSandboxed(makePdf(2), { pageNumber: 2, widthPx: 200 });
    expect((await rasterOf(webp)).width).toBe(200);
    await expect(
      pageImageSandboxed(new TextEncoder().encode('not a pdf'), { pageNumber: 1, widthPx: 200 }),
    ).rejects.toMatchObject({ code: Code.INVALID_DOCUMENT });
  });
});
