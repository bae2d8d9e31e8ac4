import { pdfFromObjects } from '@signet/pdf/testing';
/** A PDF of A4 pages, one line of text each, written by hand. */
export function pagesPdf(texts: readonly string[]): Uint8Array<ArrayBuffer> {
  const pageIds = texts.map((_, i) => 4 + i * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${texts.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  for (const [i, text] of texts.entries()) {
    const content = `BT /F1 18 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${(pageIds[i] as number) + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    );
  }
  return pdfFromObjects(objects);
}

/** A one-page PDF with a line of text. */
export function onePagePdf(text: string): Uint8Array<ArrayBuffer> {
  return pagesPdf([text]);
}
