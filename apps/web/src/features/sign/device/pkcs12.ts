import * as asn1js from 'asn1js';
import {
  type AlgorithmIdentifier,
  type AuthenticatedSafe,
  CertBag,
  Certificate,
  ContentInfo,
  CryptoEngine,
  ECPrivateKey,
  ECPublicKey,
  EncryptedContentInfo,
  EncryptedData,
  PBES2Params,
  PBKDF2Params,
  PFX,
  PKCS8ShroudedKeyBag,
  PrivateKeyInfo,
  type RelativeDistinguishedNames,
  RSAPrivateKey,
  RSAPublicKey,
  type SafeBag,
  SafeContents,
} from 'pkijs';
import { toBase64 } from './base64.ts';
import { type DeviceKey, DeviceKeyError, type DeviceKeyErrorCode } from './device-key.ts';

const OID = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  encryptedData: '1.2.840.113549.1.7.6',
  localKeyId: '1.2.840.113549.1.9.21',
  rsa: '1.2.840.113549.1.1.1',
  ec: '1.2.840.10045.2.1',
};
/** The curves the brief asks for; the server's ECDSA handling is tested with these. */
const CURVES: Record<string, 'P-256' | 'P-384'> = { '1.2.840.10045.3.1.7': 'P-256', '1.3.132.0.34': 'P-384' };
const NAME_TYPES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

interface KeyEntry {
  info: PrivateKeyInfo;
  localKeyId: string | undefined;
}
interface CertEntry {
  certificate: Certificate;
  der: Uint8Array;
  localKeyId: string | undefined;
}
interface Context {
  engine: CryptoEngine;
  password: ArrayBuffer;
  /** A decryption failure after a good MAC means a damaged file, not a wrong password. */
  failure: DeviceKeyErrorCode;
}

/**
 * Opens a PKCS#12 file (the stand-in for a USB token agent): checks the password, finds the private
 * key and the certificate that goes with it, and imports the key into WebCrypto as non-extractable.
 * Only password integrity and PBES2/AES encryption are readable: the `-legacy` ciphers (3DES, RC2)
 * are not in WebCrypto, so such files are refused as `unsupported` once their MAC proves the password.
 */
export async function openPkcs12(bytes: Uint8Array, password: string): Promise<DeviceKey> {
  const ctx: Context = {
    engine: new CryptoEngine({ name: 'signet-device', crypto: globalThis.crypto }),
    password: new TextEncoder().encode(password).buffer,
    failure: 'wrongPassword',
  };
  const safe = await openAuthenticatedSafe(bytes, ctx);
  const { keys, certs } = await readBags(safe, ctx);
  const { key, leaf } = pickLeaf(keys, certs);
  const { privateKey, algorithm } = await importSigningKey(key.info);
  return {
    privateKey,
    algorithm,
    certificates: chainFrom(leaf, certs).map((c) => toPem(c.der)),
    subject: displayName(leaf.certificate.subject),
    notAfter: leaf.certificate.notAfter.value,
  };
}

async function openAuthenticatedSafe(bytes: Uint8Array, ctx: Context): Promise<AuthenticatedSafe> {
  let pfx: PFX;
  try {
    pfx = PFX.fromBER(bytes.slice()); // the copy is backed by a plain ArrayBuffer, as pkijs types ask
    // Public-key integrity (SignedData) needs a key we do not have; only password mode is usable.
    if (pfx.authSafe.contentType !== ContentInfo.DATA) throw new DeviceKeyError('unsupported');
    await pfx.parseInternalValues({ password: ctx.password, checkIntegrity: false }, ctx.engine);
  } catch (cause) {
    throw cause instanceof DeviceKeyError ? cause : new DeviceKeyError('invalidFile', { cause });
  }
  if (pfx.macData) {
    // Checked apart from the parse above so that only a failed MAC reads as a wrong password.
    const digest = algorithmName(ctx.engine, pfx.macData.mac.digestAlgorithm.algorithmId);
    if (!digest || !['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'].includes(digest)) {
      throw new DeviceKeyError('unsupported');
    }
    try {
      await pfx.parseInternalValues({ password: ctx.password, checkIntegrity: true }, ctx.engine);
    } catch (cause) {
      throw new DeviceKeyError('wrongPassword', { cause });
    }
    ctx.failure = 'invalidFile';
  }
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw new DeviceKeyError('invalidFile');
  return safe;
}

