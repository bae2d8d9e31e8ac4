import { describe, expect, it } from 'vitest';
import { readableTitle } from '../src/document-title.ts';

describe('a document’s readable title', () => {
  it('turns a file name into words', () => {
    expect(readableTitle('022-pdfkit_pdfkit')).toBe('022 pdfkit pdfkit');
    expect(readableTitle('offer_letter-final.pdf')).toBe('offer letter final');
    expect(readableTitle('Offer.pdf')).toBe('Offer');
  });

  it('keeps what a person typed, dates and names that are only punctuation', () => {
    expect(readableTitle('Offer letter.pdf')).toBe('Offer letter');
    expect(readableTitle('Q3-report 2026-11-29')).toBe('Q3-report 2026-11-29');
    expect(readableTitle('minutes_2026-11-29.docx')).toBe('minutes 2026-11-29');
    expect(readableTitle('Report v1.2')).toBe('Report v1.2');
    expect(readableTitle('___.pdf')).toBe('___.pdf');
  });
});
