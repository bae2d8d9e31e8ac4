// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const YEAR_MS = 365 * 86_400_000;

export interface IssuedKey {
  certificate: Uint8Array;
  /** PKCS#8 DER. */
  privateKey: Uint8Array;
}

function serial(): string {
  // Positive, 16 bytes, as CAs should use (RFC 5280 allows up to 20).
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] as number) & 0x7f;
  return bytes.toString('hex');
}

function name(commonName: string, organisation: string): x509.JsonName {
  return [{ CN: [commonName] }, { O: [organisation] }];
}

async function exportKey(key: CryptoKey): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', key));
}

async function importKey(pkcs8: Uint8Array): Promise<CryptoKey> {
  return webcrypto.subtle.importKey('pkcs8', pkcs8, ALGORITHM, false, ['sign']);
}

async function newKeys(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

/** A self-signed root CA for a tenant. */
export async function createRootCa(organisation: string, now: Date): Promise<IssuedKey> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: new x509.Name(name(`${organisation} Root CA`, organisation)),
    notBefore: now,
    notAfter: new Date(now.getTime() + 20 * YEAR_MS),
    signingAlgorithm: ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate: new Uint8Array(cert.rawData), privateKey: await exportKey(keys.privateKey) };
}

export type IssuedKind = 'issuing-ca' | 'seal' | 'person';

/**
 * A certificate issued by `issuer`: an intermediate CA, the tenant's seal, or a person's
 * signing certificate. `publicKey` lets a CSR's key be certified; otherwise a key is made.
 */
export async function issueCertificate(p: {
  issuer: IssuedKey;
  kind: IssuedKind;
  commonName: string;
  organisation: string;
  email?: string;
  now: Date;
  years: number;
  publicKey?: CryptoKey;
}): Promise<{ certificate: Uint8Array; privateKey: Uint8Array | null }> {
  const issuerCert = new x509.X509Certificate(p.issuer.certificate);
  const keys = p.publicKey ? null : await newKeys();
  const publicKey = p.publicKey ?? (keys as CryptoKeyPair).publicKey;
  const isCa = p.kind === 'issuing-ca';
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(isCa, isCa ? 0 : undefined, true),
    new x509.KeyUsagesExtension(
      isCa
        ? x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign
        : x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
      true,
    ),
    await x509.SubjectKeyIdentifierExtension.create(publicKey),
    await x509.AuthorityKeyIdentifierExtension.create(issuerCert),
  ];
  if (p.email) extensions.push(new x509.SubjectAlternativeNameExtension([{ type: 'email', value: p.email }]));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: new x509.Name(name(p.commonName, p.organisation)),
    issuer: issuerCert.subjectName,
    notBefore: p.now,
    notAfter: new Date(Math.min(p.now.getTime() + p.years * YEAR_MS, issuerCert.notAfter.getTime())),
    signingAlgorithm: ALGORITHM,
    publicKey,
    signingKey: await importKey(p.issuer.privateKey),
    extensions,
  });
  return {
    certificate: new Uint8Array(cert.rawData),
    privateKey: keys ? await exportKey(keys.privateKey) : null,
  };
}

/** The public key of a PKCS#10 request, after checking its signature. */
export async function csrPublicKey(der: Uint8Array): Promise<{ publicKey: CryptoKey; subject: string }> {
  const csr = new x509.Pkcs10CertificateRequest(der);
  if (!(await csr.verify())) throw new Error('The CSR signature does not verify');
  return {
    publicKey: (await csr.publicKey.export(ALGORITHM, ['verify'])) as CryptoKey,
    subject: csr.subject,
  };
}

export function certificateSummary(der: Uint8Array) {
  const cert = new x509.X509Certificate(der);
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    serialNumber: cert.serialNumber,
    notBefore: cert.notBefore.toISOString(),
    notAfter: cert.notAfter.toISOString(),
    pem: cert.toString('pem'),
  };
}
