import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import type { PageGeometry } from '../geometry/page-geometry.ts';
import { buildTextDocument, PageLimitReached } from './text-document.ts';

/**
 * Decision (NOTES.md): an XML upload becomes a readable PDF of its text — the XML source,
 * re-indented when it comes minified, in a Unicode font — so what is signed is exactly what a
 * person can read. The XML file itself is not embedded.
 */
export function xmlToPdf(
  bytes: Uint8Array,
  opts: { maxChars: number; maxPages: number },
): { pdf: Uint8Array; pages: PageGeometry[] } {
  const text = decodeXmlText(bytes);
  if (text.length > opts.maxChars) {
    throw new PdfError(
      Code.INVALID_INPUT,
      `The XML file is too large to render (${text.length} characters; at most ${opts.maxChars}).`,
    );
  }
  const lines = prettyLines(text);
  try {
    return buildTextDocument(
      lines.map((l) => ({ kind: 'paragraph', text: l.length > 0 ? l : ' ', size: 9 }) as const),
      { title: 'XML document', margin: 40, fontSize: 9, maxPages: opts.maxPages },
    );
  } catch (e) {
    if (e instanceof PageLimitReached) {
      throw new PdfError(
        Code.PAGE_LIMIT_EXCEEDED,
        `The XML file would need more than ${opts.maxPages} pages.`,
      );
    }
    throw e;
  }
}

function decodeXmlText(bytes: Uint8Array): string {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b[0] === 0xff && b[1] === 0xfe) return b.subarray(2).toString('utf16le');
  if (b[0] === 0xfe && b[1] === 0xff) return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
  return new TextDecoder('utf-8').decode(b).replace(/^\uFEFF/, '');
}

/** Lines of the document; minified XML (few, long lines) is re-indented tag by tag. */
function prettyLines(text: string): string[] {
  const raw = text.replace(/\t/g, '  ').split(/\r\n|\r|\n/);
  const longest = raw.reduce((m, l) => Math.max(m, l.length), 0);
  if (longest <= 200) return raw.map((l) => l.trimEnd());
  const tokens = text.match(/<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[^>]*>|[^<]+/g) ?? [];
  const out: string[] = [];
  let depth = 0;
  for (const t of tokens) {
    const s = t.trim();
    if (s === '') continue;
    if (/^<\//.test(s)) depth = Math.max(0, depth - 1);
    out.push(`${'  '.repeat(Math.min(depth, 20))}${s}`);
    if (/^<[^/!?][^>]*[^/]>$|^<[^/!?]>$/.test(s)) depth++;
  }
  return out;
}
