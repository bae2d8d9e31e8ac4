import {
  Code,
  type SetSigningPasscode,
  SIGNING_PASSCODE_LOCK_MINUTES,
  SIGNING_PASSCODE_MAX_ATTEMPTS,
  type SigningPasscodeState,
} from '@signet/contracts';
import { findMember } from '../../db/repositories/members.ts';
import { writeSigningPasscode } from '../../db/repositories/signing-passcodes.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import { SignInThrottle } from '../auth/sign-in-throttle.ts';
import type { Deps } from '../deps.ts';
import { authorize, authorizeInTenant } from '../policy.ts';

/**
 * Wrong passcodes are counted per person (the same counter for applying a stamp and for the
 * current passcode when changing it) in the sign-in throttle's failure store — per process, or
 * Redis when configured — so a count survives the signing transaction rolling back.
 */
const attemptsKey = (userId: string) => SignInThrottle.keyOf(`signing-passcode:${userId}`, null);

const locked = () =>
  new AppError(
    Code.USER_LOCKED,
    `Too many wrong passcodes: rubber stamps are locked for ${SIGNING_PASSCODE_LOCK_MINUTES} minutes`,
    {
      data: { rubberStamp: 'passcodeLocked', lockMinutes: SIGNING_PASSCODE_LOCK_MINUTES },
      retryAfterSeconds: SIGNING_PASSCODE_LOCK_MINUTES * 60,
    },
  );

async function refuseWhileLocked(userId: string, deps: Deps): Promise<void> {
  const failures = await deps.signInThrottle.failuresOf(
    attemptsKey(userId),
    deps.clock.now(),
    SIGNING_PASSCODE_LOCK_MINUTES,
  );
  if (failures >= SIGNING_PASSCODE_MAX_ATTEMPTS) throw locked();
}

/** Counts a wrong passcode; answers -14 when it was the last one allowed, else the caller's refusal. */
async function countFailure(userId: string, deps: Deps, refusal: AppError): Promise<never> {
  const key = attemptsKey(userId);
  const now = deps.clock.now();
  await deps.signInThrottle.recordFailure(key, now, { lockoutMinutes: SIGNING_PASSCODE_LOCK_MINUTES });
  const failures = await deps.signInThrottle.failuresOf(key, now, SIGNING_PASSCODE_LOCK_MINUTES);
  if (failures >= SIGNING_PASSCODE_MAX_ATTEMPTS) throw locked();
  throw refusal;
}

/**
 * Checks the passcode a signer typed to apply a rubber stamp (spec §6, §9 MSBPASSCODE). Missing or
 * wrong: -1004 (`data.rubberStamp: 'passcode'`, the spec's "wrong password"); a missing one is not
 * counted. The fifth wrong one in a row locks stamp use for 15 minutes: -14
 * (`data.rubberStamp: 'passcodeLocked'`), as a certificate locks after wrong PINs.
 */
export async function checkStampPasscode(
  user: { id: string; passcodeHash: string | null },
  passcode: string | undefined,
  deps: Deps,
  tagId: string,
): Promise<void> {
  const wrong = (message: string) =>
    new AppError(Code.WRONG_PASSWORD, message, { data: { tag: tagId, rubberStamp: 'passcode' } });
  await refuseWhileLocked(user.id, deps);
  if (!passcode) throw wrong('Enter your signing passcode to apply the rubber stamp');
  if (!user.passcodeHash || !(await deps.passwords.verify(user.passcodeHash, passcode)))
    await countFailure(user.id, deps, wrong('The signing passcode is wrong'));
  await deps.signInThrottle.recordSuccess(attemptsKey(user.id));
}

/**
 * `PUT /v2/user/passcode`: the actor sets their signing passcode (6–12 digits, typed twice), which
 * sets their `passcodeFlag`. Changing it needs `current`: the current passcode or, for who forgot
 * it, the account password (-17 when neither matches; counted with the wrong stamp passcodes).
 * The first passcode needs the session only, like saving one's signature: a stamp still needs an
 * admin to share it. Stored as an argon2id digest like passwords; never returned.
 */
export async function setSigningPasscode(
  actor: Actor,
  input: SetSigningPasscode,
  deps: Deps,
): Promise<SigningPasscodeState> {
  authorizeInTenant(actor, 'users.read');
  const tenantId = actor.tenantId;
  if (input.passcode !== input.confirmPasscode)
    throw new AppError(Code.INVALID_INPUT, 'The two passcodes differ', {
      data: { field: 'confirmPasscode' },
    });
  const member = await deps.db.withTenant(tenantId, (tx) => findMember(tx, actor.userId));
  if (!member) throw new AppError(Code.USER_NOT_FOUND);
  const { user } = member;
  const changing = user.passcodeHash !== null;
  if (changing) {
    await refuseWhileLocked(user.id, deps);
    const current = input.current ?? '';
    const matches =
      current !== '' &&
      ((user.passcodeHash !== null && (await deps.passwords.verify(user.passcodeHash, current))) ||
        (user.passwordHash !== null && (await deps.passwords.verify(user.passwordHash, current))));
    if (!matches)
      await countFailure(
        user.id,
        deps,
        new AppError(Code.WRONG_OLD_PASSWORD, 'The current passcode (or account password) is wrong'),
      );
    await deps.signInThrottle.recordSuccess(attemptsKey(user.id));
  }
  const digest = await deps.passwords.hash(input.passcode);
  await deps.db.withTenant(tenantId, async (tx) => {
    await writeSigningPasscode(tx, user.id, digest);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: changing ? 'user.passcodeChanged' : 'user.passcodeSet',
        details: { userId: user.id },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
  });
  return { passcodeFlag: true };
}

/**
 * `DELETE /v2/users/{userId}/passcode` by an admin (`users.resetPassword`): clears a member's
 * passcode and `passcodeFlag` (and any lock), e.g. when it was forgotten or seen. Like the
 * password, the passcode is the person's, not the tenant's: any admin of a tenant they belong to
 * may clear it, and the person sets a new one in their profile.
 */
export async function clearSigningPasscode(
  actor: Actor,
  userId: string,
  deps: Deps,
): Promise<SigningPasscodeState> {
  authorizeInTenant(actor, 'users.read');
  authorize(actor, 'users.resetPassword');
  const tenantId = actor.tenantId;
  await deps.db.withTenant(tenantId, async (tx) => {
    if (!(await findMember(tx, userId))) throw new AppError(Code.USER_NOT_FOUND);
    await writeSigningPasscode(tx, userId, null);
    await appendActivity(
      tx,
      {
        tenantId,
        actorUserId: actor.userId,
        action: 'user.passcodeCleared',
        details: { userId },
        ip: actor.ip,
      },
      deps.clock.now(),
    );
  });
  await deps.signInThrottle.recordSuccess(attemptsKey(userId));
  return { passcodeFlag: false };
}
