import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectType } from '../src/ingest/detect-type.ts';
import { ingestUpload } from '../src/ingest/ingest.ts';
import { bmpOf, gifOf, multiPageTiffOf, pngOf, ppmOf, tiffOf, viaTool } from './helpers/fixtures.ts';
import { qpdfCheck, render, runOn } from './helpers/tools.ts';

// A 40 × 30 picture: left half red, right half blue. Every format must come out the same.
const W = 40;
const H = 30;
const pixel = (x: number): [number, number, number, number] =>
  x < W / 2 ? [220, 0, 0, 255] : [0, 0, 220, 255];

const png = () => pngOf(W, H, pixel);
function expectRedBlue(pdf: Uint8Array): void {
  const r = render(pdf, 1, 72);
  expect([r.width, r.height]).toEqual([W, H]);
  const [lr, , lb] = r.at(5, H / 2);
  const [rr, , rb] = r.at(W - 5, H / 2);
  expect(lr).toBeGreaterThan(150);
  expect(lb).toBeLessThan(80);
  expect(rb).toBeGreaterThan(150);
  expect(rr).toBeLessThan(80);
}

describe('image uploads', () => {
  it('turns a PNG into one page at its size', async () => {
    const result = await ingestUpload(png());
    expect(result).toMatchObject({ sourceType: 'png', action: 'created', pageCount: 1 });
    expect(result.pages[0]).toMatchObject({ width: W, height: H, rotate: 0 });
    expect(qpdfCheck(result.pdf).ok).toBe(true);
    expectRedBlue(result.pdf);
  });

  it('keeps PNG transparency as a soft mask', async () => {
    const half = pngOf(W, H, (x) => (x < W / 2 ? [0, 0, 0, 255] : [0, 0, 0, 0]));
    const result = await ingestUpload(half);
    const list = runOn(result.pdf, 'pdfimages', (f) => ['-list', f]).stdout;
    expect(list).toMatch(/smask/);
    const r = render(result.pdf, 1, 72);
    expect(r.at(W - 5, H / 2)).toEqual([255, 255, 255]);
  });

  it('passes a JPEG through unchanged as DCTDecode', async () => {
    // A real baseline JPEG from a real encoder: poppler renders our PNG page to JPEG.
    const source = await ingestUpload(png());
    const jpg = runOn(source.pdf, 'pdftoppm', (f, dir) => [
      '-jpeg',
      '-r',
      '72',
      '-singlefile',
      f,
      `${dir}/out`,
    ]);
    const bytes = new Uint8Array(readFileSync(`${jpg.dir}/out.jpg`));
    expect(detectType(bytes)).toBe('jpeg');
    const result = await ingestUpload(bytes);
    expect(Buffer.from(result.pdf).includes(Buffer.from(bytes))).toBe(true);
    expect(Buffer.from(result.pdf).toString('latin1')).toContain('/DCTDecode');
    expectRedBlue(result.pdf);
  });

  it('turns a photo taken sideways upright with the page rotation its EXIF orientation asks for', async () => {
    const source = await ingestUpload(png());
    const jpg = runOn(source.pdf, 'pdftoppm', (f, dir) => [
      '-jpeg',
      '-r',
      '72',
      '-singlefile',
      f,
      `${dir}/out`,
    ]);
    const plain = Buffer.from(readFileSync(`${jpg.dir}/out.jpg`));
    // APP1 "Exif" with a big-endian TIFF header and one IFD entry: Orientation (0x0112) = 6.
    const tiff = Buffer.from([
      0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([
      Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
      body,
    ]);
    const rotated = new Uint8Array(Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]));
    const result = await ingestUpload(rotated);
    expect(result.pages[0]).toMatchObject({ rotate: 90, width: H, height: W });
    // Shown turned clockwise: the red left half of the photo is now at the top.
    const r = render(result.pdf, 1, 72);
    expect(r.at(H / 2, 4)[0]).toBeGreaterThan(150);
    expect(r.at(H / 2, W - 4)[2]).toBeGreaterThan(150);
  });

  it('reads GIF, BMP and TIFF into the same page', async () => {
    const gif = gifOf(
      W,
      H,
      [
        [220, 0, 0],
        [0, 0, 220],
      ],
      (x) => (x < W / 2 ? 0 : 1),
    );
    for (const [bytes, type] of [
      [gif, 'gif'],
      [bmpOf(W, H, pixel), 'bmp'],
      [tiffOf(W, H, pixel), 'tiff'],
    ] as const) {
      expect(detectType(bytes)).toBe(type);
      const result = await ingestUpload(bytes);
      expect(result.sourceType).toBe(type);
      expect(qpdfCheck(result.pdf).ok).toBe(true);
      expectRedBlue(result.pdf);
    }
  });

  it('makes one page per page of a multi-page TIFF, each at its own size', async () => {
    const tiff = multiPageTiffOf([
      { width: W, height: H, pixel },
      { width: 20, height: 50, pixel: () => [0, 200, 0, 255] },
    ]);
    const result = await ingestUpload(tiff);
    expect(result.pageCount).toBe(2);
    expect(result.pages.map((p) => [p.width, p.height])).toEqual([
      [W, H],
      [20, 50],
    ]);
    expectRedBlue(result.pdf);
    const second = render(result.pdf, 2, 72);
    expect(second.at(10, 25)[1]).toBeGreaterThan(150);
    await expect(ingestUpload(tiff, { limits: { maxPages: 1 } })).rejects.toMatchObject({ code: -241 });
  });

  it('refuses a TIFF whose field claims more values than the file holds, or whose directories loop, as damaged', async () => {
    const edited = (edit: (view: DataView, ifd: number, little: boolean) => void) => {
      const tiff = tiffOf(W, H, pixel).slice();
      const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
      const little = tiff[0] === 0x49;
      edit(view, view.getUint32(4, little), little);
      return tiff;
    };
    // The first entry's value count, far beyond the file (UTIF looped for 86 s on such a file).
    const longField = edited((v, ifd, le) => v.setUint32(ifd + 2 + 4, 0x7fff_ffff, le));
    await expect(ingestUpload(longField)).rejects.toMatchObject({
      code: -59,
      message: expect.stringContaining('a field lies outside the file'),
    });
    // The next-directory pointer back at the first directory.
    const loop = edited((v, ifd, le) => v.setUint32(ifd + 2 + v.getUint16(ifd, le) * 12, ifd, le));
    await expect(ingestUpload(loop)).rejects.toMatchObject({ message: expect.stringContaining('loop') });
  });

  it('passes JPEG 2000 through as JPXDecode', async () => {
    // Two resolution levels: the default five need a larger image.
    const jp2 = viaTool(ppmOf(W, H, pixel), 'in.ppm', 'out.jp2', (i, o) => [
      'opj_compress',
      ['-i', i, '-o', o, '-n', '2'],
    ]);
    expect(detectType(jp2)).toBe('jpeg2000');
    const result = await ingestUpload(jp2);
    expect(Buffer.from(result.pdf).toString('latin1')).toContain('/JPXDecode');
    expect(qpdfCheck(result.pdf).ok).toBe(true);
    expectRedBlue(result.pdf);
  });

  it('refuses a damaged image with -59 and says which format', async () => {
    const broken = png().slice(0, 60);
    await expect(ingestUpload(broken)).rejects.toMatchObject({
      code: -59,
      message: expect.stringMatching(/PNG/),
    });
  });
});
