import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTagsToUpdate } from '../src/appearance/stamp-tags.ts';
import { IncrementalUpdate, PdfDocument } from '../src/core/index.ts';
import { signPdf } from '../src/sign/sign-pdf.ts';
import { localSigner } from '../src/sign/signer.ts';
import { pdfOf, pngOf, textPage } from './helpers/fixtures.ts';
import { boundsOf, pdftotext, render } from './helpers/tools.ts';
import { pdfsig, qpdfCheck } from './pki/judges.ts';
import { createTestPki, pemDer, type TestPki } from './pki/test-pki.ts';

let pki: TestPki;
beforeAll(async () => {
  pki = await createTestPki();
}, 60_000);
afterAll(async () => {
  await pki?.close();
});

/** One signer's revision: their filled tags and their signature, written once. */
async function signWithTags(
  pdf: Uint8Array,
  name: string,
  y: number,
  who: 'rsa' | 'rsa2',
): Promise<Uint8Array> {
  const up = new IncrementalUpdate(PdfDocument.open(pdf));
  const sigUuid = `sig-${name}`;
  const { signature } = addTagsToUpdate(
    up,
    [
      {
        uuid: `name-${name}`,
        type: 'signatureText',
        value: name,
        pageNumber: 2,
        positionX: 40,
        positionY: y,
        blockWidth: 220,
        blockHeight: 24,
      },
      {
        uuid: `date-${name}`,
        type: 'timeStamp',
        value: '22 Nov 2025 10:00 IST',
        pageNumber: 2,
        positionX: 270,
        positionY: y,
        blockWidth: 160,
        blockHeight: 24,
      },
      {
        uuid: sigUuid,
        type: 'signature',
        image: pngOf(40, 20, (x) => (x % 7 < 3 ? [0, 0, 120, 255] : [0, 0, 0, 0])),
        caption: [name],
        pageNumber: 2,
        positionX: 40,
        positionY: y + 30,
        blockWidth: 160,
        blockHeight: 70,
      },
    ],
    { signatureTagUuid: sigUuid },
  );
  if (!signature) throw new Error('no signature appearance');
  const signer = localSigner(pki[who].keyPem, [pemDer(pki[who].certPem), pki.caDer]);
  return signPdf(up, signer, {
    field: { page: signature.pageIndex, rect: signature.rect, appearance: signature.appearance },
    signerName: name,
  });
}

describe('tags and signature in one revision', () => {
  it('two signers each add their tags and signature in one revision; both signatures stay valid', async () => {
    // Page 2 is rotated: tags and the signature widget must still read upright.
    const base = pdfOf([{ content: textPage('Terms') }, { rotate: 90, content: textPage('Signatures') }]);
    const first = await signWithTags(base, 'प्रिया शर्मा', 40, 'rsa');
    const second = await signWithTags(first, '王小明 Wang', 160, 'rsa2');
    expect(Buffer.from(second.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    expect(qpdfCheck(second)).toBeUndefined();
    const sigs = await pdfsig(second, pki.nssDir);
    expect(sigs).toHaveLength(2);
    expect(sigs.map((s) => [s.valid, s.trusted])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(sigs[0]?.totalDocumentSigned).toBe(false);
    expect(sigs[1]?.totalDocumentSigned).toBe(true);
    const text = pdftotext(second);
    for (const t of ['प्रिया शर्मा', '王小明 Wang', '22 Nov 2025 10:00 IST']) expect(text).toContain(t);
  }, 120_000);
});

describe('the engine’s own signature box (no tag drawing, as `signet-pdf sign --rect` makes)', () => {
  it('shows a Hindi and a Chinese signer name upright on a 90°-rotated page, both signatures valid', async () => {
    const base = pdfOf([{ rotate: 90, content: textPage('Signatures') }]);
    // Rotated 90°: a box 300 wide and 60 tall as the viewer shows it is 60 × 300 in user space.
    const boxes: [number, number, number, number][] = [
      [100, 100, 160, 400],
      [250, 100, 310, 400],
    ];
    const hindi = 'प्रिया शर्मा';
    const chinese = '王小明';
    let pdf = base;
    for (const [i, who] of (['rsa', 'rsa2'] as const).entries()) {
      const signer = localSigner(pki[who].keyPem, [pemDer(pki[who].certPem), pki.caDer]);
      pdf = await signPdf(pdf, signer, {
        field: { page: 0, rect: boxes[i] as [number, number, number, number] },
        signerName: i === 0 ? hindi : chinese,
        reason: 'Approved',
      });
    }
    const sigs = await pdfsig(pdf, pki.nssDir);
    expect(sigs.map((s) => [s.valid, s.trusted])).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(sigs[1]?.totalDocumentSigned).toBe(true);
    expect(qpdfCheck(pdf)).toBeUndefined();
    const text = pdftotext(pdf);
    expect(text).toContain(`Digitally signed by ${hindi}`);
    expect(text).toContain(`Digitally signed by ${chinese}`);
    expect(text).not.toContain('?');
    // Upright: in the rendered page each box's ink runs along the viewer's x axis (lines wider
    // than they are tall, stacked downwards), not up the page as unrotated drawing would.
    const page = render(pdf, 1, 72);
    const inked = ([r, g, b]: [number, number, number]) => r + g + b < 450;
    for (const [x0, , x1] of boxes) {
      // Viewer frame of a 90° page: x = user y, y = user x. Inset 3 px to leave the frame out.
      const region = { width: 294, height: 54, at: (x: number, y: number) => page.at(103 + x, x0 + 3 + y) };
      const ink = boundsOf(region, inked);
      expect(ink, `ink in the box at user x ${x0}–${x1}`).toBeDefined();
      const [ix0, iy0, ix1, iy1] = ink as [number, number, number, number];
      expect(ix1 - ix0).toBeGreaterThan(2 * (iy1 - iy0));
      expect(ix1 - ix0).toBeGreaterThan(100);
    }
  }, 120_000);
});
