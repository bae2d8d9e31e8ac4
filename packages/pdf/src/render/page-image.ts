import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';

/** The widest picture of a page the engine draws: a phone's width at three device pixels per point. */
export const MAX_PAGE_IMAGE_WIDTH = 1600;
/** WebP quality: text stays crisp at 2× a phone's width while a text page weighs tens of KB. */
const WEBP_QUALITY = 78;

const require = createRequire(import.meta.url);
const pdfjsDir = dirname(require.resolve('pdfjs-dist/package.json'));
// pdf.js reads these from the disk when it runs in Node: the 14 standard fonts a PDF may use
// without embedding them, the CJK character maps and its image decoders (JPEG 2000, colour).
export const PDFJS_RESOURCES = {
  standardFontDataUrl: `${join(pdfjsDir, 'standard_fonts')}/`,
  cMapUrl: `${join(pdfjsDir, 'cmaps')}/`,
  cMapPacked: true,
  wasmUrl: `${join(pdfjsDir, 'wasm')}/`,
};

/**
 * One page of a PDF drawn as a WebP picture `widthPx` wide (the height follows the page), for a
 * view that shows the page before pdf.js has reached the browser (issue 18: the signer's first
 * page on a phone). pdf.js draws exactly what the browser's viewer would; it runs with eval off,
 * and only in the sandbox process (sandbox-worker.ts), as every full read of an untrusted file.
 */
export async function renderPageImage(
  bytes: Uint8Array,
  pageNumber: number,
  widthPx: number,
): Promise<Uint8Array> {
  const [pdfjs, { createCanvas }] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('@napi-rs/canvas'),
  ]);
  const doc = await pdfjs
    .getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, ...PDFJS_RESOURCES, verbosity: 0 })
    .promise.catch(() => {
      throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF could not be drawn.');
    });
  try {
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > doc.numPages)
      throw new PdfError(Code.INVALID_DOCUMENT, `This document has no page ${pageNumber}.`);
    const page = await doc.getPage(pageNumber);
    const width = Math.min(Math.max(Math.round(widthPx), 1), MAX_PAGE_IMAGE_WIDTH);
    const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
    const canvas = createCanvas(width, Math.max(1, Math.round(viewport.height)));
    const context = canvas.getContext('2d');
    // A page without a background of its own is white paper, as in the browser's viewer.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js types the browser's canvas; @napi-rs/canvas is the one it supports in Node.
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({
      canvas: canvas as unknown as RenderParameters['canvas'],
      canvasContext: context as unknown as RenderParameters['canvasContext'],
      viewport,
    }).promise;
    return new Uint8Array(await canvas.encode('webp', WEBP_QUALITY));
  } finally {
    await doc.destroy();
  }
}
