import { constants, deflateRawSync } from 'node:zlib';
import { pdfFromObjects } from './pdf-writer.ts';

/**
 * Generators of hostile PDFs for the limit tests, cheap to make: a zlib stream that inflates to
 * hundreds of MB is built from one compressed megabyte repeated (each copy starts with a fresh
 * dictionary, so copies can be concatenated), never by deflating the whole output.
 */

const MB = 1024 * 1024;
const MOD = 65521n;

/** Adler-32 state after `data`. */
function adlerUpdate([a, b]: [bigint, bigint], data: Uint8Array): [bigint, bigint] {
  let x = a;
  let y = b;
  for (const byte of data) {
    x = (x + BigInt(byte)) % MOD;
    y = (y + x) % MOD;
  }
  return [x, y];
}

/** Adler-32 state after `length` copies of `byte`, in closed form. */
function adlerRun([a, b]: [bigint, bigint], byte: number, length: number): [bigint, bigint] {
  const l = BigInt(length);
  const c = BigInt(byte);
  return [(a + l * c) % MOD, (b + l * a + (c * l * (l + 1n)) / 2n) % MOD];
}

/** A zlib stream of `prefix` followed by `padMb` MB of spaces (valid inside content and object streams). */
export function zlibBomb(prefix: Uint8Array, padMb: number): Buffer {
  const chunk = deflateRawSync(Buffer.alloc(MB, 0x20), { finishFlush: constants.Z_FULL_FLUSH });
  const head = deflateRawSync(prefix, { finishFlush: constants.Z_FULL_FLUSH });
  const end = deflateRawSync(Buffer.alloc(0));
  const [a, b] = adlerRun(adlerUpdate([1n, 0n], prefix), 0x20, padMb * MB);
  const check = Buffer.alloc(4);
  check.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    head,
    ...Array.from({ length: padMb }, () => chunk),
    end,
    check,
  ]);
}

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');

/** `pages` trivial pages under one flat page tree node (what a merge of many documents makes). */
export function manyPagesPdf(pages: number): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'),
  ]);
}

/** One page whose content stream inflates to `mb` MB (what a viewer would have to decode). */
export function contentBombPdf(mb: number): Uint8Array {
  const content = zlibBomb(Buffer.from('BT /F1 12 Tf 72 712 Td (Hello) Tj ET\n', 'latin1'), mb);
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    `<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${latin1(content)}\nendstream`,
  ]);
}

/**
 * A one-page PDF whose catalog, page tree and page each sit in their own object stream, each
 * padded to `mbEach` MB once inflated, found through a cross-reference stream (as in issue 17:
 * 735 KB on disk, 3 × 240 MB for any reader that opens it).
 */
export function objectStreamBombPdf(mbEach: number): Uint8Array {
  const bodies = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let out = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  // Objects 4, 5, 6: one object stream for each of objects 1, 2, 3.
  bodies.forEach((body, i) => {
    const header = `${i + 1} 0 `;
    const data = zlibBomb(Buffer.from(`${header}${body}\n`, 'latin1'), mbEach);
    offsets.push(out.length);
    out += `${i + 4} 0 obj\n<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${latin1(data)}\nendstream\nendobj\n`;
  });
  // Object 7: the cross-reference stream, rows of /W [1 4 2], not compressed.
  const xrefAt = out.length;
  const rows = Buffer.alloc(8 * 7);
  const row = (n: number, type: number, f2: number, f3: number) => {
    rows.writeUInt8(type, n * 7);
    rows.writeUInt32BE(f2, n * 7 + 1);
    rows.writeUInt16BE(f3, n * 7 + 5);
  };
  row(0, 0, 0, 65535);
  for (let i = 0; i < 3; i++) row(i + 1, 2, i + 4, 0);
  for (let i = 0; i < 3; i++) row(i + 4, 1, offsets[i] as number, 0);
  row(7, 1, xrefAt, 0);
  out += `7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n${latin1(rows)}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/**
 * `pages` pages that all draw one Flate content stream, `prefix` then `mb` MB of spaces: small on
 * disk, and every page a viewer draws unpacks the whole stream again.
 */
export function sharedContentPdf(
  pages: number,
  mb: number,
  prefix = 'BT /F1 12 Tf 72 712 Td (Shared) Tj ET\n',
): Uint8Array {
  const content = zlibBomb(new TextEncoder().encode(prefix), mb);
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    `<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${latin1(content)}\nendstream`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>',
    ),
  ]);
}

/**
 * `pages` pages that each draw, through a small content stream of their own, one Form XObject
 * shared by all of them whose content inflates to `mb` MB; `nested` puts the big form one level
 * down, inside a wrapper form, and lets the wrapper draw itself (a loop a viewer must stop).
 */
export function sharedFormPdf(pages: number, mb: number, nested = false): Uint8Array {
  const big = zlibBomb(new TextEncoder().encode('0 0 m 10 10 l S\n'), mb);
  // 1 catalog, 2 pages node, 3 the big form, 4 the wrapper form, 5 the page content, then pages.
  const pageContent = nested ? 'q /W Do Q\n' : 'q /Big Do Q\n';
  const kids = Array.from({ length: pages }, (_, i) => `${i + 6} 0 R`).join(' ');
  return pdfFromObjects([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /Resources << /XObject << /Big 3 0 R /W 4 0 R >> >> >>`,
    `<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Length ${big.length} /Filter /FlateDecode >>\nstream\n${latin1(big)}\nendstream`,
    `<< /Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /XObject << /Big 3 0 R /W 4 0 R >> >> /Length 18 >>\nstream\n/W Do /Big Do /W Do\nendstream`,
    `<< /Length ${pageContent.length} >>\nstream\n${pageContent}endstream`,
    ...Array.from(
      { length: pages },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 5 0 R >>',
    ),
  ]);
}
