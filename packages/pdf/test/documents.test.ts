import { afterAll, describe, expect, it } from 'vitest';
import { dict, name, PdfString } from '../src/core/objects.ts';
import { extractFormFieldTags } from '../src/document/form-fields.ts';
import type { FullWriter } from '../src/document/full-writer.ts';
import { mergePdfs } from '../src/document/merge-pdfs.ts';
import { buildTextDocument } from '../src/document/text-document.ts';
import { pageGeometry, tagToUserSpace } from '../src/geometry/page-geometry.ts';
import { closeSandbox } from '../src/ingest/sandbox.ts';
import { pdfOf, pngOf, textPage } from './helpers/fixtures.ts';
import { pdfinfo, pdftotext, qpdfCheck, runOn } from './helpers/tools.ts';

afterAll(closeSandbox);

describe('new documents', () => {
  it('builds a completion certificate with title, rows and a recipients table over several pages', () => {
    const rows = Array.from(
      { length: 80 },
      (_, i) =>
        [
          `Signer ${i + 1} प्रिया 李`,
          'Signed',
          `2025-11-22 10:${String(i % 60).padStart(2, '0')}`,
          '203.0.113.7',
        ] as const,
    );
    const { pdf, pages } = buildTextDocument(
      [
        {
          kind: 'image',
          bytes: pngOf(60, 20, (x) => (x < 30 ? [0, 90, 160, 255] : [0, 0, 0, 0])),
          width: 120,
        },
        { kind: 'title', text: 'Completion certificate' },
        {
          kind: 'keyValues',
          rows: [
            ['ePak', 'Lease renewal — 租约'],
            ['Document SHA-256', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
          ],
        },
        { kind: 'heading', text: 'Recipients and actions' },
        { kind: 'table', columns: ['Recipient', 'Action', 'Time', 'IP'], rows, widths: [3, 1.2, 2, 1.6] },
        {
          kind: 'paragraph',
          text: 'Activity chain head: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
        },
      ],
      { title: 'Completion certificate', footer: 'Signet · ePak 42' },
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(qpdfCheck(pdf).ok).toBe(true);
    const text = pdftotext(pdf);
    expect(text).toContain('Completion certificate');
    expect(text).toContain('Lease renewal — 租约');
    expect(text).toContain('Signer 80 प्रिया 李');
    // Long hashes wrap rather than run off the page, and come back whole when joined.
    expect(text.replace(/\s+/g, '')).toContain(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(pdfinfo(pdf)).toMatch(/Title:\s+Completion certificate/);
    expect(text).toContain(`Signet · ePak 42 — page ${pages.length} of ${pages.length}`);
    expect(runOn(pdf, 'pdfimages', (f) => ['-list', f]).stdout).toMatch(/smask/);
  });

  it('merges several PDFs into one with every page in order', async () => {
    const a = pdfOf([{ content: textPage('Alpha one') }, { content: textPage('Alpha two') }]);
    const b = pdfOf([{ content: textPage('Beta one') }]);
    const merged = await mergePdfs([a, b]);
    expect(pdfinfo(merged)).toMatch(/Pages:\s+3/);
    expect(qpdfCheck(merged).ok).toBe(true);
    const text = pdftotext(merged);
    expect(text.indexOf('Alpha one')).toBeLessThan(text.indexOf('Alpha two'));
    expect(text.indexOf('Alpha two')).toBeLessThan(text.indexOf('Beta one'));
  });

  it('lists form fields with their widget rectangles in tag coordinates, rotated pages included', async () => {
    const rect = [100, 200, 250, 230];
    // `city` names no page (/P): it is found through page 1's /Annots, as in most real files.
    let city: ReturnType<FullWriter['add']> | undefined;
    const pdf = pdfOf(
      [
        {
          extra: (w) => {
            city = w.add(
              dict({
                FT: name('Ch'),
                Ff: 1 << 17,
                T: PdfString.text('city'),
                Opt: [PdfString.text('Pune'), PdfString.text('Delhi')],
                Rect: [300, 300, 400, 320],
                Type: name('Annot'),
                Subtype: name('Widget'),
              }),
            );
            return { Annots: [city] };
          },
        },
        { rotate: 90, cropBox: [20, 30, 580, 820] },
      ],
      (w, pageRefs) => {
        const notes = w.add(
          dict({
            FT: name('Tx'),
            Ff: 1 << 12,
            T: PdfString.text('notes'),
            Rect: [50, 50, 300, 150],
            Type: name('Annot'),
            Subtype: name('Widget'),
            P: pageRefs[0],
          }),
        );
        const field = w.add(
          dict({
            FT: name('Tx'),
            T: PdfString.text('fullName'),
            V: PdfString.text('Priya'),
            Rect: rect,
            Type: name('Annot'),
            Subtype: name('Widget'),
            P: pageRefs[1],
          }),
        );
        return { AcroForm: dict({ Fields: city ? [field, city, notes] : [field, notes] }) };
      },
    );
    const tags = await extractFormFieldTags(pdf);
    const name1 = tags.find((t) => t.fieldName === 'fullName');
    expect(name1).toMatchObject({ pageNumber: 2, tagType: 'text', value: 'Priya' });
    const page2 = pageGeometry(2, [0, 0, 595, 842], [20, 30, 580, 820], 90);
    expect(tagToUserSpace(page2, name1 as never).rect.map(Math.round)).toEqual(rect);
    expect(tags.find((t) => t.fieldName === 'notes')).toMatchObject({ tagType: 'textArea', pageNumber: 1 });
    expect(tags.find((t) => t.fieldName === 'city')).toMatchObject({
      pageNumber: 1,
      tagType: 'singleSelect',
      options: ['Pune', 'Delhi'],
    });
  });
});
