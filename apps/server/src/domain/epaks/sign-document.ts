import { Code, type SigningPolicy } from '@signet/contracts';
import {
  addTagsToUpdate,
  IncrementalUpdate,
  PdfDocument,
  type SignatureOptions,
  type Signer,
  signPdf,
} from '@signet/pdf';
import type { Executor } from '../../db/database.ts';
import { documentActionsOf } from '../../db/repositories/document-actions.ts';
import {
  documentsOfEpak,
  type RecipientRow,
  type TagRow,
  tagsOfEpak,
  updateDocument,
  updateRecipient,
  updateTag,
  versionsOf,
} from '../../db/repositories/epaks.ts';
import { activeUserCertificate } from '../../db/repositories/keys.ts';
import { findMember } from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { Actor, TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps, RequestOrigin } from '../deps.ts';
import { addVersion, currentBytes } from '../documents/document-store.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { authorizeInTenant } from '../policy.ts';
import { rubberStampsToDraw } from '../rubber-stamps/apply-rubber-stamps.ts';
import {
  countingWrongPins,
  issuePersonalCertificate,
  personalSigner,
} from '../signing/personal-certificates.ts';
import { remoteSigner } from '../signing/providers/remote-signer.ts';
import { isRemotePolicy } from '../signing/providers/resolve-provider.ts';
import { sealSigner } from '../signing/seal-signer.ts';
import { displayName } from '../users/present-user.ts';
import { qrVerificationUrl } from '../verify/qr-link.ts';
import { applyEvent } from './apply-event.ts';
import { announceComment } from './carry-out-effects.ts';
import { decodeImage, fillTags, formatSigningTime } from './fill-tags.ts';
import { type LoadedEpak, loadEpak, myTurn } from './load-epak.ts';
import { refusalFor } from './workflow-machine.ts';

export interface SignInput {
  /** Values the signer filled, by tag uuid. */
  tags: { uuid: string; value: string | null }[];
  /** Drawn, typed (rendered) or uploaded signature, base64 PNG/JPEG, for signature tags without a value. */
  signatureImage?: string | undefined;
  /** INTERNAL policy: the certificate PIN; remote policies: the PIN the provider asks for. */
  pin?: string | undefined;
  /** Remote policies (AADHAAR, TRANSSPED, …): the token from `POST /v2/epak/sign/auth`. */
  signAuthToken?: string | undefined;
  /** Remote policies: the one-time code the provider asks for. */
  otp?: string | undefined;
  /** The signer's signing passcode, when they apply a rubber stamp (spec §6 passcodeFlag). */
  passcode?: string | undefined;
  reason?: string | undefined;
  location?: string | undefined;
  geolocation?: { latitude: number; longitude: number; accuracy?: number | undefined } | undefined;
  /** In-person signing: the recipient the hosting custodian signs for. */
  recipientId?: string | undefined;
  /** A note to the custodian, sent with the recipient's last document (signerComments). */
  comment?: string | undefined;
}

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

interface RevisionInput {
  actor: TenantActor;
  loaded: LoadedEpak;
  recipient: RecipientRow;
  documentId: string;
  tags: TagRow[];
  input: SignInput;
  policy: SigningPolicy;
}

/** A signer's revision before its signature: the filled tags drawn, the signature options set. */
export interface RevisionDraft {
  update: IncrementalUpdate;
  options: SignatureOptions;
  /** The version the revision extends; a deferred signature is refused when it has moved on. */
  baseVersion: number;
  values: Map<string, string>;
}

