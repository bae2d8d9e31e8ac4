import { Code, type SigningPolicy } from '@signet/contracts';
import type { Signer } from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import { documentActionsOf } from '../../db/repositories/document-actions.ts';
import {
  documentsOfEpak,
  type RecipientRow,
  type TagRow,
  tagsOfEpak,
  updateRecipient,
  versionsOf,
} from '../../db/repositories/epaks.ts';
import { activeUserCertificate } from '../../db/repositories/keys.ts';
import { findMember } from '../../db/repositories/members.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { authorizeInTenant } from '../policy.ts';
import {
  countingWrongPins,
  issuePersonalCertificate,
  personalSigner,
} from '../signing/personal-certificates.ts';
import { remoteSigner } from '../signing/providers/remote-signer.ts';
import { isRemotePolicy } from '../signing/providers/resolve-provider.ts';
import { sealSigner } from '../signing/seal-signer.ts';
import { displayName } from '../users/present-user.ts';
import { applyEvent } from './apply-event.ts';
import { announceComment } from './carry-out-effects.ts';
import { type LoadedEpak, loadEpak, myTurn } from './load-epak.ts';
import { type SignInput, writeSignedRevision } from './signed-revision.ts';
import { refusalFor } from './workflow-machine.ts';

/** Policies whose signature value comes from outside: they use `/v2/epak/sign/dochash`. */
export const DEFERRED_POLICIES: readonly SigningPolicy[] = ['DSC', 'ETOKEN', 'CAPI'];
/** Policies signed with the tenant's seal on the signer's behalf. */
const SEAL_POLICIES: readonly SigningPolicy[] = ['ESIGNATURE', 'QUICKSIGN', 'QUICKSIGNNEW'];

/** The documents a recipient signs: those with their tags, or every document when they have none. */
export function documentsFor(
  recipientId: string,
  docIds: readonly string[],
  tags: readonly TagRow[],
): string[] {
  const withTags = docIds.filter((d) =>
    tags.some((t) => t.documentId === d && t.recipientId === recipientId),
  );
  return withTags.length > 0 ? withTags : [...docIds];
}

/**
 * The recipient acting now: the actor's own turn, or — in an INPERSONSIGN step — the recipient
 * the ePak's owner hosts on their session. -28 when it is nobody's turn here.
 */
export function actingRecipient(loaded: LoadedEpak, hostedRecipientId?: string): RecipientRow {
  const refusal = refusalFor(loaded.machine.status);
  if (refusal) throw refusal;
  if (hostedRecipientId) {
    const r = loaded.workflow.recipients.find((x) => x.id === hostedRecipientId);
    const step = r ? loaded.workflow.steps.find((s) => s.id === r.stateId) : undefined;
    if (!r || !step || step.type !== 'INPERSONSIGN' || step.status !== 'current' || !loaded.isOwner) {
      throw new AppError(
        Code.USER_STEP_NOT_PENDING,
        'Only the ePak owner hosts in-person signing, during its step',
      );
    }
    if (r.status !== 'Pending') throw new AppError(Code.USER_STEP_NOT_PENDING);
    return r;
  }
  const turn = myTurn(loaded);
  if (!turn) throw new AppError(Code.USER_STEP_NOT_PENDING);
  const step = loaded.workflow.steps.find((s) => s.id === turn.stateId);
  if (step?.type === 'INPERSONSIGN')
    throw new AppError(Code.USER_STEP_NOT_PENDING, 'This step is signed in person with the custodian');
  return turn;
}

