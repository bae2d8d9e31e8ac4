import { eq } from 'drizzle-orm';
import type { Executor } from '../database.ts';
import { users } from '../schema/users.ts';

/** Sets (a digest) or clears (null) a person's signing passcode; `passcodeFlag` follows it. */
export async function writeSigningPasscode(
  tx: Executor,
  userId: string,
  digest: string | null,
): Promise<void> {
  await tx
    .update(users)
    .set({ passcodeHash: digest, passcodeFlag: digest !== null })
    .where(eq(users.id, userId));
}
