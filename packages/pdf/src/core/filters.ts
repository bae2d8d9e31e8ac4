import { constants, inflateSync } from 'node:zlib';
import { DecodedBudget } from './decoded-budget.ts';
import { invalidDocument } from './errors.ts';
import { PdfDict, PdfName, type PdfObject, type PdfStream } from './objects.ts';

/**
 * Undoes a stream's filters. Only what the engine itself must read is supported (object
 * streams, xref streams, metadata): Flate with PNG/TIFF predictors, ASCIIHex and ASCII85.
 * Output is charged to the document's budget and inflating stops when it is spent, so a zip bomb
 * cannot exhaust memory or time.
 */
export function decodeStream(stream: PdfStream, budget: DecodedBudget = new DecodedBudget()): Uint8Array {
  const filters = asList(stream.dict.get('Filter'));
  const parms = asList(stream.dict.get('DecodeParms') ?? stream.dict.get('DP'));
  let data: Uint8Array = stream.data;
  filters.forEach((f, i) => {
    const name = f instanceof PdfName ? f.value : '';
    const p = parms[i];
    switch (name) {
      case 'FlateDecode':
      case 'Fl':
        data = inflate(data, budget);
        data = unpredict(data, p instanceof PdfDict ? p : undefined);
        break;
      case 'ASCIIHexDecode':
      case 'AHx':
        data = asciiHex(data);
        break;
      case 'ASCII85Decode':
      case 'A85':
        data = ascii85(data);
        break;
      default:
        throw invalidDocument(`A stream uses the ${name || 'unknown'} filter, which cannot be read here.`);
    }
  });
  budget.charge(data.length);
  return data;
}

function asList(o: PdfObject | undefined): PdfObject[] {
  if (o === undefined || o === null) return [];
  return Array.isArray(o) ? o : [o];
}

function inflate(data: Uint8Array, budget: DecodedBudget): Uint8Array {
  const allowance = budget.allowance();
  try {
    // Sync flush tolerates streams truncated or padded by careless producers. zlib stops as soon
    // as the output would pass the allowance.
    return inflateSync(data, {
      finishFlush: constants.Z_SYNC_FLUSH,
      maxOutputLength: Math.max(1, allowance),
    });
  } catch (e) {
    if (e instanceof RangeError || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw budget.refusal(allowance);
    }
    throw invalidDocument('A compressed stream is damaged.');
  }
}

function unpredict(data: Uint8Array, parms: PdfDict | undefined): Uint8Array {
  const predictor = parms?.getNumber('Predictor') ?? 1;
  if (predictor < 10) {
    if (predictor === 2) throw invalidDocument('TIFF predictors are not supported in structure streams.');
    return data;
  }
  const colors = parms?.getNumber('Colors') ?? 1;
  const bpc = parms?.getNumber('BitsPerComponent') ?? 8;
  const columns = parms?.getNumber('Columns') ?? 1;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLen = Math.ceil((colors * bpc * columns) / 8);
  if (rowLen <= 0 || rowLen > 1 << 20) throw invalidDocument('A stream has an invalid predictor row size.');
  const rows = Math.floor(data.length / (rowLen + 1));
  const out = new Uint8Array(rows * rowLen);
  let prev = new Uint8Array(rowLen);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLen + 1)];
    const row = data.subarray(r * (rowLen + 1) + 1, (r + 1) * (rowLen + 1));
    const cur = out.subarray(r * rowLen, (r + 1) * rowLen);
    for (let i = 0; i < rowLen; i++) {
      const raw = row[i] as number;
      const left = i >= bpp ? (cur[i - bpp] as number) : 0;
      const up = prev[i] as number;
      const upLeft = i >= bpp ? (prev[i - bpp] as number) : 0;
      switch (type) {
        case 1:
          cur[i] = raw + left;
          break;
        case 2:
          cur[i] = raw + up;
          break;
        case 3:
          cur[i] = raw + ((left + up) >> 1);
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          cur[i] = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          cur[i] = raw;
      }
    }
    prev = cur;
  }
  return out;
}

function asciiHex(data: Uint8Array): Uint8Array {
  let s = Buffer.from(data).toString('latin1');
  const end = s.indexOf('>');
  if (end >= 0) s = s.slice(0, end);
  s = s.replace(/[^0-9a-fA-F]/g, '');
  return Buffer.from(s.length % 2 ? `${s}0` : s, 'hex');
}

function ascii85(data: Uint8Array): Uint8Array {
  const s = Buffer.from(data).toString('latin1').replace(/\s/g, '').replace(/^<~/, '').replace(/~>.*$/, '');
  const out: number[] = [];
  let group: number[] = [];
  for (const ch of s) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const v = ch.charCodeAt(0) - 33;
    if (v < 0 || v > 84) throw invalidDocument('An ASCII85 stream is damaged.');
    group.push(v);
    if (group.length === 5) {
      let n = 0;
      for (const g of group) n = n * 85 + g;
      out.push((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
      group = [];
    }
  }
  if (group.length > 1) {
    const len = group.length;
    while (group.length < 5) group.push(84);
    let n = 0;
    for (const g of group) n = n * 85 + g;
    const bytes = [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
    out.push(...bytes.slice(0, len - 1));
  }
  return Uint8Array.from(out);
}
