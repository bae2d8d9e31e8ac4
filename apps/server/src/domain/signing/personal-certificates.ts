import { Code } from '@signet/contracts';
import { localSigner, type Signer } from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import {
  activeUserCertificate,
  countPinFailure,
  findUserCertificate,
  insertUserCertificate,
  updateUserCertificate,
} from '../../db/repositories/keys.ts';
import { findTenant } from '../../db/repositories/tenants.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { certificateSummary, csrPublicKey, issueCertificate } from './certificates.ts';
import { decryptUnderPin, encryptUnderPin, PIN_PATTERN } from './pin-crypto.ts';
import { tenantKeys } from './tenant-ca.ts';

/** Wrong PINs in a row after which the key is locked (DOMAIN.md). */
export const MAX_PIN_ATTEMPTS = 5;

/** -77, naming the key, so the failure can be counted after the transaction rolls back. */
export class WrongPinError extends AppError {
  constructor(readonly certificateId: string) {
    super(Code.INVALID_CERTIFICATE_PIN);
  }
}

/**
 * Runs work that may meet a wrong PIN. The work's transaction rolls back on -77, so the failure
 * is counted in a transaction of its own — otherwise nothing would ever lock the key (-14 at the
 * fifth).
 */
export async function countingWrongPins<T>(deps: Deps, tenantId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof WrongPinError)) throw error;
    const attempts = await deps.db.withTenant(tenantId, (tx) => countPinFailure(tx, error.certificateId));
    if (attempts >= MAX_PIN_ATTEMPTS)
      throw new AppError(Code.USER_LOCKED, 'The certificate is locked after too many wrong PINs');
    throw error;
  }
}

const vaultContext = (tenantId: string, certId: string) => `tenant:${tenantId}:user-cert:${certId}`;

export interface PersonalCertificateView {
  certificateId: string | null;
  status: string | null;
  hasPrivateKey: boolean;
  subject: string | null;
  issuer: string | null;
  serialNumber: string | null;
  notBefore: string | null;
  notAfter: string | null;
  pem: string | null;
}

export function presentCertificate(
  row: Awaited<ReturnType<typeof activeUserCertificate>>,
): PersonalCertificateView {
  if (!row?.certificate) {
    return {
      certificateId: row?.id ?? null,
      status: row?.status ?? null,
      hasPrivateKey: false,
      subject: null,
      issuer: null,
      serialNumber: null,
      notBefore: null,
      notAfter: null,
      pem: null,
    };
  }
  return {
    certificateId: row.id,
    status: row.status,
    hasPrivateKey: row.privateKey !== null,
    ...certificateSummary(row.certificate),
  };
}

async function tenantOf(tx: Executor, tenantId: string) {
  const tenant = await findTenant(tx, tenantId);
  if (!tenant) throw new AppError(Code.NOT_AUTHORIZED);
  return tenant;
}

/**
 * Issues the user's personal key and certificate from the tenant CA, the key encrypted under the
 * PIN (and then under the master key). Used on first INTERNAL signing.
 */
export async function issuePersonalCertificate(
  tx: Executor,
  actor: TenantActor,
  user: { id: string; email: string; name: string },
  pin: string,
  deps: Deps,
): Promise<string> {
  if (!PIN_PATTERN.test(pin))
    throw new AppError(Code.INVALID_INPUT, 'A certificate PIN has 4 to 32 characters');
  const tenant = await tenantOf(tx, actor.tenantId);
  const now = deps.clock.now();
  const keys = await tenantKeys(tx, tenant, deps.vault, now);
  const issued = await issueCertificate({
    issuer: keys.issuing,
    kind: 'person',
    commonName: user.name,
    organisation: tenant.name,
    email: user.email,
    now,
    years: 2,
  });
  const certId = crypto.randomUUID();
  const { sealed, salt } = encryptUnderPin(issued.privateKey as Uint8Array, pin);
  await insertUserCertificate(tx, {
    id: certId,
    tenantId: actor.tenantId,
    userId: user.id,
    certificate: issued.certificate,
    privateKey: deps.vault.seal(sealed, vaultContext(actor.tenantId, certId)),
    pinSalt: salt,
    status: 'active',
  });
  return certId;
}

