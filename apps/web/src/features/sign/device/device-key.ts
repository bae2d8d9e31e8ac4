/**
 * A signing key held on the signer's own device (DSC / ETOKEN / CAPI policies). Signet never sees
 * the key: the browser signs the server's signed attributes with it and sends only the signature.
 */
export interface DeviceKey {
  /** Non-extractable, so no code on the page can read the key back out once it is opened. */
  privateKey: CryptoKey;
  algorithm: 'RSA' | 'ECDSA';
  /** PEM, leaf first, then its issuers in order: what step 1 of the deferred signing call takes. */
  certificates: string[];
  /** For display: the leaf's common name, or its whole subject when it has none. */
  subject: string;
  notAfter: Date;
}

/**
 * Codes rather than messages: the UI owns the words (and their translations).
 * `invalidFile` is for bytes that are not a PKCS#12 file at all (or a damaged one).
 */
export type DeviceKeyErrorCode = 'wrongPassword' | 'noKey' | 'unsupported' | 'invalidFile';

export class DeviceKeyError extends Error {
  constructor(
    readonly code: DeviceKeyErrorCode,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'DeviceKeyError';
  }
}