/** Who signs and with what key, for the step's policy. */
async function signerFor(
  tx: Executor,
  actor: TenantActor,
  ctx: SigningContext,
  documentId: string,
  input: SignInput,
  deps: Deps,
): Promise<Signer> {
  const { policy, recipient } = ctx;
  const pin = input.pin;
  if (SEAL_POLICIES.includes(policy)) return sealSigner(tx, actor.tenantId, deps);
  if (policy === 'INTERNAL') {
    if (!pin) throw new AppError(Code.INVALID_CERTIFICATE_PIN, 'Enter your certificate PIN');
    if (!(await activeUserCertificate(tx, recipient.userId))) {
      // First INTERNAL signature: the tenant CA issues the signer's own key, locked by this PIN.
      const member = await findMember(tx, recipient.userId);
      if (!member) throw new AppError(Code.USER_NOT_FOUND);
      await issuePersonalCertificate(
        tx,
        actor,
        { id: recipient.userId, email: recipient.email, name: displayName(member.user) },
        pin,
        deps,
      );
    }
    return personalSigner(tx, actor, recipient.userId, pin, deps);
  }
  if (DEFERRED_POLICIES.includes(policy)) {
    throw new AppError(
      Code.INVALID_INPUT,
      `${policy} signatures are made by your device: use /v2/epak/sign/dochash`,
    );
  }
  if (isRemotePolicy(policy)) {
    return remoteSigner(
      tx,
      actor,
      { policy, recipientId: recipient.id, documentId, subject: ctx.loaded.epak.subject },
      input,
      deps,
    );
  }
  throw new AppError(Code.EXTENSION_NOT_ENABLED, `No signer is known for ${policy}`);
}

/** Who signs what, checked: the recipient whose turn it is, their policy, their documents. */
export interface SigningContext {
  loaded: LoadedEpak;
  recipient: RecipientRow;
  policy: SigningPolicy;
  /** The documents this recipient signs, and their tags in this document. */
  mineToSign: string[];
  tags: TagRow[];
}

/** What a caller already read, under the ePak's lock, in the same transaction (bulk sign). */
export interface PreloadedEpak {
  loaded: LoadedEpak;
  docs: Awaited<ReturnType<typeof documentsOfEpak>>;
  allTags: TagRow[];
}

export async function signingContext(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  documentId: string,
  input: Pick<SignInput, 'recipientId' | 'geolocation'>,
  preloaded?: PreloadedEpak,
): Promise<SigningContext> {
  const loaded = preloaded?.loaded ?? (await loadEpak(tx, actor, epakId, { lock: true }));
  const recipient = actingRecipient(loaded, input.recipientId);
  const step = loaded.workflow.steps.find((s) => s.id === recipient.stateId);
  if (!step || step.type === 'REVIEW' || step.type === 'EMAIL')
    throw new AppError(Code.INVALID_INPUT, 'This step asks for a review, not a signature');
  const policy = (recipient.signingPolicy ?? step.signingPolicy) as SigningPolicy;
  if (loaded.epak.requestLocation === 'MANDATORY' && !input.geolocation) {
    throw new AppError(Code.INVALID_INPUT, 'This ePak asks for your location when you sign');
  }
  const docs = preloaded?.docs ?? (await documentsOfEpak(tx, epakId));
  if (!docs.some((d) => d.id === documentId)) throw new AppError(Code.DOCUMENT_MISSING);
  const allTags = preloaded?.allTags ?? (await tagsOfEpak(tx, epakId));
  const mineToSign = documentsFor(
    recipient.id,
    docs.map((d) => d.id),
    allTags,
  );
  if (!mineToSign.includes(documentId))
    throw new AppError(Code.INVALID_INPUT, 'You have nothing to sign in this document');
  if (await signedAlready(tx, recipient.id, documentId))
    throw new AppError(Code.GENERIC_ERROR, 'You have already signed this document', { httpStatus: 409 });
  if (loaded.epak.viewEnforced && !(await documentActionsOf(tx, recipient.id, 'viewed')).has(documentId)) {
    throw new AppError(Code.INVALID_INPUT, 'Open the whole document before signing it');
  }
  const tags = allTags.filter((t) => t.documentId === documentId && t.recipientId === recipient.id);
  return { loaded, recipient, policy, mineToSign, tags };
}

async function signedAlready(tx: Executor, recipientId: string, documentId: string): Promise<boolean> {
  return (await versionsOf(tx, documentId)).some((v) => v.recipientId === recipientId);
}

/**
 * After one of the recipient's documents is signed: when it was their last, their action is
 * done and the workflow moves on.
 */
