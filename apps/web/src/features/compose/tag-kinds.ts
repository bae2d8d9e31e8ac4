import { TAG_CATALOGUE } from '@signet/contracts';

/** The palette's groups, in the order a custodian usually needs them. */
export const TAG_KINDS = ['signing', 'details', 'fields', 'stamps'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

/**
 * Which group each printed tag of the catalogue is shown under (spec §3's types and special
 * keys): what signs, what the signer is or says, the fields a signer fills in, and the marks a
 * custodian puts on the page.
 */
const KIND_OF: Readonly<Record<string, TagKind>> = {
  signature: 'signing',
  signerInitial: 'signing',
  signatureText: 'signing',
  timeStamp: 'signing',
  email: 'details',
  username: 'details',
  userUuid: 'details',
  signerTitle: 'details',
  location: 'details',
  reason: 'details',
  reasonFreeText: 'details',
  text: 'fields',
  textArea: 'fields',
  calendar: 'fields',
  singleSelect: 'fields',
  multiSelect: 'fields',
  image: 'fields',
  CustodianText: 'fields',
  rubberStamp: 'stamps',
  qrcode: 'stamps',
  letterHead: 'stamps',
  docUuid: 'stamps',
};

/** A printed tag's group; a tag the table does not know yet goes with the fields. */
export function kindOf(entryId: string): TagKind {
  return KIND_OF[entryId] ?? 'fields';
}

/** The printed tags of each group, in catalogue order; `shown` leaves out tags the tenant lacks. */
export function paletteGroups(shown: (entryId: string) => boolean): { kind: TagKind; entries: string[] }[] {
  const printed = TAG_CATALOGUE.filter((e) => e.category === 'printed' && shown(e.id));
  return TAG_KINDS.map((kind) => ({
    kind,
    entries: printed.filter((e) => kindOf(e.id) === kind).map((e) => e.id),
  })).filter((g) => g.entries.length > 0);
}

/** The drag data type a palette tag carries onto a page. */
export const TAG_DRAG_TYPE = 'application/x-signet-tag';
