import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Encryption at rest of private keys (DOMAIN.md): AES-256-GCM under the master key. The stored
 * form is `version(1) | iv(12) | tag(16) | ciphertext`; `context` (e.g. "tenant:<id>:seal") is
 * authenticated too, so a key copied to another row does not decrypt.
 */
export interface KeyVault {
  seal(plain: Uint8Array, context: string): Uint8Array;
  open(sealed: Uint8Array, context: string): Uint8Array;
  /**
   * HMAC-SHA-256 of `data` under a key derived (HKDF) from the master key for `context`: a tag
   * that only this installation can make (a QR code's verification link), never a key itself.
   */
  mac(data: Uint8Array, context: string): Uint8Array;
}

export function createKeyVault(masterKey: Uint8Array): KeyVault {
  if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return new Uint8Array(Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]));
    },
    open(sealed, context) {
      const buf = Buffer.from(sealed);
      if (buf[0] !== 1) throw new Error('Unknown key encryption version');
      const decipher = createDecipheriv('aes-256-gcm', masterKey, buf.subarray(1, 13));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(buf.subarray(13, 29));
      return new Uint8Array(Buffer.concat([decipher.update(buf.subarray(29)), decipher.final()]));
    },
    mac(data, context) {
      const key = Buffer.from(hkdfSync('sha256', masterKey, new Uint8Array(0), `signet-mac:${context}`, 32));
      return new Uint8Array(createHmac('sha256', key).update(data).digest());
    },
  };
}

/**
 * The master key: `SIGNET_MASTER_KEY` (64 hex characters or base64 of 32 bytes), else a key
 * generated once into the data folder — with a warning, because then the data folder alone
 * unlocks the keys.
 */
export function loadMasterKey(env: string | null, dataDir: string, warn: (msg: string) => void): Uint8Array {
  if (env) {
    const key = /^[0-9a-f]{64}$/i.test(env) ? Buffer.from(env, 'hex') : Buffer.from(env, 'base64');
    if (key.length !== 32)
      throw new Error('SIGNET_MASTER_KEY must be 32 bytes (64 hex characters or base64)');
    return new Uint8Array(key);
  }
  const file = join(dataDir, 'master.key');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    warn(
      `SIGNET_MASTER_KEY is not set: generated ${file}. Set SIGNET_MASTER_KEY in production and keep it apart from the data.`,
    );
  }
  chmodSync(file, 0o600);
  return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
}
