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
import { type RecipientRow, type TagRow, updateDocument, updateTag } from '../../db/repositories/epaks.ts';
import { findMember } from '../../db/repositories/members.ts';
import { appendActivity } from '../activity/append-activity.ts';
import type { TenantActor } from '../actor.ts';
import { AppError } from '../app-error.ts';
import type { Deps } from '../deps.ts';
import { addVersion, currentBytes } from '../documents/document-store.ts';
import { withPdfErrors } from '../documents/pdf-errors.ts';
import { rubberStampsToDraw } from '../rubber-stamps/apply-rubber-stamps.ts';
import { displayName } from '../users/present-user.ts';
import { qrVerificationUrl } from '../verify/qr-link.ts';
import { decodeImage, fillTags, formatSigningTime } from './fill-tags.ts';
import type { LoadedEpak } from './load-epak.ts';

/** What a signer sends with their signature: the filled tags, the picture, the secrets the policy asks for. */
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

export interface RevisionInput {
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
