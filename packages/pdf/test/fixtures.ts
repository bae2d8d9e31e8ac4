/**
 * Small PDFs made in code, so tests need no binary fixtures: a classic-xref file and an
 * xref-stream (object stream) file with the given number of pages.
 */
export function makePdf(pages = 1, opts: { xrefStream?: boolean; text?: string } = {}): Uint8Array {
  const objs: string[] = [];
  const pageRefs: string[] = [];
  const first = 3;
  for (let i = 0; i < pages; i++) {
    const pageNum = first + i * 2;
    pageRefs.push(`${pageNum} 0 R`);
    const content = `BT /F1 24 Tf 72 720 Td (${opts.text ?? 'Page'} ${i + 1}) Tj ET`;
    objs[pageNum] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageNum + 1} 0 R /Resources << /Font << /F1 ${first + pages * 2} 0 R >> >> >>`;
    objs[pageNum + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  }
  objs[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objs[2] = `<< /Type /Pages /Kids [${pageRefs.join(' ')}] /Count ${pages} >>`;
  objs[first + pages * 2] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  const size = objs.length;
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let n = 1; n < size; n++) {
    offsets[n] = Buffer.byteLength(out, 'latin1');
    out += `${n} 0 obj\n${objs[n]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  if (opts.xrefStream) {
    const rows = Buffer.alloc(size * 6 + 6);
    for (let n = 0; n < size; n++) {
      const at = n * 6;
      if (n === 0) rows.writeUInt8(0, at);
      else {
        rows.writeUInt8(1, at);
        rows.writeUInt32BE(offsets[n] ?? 0, at + 1);
      }
    }
    rows.writeUInt8(1, size * 6);
    rows.writeUInt32BE(xrefAt, size * 6 + 1);
    const head = `${size} 0 obj\n<< /Type /XRef /Size ${size + 1} /W [1 4 1] /Root 1 0 R /Length ${rows.length} >>\nstream\n`;
    return Buffer.concat([
      Buffer.from(out + head, 'latin1'),
      rows,
      Buffer.from(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`, 'latin1'),
    ]);
  }
  out += `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