export async function afterDocumentSigned(
  tx: Executor,
  actor: TenantActor,
  ctx: SigningContext,
  input: Pick<SignInput, 'recipientId' | 'geolocation' | 'comment'>,
  origin: RequestOrigin,
  deps: Deps,
): Promise<{ signed: true; actionDone: boolean; status: string }> {
  const { loaded, recipient } = ctx;
  for (const d of ctx.mineToSign)
    if (!(await signedAlready(tx, recipient.id, d)))
      return { signed: true, actionDone: false, status: loaded.epak.status };
  await updateRecipient(tx, recipient.id, {
    actedAt: deps.clock.now(),
    actedIp: origin.ip,
    actedUserAgent: origin.userAgent,
    geolocation: input.geolocation ?? null,
    ...(input.recipientId ? { hostUserId: actor.userId } : {}),
  });
  await announceComment(
    tx,
    loaded,
    recipient,
    input.comment,
    { tenantId: actor.tenantId, userId: actor.userId, ip: actor.ip },
    deps,
  );
  const applied = await applyEvent(
    tx,
    loaded,
    { type: 'act', recipientId: recipient.id, action: 'sign' },
    { tenantId: actor.tenantId, actorUserId: actor.userId, ip: actor.ip },
    deps,
  );
  return { signed: true, actionDone: true, status: applied.epak.status };
}

/** Policies whose signer holds no per-document state, so one unlocked key can sign many. */
const REUSABLE_SIGNER_POLICIES: readonly SigningPolicy[] = [...SEAL_POLICIES, 'INTERNAL'];

/**
 * Signers unlocked during one request (bulk sign), by policy and user: an INTERNAL key is
 * unlocked once — scrypt over the PIN costs ~100 ms — and a wrong PIN is met, and counted, once.
 * `ready` holds those whose transaction committed; `unlocked` those of the transaction under way,
 * kept only if it commits (`keepUnlocked`): a first INTERNAL signature issues the certificate in
 * its transaction, and a key whose certificate rolled back must not sign anything else.
 */
export interface SignerReuse {
  ready: Map<string, Signer>;
  unlocked: Map<string, Signer>;
}

export function keepUnlocked(reuse: SignerReuse): void {
  for (const [key, signer] of reuse.unlocked) reuse.ready.set(key, signer);
  reuse.unlocked.clear();
}

/**
 * Signs one document inside the caller's transaction: the recipient whose turn it is, their
 * policy's key, their filled tags drawn and one PAdES signature; after their last document the
 * workflow moves on.
 */
export async function signDocumentIn(
  tx: Executor,
  actor: TenantActor,
  epakId: string,
  documentId: string,
  input: SignInput,
  origin: RequestOrigin,
  deps: Deps,
  reuse?: SignerReuse,
  preloaded?: PreloadedEpak,
): Promise<{ signed: true; actionDone: boolean; status: string }> {
  const ctx = await signingContext(tx, actor, epakId, documentId, input, preloaded);
  const key = `${ctx.policy}:${ctx.recipient.userId}`;
  const reusable = reuse !== undefined && REUSABLE_SIGNER_POLICIES.includes(ctx.policy);
  let signer = reusable ? (reuse.ready.get(key) ?? reuse.unlocked.get(key)) : undefined;
  if (!signer) {
    signer = await signerFor(tx, actor, ctx, documentId, input, deps);
    if (reusable) reuse.unlocked.set(key, signer);
  }
  await writeSignedRevision(
    tx,
    {
      actor,
      loaded: ctx.loaded,
      recipient: ctx.recipient,
      documentId,
      tags: ctx.tags,
      input,
      signer,
      policy: ctx.policy,
    },
    deps,
  );
  return afterDocumentSigned(tx, actor, ctx, input, origin, deps);
}

/**
 * `POST /v2/epaks/{ePakId}/documents/{documentId}/sign`: the recipient whose turn it is signs one
 * document with their policy's key; after their last document the workflow moves on.
 */
export async function signDocument(
  actor: Actor,
  epakId: string,
  documentId: string,
  input: SignInput,
  origin: RequestOrigin,
  deps: Deps,
): Promise<{ signed: true; actionDone: boolean; status: string }> {
  authorizeInTenant(actor, 'epaks.act');
  const tenantId = actor.tenantId;
  const result = await countingWrongPins(deps, tenantId, () =>
    deps.db.withTenant(tenantId, (tx) => signDocumentIn(tx, actor, epakId, documentId, input, origin, deps)),
  );
  deps.mailer.kick();
  return result;
}