/** Draws the signer's filled tags into an incremental update of the document's current version. */
export async function draftRevision(tx: Executor, p: RevisionInput, deps: Deps): Promise<RevisionDraft> {
  const { recipient, documentId } = p;
  const member = await findMember(tx, recipient.userId);
  if (!member) throw new AppError(Code.USER_NOT_FOUND);
  const now = deps.clock.now();
  const name = displayName(member.user);
  const signedAt = formatSigningTime(now, member.user.timezone, member.user.locale);
  const sent = new Map(p.input.tags.map((t) => [t.uuid, t.value]));
  // The signature drawn now, else the one the signer saved in their profile.
  const drawn = p.input.signatureImage ?? member.user.signatureImage;
  const image = drawn ? decodeImage(drawn) : null;
  const reason = p.input.reason ?? `Signed by ${name} <${recipient.email}>`;
  const stamps = await rubberStampsToDraw(
    tx,
    p.actor.tenantId,
    {
      userId: recipient.userId,
      passcodeFlag: member.user.passcodeFlag,
      passcodeHash: member.user.passcodeHash,
      passcode: p.input.passcode,
    },
    p.tags,
    sent,
    deps,
  );
  const { filled, values } = fillTags(
    p.tags,
    sent,
    image,
    {
      name,
      email: recipient.email,
      userId: recipient.userId,
      title: member.user.title,
      documentId,
      signedAt,
      reason,
      location: p.input.location ?? '',
      verificationUrl: qrVerificationUrl(deps.settings.appUrl, documentId, deps.vault),
    },
    stamps,
  );
  const signatureTag = p.tags.find((t) => t.type === 'signature' && t.key !== 'rubberStamp');
  const { version, bytes } = await currentBytes(tx, documentId, deps);
  return withPdfErrors(async () => {
    const update = new IncrementalUpdate(PdfDocument.open(bytes));
    const { signature } = addTagsToUpdate(
      update,
      filled,
      signatureTag ? { signatureTagUuid: signatureTag.id } : {},
    );
    const options: SignatureOptions = {
      ...(deps.settings.tsaUrl
        ? { level: 'B-T' as const, tsa: { url: deps.settings.tsaUrl } }
        : { level: 'B-B' as const }),
      ...(signature
        ? { field: { page: signature.pageIndex, rect: signature.rect, appearance: signature.appearance } }
        : {}),
      fieldName: `Signet.${recipient.id.slice(0, 8)}.${version.version + 1}`,
      signerName: name,
      reason,
      ...(p.input.location ? { location: p.input.location } : {}),
      signingTime: now,
    };
    return { update, options, baseVersion: version.version, values };
  });
}

/** Stores a signed revision as the document's next version, marks the signer's tags done. */
export async function storeRevision(
  tx: Executor,
  p: Omit<RevisionInput, 'input'>,
  draft: Pick<RevisionDraft, 'baseVersion' | 'values'>,
  signed: Uint8Array,
  deps: Deps,
): Promise<void> {
  const { actor, recipient, documentId } = p;
  await addVersion(
    tx,
    {
      tenantId: actor.tenantId,
      documentId,
      version: draft.baseVersion + 1,
      bytes: signed,
      kind: 'signature',
      recipientId: recipient.id,
      createdBy: actor.userId,
    },
    deps,
  );
  for (const tag of p.tags) {
    await updateTag(tx, tag.id, { value: draft.values.get(tag.id) ?? tag.value, status: 'done' });
  }
  await updateDocument(tx, documentId, { status: 'Signed' });
  await appendActivity(
    tx,
    {
      tenantId: actor.tenantId,
      epakId: p.loaded.epak.id,
      actorUserId: actor.userId,
      action: 'document.signed',
      details: {
        documentId,
        recipientId: recipient.id,
        email: recipient.email,
        policy: p.policy,
        version: draft.baseVersion + 1,
      },
      ip: actor.ip,
    },
    deps.clock.now(),
  );
}

/**
 * Builds and stores one signer's revision of one document: their filled tags drawn as
 * annotations and one PAdES signature over the whole file, as a new version.
 */
export async function writeSignedRevision(
  tx: Executor,
  p: RevisionInput & { signer: Signer },
  deps: Deps,
): Promise<void> {
  const draft = await draftRevision(tx, p, deps);
  const signed = await withPdfErrors(() => signPdf(draft.update, p.signer, draft.options));
  await storeRevision(tx, p, draft, signed, deps);
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
