import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Encrypted backup archives (README "Backup and restore"): the whole .tar.gz, streamed through
 * AES-256-GCM in chunks, after a header. The construction is age's STREAM (Hoang, Reyhanitabar,
 * Rogaway, Vizár, "Online Authenticated-Encryption and its Nonce-Reuse Misuse-Resistance"): each
 * chunk is sealed on its own with a nonce made of its number and a "last chunk" flag, so a chunk
 * cannot be changed, dropped, reordered or cut off at the end without the archive being refused,
 * and memory stays at one chunk whatever the archive's size.
 *
 * Header (65 bytes): `SIGNETBK` | version 1 | kdf (1 key file, 2 passphrase) | scrypt log2 N, r,
 * p (zeros for a key file) | salt (16 random bytes) | chunk size (uint32 BE) | HMAC-SHA256 of the
 * 33 bytes before it. The secret (the key file's 32 bytes, or scrypt(passphrase, salt, N=2^17,
 * r=8, p=1)) gives, through HKDF-SHA256 with the salt, a header key (the HMAC, which tells a wrong
 * key from a damaged archive) and a payload key. Chunk i: AES-256-GCM under the payload key, nonce
 * = i as 11 bytes BE then 0x01 for the last chunk or 0x00, the header as associated data; it
 * holds `chunk size` bytes of the archive (the last one fewer, possibly none) and its 16-byte tag.
 */
const MAGIC = Buffer.from('SIGNETBK');
const VERSION = 1;
const KDF_KEY_FILE = 1;
const KDF_SCRYPT = 2;
const SCRYPT = { log2N: 17, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const BODY_BYTES = MAGIC.length + 1 + 1 + 3 + SALT_BYTES + 4;
const HEADER_BYTES = BODY_BYTES + 32;
const TAG_BYTES = 16;
const CHUNK_BYTES = 64 * 1024;
/** The most scrypt work a header may ask for (N × r × 128 B at most 1 GiB): more would be abuse. */
const MAX_SCRYPT_LOG2N = 20;
const MAX_CHUNK_BYTES = 16 * 1024 * 1024;

/** The key of encrypted backups: 32 random bytes (a key file) or a passphrase (scrypt). */
export type BackupKey = { kind: 'keyFile'; bytes: Uint8Array } | { kind: 'passphrase'; passphrase: string };

/** The key does not open the archive: another key file or passphrase made it (or its header is damaged). */
export class BackupKeyRefused extends Error {}
/** The encrypted archive was changed, cut short or damaged after it was written. */
export class BackupDamaged extends Error {}

/** Whether the file is an encrypted archive (its first bytes are the header's magic). */
export async function isEncryptedBackup(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return bytesRead === MAGIC.length && head.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/** A key file: 32 bytes, as such or as 64 hex characters (`openssl rand -hex 32`). */
export async function readBackupKeyFile(path: string): Promise<BackupKey> {
  const raw = await readFile(path);
  const text = raw.toString('latin1').trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : raw;
  if (bytes.length !== 32)
    throw new Error(
      `the key file ${path} must hold 32 bytes (or 64 hex characters): make one with openssl rand -hex 32`,
    );
  return { kind: 'keyFile', bytes: new Uint8Array(bytes) };
}

function scryptKey(passphrase: string, salt: Buffer, log2N: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** log2N;
  return new Promise((resolve, reject) =>
    scrypt(passphrase.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

interface Keys {
  header: Buffer;
  payload: Buffer;
}

async function deriveKeys(key: BackupKey, body: Buffer): Promise<Keys> {
  const salt = body.subarray(MAGIC.length + 5, MAGIC.length + 5 + SALT_BYTES);
  const secret =
    key.kind === 'keyFile'
      ? Buffer.from(key.bytes)
      : await scryptKey(
          key.passphrase,
          salt,
          body[MAGIC.length + 2] ?? 0,
          body[MAGIC.length + 3] ?? 0,
          body[MAGIC.length + 4] ?? 0,
        );
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', secret, salt, `signet backup v1 ${info}`, 32));
  return { header: derive('header'), payload: derive('payload') };
}

function nonce(counter: bigint, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  // 11 bytes of counter: the top 3 of 64 bits are never reached (2^64 chunks of 64 KiB).
  n.writeBigUInt64BE(counter, 3);
  n[11] = last ? 1 : 0;
  return n;
}

/** Encrypts a stream (the archive) with `key`; a passphrase costs one scrypt (about 0.3 s, 128 MiB). */
export function encryptBackup(key: BackupKey): Transform {
  const salt = randomBytes(SALT_BYTES);
  const body = Buffer.alloc(BODY_BYTES);
  MAGIC.copy(body, 0);
  body[MAGIC.length] = VERSION;
  body[MAGIC.length + 1] = key.kind === 'keyFile' ? KDF_KEY_FILE : KDF_SCRYPT;
  if (key.kind === 'passphrase') {
    body[MAGIC.length + 2] = SCRYPT.log2N;
    body[MAGIC.length + 3] = SCRYPT.r;
    body[MAGIC.length + 4] = SCRYPT.p;
  }
  salt.copy(body, MAGIC.length + 5);
  body.writeUInt32BE(CHUNK_BYTES, MAGIC.length + 5 + SALT_BYTES);
  let keys: Keys | null = null;
  let header: Buffer;
  let counter = 0n;
  let pending: Buffer = Buffer.alloc(0);

  const seal = (stream: Transform, plain: Buffer, last: boolean) => {
    const cipher = createCipheriv('aes-256-gcm', (keys as Keys).payload, nonce(counter, last));
    cipher.setAAD(header);
    stream.push(Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]));
    counter += 1n;
  };
  const ready = async (stream: Transform) => {
    if (keys) return;
    keys = await deriveKeys(key, body);
    header = Buffer.concat([body, createHmac('sha256', keys.header).update(body).digest()]);
    stream.push(header);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      ready(this).then(() => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        // A full chunk is sealed once more bytes follow it: only then is it known not to be the last.
        while (pending.length > CHUNK_BYTES) {
          seal(this, pending.subarray(0, CHUNK_BYTES), false);
          pending = pending.subarray(CHUNK_BYTES);
        }
        done();
      }, done);
    },
    flush(done: TransformCallback) {
      ready(this).then(() => {
        seal(this, pending, true);
        done();
      }, done);
    },
  });
}

