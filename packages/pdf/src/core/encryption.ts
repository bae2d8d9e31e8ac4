import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Code } from '@signet/contracts/errors';
import { PdfError } from './errors.ts';
import { PdfDict, type PdfObject, PdfStream, PdfString } from './objects.ts';

/**
 * The standard security handler (RC4 40–128, AES-128, AES-256), opened with the empty user
 * password. Signed encrypted files are extended in place: objects we add are encrypted with the
 * file's key. Files that need a password, or use certificate (public-key) encryption, are refused:
 * without the key we cannot write objects a reader would decrypt correctly.
 */
export type CryptMethod = 'none' | 'rc4' | 'aesv2' | 'aesv3';

export class Encryption {
  private readonly key: Buffer;
  private readonly streamMethod: CryptMethod;
  private readonly stringMethod: CryptMethod;

  private constructor(key: Buffer, streamMethod: CryptMethod, stringMethod: CryptMethod) {
    this.key = key;
    this.streamMethod = streamMethod;
    this.stringMethod = stringMethod;
  }

  static open(encrypt: PdfDict, id0: Uint8Array): Encryption {
    const filter = encrypt.getName('Filter');
    if (filter !== 'Standard') {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This PDF is encrypted for specific certificate holders, so it cannot be opened or extended here.',
      );
    }
    const v = encrypt.getNumber('V') ?? 0;
    const r = encrypt.getNumber('R') ?? 0;
    const o = bytesOf(encrypt.get('O'));
    const u = bytesOf(encrypt.get('U'));
    const p = encrypt.getNumber('P') ?? 0;
    const encryptMetadata = encrypt.get('EncryptMetadata') !== false;
    let method: CryptMethod = 'rc4';
    let stmMethod: CryptMethod = 'rc4';
    let strMethod: CryptMethod = 'rc4';
    if (v >= 4) {
      const cf = encrypt.get('CF');
      const methodOf = (filterName: string | undefined): CryptMethod => {
        if (!filterName || filterName === 'Identity') return 'none';
        const f = cf instanceof PdfDict ? cf.get(filterName) : undefined;
        const cfm = f instanceof PdfDict ? f.getName('CFM') : undefined;
        if (cfm === 'AESV2') return 'aesv2';
        if (cfm === 'AESV3') return 'aesv3';
        if (cfm === 'V2') return 'rc4';
        if (cfm === 'None') return 'none';
        throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF uses an unknown encryption method.');
      };
      stmMethod = methodOf(encrypt.getName('StmF'));
      strMethod = methodOf(encrypt.getName('StrF'));
      method = stmMethod === 'none' ? strMethod : stmMethod;
    }
    let key: Buffer | undefined;
    if (r >= 5) key = aes256Key(r, o, u, bytesOf(encrypt.get('UE')));
    else if (r >= 2 && r <= 4) {
      const length = v === 1 ? 40 : (encrypt.getNumber('Length') ?? 40);
      const n = r === 2 ? 5 : Math.min(16, Math.max(5, Math.floor(length / 8)));
      key = legacyKey(r, n, o, u, p, id0, encryptMetadata);
    } else {
      throw new PdfError(Code.INVALID_DOCUMENT, 'This PDF uses an unsupported encryption revision.');
    }
    if (!key) {
      throw new PdfError(
        Code.INVALID_DOCUMENT,
        'This PDF is protected by a password. Remove the password protection and upload it again.',
      );
    }
    if (method === 'aesv3' && key.length !== 32)
      throw new PdfError(Code.INVALID_DOCUMENT, 'Bad AES-256 key.');
    return new Encryption(key, stmMethod, strMethod);
  }

  private objectKey(num: number, gen: number, method: CryptMethod): Buffer {
    if (method === 'aesv3') return this.key;
    const h = createHash('md5');
    h.update(this.key);
    h.update(Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, gen & 255, (gen >> 8) & 255]));
    if (method === 'aesv2') h.update(Buffer.from('sAlT', 'latin1'));
    return h.digest().subarray(0, Math.min(this.key.length + 5, 16));
  }

  decryptBytes(data: Uint8Array, num: number, gen: number, isStream: boolean): Uint8Array {
    const method = isStream ? this.streamMethod : this.stringMethod;
    if (method === 'none') return data;
    const key = this.objectKey(num, gen, method);
    if (method === 'rc4') return rc4(key, data);
    if (data.length < 16) return new Uint8Array(0);
    try {
      const d = createDecipheriv(
        method === 'aesv3' ? 'aes-256-cbc' : 'aes-128-cbc',
        key,
        data.subarray(0, 16),
      );
      return Buffer.concat([d.update(data.subarray(16)), d.final()]);
    } catch {
      return new Uint8Array(0);
    }
  }

  encryptBytes(data: Uint8Array, num: number, gen: number, isStream: boolean): Uint8Array {
    const method = isStream ? this.streamMethod : this.stringMethod;
    if (method === 'none') return data;
    const key = this.objectKey(num, gen, method);
    if (method === 'rc4') return rc4(key, data);
    const iv = randomBytes(16);
    const c = createCipheriv(method === 'aesv3' ? 'aes-256-cbc' : 'aes-128-cbc', key, iv);
    return Buffer.concat([iv, c.update(data), c.final()]);
  }

  /**
   * Decrypts the strings and stream data of an object read from the file. The `/Contents` of a
   * signature dictionary is never encrypted (ISO 32000-2 §7.6.2).
   */
  decryptObject(o: PdfObject, num: number, gen: number, depth = 0): PdfObject {
    if (depth > 64) return o;
    if (o instanceof PdfString) return new PdfString(this.decryptBytes(o.bytes, num, gen, false), o.hex);
    if (Array.isArray(o)) return o.map((x) => this.decryptObject(x, num, gen, depth + 1));
    if (o instanceof PdfStream) {
      const d = this.decryptObject(o.dict, num, gen, depth + 1) as PdfDict;
      const t = o.dict.getName('Type');
      if (t === 'XRef') return o;
      return new PdfStream(d, this.decryptBytes(o.data, num, gen, true));
    }
    if (o instanceof PdfDict) {
      const isSig = isSignatureDict(o);
      const out = new PdfDict();
      for (const [k, v] of o.map)
        out.set(k, isSig && k === 'Contents' ? v : this.decryptObject(v, num, gen, depth + 1));
      return out;
    }
    return o;
  }
}

