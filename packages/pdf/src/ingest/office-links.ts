import { setImmediate as nextTurn } from 'node:timers/promises';
import { Code } from '@signet/contracts/errors';
import { Unzip, UnzipInflate, UnzipPassThrough, Zip, ZipPassThrough } from 'fflate';
import { PdfError } from '../core/errors.ts';

/**
 * Removing what an OOXML file (docx, xlsx, pptx) asks to fetch from outside itself, before
 * LibreOffice reads it. First of three lines (the others: link updates off in the profile, and
 * the sandbox without network or file system); it works on the zip, so legacy .doc/.xls/.ppt are
 * left to the other two.
 *
 * - Relationships whose target is outside the package (TargetMode="External", or a target that
 *   is a URL or an absolute path) are dropped, whatever their type — linked pictures, OLE links,
 *   attached templates, frames, sub-documents, external workbooks, audio and video — except
 *   hyperlinks: those are only written into the PDF as clickable links, never fetched.
 * - In any XML part, an `href` attribute (xlink:href of ODF content, VML's o:href, SVG's href)
 *   pointing outside the package is removed, except on `a` elements (clickable links).
 * - The archive is always written anew from what was read, so LibreOffice sees exactly the parts
 *   that were checked (no second entry of the same name, no central directory telling another
 *   story).
 *
 * A part that cannot be read with certainty (document type declarations, whose entities could
 * make elements the check never sees; text encodings other than ASCII-compatible ones; markup
 * that does not parse) is refused rather than passed on.
 */
export async function stripExternalReferences(
  bytes: Uint8Array,
  opts: { maxUnpackedBytes: number },
): Promise<Uint8Array> {
  const parts = await unpack(bytes, opts.maxUnpackedBytes);
  const out = new Map<string, Uint8Array>();
  for (const [name, data] of parts) {
    if (isRelationshipPart(name)) out.set(name, latin1Bytes(dropExternalRelationships(name, latin1(data))));
    else if (looksLikeXml(data)) out.set(name, latin1Bytes(dropExternalHrefs(name, latin1(data))));
    else out.set(name, data);
    await nextTurn();
  }
  return repack(out);
}

/**
 * The work here is in proportion to the upload, on the server's main thread: it is done in
 * slices with a turn of the event loop between them, so other requests go on meanwhile.
 */
const SLICE = 16 * 1024;
const STORE_SLICE = 1024 * 1024;

/**
 * The parts written into a new archive, stored rather than compressed: it only travels to
 * LibreOffice on the same disk, and storing costs no CPU (the unpacked size is already bounded).
 */
async function repack(parts: Map<string, Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else chunks.push(chunk);
  });
  for (const [name, data] of parts) {
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    if (data.length === 0) entry.push(data, true);
    for (let at = 0; at < data.length; at += STORE_SLICE) {
      entry.push(data.subarray(at, at + STORE_SLICE), at + STORE_SLICE >= data.length);
      await nextTurn();
    }
  }
  zip.end();
  if (failed) throw failed;
  return new Uint8Array(Buffer.concat(chunks));
}

function refuse(why: string): never {
  throw new PdfError(Code.CONVERSION_FAILED, `The document could not be converted to PDF: ${why}.`);
}

/** Every part of the archive, decompressed with a budget so a zip bomb stops early. */
async function unpack(bytes: Uint8Array, maxUnpackedBytes: number): Promise<Map<string, Uint8Array>> {
  const parts = new Map<string, Uint8Array>();
  const started = new Set<string>();
  let unpacked = 0;
  let failure: string | undefined;
  const unzipper = new Unzip((file) => {
    if (failure) return;
    if (started.has(file.name)) {
      failure = `its archive holds "${file.name}" twice`;
      return;
    }
    started.add(file.name);
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = 'its archive is damaged';
        return;
      }
      unpacked += chunk.length;
      if (unpacked > maxUnpackedBytes) {
        failure = `it unpacks to more than ${Math.round(maxUnpackedBytes / 1024 / 1024)} MB`;
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) parts.set(file.name, concat(chunks));
    };
    try {
      file.start();
    } catch {
      failure = 'its archive uses a compression method that is not supported';
    }
  });
  unzipper.register(UnzipInflate);
  unzipper.register(UnzipPassThrough);
  try {
    // In slices, so one part's output is checked against the budget while it inflates (a slice
    // inflates to at most about a thousand times its size).
    for (let at = 0; at < bytes.length && !failure; at += SLICE) {
      unzipper.push(bytes.subarray(at, at + SLICE), at + SLICE >= bytes.length);
      await nextTurn();
    }
  } catch {
    failure ??= 'its archive is damaged';
  }
  if (failure) refuse(failure);
  // A part cut off by the end of the upload never finished.
  if (parts.size === 0 || parts.size !== started.size) refuse('its archive is empty or damaged');
  return parts;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Bytes as a string of the same length, one character per byte: markup is ASCII in every
 *  encoding allowed here, and untouched spans go back byte for byte. */