/**
 * A signer for the user's personal key, unlocked with the PIN: -77 for a wrong PIN, -14 once
 * the key is locked after five wrong ones, -9 when the user has no usable key.
 */
export async function personalSigner(
  tx: Executor,
  actor: TenantActor,
  userId: string,
  pin: string,
  deps: Deps,
): Promise<Signer> {
  const row = await activeUserCertificate(tx, userId);
  if (!row?.certificate || !row.privateKey || !row.pinSalt) throw new AppError(Code.NO_CERTIFICATE);
  if (row.failedPinAttempts >= MAX_PIN_ATTEMPTS)
    throw new AppError(Code.USER_LOCKED, 'The certificate is locked after too many wrong PINs');
  const key = decryptUnderPin(
    deps.vault.open(row.privateKey, vaultContext(actor.tenantId, row.id)),
    row.pinSalt,
    pin,
  );
  if (!key) throw new WrongPinError(row.id);
  if (row.failedPinAttempts > 0) await updateUserCertificate(tx, row.id, { failedPinAttempts: 0 });
  const tenant = await tenantOf(tx, actor.tenantId);
  const keys = await tenantKeys(tx, tenant, deps.vault, deps.clock.now());
  return localSigner(key, [row.certificate, keys.issuing.certificate, keys.root.certificate]);
}

/** Changes the PIN of a personal key (the old PIN must be right). */
export async function changePin(
  tx: Executor,
  actor: TenantActor,
  certificateId: string,
  oldPin: string,
  newPin: string,
  deps: Deps,
) {
  if (!PIN_PATTERN.test(newPin))
    throw new AppError(Code.INVALID_INPUT, 'A certificate PIN has 4 to 32 characters');
  const row = await findUserCertificate(tx, certificateId);
  if (!row || row.userId !== actor.userId || !row.privateKey || !row.pinSalt)
    throw new AppError(Code.NO_CERTIFICATE);
  if (row.failedPinAttempts >= MAX_PIN_ATTEMPTS)
    throw new AppError(Code.USER_LOCKED, 'The certificate is locked after too many wrong PINs');
  const key = decryptUnderPin(
    deps.vault.open(row.privateKey, vaultContext(actor.tenantId, row.id)),
    row.pinSalt,
    oldPin,
  );
  if (!key) throw new WrongPinError(row.id);
  const { sealed, salt } = encryptUnderPin(key, newPin);
  await updateUserCertificate(tx, row.id, {
    privateKey: deps.vault.seal(sealed, vaultContext(actor.tenantId, row.id)),
    pinSalt: salt,
    failedPinAttempts: 0,
  });
}

/** Certifies a key the user holds elsewhere (a token, a card): the CSR's key, no private key here. */
export async function certifyCsr(
  tx: Executor,
  actor: TenantActor,
  user: { id: string; email: string; name: string },
  csrDer: Uint8Array,
  deps: Deps,
) {
  let publicKey: Awaited<ReturnType<typeof csrPublicKey>>['publicKey'];
  try {
    publicKey = (await csrPublicKey(csrDer)).publicKey;
  } catch (error) {
    throw new AppError(Code.NO_CERTIFICATE, `The CSR could not be used: ${(error as Error).message}`);
  }
  const tenant = await tenantOf(tx, actor.tenantId);
  const now = deps.clock.now();
  const keys = await tenantKeys(tx, tenant, deps.vault, now);
  const issued = await issueCertificate({
    issuer: keys.issuing,
    kind: 'person',
    commonName: user.name,
    organisation: tenant.name,
    email: user.email,
    now,
    years: 2,
    publicKey,
  });
  const previous = await activeUserCertificate(tx, user.id);
  if (previous) await updateUserCertificate(tx, previous.id, { status: 'replaced' });
  return insertUserCertificate(tx, {
    tenantId: actor.tenantId,
    userId: user.id,
    certificate: issued.certificate,
    csr: csrDer,
    status: 'active',
  });
}
