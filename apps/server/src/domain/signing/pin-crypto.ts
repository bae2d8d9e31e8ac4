import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * A personal private key is encrypted under a key derived from the user's certificate PIN
 * (scrypt, N=2^15), so the server cannot sign for them without it. Layout:
 * `iv(12) | tag(16) | ciphertext`, with the salt stored beside it.
 */
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

function pinKey(pin: string, salt: Uint8Array): Buffer {
  return scryptSync(pin.normalize('NFKC'), salt, 32, SCRYPT);
}

export function encryptUnderPin(pkcs8: Uint8Array, pin: string): { sealed: Uint8Array; salt: Uint8Array } {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', pinKey(pin, salt), iv);
  const body = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  return {
    sealed: new Uint8Array(Buffer.concat([iv, cipher.getAuthTag(), body])),
    salt: new Uint8Array(salt),
  };
}

/** The key, or null when the PIN is wrong (GCM authentication fails). */
export function decryptUnderPin(sealed: Uint8Array, salt: Uint8Array, pin: string): Uint8Array | null {
  const buf = Buffer.from(sealed);
  try {
    const decipher = createDecipheriv('aes-256-gcm', pinKey(pin, salt), buf.subarray(0, 12));
    decipher.setAuthTag(buf.subarray(12, 28));
    return new Uint8Array(Buffer.concat([decipher.update(buf.subarray(28)), decipher.final()]));
  } catch {
    return null;
  }
}

/** PINs are 4 to 12 digits or characters; anything shorter is too easy to guess. */
export const PIN_PATTERN = /^.{4,32}$/u;
