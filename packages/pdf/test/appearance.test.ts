import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppearanceBuilder, annotationFor } from '../src/appearance/appearance-builder.ts';
import type { FilledTag } from '../src/appearance/filled-tag.ts';
import { displayText, qrPayload } from '../src/appearance/filled-tag.ts';
import { stampTags } from '../src/appearance/stamp-tags.ts';
import { layoutText } from '../src/appearance/text-layout.ts';
import { PdfError } from '../src/core/errors.ts';
import { registerFontFamily, resolveFaces } from '../src/fonts/font-catalog.ts';
import { shapeText } from '../src/fonts/shape-text.ts';
import { pdfOf, pngOf, textPage } from './helpers/fixtures.ts';
import { boundsOf, isDark, pdfinfo, pdftotext, qpdfCheck, render } from './helpers/tools.ts';

const HINDI = 'श्रीमती प्रिया शर्मा';
const CHINESE = '张伟明';
const LATIN = 'Zoë Müller-Łukasz';

function tag(over: Partial<FilledTag> & Pick<FilledTag, 'type'>): FilledTag {
  return {
    uuid: `t-${Math.random()}`,
    pageNumber: 1,
    positionX: 50,
    positionY: 60,
    blockWidth: 300,
    blockHeight: 40,
    ...over,
  };
}

describe('text shaping', () => {
  it('shapes Devanagari: the i-matra is drawn before its consonant and conjuncts merge glyphs', () => {
    const faces = resolveFaces({});
    const [ki] = shapeText('कि', faces);
    const font = ki?.face.font;
    expect(font).toBeDefined();
    const ka = font?.hbFont.nominalGlyph(0x0915);
    // Typed क then ि; drawn matra first (the font picks a width variant of the matra glyph).
    expect(ki?.glyphs).toHaveLength(2);
    expect(ki?.glyphs[1]?.gid).toBe(ka);
    expect(ki?.glyphs[0]?.gid).not.toBe(ka);
    expect(ki?.glyphs[0]?.gid).not.toBe(0);
    const [shri] = shapeText('श्री', faces);
    // श + ् + र + ी: the conjunct श्र is one glyph, so fewer glyphs than characters.
    expect(shri?.glyphs.length).toBeLessThan(4);
  });

  it('falls back to a Chinese font for Han characters and keeps Latin in the tag font', () => {
    const runs = shapeText(`${LATIN} ${CHINESE}`, resolveFaces({}));
    expect(runs.length).toBe(2);
    expect(runs[1]?.face.font.id).toMatch(/noto-sans-sc/);
    expect(runs.flatMap((r) => r.glyphs).every((g) => g.gid !== 0)).toBe(true);
  });

  it('wraps a text area inside its width and shrinks text that would overflow its height', () => {
    const faces = resolveFaces({});
    const long = 'The quick brown fox jumps over the lazy dog. '.repeat(6);
    const block = layoutText(long, faces, { size: 12, maxWidth: 150, maxHeight: 400, wrap: true });
    expect(block.lines.length).toBeGreaterThan(3);
    expect(block.lines.every((l) => l.width <= 150.01)).toBe(true);
    const tight = layoutText(long, faces, { size: 12, maxWidth: 150, maxHeight: 40, wrap: true });
    expect(tight.size).toBeLessThan(12);
  });
});

describe('tenant fonts', () => {
  it('uses a registered TrueType family for its tags and refuses files that are not TrueType', () => {
    const ttf = readFileSync(
      join(
        dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans/package.json')),
        '700Bold/NotoSans_700Bold.ttf',
      ),
    );
    registerFontFamily('Acme Corporate', new Uint8Array(ttf));
    const [face] = resolveFaces({ family: 'Acme Corporate' });
    expect(face?.font.id).toBe('Acme Corporate');
    expect(() => registerFontFamily('Broken', new Uint8Array(Buffer.from('not a font at all')))).toThrow(
      PdfError,
    );
  });
});

describe('tag values', () => {
  it('encodes a QR code tag as label: value lines', () => {
    expect(qrPayload('{"Name":"Priya","Amount":"₹ 500"}')).toBe('Name: Priya\nAmount: ₹ 500');
  });

  it('joins multi-select values and shows an attachment by its title', () => {
    expect(displayText(tag({ type: 'multiSelect', value: '["A","B"]' }))).toBe('A, B');
    expect(displayText(tag({ type: 'attachment', value: '{"title":"Contract.pdf"}' }))).toBe('Contract.pdf');
  });
});

