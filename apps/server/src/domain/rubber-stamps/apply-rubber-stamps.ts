import { Code, rubberStampIdOf } from '@signet/contracts';
import type { Executor } from '../../db/database.ts';
import type { TagRow } from '../../db/repositories/epaks.ts';
import { findRubberStamp, isRubberStampSharedWith } from '../../db/repositories/rubber-stamps.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { checkStampPasscode } from '../users/signing-passcode.ts';
import { requireRubberStampsOn } from './rubber-stamps.ts';

/** A stamp to draw on a rubberStamp tag: its stored image and the size it is drawn at (points). */
export interface StampToDraw {
  image: Uint8Array;
  width: number;
  height: number;
}

const refused = (tag: TagRow, reason: 'passcodeFlag' | 'notShared', message: string) =>
  new AppError(Code.INVALID_INPUT, message, { data: { tag: tag.id, rubberStamp: reason } });

/**
 * The stamps a signer applies on their rubberStamp tags, checked when they sign (spec §6: the
 * tenant's feature switch and the signer's passcodeFlag, with the passcode they typed (checked
 * once, `checkStampPasscode`: -1004 wrong, -14 locked); and the stamp shared with the signer,
 * directly or through a group). A tag's value names the stamp (`rubberstamp:<id>`); anything
 * else — an arbitrary picture — is refused like a stamp not shared: it is the organisation's
 * stamp, not any image. Switch off: -1 (409, `data.feature`); otherwise -6 with `data.tag` and
 * `data.rubberStamp` = `passcodeFlag` | `notShared`.
 */
export async function rubberStampsToDraw(
  tx: Executor,
  tenantId: string,
  signer: {
    userId: string;
    passcodeFlag: boolean;
    passcodeHash: string | null;
    passcode: string | undefined;
  },
  tags: readonly TagRow[],
  sent: ReadonlyMap<string, string | null>,
  deps: Deps,
): Promise<Map<string, StampToDraw>> {
  const stamps = new Map<string, StampToDraw>();
  let passcodeChecked = false;
  for (const tag of tags) {
    if (tag.key !== 'rubberStamp') continue;
    const value = sent.get(tag.id) || tag.value;
    if (!value) continue;
    await requireRubberStampsOn(tx, tenantId);
    if (!signer.passcodeFlag)
      throw refused(tag, 'passcodeFlag', 'Rubber stamps are applied only by signers with the passcode flag');
    if (!passcodeChecked) {
      await checkStampPasscode(
        { id: signer.userId, passcodeHash: signer.passcodeHash },
        signer.passcode,
        deps,
        tag.id,
      );
      passcodeChecked = true;
    }
    const id = rubberStampIdOf(value);
    const row = id ? await findRubberStamp(tx, id) : null;
    if (!row || !(await isRubberStampSharedWith(tx, row.id, signer.userId)))
      throw refused(tag, 'notShared', 'Apply one of the rubber stamps shared with you');
    stamps.set(tag.id, { image: await deps.blobs.get(row.blobHash), width: row.width, height: row.height });
  }
  return stamps;
}

/**
 * Where a stamp goes in its tag: at its own size, scaled down to fit when the tag is smaller
 * (never up), centred.
 */
export function fitStamp(
  box: { positionX: number; positionY: number; blockWidth: number; blockHeight: number },
  stamp: { width: number; height: number },
): { positionX: number; positionY: number; blockWidth: number; blockHeight: number } {
  const scale = Math.min(1, box.blockWidth / stamp.width, box.blockHeight / stamp.height);
  const blockWidth = stamp.width * scale;
  const blockHeight = stamp.height * scale;
  return {
    positionX: box.positionX + (box.blockWidth - blockWidth) / 2,
    positionY: box.positionY + (box.blockHeight - blockHeight) / 2,
    blockWidth,
    blockHeight,
  };
}
