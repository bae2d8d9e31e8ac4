import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Writes a plain PDF of `pages` pages whose content streams add up to about `targetBytes`
 * (uncompressed text drawing), streamed to disk so generating 50 MB needs little memory.
 */
export function generatePdf(path: string, pages: number, targetBytes: number): void {
  const fd = openSync(path, 'w');
  let pos = 0;
  const offsets: number[] = [];
  const put = (s: string) => {
    const b = Buffer.from(s, 'latin1');
    writeSync(fd, b);
    pos += b.length;
  };
  const perPage = Math.max(64, Math.floor(targetBytes / pages));
  const line = 'BT /F1 9 Tf 36 700 Td (The quick brown fox jumps over the lazy dog 0123456789) Tj ET\n';
  const content = line.repeat(Math.ceil(perPage / line.length)).slice(0, perPage);
  const fontNum = 3 + pages * 2;
  put('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const obj = (n: number, body: string) => {
    offsets[n] = pos;
    put(`${n} 0 obj\n${body}\nendobj\n`);
  };
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i * 2} 0 R`).join(' ');
  obj(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let i = 0; i < pages; i++) {
    const n = 3 + i * 2;
    obj(
      n,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${n + 1} 0 R /Resources << /Font << /F1 ${fontNum} 0 R >> >> >>`,
    );
    obj(n + 1, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  obj(fontNum, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const size = fontNum + 1;
  const xref = pos;
  let x = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) x += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  put(`${x}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  closeSync(fd);
}
