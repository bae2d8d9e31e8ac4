import { Code } from '@signet/contracts';
import { activeUserCertificate } from '../../db/repositories/keys.ts';
import { findMember, updateUserProfile } from '../../db/repositories/members.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { decodeImage } from '../epaks/fill-tags.ts';
import { authorizeInTenant } from '../policy.ts';
import {
  certifyCsr,
  changePin,
  countingWrongPins,
  type PersonalCertificateView,
  presentCertificate,
} from '../signing/personal-certificates.ts';

/**
 * A user's signing profile: the saved signature and initials they reuse, and their personal
 * certificate (INTERNAL policy). They belong to the person, not to any tenant (issue 17): only
 * the person reads or changes them; the server uses them when the person signs.
 */
function requireSelf(actor: TenantActor, userId: string): void {
  if (actor.userId !== userId) throw new AppError(Code.NOT_AUTHORIZED, 'Only the user themself may do this');
}

async function member(actor: TenantActor, userId: string, deps: Deps) {
  requireSelf(actor, userId);
  const row = await deps.db.withTenant(actor.tenantId, (tx) => findMember(tx, userId));
  if (!row) throw new AppError(Code.USER_NOT_FOUND);
  return row;
}

/** `POST /v1/users/{userId}/signature`: saves the signature and/or initials (PNG or JPEG, base64). */
export async function saveSignature(
  actor: Actor,
  userId: string,
  input: { signatureImage?: string | null | undefined; initialsImage?: string | null | undefined },
  deps: Deps,
): Promise<{ signatureImage: string | null; initialsImage: string | null }> {
  authorizeInTenant(actor, 'users.read');
  requireSelf(actor, userId);
  // Checked like a signature sent with a signing: size (-142) and image type.
  for (const image of [input.signatureImage, input.initialsImage]) if (image) decodeImage(image);
  await deps.db.withTenant(actor.tenantId, (tx) =>
    updateUserProfile(tx, userId, {
      ...(input.signatureImage !== undefined ? { signatureImage: input.signatureImage } : {}),
      ...(input.initialsImage !== undefined ? { initialsImage: input.initialsImage } : {}),
    }),
  );
  return getSignature(actor, userId, deps);
}

/** `GET /v1/users/{userId}/signature`. */
export async function getSignature(
  actor: Actor,
  userId: string,
  deps: Deps,
): Promise<{ signatureImage: string | null; initialsImage: string | null }> {
  authorizeInTenant(actor, 'users.read');
  const row = await member(actor, userId, deps);
  return { signatureImage: row.user.signatureImage, initialsImage: row.user.initialsImage };
}

/** `GET /v2/users/{userId}/initials`. */
export async function getInitials(
  actor: Actor,
  userId: string,
  deps: Deps,
): Promise<{ initialsImage: string | null }> {
  return { initialsImage: (await getSignature(actor, userId, deps)).initialsImage };
}

/** `GET /v1/users/{userId}/certificate`: the user's personal certificate, if any. */
export async function getCertificate(
  actor: Actor,
  userId: string,
  deps: Deps,
): Promise<PersonalCertificateView> {
  authorizeInTenant(actor, 'users.read');
  await member(actor, userId, deps);
  return deps.db.withTenant(actor.tenantId, async (tx) =>
    presentCertificate(await activeUserCertificate(tx, userId)),
  );
}

/**
 * `POST /v1/users/{userId}/csr`: the tenant CA certifies the user's own key (made on their token
 * or in their browser); the private key never reaches Signet.
 */
export async function submitCsr(actor: Actor, userId: string, csrPem: string, deps: Deps) {
  authorizeInTenant(actor, 'users.read');
  requireSelf(actor, userId);
  const row = await member(actor, userId, deps);
  const der = Buffer.from(csrPem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
  if (der.length === 0) throw new AppError(Code.INVALID_INPUT, 'Send a PEM or base64 certificate request');
  const name = [row.user.firstName, row.user.lastName].filter(Boolean).join(' ') || row.user.email;
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    await certifyCsr(tx, actor, { id: userId, email: row.user.email, name }, new Uint8Array(der), deps);
    return presentCertificate(await activeUserCertificate(tx, userId));
  });
}

/** `POST /v1/users/{userId}/certificate/{certificateId}/pin`: a new PIN (-77 when the old one is wrong). */
export async function updatePin(
  actor: Actor,
  userId: string,
  certificateId: string,
  input: { oldPin: string; newPin: string },
  deps: Deps,
): Promise<{ changed: boolean }> {
  authorizeInTenant(actor, 'users.read');
  requireSelf(actor, userId);
  await countingWrongPins(deps, actor.tenantId, () =>
    deps.db.withTenant(actor.tenantId, (tx) =>
      changePin(tx, actor, certificateId, input.oldPin, input.newPin, deps),
    ),
  );
  return { changed: true };
}
