// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { Code } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import type { IssuedKey } from './certificates.ts';
import { tenantKeys } from './tenant-ca.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
/** How long a list is current; archived documents keep it as the proof of that moment. */
const NEXT_UPDATE_MS = 7 * 86_400_000;

/** DER INTEGER of a non-negative number (the CRL number extension's value). */
function derInteger(n: number): Uint8Array {
  let hex = Math.floor(n).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const bytes = Buffer.from(hex, 'hex');
  const body = (bytes[0] as number) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes;
  return new Uint8Array([0x02, body.length, ...body]);
}

/** An empty CRL signed by `issuer`, dated `now`. */
async function emptyCrl(issuer: IssuedKey, now: Date): Promise<Uint8Array> {
  const cert = new x509.X509Certificate(issuer.certificate);
  const signingKey = await webcrypto.subtle.importKey('pkcs8', issuer.privateKey, ALGORITHM, false, ['sign']);
  const crl = await x509.X509CrlGenerator.create({
    issuer: cert.subjectName,
    thisUpdate: now,
    nextUpdate: new Date(now.getTime() + NEXT_UPDATE_MS),
    signingAlgorithm: ALGORITHM,
    signingKey,
    entries: [],
    extensions: [
      await x509.AuthorityKeyIdentifierExtension.create(cert, false),
      new x509.Extension('2.5.29.20', false, derInteger(now.getTime() / 1000)),
    ],
  });
  return new Uint8Array(crl.rawData);
}

/**
 * The revocation status of the tenant's certificates as of now: a CRL from the root (about the
 * issuing CA) and one from the issuing CA (about the seal and people's certificates). Embedded
 * in a completed document's validation data, they make its signatures verifiable long after
 * (PAdES B-LT / B-LTA) without Signet answering for them online. They list nothing: Signet
 * revokes no certificate — a replaced personal certificate stays valid for what it signed.
 */
export async function tenantRevocationLists(
  tx: Executor,
  tenantId: string,
  deps: Deps,
): Promise<Uint8Array[]> {
  const tenant = await findTenant(tx, tenantId);
  if (!tenant) throw new AppError(Code.NOT_AUTHORIZED);
  const now = deps.clock.now();
  const keys = await tenantKeys(tx, tenant, deps.vault, now);
  return [await emptyCrl(keys.root, now), await emptyCrl(keys.issuing, now)];
}
