/**
 * A two-page PDF written by hand for the DocuSign import: page 1 upright (A4), page 2 turned by
 * /Rotate 90, each with a line of Helvetica text whose place is known, so anchor tabs and rotated
 * pages can be checked against exact positions.
 */
export interface TextLine {
  /** Text and where it starts, in the viewer frame (points, top-left, y down) of its page. */
  text: string;
  x: number;
  /** Top of the line's box in the viewer frame (baseline is `top + size`). */
  top: number;
  size: number;
}

export const A4 = { width: 595, height: 842 };

export function anchorPdf(page1: TextLine[], page2: TextLine[]): Uint8Array {
  // Page 1: viewer = user space flipped: baseline y_user = height - (top + size).
  const content1 = page1
    .map((l) => `BT /F1 ${l.size} Tf ${l.x} ${A4.height - (l.top + l.size)} Td (${l.text}) Tj ET`)
    .join('\n');
  // Page 2: /Rotate 90 over the A4 media box; the viewer shows it 842 wide, 595 high. A viewer
  // point (vx, vy) is user (vy, vx) (page-geometry.ts viewerToUser), and text drawn upright in
  // the viewer runs along user +y: the matrix [0 1 -1 0 ux uy].
  const content2 = page2
    .map((l) => {
      const ux = l.top + l.size;
      const uy = l.x;
      return `BT /F1 ${l.size} Tf 0 1 -1 0 ${ux} ${uy} Tm (${l.text}) Tj ET`;
    })
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 6 0 R >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Rotate 90 /Resources << /Font << /F1 5 0 R >> >> /Contents 7 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content1.length} >>\nstream\n${content1}\nendstream`,
    `<< /Length ${content2.length} >>\nstream\n${content2}\nendstream`,
  ];
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
