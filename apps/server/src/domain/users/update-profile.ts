import { Code, type ProfileUpdate, type User } from '@signet/contracts';
import { findMember, updateUserProfile } from '../../db/repositories/members.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { authorize, authorizeInTenant } from '../policy.ts';
import { presentMember } from './get-user.ts';

const MAX_PHOTO_BYTES = 1024 * 1024;

/** Checks that a base64 photo is a PNG or JPEG of at most 1 MB (-142 when larger). */
function checkPhoto(base64: string, type: string | undefined): void {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_PHOTO_BYTES)
    throw new AppError(Code.SIGNATURE_UPLOAD_SIZE, 'The photo is larger than 1 MB');
  const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (!(png || jpeg) || (type === 'image/png' && !png) || (type === 'image/jpeg' && !jpeg)) {
    throw new AppError(Code.INVALID_INPUT, 'The photo must be a PNG or JPEG image');
  }
}

/** `POST /v1/users/profile`: the actor's own name, title, locale, time zone, date format and photo. */
export async function updateProfile(actor: Actor, input: ProfileUpdate, deps: Deps): Promise<User> {
  authorizeInTenant(actor, 'users.read');
  if (input.userImage) checkPhoto(input.userImage, input.userImageType);
  return deps.db.withTenant(actor.tenantId, async (tx) => {
    const { userImage, userImageType, ...rest } = input;
    const change = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
    if (userImage) Object.assign(change, { photo: userImage, photoType: userImageType ?? 'image/png' });
    await updateUserProfile(tx, actor.userId, change);
    const row = await findMember(tx, actor.userId);
    if (!row) throw new AppError(Code.USER_NOT_FOUND);
    return presentMember(tx, actor, row, true);
  });
}

/** `GET /v1/users/{userId}/photo`: the person's own photo, readable by them only. */
export async function getPhoto(actor: Actor, userId: string, deps: Deps) {
  authorizeInTenant(actor, 'users.read');
  if (userId !== actor.userId) throw new AppError(Code.NOT_AUTHORIZED, "A person's photo is theirs to see");
  const row = await deps.db.withTenant(actor.tenantId, (tx) => findMember(tx, userId));
  if (!row) throw new AppError(Code.USER_NOT_FOUND);
  return { userImage: row.user.photo, userImageType: row.user.photoType };
}

/** `DELETE /v1/users/{userId}/photo`: by the user, or by an admin. */
export async function deletePhoto(actor: Actor, userId: string, deps: Deps) {
  authorizeInTenant(actor, 'users.read');
  if (userId !== actor.userId) authorize(actor, 'users.resetPassword');
  await deps.db.withTenant(actor.tenantId, async (tx) => {
    if (!(await findMember(tx, userId))) throw new AppError(Code.USER_NOT_FOUND);
    await updateUserProfile(tx, userId, { photo: null, photoType: null });
  });
  return { userImage: null, userImageType: null };
}