export function isSignatureDict(d: PdfDict): boolean {
  const t = d.getName('Type');
  return t === 'Sig' || t === 'DocTimeStamp' || (d.has('ByteRange') && d.has('Contents') && d.has('Filter'));
}

function bytesOf(o: PdfObject | undefined): Buffer {
  return o instanceof PdfString ? Buffer.from(o.bytes) : Buffer.alloc(0);
}

const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function legacyKey(
  r: number,
  n: number,
  o: Buffer,
  u: Buffer,
  p: number,
  id0: Uint8Array,
  encryptMetadata: boolean,
): Buffer | undefined {
  const h = createHash('md5');
  h.update(PAD);
  h.update(o.subarray(0, 32));
  const pb = Buffer.alloc(4);
  pb.writeInt32LE(p | 0);
  h.update(pb);
  h.update(id0);
  if (r >= 4 && !encryptMetadata) h.update(Buffer.from([255, 255, 255, 255]));
  let key = h.digest().subarray(0, n);
  if (r >= 3) for (let i = 0; i < 50; i++) key = createHash('md5').update(key).digest().subarray(0, n);
  // Check the empty user password against /U.
  if (r === 2) return Buffer.from(rc4(key, PAD)).equals(u.subarray(0, 32)) ? key : undefined;
  let x = Buffer.from(rc4(key, createHash('md5').update(PAD).update(id0).digest()));
  for (let i = 1; i <= 19; i++) x = Buffer.from(rc4(Buffer.from(key.map((b) => b ^ i)), x));
  return x.subarray(0, 16).equals(u.subarray(0, 16)) ? key : undefined;
}

function aes256Key(r: number, _o: Buffer, u: Buffer, ue: Buffer): Buffer | undefined {
  if (u.length < 48 || ue.length < 32) return undefined;
  const pwd = Buffer.alloc(0);
  const validationSalt = u.subarray(32, 40);
  const keySalt = u.subarray(40, 48);
  const hash = (salt: Buffer) =>
    r === 5 ? createHash('sha256').update(pwd).update(salt).digest() : hash2B(pwd, salt);
  if (!hash(validationSalt).equals(u.subarray(0, 32))) return undefined;
  const k = hash(keySalt);
  const d = createDecipheriv('aes-256-cbc', k, Buffer.alloc(16));
  d.setAutoPadding(false);
  return Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]);
}

/** ISO 32000-2 algorithm 2.B (user password, so no /U mixed in). */
function hash2B(pwd: Buffer, salt: Buffer): Buffer {
  let k = createHash('sha256').update(pwd).update(salt).digest();
  for (let round = 0; ; round++) {
    const k1 = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([pwd, k])));
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const e = Buffer.concat([c.update(k1), c.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i] as number;
    const alg = ['sha256', 'sha384', 'sha512'][sum % 3] as string;
    k = createHash(alg).update(e).digest();
    // Rounds done = round + 1: stop after at least 64 once the last byte of E ≤ rounds done − 32.
    if (round >= 63 && (e[e.length - 1] as number) <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 255;
    const t = s[i] as number;
    s[i] = s[j] as number;
    s[j] = t;
  }
  const out = Buffer.alloc(data.length);
  let a = 0;
  let b = 0;
  for (let k = 0; k < data.length; k++) {
    a = (a + 1) & 255;
    b = (b + (s[a] as number)) & 255;
    const t = s[a] as number;
    s[a] = s[b] as number;
    s[b] = t;
    out[k] = (data[k] as number) ^ (s[((s[a] as number) + (s[b] as number)) & 255] as number);
  }
  return out;
}
