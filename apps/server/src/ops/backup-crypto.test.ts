import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  BackupDamaged,
  type BackupKey,
  BackupKeyRefused,
  decryptBackup,
  encryptBackup,
} from './backup-crypto.ts';

const keyFile = (): BackupKey => ({ kind: 'keyFile', bytes: randomBytes(32) });
/** The bytes fed in pieces of `piece` bytes, as a file or gzip would hand them over. */
const source = (bytes: Buffer, piece = 16_384) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
    })(),
  );
const encrypt = (bytes: Buffer, key: BackupKey) => buffer(source(bytes).pipe(encryptBackup(key)));
const decrypt = (bytes: Buffer, key: BackupKey, piece?: number) =>
  buffer(source(bytes, piece).pipe(decryptBackup(key)));

describe('encrypted backups', () => {
  it('give back exactly the bytes, whatever their length and however they are read', async () => {
    const key = keyFile();
    for (const size of [0, 1, 65_536, 65_537, 200_000]) {
      const plain = randomBytes(size);
      const sealed = await encrypt(plain, key);
      expect(sealed.length).toBe(65 + plain.length + 16 * Math.max(1, Math.ceil(size / 65_536)));
      expect((await decrypt(sealed, key, 7_000)).equals(plain)).toBe(true);
    }
  });

  it('open with the passphrase that made them, and refuse another passphrase or a key file', async () => {
    const plain = Buffer.from('the archive');
    const sealed = await encrypt(plain, { kind: 'passphrase', passphrase: 'correct horse' });
    expect((await decrypt(sealed, { kind: 'passphrase', passphrase: 'correct horse' })).toString()).toBe(
      'the archive',
    );
    await expect(decrypt(sealed, { kind: 'passphrase', passphrase: 'wrong horse' })).rejects.toBeInstanceOf(
      BackupKeyRefused,
    );
    await expect(decrypt(sealed, keyFile())).rejects.toBeInstanceOf(BackupKeyRefused);
  });

  it('refuse another key file before giving out a byte', async () => {
    const sealed = await encrypt(randomBytes(100_000), keyFile());
    const out: Buffer[] = [];
    const reading = decryptBackup(keyFile());
    reading.on('data', (c: Buffer) => out.push(c));
    const failed = new Promise((resolve) => reading.on('error', resolve));
    source(sealed).pipe(reading);
    expect(await failed).toBeInstanceOf(BackupKeyRefused);
    expect(out).toEqual([]);
  });

  it('refuse one flipped byte anywhere, a chunk cut off at the end, and bytes added', async () => {
    const key = keyFile();
    const sealed = await encrypt(randomBytes(150_000), key);
    for (const at of [20, 70, 65 + 65_552 + 3, sealed.length - 1]) {
      const bad = Buffer.from(sealed);
      bad[at] = (bad[at] ?? 0) ^ 0x01;
      await expect(decrypt(bad, key)).rejects.toThrow(at === 20 ? BackupKeyRefused : BackupDamaged);
    }
    // Two whole chunks out of three: each authenticates, but the second is not marked last.
    await expect(decrypt(sealed.subarray(0, 65 + 2 * 65_552), key)).rejects.toBeInstanceOf(BackupDamaged);
    await expect(decrypt(sealed.subarray(0, 30), key)).rejects.toBeInstanceOf(BackupDamaged);
    await expect(decrypt(Buffer.concat([sealed, Buffer.alloc(16)]), key)).rejects.toBeInstanceOf(
      BackupDamaged,
    );
  });
});