async function readBags(safe: AuthenticatedSafe, ctx: Context) {
  for (const content of safe.safeContents) {
    if (content.contentType === OID.encryptedData) {
      // From a copy: pkijs consumes the ASN.1 node it builds from, and builds this one again below.
      const encrypted = EncryptedData.fromBER(content.content.toBER());
      assertDecryptable(encrypted.encryptedContentInfo.contentEncryptionAlgorithm, ctx.engine);
    } else if (content.contentType !== ContentInfo.DATA) {
      throw new DeviceKeyError('unsupported'); // EnvelopedData: encrypted to a certificate, not a password
    }
  }
  try {
    await safe.parseInternalValues(
      { safeContents: safe.safeContents.map(() => ({ password: ctx.password })) },
      ctx.engine,
    );
  } catch (cause) {
    throw new DeviceKeyError(ctx.failure, { cause });
  }
  const parsed: { value: unknown }[] = safe.parsedValue?.safeContents ?? [];
  const keys: KeyEntry[] = [];
  const certs: CertEntry[] = [];
  const visit = async (bags: SafeBag[]): Promise<void> => {
    for (const bag of bags) {
      const value = bag.bagValue;
      const localKeyId = localKeyIdOf(bag);
      if (value instanceof PrivateKeyInfo) keys.push({ info: value, localKeyId });
      else if (value instanceof PKCS8ShroudedKeyBag)
        keys.push({ info: await decryptKey(value, ctx), localKeyId });
      else if (value instanceof CertBag && value.parsedValue instanceof Certificate) {
        const der =
          value.certValue instanceof asn1js.OctetString
            ? value.certValue.valueBlock.valueHexView
            : new Uint8Array(value.parsedValue.toSchema().toBER());
        certs.push({ certificate: value.parsedValue, der, localKeyId });
      } else if (value instanceof SafeContents) await visit(value.safeBags);
    }
  };
  for (const { value } of parsed) if (value instanceof SafeContents) await visit(value.safeBags);
  return { keys, certs };
}

async function decryptKey(bag: PKCS8ShroudedKeyBag, ctx: Context): Promise<PrivateKeyInfo> {
  assertDecryptable(bag.encryptionAlgorithm, ctx.engine);
  const encrypted = new EncryptedData({
    encryptedContentInfo: new EncryptedContentInfo({
      contentType: ContentInfo.DATA,
      contentEncryptionAlgorithm: bag.encryptionAlgorithm,
      encryptedContent: bag.encryptedData,
    }),
  });
  try {
    return PrivateKeyInfo.fromBER(await encrypted.decrypt({ password: ctx.password }, ctx.engine));
  } catch (cause) {
    throw new DeviceKeyError(ctx.failure, { cause });
  }
}

/**
 * pkijs decrypts only PBES2 (PBKDF2 + AES-CBC). Checking first keeps "cannot read this cipher" apart
 * from "wrong password" in files without a MAC, where both would otherwise fail the same way.
 */
function assertDecryptable(algorithm: AlgorithmIdentifier, engine: CryptoEngine): void {
  let readable = false;
  try {
    if (algorithm.algorithmId === OID.pbes2) {
      const params = new PBES2Params({ schema: algorithm.algorithmParams });
      const kdf = new PBKDF2Params({ schema: params.keyDerivationFunc.algorithmParams });
      readable =
        params.keyDerivationFunc.algorithmId === OID.pbkdf2 &&
        algorithmName(engine, params.encryptionScheme.algorithmId) === 'AES-CBC' &&
        (!kdf.prf || algorithmName(engine, kdf.prf.algorithmId) === 'HMAC');
    }
  } catch {
    readable = false;
  }
  if (!readable) throw new DeviceKeyError('unsupported');
}

function algorithmName(engine: CryptoEngine, oid: string): string | undefined {
  const algorithm: { name?: unknown } = engine.getAlgorithmByOID(oid);
  return typeof algorithm.name === 'string' ? algorithm.name : undefined;
}