function latin1(data: Uint8Array): string {
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
}
function latin1Bytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'latin1'));
}

function isRelationshipPart(name: string): boolean {
  return /\.rels$/i.test(name);
}

function looksLikeXml(data: Uint8Array): boolean {
  // UTF-16 markup (with or without its byte order mark) cannot be checked as ASCII, and Office
  // never writes it: refused rather than passed on unread.
  const utf16 =
    (data[0] === 0xfe && data[1] === 0xff) ||
    (data[0] === 0xff && data[1] === 0xfe) ||
    (data[0] === 0x00 && data[1] === 0x3c) ||
    (data[0] === 0x3c && data[1] === 0x00);
  if (utf16) refuse('a part of it uses a text encoding other than UTF-8');
  let i = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x0a || data[i] === 0x0d || data[i] === 0x09))
    i++;
  return data[i] === 0x3c;
}

/** Encodings in which every markup character is the same single ASCII byte. */
const ASCII_COMPATIBLE = /^(utf-?8|us-ascii|ascii|iso-8859-\d{1,2}|windows-125\d|latin1)$/i;

function checkProlog(name: string, text: string): void {
  const decl = /^(?:\u00ef\u00bb\u00bf)?\s*<\?xml\b([^?]*)\?>/.exec(text);
  const encoding = decl ? /\bencoding\s*=\s*["']([^"']*)["']/.exec(decl[1] ?? '') : null;
  if (encoding && !ASCII_COMPATIBLE.test(encoding[1] ?? ''))
    refuse(`its part ${name} uses the text encoding ${encoding[1]}`);
  if (/<!DOCTYPE/i.test(text)) refuse(`its part ${name} holds a document type declaration`);
}

interface Tag {
  /** Where the tag starts (`<`) and ends (after `>`). */
  start: number;
  end: number;
  localName: string;
  attributes: { name: string; localName: string; value: string; start: number; end: number }[];
}

/** The start tags of an XML text, in order, skipping comments, CDATA and processing instructions. */
function* startTags(name: string, text: string): Generator<Tag> {
  let at = 0;
  for (;;) {
    const lt = text.indexOf('<', at);
    if (lt < 0) return;
    if (text.startsWith('<!--', lt)) {
      at = endOf(name, text, '-->', lt);
      continue;
    }
    if (text.startsWith('<![CDATA[', lt)) {
      at = endOf(name, text, ']]>', lt);
      continue;
    }
    if (text.startsWith('<?', lt)) {
      at = endOf(name, text, '?>', lt);
      continue;
    }
    if (text[lt + 1] === '/' || text[lt + 1] === '!') {
      at = endOf(name, text, '>', lt);
      continue;
    }
    yield parseTag(name, text, lt);
    at = lt + 1;
  }
}

function endOf(name: string, text: string, marker: string, from: number): number {
  const i = text.indexOf(marker, from);
  if (i < 0) refuse(`its part ${name} is not well-formed XML`);
  return i + marker.length;
}

const NAME = /[^\s=/>"'<]+/y;

function parseTag(part: string, text: string, lt: number): Tag {
  const bad = (): never => refuse(`its part ${part} is not well-formed XML`);
  NAME.lastIndex = lt + 1;
  const tagName = NAME.exec(text)?.[0] ?? bad();
  let at = NAME.lastIndex;
  const attributes: Tag['attributes'] = [];
  for (;;) {
    const ws = at;
    while (/\s/.test(text[at] ?? '')) at++;
    if (at >= text.length) bad();
    if (text[at] === '>') return { start: lt, end: at + 1, localName: localOf(tagName), attributes };
    if (text.startsWith('/>', at)) return { start: lt, end: at + 2, localName: localOf(tagName), attributes };
    if (at === ws) bad();
    NAME.lastIndex = at;
    const attrName = NAME.exec(text)?.[0] ?? bad();
    at = NAME.lastIndex;
    while (/\s/.test(text[at] ?? '')) at++;
    if (text[at] !== '=') bad();
    at++;
    while (/\s/.test(text[at] ?? '')) at++;
    const quote = text[at];
    if (quote !== '"' && quote !== "'") bad();
    const close = text.indexOf(quote as string, at + 1);
    if (close < 0) bad();
    attributes.push({
      name: attrName,
      localName: localOf(attrName),
      value: decodeEntities(part, text.slice(at + 1, close)),
      start: ws,
      end: close + 1,
    });
    at = close + 1;
  }
}

function localOf(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1);
}

