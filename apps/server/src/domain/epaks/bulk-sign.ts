import { type BulkSignItem, type BulkSignRequest, Code } from '@signet/contracts';
import { documentsOfEpak, tagsOfEpak, versionsOf } from '../../db/repositories/epaks.ts';
import { activeUserCertificate } from '../../db/repositories/keys.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import { countingWrongPins } from '../signing/personal-certificates.ts';
import { CERTIFICATE_KIND } from './complete-epak.ts';
import { fillTags } from './fill-tags.ts';
import { loadEpak, myTurn } from './load-epak.ts';
import { documentsFor, keepUnlocked, type SignerReuse, signDocumentIn } from './sign-document.ts';

/** Refusals about the signer's key, not the ePak: the rest of the selection would meet them too. */
const KEY_REFUSALS: readonly number[] = [Code.INVALID_CERTIFICATE_PIN, Code.USER_LOCKED, Code.NO_CERTIFICATE];

const NO_FACTS = {
  name: '-',
  email: '-',
  userId: '-',
  title: '',
  documentId: '',
  signedAt: '',
  reason: '',
  location: '',
  verificationUrl: '',
};

/** ePaks signed at the same time within one request, once the key is unlocked. */
const SIGN_AT_ONCE = 3;

function skipped(ePakId: string, error: AppError): BulkSignItem {
  const missing = (error.data as { missing?: unknown } | undefined)?.missing;
  return {
    ePakId,
    status: 'SKIPPED',
    reason: error.message,
    code: error.code,
    ...(Array.isArray(missing) ? { missing: missing.map(String) } : {}),
  };
}

/**
 * Signs the user's documents of one ePak still to sign, in one transaction under the ePak's
 * lock, after checking — before anything is signed — that none of them needs a field filled: a
 * multi-document ePak is signed whole or not at all.
 */
async function signEpak(
  actor: TenantActor,
  ePakId: string,
  input: BulkSignRequest,
  origin: RequestOrigin,
  deps: Deps,
  ready: SignerReuse['ready'],
): Promise<void> {
  const reuse: SignerReuse = { ready, unlocked: new Map() };
  await countingWrongPins(deps, actor.tenantId, () =>
    deps.db.withTenant(actor.tenantId, async (tx) => {
      const loaded = await loadEpak(tx, actor, ePakId, { lock: true });
      const turn = myTurn(loaded);
      const step = turn ? loaded.workflow.steps.find((s) => s.id === turn.stateId) : undefined;
      if (!turn || step?.type !== 'SIGN')
        throw new AppError(Code.USER_STEP_NOT_PENDING, 'Not waiting for your signature');
      const docs = await documentsOfEpak(tx, ePakId);
      const allTags = await tagsOfEpak(tx, ePakId);
      const mine = documentsFor(
        turn.id,
        docs.filter((d) => d.kind !== CERTIFICATE_KIND).map((d) => d.id),
        allTags,
      );
      const left: string[] = [];
      for (const d of mine)
        if (!(await versionsOf(tx, d)).some((v) => v.recipientId === turn.id)) left.push(d);
      // The check the signature makes (required tags with no value: -6 with `missing`) on every
      // document first, on nothing sent: bulk sign fills no field. System values need no facts.
      if (left.length > 1)
        for (const d of left)
          fillTags(
            allTags.filter((x) => x.documentId === d && x.recipientId === turn.id),
            new Map(),
            null,
            { ...NO_FACTS, documentId: d },
          );
      const sign = { tags: [], signatureImage: input.signatureImage, pin: input.pin };
      for (const documentId of left)
        await signDocumentIn(tx, actor, ePakId, documentId, sign, origin, deps, reuse, {
          loaded,
          docs,
          allTags,
        });
    }),
  );
  keepUnlocked(reuse);
}

/**
 * `POST /v2/epaks/bulksign`: signs every given ePak the user can sign now with one signature,
 * each independently and each document with its own PAdES signature: SIGNED when all of the
 * user's documents in it were signed, SKIPPED with the code and reason otherwise (not their
 * turn, a review step, required fields left empty — listed in `missing` —, …). The key is
 * unlocked once for the request; a wrong PIN or a locked key skips the rest of the request with
 * that code, so the client asks again instead of counting one wrong PIN per ePak.
 */
export async function bulkSign(
  actor: Actor,
  input: BulkSignRequest,
  origin: RequestOrigin,
  deps: Deps,
): Promise<BulkSignItem[]> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantActor: TenantActor = actor;
  const ready: SignerReuse['ready'] = new Map();
  const out: BulkSignItem[] = new Array(input.ePakIds.length);
  let keyRefusal: AppError | null = null;
  async function signOne(index: number): Promise<void> {
    const ePakId = input.ePakIds[index] as string;
    if (keyRefusal) {
      out[index] = skipped(ePakId, keyRefusal);
      return;
    }
    try {
      await signEpak(tenantActor, ePakId, input, origin, deps, ready);
      out[index] = { ePakId, status: 'SIGNED', reason: null, code: null };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (KEY_REFUSALS.includes(error.code)) keyRefusal = error;
      out[index] = skipped(ePakId, error);
    }
  }
  // One at a time until a key is unlocked — a wrong PIN is then met once — and, for a signer
  // without a certificate yet, until their first INTERNAL signature has issued it (two at once
  // would issue two).
  const hadCertificate = await deps.db.withTenant(actor.tenantId, async (tx) =>
    Boolean(await activeUserCertificate(tx, actor.userId)),
  );
  const unlocked = () =>
    ready.size > 0 && (hadCertificate || [...ready.keys()].some((k) => k.startsWith('INTERNAL:')));
  let next = 0;
  while (next < input.ePakIds.length && !keyRefusal && !unlocked()) await signOne(next++);
  // Then a few at once: each ePak is its own transaction, and while one waits for the database
  // or the disk another draws and signs (the row locks are taken in the same order by all).
  await Promise.all(
    Array.from({ length: SIGN_AT_ONCE }, async () => {
      while (next < input.ePakIds.length) await signOne(next++);
    }),
  );
  deps.mailer.kick();
  return out;
}
