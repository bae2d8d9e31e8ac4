import { fromBase64, toBase64 } from './base64.ts';
import type { DeviceKey } from './device-key.ts';

/**
 * Signs the DER signed attributes from step 1 of `POST /v2/epak/sign/dochash`; the base64 result
 * is step 2's `signature`. The hash is part of the signature algorithm (SHA-256, what the server
 * announces as `hashAlgorithm`), so the raw attributes are signed, not their digest. ECDSA comes out
 * of WebCrypto as raw r‖s, which the server accepts as it is.
 */
export async function signSignedAttributes(key: DeviceKey, signedAttributesBase64: string): Promise<string> {
  const algorithm =
    key.algorithm === 'RSA' ? { name: 'RSASSA-PKCS1-v1_5' } : { name: 'ECDSA', hash: 'SHA-256' };
  const signature = await crypto.subtle.sign(algorithm, key.privateKey, fromBase64(signedAttributesBase64));
  return toBase64(new Uint8Array(signature));
}
