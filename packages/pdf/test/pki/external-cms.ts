import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, sign as nodeSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { TestIdentity } from './test-pki.ts';

// CMS signatures made without the engine's CMS code (as a remote service or openssl would), for deferred signing.

export function signedBytes(pdf: Uint8Array, byteRange: readonly number[]): Buffer {
  const [, a = 0, b = 0] = byteRange;
  return Buffer.concat([pdf.subarray(0, a), pdf.subarray(b)]);
}

/**
 * A detached PAdES CMS made without the engine's CMS code, as a remote signing service would:
 * pkijs structures, attributes content-type, message-digest and ESS signing-certificate-v2
 * (RFC 5035, SHA-256 by default), no signing-time, RSA PKCS#1 v1.5 over the attribute SET.
 */
export function externalPadesCms(
  pdf: Uint8Array,
  byteRange: readonly number[],
  who: TestIdentity,
  ess: 'v2' | 'v1' = 'v2',
): Uint8Array {
  const certDer = who.certDer;
  const cert = pkijs.Certificate.fromBER(certDer);
  const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
  const octets = (b: Uint8Array) => new asn1js.OctetString({ valueHex: new Uint8Array(b).buffer });
  const attributes = [
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.3',
      values: [new asn1js.ObjectIdentifier({ value: '1.2.840.113549.1.7.1' })],
    }),
    new pkijs.Attribute({
      type: '1.2.840.113549.1.9.4',
      values: [octets(sha256(signedBytes(pdf, byteRange)))],
    }),
    // ESS signing-certificate-v2 (SHA-256 by default) or, to test refusals, v1 (SHA-1).
    new pkijs.Attribute({
      type: ess === 'v2' ? '1.2.840.113549.1.9.16.2.47' : '1.2.840.113549.1.9.16.2.12',
      values: [
        new asn1js.Sequence({
          value: [
            new asn1js.Sequence({
              value: [
                new asn1js.Sequence({
                  value: [
                    octets(ess === 'v2' ? sha256(certDer) : createHash('sha1').update(certDer).digest()),
                  ],
                }),
              ],
            }),
          ],
        }),
      ],
    }),
  ];
  const toSign = new asn1js.Set({ value: attributes.map((a) => a.toSchema()) }).toBER();
  const signature = nodeSign('sha256', Buffer.from(toSign), createPrivateKey(who.keyPem));
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: '2.16.840.1.101.3.4.2.1',
      algorithmParams: new asn1js.Null(),
    }),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({
      algorithmId: '1.2.840.113549.1.1.1',
      algorithmParams: new asn1js.Null(),
    }),
    signature: octets(signature),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [
      new pkijs.AlgorithmIdentifier({
        algorithmId: '2.16.840.1.101.3.4.2.1',
        algorithmParams: new asn1js.Null(),
      }),
    ],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: '1.2.840.113549.1.7.1' }),
    certificates: [cert],
    signerInfos: [signerInfo],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: '1.2.840.113549.1.7.2',
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

/** `openssl cms -sign` over the signed bytes: a plain CMS with OpenSSL's default attributes. */
export function opensslCms(pdf: Uint8Array, byteRange: readonly number[], who: TestIdentity): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'signet-cms-'));
  try {
    writeFileSync(join(dir, 'data'), signedBytes(pdf, byteRange));
    execFileSync('openssl', [
      'cms',
      '-sign',
      '-binary',
      '-in',
      join(dir, 'data'),
      '-signer',
      who.certPath,
      '-inkey',
      who.keyPath,
      '-outform',
      'DER',
      '-out',
      join(dir, 'sig.der'),
      '-nosmimecap',
      '-md',
      'sha256',
    ]);
    return readFileSync(join(dir, 'sig.der'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