describe('stamping tags', () => {
  const base = pdfOf([{ content: textPage('Agreement') }, { rotate: 90, content: textPage('Annex') }]);

  it('draws Hindi, Chinese and Latin text that pdftotext reads back exactly, in one new revision', () => {
    const out = stampTags(base, [
      tag({ type: 'signatureText', value: HINDI }),
      tag({ type: 'username', value: `${LATIN} ${CHINESE}`, positionY: 120, fontWeight: 'bold' }),
      tag({ type: 'text', value: 'Anhang 2 — 附件', pageNumber: 2, fontStyle: 'italic' }),
    ]);
    expect(out.annotations).toBe(3);
    expect(Buffer.from(out.pdf.subarray(0, base.length)).equals(Buffer.from(base))).toBe(true);
    expect(qpdfCheck(out.pdf).ok).toBe(true);
    const text = pdftotext(out.pdf);
    expect(text).toContain(HINDI);
    expect(text).toContain(`${LATIN} ${CHINESE}`);
    expect(text).toContain('Anhang 2 — 附件');
    expect(text).toContain('Agreement');
  });

  it('draws Arabic names with the Arabic fallback font, joined and read back by pdftotext', () => {
    const arabic = 'محمد علي';
    const out = stampTags(base, [tag({ type: 'signatureText', value: arabic })]);
    expect(
      shapeText(arabic, resolveFaces({}))
        .flatMap((r) => r.glyphs)
        .every((g) => g.gid !== 0),
    ).toBe(true);
    // pdftotext writes right-to-left text in visual order inside embedding marks (as it does for
    // Arabic PDFs made by LibreOffice): RLE, the reversed characters, PDF.
    expect(pdftotext(out.pdf)).toContain(`\u202b${[...arabic].reverse().join('')}\u202c`);
  });

  it('refuses tag images that are not PNG or JPEG, and letterheads over 500 KB', () => {
    const gif = new Uint8Array(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(() => stampTags(base, [tag({ type: 'image', image: gif })])).toThrow(/PNG or JPEG/);
    const huge = pngOf(800, 800, (x, y) => [(x * 7) % 256, (y * 13) % 256, (x * y) % 256, 255]);
    expect(huge.length).toBeGreaterThan(500 * 1024);
    expect(() => stampTags(base, [tag({ type: 'letterHead', image: huge })])).toThrow(/500 KB/);
  });

  it('embeds subsets: a Chinese name costs kilobytes, not the 10 MB font', () => {
    const out = stampTags(base, [tag({ type: 'signatureText', value: CHINESE })]);
    expect(out.pdf.length - base.length).toBeLessThan(150_000);
    expect(pdfinfo(out.pdf)).toMatch(/Pages:\s+2/);
  });

  it('keeps earlier revisions intact when a second signer stamps again', () => {
    const first = stampTags(base, [tag({ type: 'signatureText', value: 'First' })]).pdf;
    const second = stampTags(first, [tag({ type: 'signatureText', value: 'Second', positionY: 200 })]).pdf;
    expect(Buffer.from(second.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    expect(qpdfCheck(second).ok).toBe(true);
    const text = pdftotext(second);
    expect(text).toContain('First');
    expect(text).toContain('Second');
  });

  it('draws every tag type without error and the result stays a sound PDF', () => {
    const png = pngOf(20, 10, (x) => (x < 10 ? [0, 0, 200, 255] : [0, 0, 0, 0]));
    const types = [
      'signature',
      'signatureText',
      'userInitial',
      'reason',
      'username',
      'timeStamp',
      'location',
      'userTitle',
      'userUuid',
      'docUuid',
      'email',
      'reasonFreeText',
      'calendar',
      'text',
      'textArea',
      'singleSelect',
      'multiSelect',
      'attachment',
    ];
    const tags: FilledTag[] = types.map((type, i) =>
      tag({
        type,
        value: type === 'multiSelect' ? '["x","y"]' : `${type} value ${i}`,
        positionY: 20 + i * 42,
        blockHeight: 38,
        blockWidth: 200,
      }),
    );
    tags.push(
      tag({
        type: 'qrcode',
        value: '{"Doc":"42"}',
        positionX: 300,
        positionY: 20,
        blockWidth: 120,
        blockHeight: 120,
      }),
    );
    tags.push(
      tag({
        type: 'signature',
        image: png,
        caption: ['Priya Sharma', '2025-11-22 10:00 IST'],
        positionX: 300,
        positionY: 160,
        blockWidth: 160,
        blockHeight: 80,
      }),
    );
    tags.push(
      tag({
        type: 'image',
        key: 'rubberStamp',
        image: png,
        positionX: 300,
        positionY: 260,
        blockWidth: 100,
        blockHeight: 50,
      }),
    );
    tags.push(
      tag({
        type: 'letterHead',
        image: png,
        positionX: 300,
        positionY: 330,
        blockWidth: 200,
        blockHeight: 40,
      }),
    );
    const out = stampTags(base, tags);
    expect(out.annotations).toBe(tags.length);
    expect(qpdfCheck(out.pdf).ok).toBe(true);
    expect(pdftotext(out.pdf)).toContain('Priya Sharma');
  });

  it('draws a QR code as dark modules filling its square', () => {
    const blank = pdfOf([{}]);
    const out = stampTags(blank, [
      tag({
        type: 'qrcode',
        value: '{"Name":"Priya"}',
        positionX: 100,
        positionY: 100,
        blockWidth: 100,
        blockHeight: 100,
      }),
    ]);
    const box = boundsOf(render(out.pdf, 1, 72), isDark);
    expect(box).toBeDefined();
    const [x0, y0, x1, y1] = box ?? [0, 0, 0, 0];
    // Inside the tag, and most of it (the quiet zone is white).
    expect(x0).toBeGreaterThanOrEqual(100);
    expect(y0).toBeGreaterThanOrEqual(100);
    expect(x1).toBeLessThanOrEqual(200);
    expect(y1).toBeLessThanOrEqual(200);
    expect(x1 - x0).toBeGreaterThan(70);
  });

  it('keeps a signature image transparent: the page shows through where the PNG is clear', () => {
    const red = pdfOf([{ content: '1 0 0 rg 0 0 595 842 re f' }]);
    const png = pngOf(20, 20, (x) => (x < 10 ? [0, 0, 0, 255] : [0, 0, 0, 0]));
    const out = stampTags(red, [
      tag({
        type: 'signature',
        image: png,
        positionX: 100,
        positionY: 100,
        blockWidth: 104,
        blockHeight: 104,
      }),
    ]);
    const r = render(out.pdf, 1, 72);
    expect(isDark(r.at(120, 150))).toBe(true);
    const [cr, cg, cb] = r.at(180, 150);
    expect(cr).toBeGreaterThan(200);
    expect(cg).toBeLessThan(60);
    expect(cb).toBeLessThan(60);
  });

  it('refuses a tag outside its page or on a page the document lacks', () => {
    expect(() => stampTags(base, [tag({ type: 'text', value: 'x', positionX: 590 })])).toThrow(PdfError);
    expect(() => stampTags(base, [tag({ type: 'text', value: 'x', pageNumber: 3 })])).toThrow(/page 3/);
  });

  it('shares one font subset between all the tags of a revision', () => {
    const b = new AppearanceBuilder(() => ({
      pageNumber: 1,
      mediaBox: [0, 0, 595, 842],
      cropBox: [0, 0, 595, 842],
      rotate: 0,
      width: 595,
      height: 842,
    }));
    b.add(tag({ type: 'text', value: 'one' }));
    b.add(tag({ type: 'text', value: 'two', positionY: 200 }));
    const objects: unknown[] = [];
    const placed = b.finish({
      add: (o) => {
        objects.push(o);
        return { num: objects.length, gen: 0 } as never;
      },
    });
    expect(placed).toHaveLength(2);
    expect(annotationFor(placed[0] as never).get('Subtype')).toBeDefined();
    const type0 = objects.filter(
      (o) =>
        o instanceof Object &&
        'map' in (o as object) &&
        String((o as { map: Map<string, unknown> }).map.get('Subtype')) === '/Type0',
    );
    expect(type0).toHaveLength(1);
  });
});