/** The five XML entities and character references; any other entity is refused. */
function decodeEntities(part: string, value: string): string {
  return value.replace(/&([^;]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) refuse(`its part ${part} is not well-formed XML`);
    if (ref === 'amp') return '&';
    if (ref === 'lt') return '<';
    if (ref === 'gt') return '>';
    if (ref === 'quot') return '"';
    if (ref === 'apos') return "'";
    const code = /^#x([0-9a-f]+)$/i.exec(ref)
      ? Number.parseInt(ref.slice(2), 16)
      : /^#(\d+)$/.test(ref)
        ? Number(ref.slice(1))
        : Number.NaN;
    if (!Number.isFinite(code) || code > 0x10ffff) refuse(`its part ${part} uses an unknown entity`);
    return String.fromCodePoint(code);
  });
}

/**
 * Whether a reference leaves the package: a URL with a scheme (http:, file:, smb:, a drive
 * letter), a UNC or network path, and for ODF-style hrefs also an absolute path or a climb
 * ("../picture.png" is next to the document, not in it). Relationship targets without
 * TargetMode="External" are part names, resolved inside the zip even when they climb
 * ("../customXml/item1.xml" from word/), so only the first two count for them.
 */
function leavesPackage(target: string, kind: 'relationship' | 'href'): boolean {
  const t = target.trim().replace(/\\/g, '/');
  if (/^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//')) return true;
  if (kind === 'relationship') return false;
  if (t.startsWith('/')) return true;
  // Percent-escapes could hide a climb ("..%2F"); package part names do not need them to.
  let decoded = t;
  try {
    decoded = decodeURIComponent(t);
  } catch {
    return true;
  }
  return decoded.replace(/\\/g, '/').split('/').includes('..');
}

function rewrite(text: string, cut: { start: number; end: number }[]): string {
  if (cut.length === 0) return text;
  let out = '';
  let at = 0;
  for (const c of cut) {
    out += text.slice(at, c.start);
    at = c.end;
  }
  return out + text.slice(at);
}

function dropExternalRelationships(name: string, text: string): string {
  checkProlog(name, text);
  const cut: { start: number; end: number }[] = [];
  for (const tag of startTags(name, text)) {
    if (tag.localName !== 'Relationship') continue;
    const attr = (n: string) => tag.attributes.find((a) => a.localName === n)?.value ?? '';
    const external =
      attr('TargetMode').trim().toLowerCase() === 'external' || leavesPackage(attr('Target'), 'relationship');
    const hyperlink = /\/hyperlink$/.test(attr('Type').trim());
    if (external && !hyperlink) {
      // A Relationship is empty (<Relationship .../>); a start tag with content is cut to its end.
      const selfClosing = text.slice(tag.start, tag.end).endsWith('/>');
      const end = selfClosing ? tag.end : endOf(name, text, '>', text.indexOf('</', tag.end));
      cut.push({ start: tag.start, end });
    }
  }
  // A relationship tag the scanner did not understand would otherwise pass unchecked.
  const seen = (text.match(/<(?:[^\s<>/:]+:)?Relationship[\s/>]/g) ?? []).length;
  const parsed = [...startTags(name, text)].filter((t) => t.localName === 'Relationship').length;
  if (seen !== parsed) refuse(`its part ${name} is not well-formed XML`);
  return rewrite(text, cut);
}

function dropExternalHrefs(name: string, text: string): string {
  checkProlog(name, text);
  // Most parts (the document body too) name no href at all: nothing to parse.
  if (!/href/i.test(text)) return text;
  const cut: { start: number; end: number }[] = [];
  for (const tag of startTags(name, text)) {
    if (tag.localName === 'a') continue;
    for (const a of tag.attributes)
      if (a.localName.toLowerCase() === 'href' && leavesPackage(a.value, 'href')) cut.push(a);
  }
  return rewrite(text, cut);
}