/**
 * Decrypts what `encryptBackup` wrote. A wrong key is `BackupKeyRefused` before any byte is
 * given out; a changed, reordered, added or missing chunk, or an archive cut short, is
 * `BackupDamaged`. Each chunk given out is authentic, but only the end says the archive is whole:
 * a reader must not act on the contents before the stream has finished.
 */
export function decryptBackup(key: BackupKey): Transform {
  let pending: Buffer = Buffer.alloc(0);
  let header: Buffer | null = null;
  let keys: Keys | null = null;
  let sealedChunk = 0;
  let counter = 0n;

  const open = (stream: Transform, sealed: Buffer, last: boolean) => {
    const decipher = createDecipheriv('aes-256-gcm', (keys as Keys).payload, nonce(counter, last));
    decipher.setAAD(header as Buffer);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    try {
      stream.push(
        Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]),
      );
    } catch {
      throw new BackupDamaged(
        `the encrypted archive was changed or damaged after it was written (chunk ${counter} does not authenticate)`,
      );
    }
    counter += 1n;
  };

  const readHeader = async (): Promise<void> => {
    const h = pending.subarray(0, HEADER_BYTES);
    if (!h.subarray(0, MAGIC.length).equals(MAGIC)) throw new BackupDamaged('not an encrypted Signet backup');
    if (h[MAGIC.length] !== VERSION)
      throw new BackupDamaged(
        `encrypted backup format ${h[MAGIC.length]}; this Signet reads format ${VERSION}`,
      );
    const kdf = h[MAGIC.length + 1];
    const expected = kdf === KDF_KEY_FILE ? 'keyFile' : kdf === KDF_SCRYPT ? 'passphrase' : null;
    if (!expected) throw new BackupDamaged('the encrypted archive names an unknown key kind');
    if (expected !== key.kind)
      throw new BackupKeyRefused(
        expected === 'keyFile'
          ? 'the archive was encrypted with a key file, not a passphrase'
          : 'the archive was encrypted with a passphrase, not a key file',
      );
    const [log2N = 0, r = 0, p = 0] = h.subarray(MAGIC.length + 2, MAGIC.length + 5);
    sealedChunk = h.readUInt32BE(MAGIC.length + 5 + SALT_BYTES) + TAG_BYTES;
    // Read before the header's MAC can be checked: bounded, so a forged header cannot make
    // scrypt take gigabytes or hours.
    if (
      (kdf === KDF_SCRYPT &&
        (log2N < 10 || log2N > MAX_SCRYPT_LOG2N || r < 1 || 2 ** log2N * r > 2 ** 23 || p < 1 || p > 16)) ||
      sealedChunk <= TAG_BYTES ||
      sealedChunk > MAX_CHUNK_BYTES + TAG_BYTES
    )
      throw new BackupDamaged('the encrypted archive has a damaged header');
    const body = Buffer.from(h.subarray(0, BODY_BYTES));
    keys = await deriveKeys(key, body);
    const mac = createHmac('sha256', keys.header).update(body).digest();
    if (!timingSafeEqual(mac, h.subarray(BODY_BYTES)))
      throw new BackupKeyRefused(
        'the key does not open this archive: another key file or passphrase encrypted it',
      );
    header = Buffer.from(h);
    pending = pending.subarray(HEADER_BYTES);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      (async () => {
        if (!header) {
          if (pending.length < HEADER_BYTES) return;
          await readHeader();
        }
        while (pending.length > sealedChunk) {
          open(this, pending.subarray(0, sealedChunk), false);
          pending = pending.subarray(sealedChunk);
        }
      })().then(() => done(), done);
    },
    flush(done: TransformCallback) {
      (async () => {
        if (!header) {
          if (pending.length < HEADER_BYTES) throw new BackupDamaged('the encrypted archive is cut short');
          await readHeader();
        }
        if (pending.length < TAG_BYTES) throw new BackupDamaged('the encrypted archive is cut short');
        try {
          open(this, pending, true);
        } catch (e) {
          throw e instanceof BackupDamaged
            ? new BackupDamaged(
                'the encrypted archive was cut short, changed or damaged after it was written',
              )
            : e;
        }
      })().then(() => done(), done);
    },
  });
}