function localKeyIdOf(bag: SafeBag): string | undefined {
  const value: unknown = bag.bagAttributes?.find((a) => a.type === OID.localKeyId)?.values[0];
  return value instanceof asn1js.OctetString ? hex(value.valueBlock.valueHexView) : undefined;
}

/**
 * The leaf is the certificate holding the key's public half. OpenSSL also links them by localKeyId,
 * which is the fallback when the key does not carry its public half (an EC key may omit it).
 */
function pickLeaf(keys: KeyEntry[], certs: CertEntry[]): { key: KeyEntry; leaf: CertEntry } {
  for (const key of keys) {
    const wanted = keyPublicPart(key.info);
    const leaf = wanted
      ? certs.find((c) => certPublicPart(c.certificate) === wanted)
      : certs.find((c) => key.localKeyId !== undefined && c.localKeyId === key.localKeyId);
    if (leaf) return { key, leaf };
  }
  throw new DeviceKeyError('noKey');
}

function keyPublicPart(info: PrivateKeyInfo): string | undefined {
  const key = info.parsedKey;
  if (key instanceof RSAPrivateKey) {
    return `${hex(key.modulus.valueBlock.valueHexView)}:${hex(key.publicExponent.valueBlock.valueHexView)}`;
  }
  if (key instanceof ECPrivateKey && key.publicKey) return ecPoint(key.publicKey);
  return undefined;
}

function certPublicPart(certificate: Certificate): string | undefined {
  const key = certificate.subjectPublicKeyInfo.parsedKey;
  if (key instanceof RSAPublicKey) {
    return `${hex(key.modulus.valueBlock.valueHexView)}:${hex(key.publicExponent.valueBlock.valueHexView)}`;
  }
  if (key instanceof ECPublicKey) return ecPoint(key);
  return undefined;
}

const ecPoint = (key: ECPublicKey) => `${hex(new Uint8Array(key.x))}:${hex(new Uint8Array(key.y))}`;

/** The leaf, then whoever issued it, and so on up: the order the server's CMS chain expects. */
function chainFrom(leaf: CertEntry, certs: CertEntry[]): CertEntry[] {
  const chain = [leaf];
  for (let current = leaf; !current.certificate.subject.isEqual(current.certificate.issuer); ) {
    const issuer = certs.find(
      (c) => !chain.includes(c) && c.certificate.subject.isEqual(current.certificate.issuer),
    );
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain;
}

async function importSigningKey(info: PrivateKeyInfo): Promise<Pick<DeviceKey, 'privateKey' | 'algorithm'>> {
  const { algorithmId, algorithmParams } = info.privateKeyAlgorithm;
  let params: RsaHashedImportParams | EcKeyImportParams;
  if (algorithmId === OID.rsa) params = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  else {
    const curve =
      algorithmId === OID.ec && algorithmParams instanceof asn1js.ObjectIdentifier
        ? CURVES[algorithmParams.valueBlock.toString()]
        : undefined;
    if (!curve) throw new DeviceKeyError('unsupported');
    params = { name: 'ECDSA', namedCurve: curve };
  }
  try {
    const der = info.toSchema().toBER();
    const privateKey = await globalThis.crypto.subtle.importKey('pkcs8', der, params, false, ['sign']);
    return { privateKey, algorithm: params.name === 'ECDSA' ? 'ECDSA' : 'RSA' };
  } catch (cause) {
    throw new DeviceKeyError('unsupported', { cause });
  }
}

/** Common name when there is one (what a person recognises), else the RFC 4514 string. */
function displayName(name: RelativeDistinguishedNames): string {
  const parts = name.typesAndValues.map((tv) => ({
    type: NAME_TYPES[tv.type] ?? tv.type,
    value: String(tv.value.valueBlock.value),
  }));
  const cn = parts.find((p) => p.type === 'CN');
  if (cn) return cn.value;
  return parts
    .reverse()
    .map((p) => `${p.type}=${p.value}`)
    .join(', ');
}

function toPem(der: Uint8Array): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}
