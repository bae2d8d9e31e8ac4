import {
  catalogueEntryOf,
  type EpakDetail,
  IMAGE_VALUE_TYPES,
  SYSTEM_FILLED_TYPES,
  type Tag,
} from '@signet/contracts';

/**
 * What a recipient's signing view works out from the ePak and its tags, as pure functions: who
 * acts, which tags are theirs, what is still to fill (in reading order), which tags an auto-fill
 * would reach, and what the sign call sends. Values are kept by tag uuid.
 */

export type Values = Readonly<Record<string, string>>;
type Step = EpakDetail['steps'][number];
type Recipient = Step['recipients'][number];

export interface Acting {
  recipient: Recipient;
  step: Step;
  /** The custodian hosts this recipient in an in-person step (the sign call names them). */
  hosted: boolean;
}

/**
 * The recipient acting in this view: the viewer's own pending entry in the current step, or — for
 * the ePak's custodian in an INPERSONSIGN step — the pending recipient they host.
 */
export function actingRecipient(
  detail: EpakDetail,
  userId: string,
  hostRecipientId?: string | null,
): Acting | null {
  const step = detail.steps.find((s) => s.status === 'current');
  if (!step || detail.status !== 'InProgress') return null;
  const pending = (r: Recipient) => r.status === 'Pending' || r.status === 'DelegatePending';
  if (hostRecipientId) {
    const hostedOne = step.recipients.find((r) => r.id === hostRecipientId && pending(r));
    if (hostedOne && step.type === 'INPERSONSIGN' && detail.ownerId === userId)
      return { recipient: hostedOne, step, hosted: true };
    return null;
  }
  const own = step.recipients.find((r) => r.userId === userId && pending(r));
  return own ? { recipient: own, step, hosted: false } : null;
}

export type FillKind =
  | 'signature'
  | 'initials'
  | 'image'
  | 'stamp'
  | 'text'
  | 'textArea'
  | 'date'
  | 'select'
  | 'multiSelect'
  | 'attachment'
  | 'system'
  | 'fixed';

/** How the signer gives a tag its value. */
export function fillKind(tag: Pick<Tag, 'type' | 'key' | 'readOnly'>): FillKind {
  if (SYSTEM_FILLED_TYPES.includes(tag.type)) return 'system';
  if (tag.key === 'rubberStamp') return 'stamp';
  if (tag.readOnly || catalogueEntryOf(tag)?.fill === 'custodian') return 'fixed';
  switch (tag.type) {
    case 'signature':
      return 'signature';
    case 'userInitial':
      return 'initials';
    case 'image':
    case 'letterHead':
      return 'image';
    case 'textArea':
    case 'reasonFreeText':
      return 'textArea';
    case 'calendar':
      return 'date';
    case 'singleSelect':
      return 'select';
    case 'multiSelect':
      return 'multiSelect';
    case 'attachment':
    case 'selfSignAttachment':
      return 'attachment';
    default:
      return 'text';
  }
}

/** A tag counts as filled when it has a value here, or it needs none from the signer. */
export function isFilled(tag: Tag, values: Values): boolean {
  const kind = fillKind(tag);
  if (kind === 'system' || kind === 'fixed') return true;
  if (kind === 'attachment') return tag.status === 'done' || Boolean(values[tag.uuid]);
  const v = values[tag.uuid] ?? tag.value ?? '';
  if (kind === 'multiSelect') return v !== '' && v !== '[]';
  return v.trim() !== '';
}

/** Reading order: document, page, top to bottom, left to right. */
export function inReadingOrder(tags: readonly Tag[], documentOrder: readonly string[]): Tag[] {
  const docIndex = (t: Tag) => documentOrder.indexOf(t.documentId);
  return [...tags].sort(
    (a, b) =>
      docIndex(a) - docIndex(b) ||
      a.pageNumber - b.pageNumber ||
      a.positionY - b.positionY ||
      a.positionX - b.positionX,
  );
}

/** Required tags still without a value, in reading order: what the pointer walks through. */
export function missingRequired(
  mine: readonly Tag[],
  values: Values,
  documentOrder: readonly string[],
): Tag[] {
  return inReadingOrder(
    mine.filter((t) => t.required && !isFilled(t, values)),
    documentOrder,
  );
}

/** The next required tag to fill after `current` (wrapping round), or the first one. */
export function nextRequired(
  mine: readonly Tag[],
  values: Values,
  documentOrder: readonly string[],
  current?: string | null,
): Tag | null {
  const todo = missingRequired(mine, values, documentOrder);
  if (todo.length === 0) return null;
  const ordered = inReadingOrder(mine, documentOrder);
  const at = current ? ordered.findIndex((t) => t.uuid === current) : -1;
  return ordered.slice(at + 1).find((t) => todo.includes(t)) ?? todo[0] ?? null;
}

/**
 * Tags an auto-fill would reach once `filled` has its value: the signer's other unfilled tags of
 * the same kind (spec §2: asks for confirmation when more remain).
 */
export function autoFillCandidates(mine: readonly Tag[], values: Values, filled: Tag): Tag[] {
  const kind = fillKind(filled);
  if (kind !== 'signature' && kind !== 'initials') return [];
  return mine.filter((t) => t.uuid !== filled.uuid && fillKind(t) === kind && !isFilled(t, values));
}

/**
 * The values the sign call sends for one document: what the signer gave, never system values.
 * `present` turns a value into the words drawn on the page (a date in the tenant's format).
 */
export function signValues(
  mine: readonly Tag[],
  values: Values,
  documentId: string,
  present: (tag: Tag, value: string) => string = (_, v) => v,
): { uuid: string; value: string }[] {
  return mine
    .filter((t) => t.documentId === documentId)
    .filter((t) => {
      const kind = fillKind(t);
      return kind !== 'system' && kind !== 'fixed' && kind !== 'attachment' && values[t.uuid] !== undefined;
    })
    .map((t) => ({ uuid: t.uuid, value: present(t, values[t.uuid] as string) }));
}

/** Documents the recipient signs: those carrying their tags, or every document when they have none. */
export function documentsToSign(documentIds: readonly string[], mine: readonly Tag[]): string[] {
  const withTags = documentIds.filter((d) => mine.some((t) => t.documentId === d));
  return withTags.length > 0 ? withTags : [...documentIds];
}

/** Signature-like values are pictures; these tags take them. */
export function takesPicture(tag: Pick<Tag, 'type'>): boolean {
  return IMAGE_VALUE_TYPES.includes(tag.type);
}
