import { createPrivateKey, KeyObject, sign as nodeSign, type webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;

import { Code } from '@signet/contracts/errors';
import { PdfError } from '../core/errors.ts';
import { buildChain, type CertInfo, certInfo } from './certificates.ts';

/**
 * Whoever holds the key. `sign` receives the DER of the signed attributes and returns the
 * signature value (PKCS#1 v1.5 for RSA, DER-encoded ECDSA), both over SHA-256.
 */
export interface Signer {
  /** Signer certificate first, then intermediates (the root may be included). */
  certificates: Uint8Array[];
  sign(signedAttributes: Uint8Array): Promise<Uint8Array>;
}

/** A signer for a private key held in this process (PKCS#8 DER, PEM, a KeyObject or a CryptoKey). */
export function localSigner(
  privateKey: KeyObject | CryptoKey | Uint8Array | string,
  certificates: Uint8Array[],
): Signer {
  const key = toKeyObject(privateKey);
  const leaf = certificates[0];
  if (!leaf) throw new PdfError(Code.NO_CERTIFICATE, 'A signer needs a certificate.');
  const info = certInfo(leaf);
  const pub = info.x509.publicKey;
  if (pub.asymmetricKeyType !== key.asymmetricKeyType) {
    throw new PdfError(Code.NO_CERTIFICATE, 'The private key does not belong to the certificate.');
  }
  return {
    certificates,
    async sign(data) {
      return new Uint8Array(
        nodeSign('sha256', data, key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key),
      );
    },
  };
}

function toKeyObject(k: KeyObject | CryptoKey | Uint8Array | string): KeyObject {
  if (typeof k === 'string') return createPrivateKey(k);
  if (k instanceof Uint8Array) return createPrivateKey({ key: Buffer.from(k), format: 'der', type: 'pkcs8' });
  if (k instanceof KeyObject) return k;
  // A WebCrypto key: Node converts it to a KeyObject without exporting it.
  return KeyObject.from(k);
}

/** Certificates of a signer ordered signer → root, as far as the given pool allows. */
export function signerChain(signer: Signer): CertInfo[] {
  const infos = signer.certificates.map(certInfo);
  const leaf = infos[0];
  if (!leaf) throw new PdfError(Code.NO_CERTIFICATE, 'A signer needs a certificate.');
  return buildChain(leaf, infos);
}
