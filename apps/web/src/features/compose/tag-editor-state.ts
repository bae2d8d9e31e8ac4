import {
  dimensionsCrossed,
  insidePage,
  limitsFor,
  overlappingSignatures,
  type PageSize,
  pastedBox,
  type TagInput,
  type TagLimits,
  type TagType,
} from '@signet/contracts';

/**
 * The tag editor's operations as pure functions over the tags of one document: place, move
 * (also to another page), resize, paste. Each answers the new tags or the spec's message key
 * for the refusal; the rules themselves come from contracts, shared with the server.
 */

/** The tag types the composer's palette offers, with the size a new one gets (points). */
export const PALETTE = {
  signature: { width: 140, height: 44 },
  signatureText: { width: 160, height: 20 },
  timeStamp: { width: 140, height: 20 },
  email: { width: 180, height: 20 },
  text: { width: 160, height: 20 },
} as const satisfies Partial<Record<TagType, { width: number; height: number }>>;
export type PaletteType = keyof typeof PALETTE;

export interface EditorTag {
  id: string;
  type: PaletteType;
  pageNumber: number;
  positionX: number;
  positionY: number;
  blockWidth: number;
  blockHeight: number;
  /** Whose tag: the recipient's email and step. */
  userEmail: string;
  wfsOrderId: number;
  required: boolean;
}

export type EditResult =
  | { ok: true; tags: EditorTag[] }
  | { ok: false; error: 'tagOverlappingError' | 'outsidePage' | 'pasteError' }
  | { ok: false; error: 'tagDimensionsCrossedMsg'; limits: TagLimits };

function checked(next: EditorTag, others: EditorTag[], page: PageSize, isNew: boolean): EditResult {
  if (!insidePage(next, page)) return { ok: false, error: 'outsidePage' };
  if (overlappingSignatures(next, others, isNew).length > 0)
    return { ok: false, error: 'tagOverlappingError' };
  return { ok: true, tags: [...others, next] };
}

/** A new tag with its top-left corner at the point clicked, pulled back inside the page. */
export function placeTag(
  tags: EditorTag[],
  draft: Omit<EditorTag, 'blockWidth' | 'blockHeight' | 'id'> & { id?: string },
  page: PageSize,
): EditResult {
  const size = PALETTE[draft.type];
  const tag: EditorTag = {
    ...draft,
    id: draft.id ?? crypto.randomUUID(),
    blockWidth: size.width,
    blockHeight: size.height,
    positionX: Math.max(0, Math.min(draft.positionX, page.width - size.width)),
    positionY: Math.max(0, Math.min(draft.positionY, page.height - size.height)),
  };
  return checked(tag, tags, page, true);
}

/** Moves a tag to a point of a page (its own or another); the caller reverts on refusal. */
export function moveTag(
  tags: EditorTag[],
  id: string,
  to: { pageNumber: number; positionX: number; positionY: number },
  page: PageSize,
): EditResult {
  const tag = tags.find((t) => t.id === id);
  if (!tag) return { ok: true, tags };
  return checked(
    { ...tag, ...to },
    tags.filter((t) => t.id !== id),
    page,
    false,
  );
}

/** Resizes within the tag's limits (tagDimensionsCrossedMsg with them otherwise). */
export function resizeTag(
  tags: EditorTag[],
  id: string,
  size: { blockWidth: number; blockHeight: number },
  page: PageSize,
): EditResult {
  const tag = tags.find((t) => t.id === id);
  if (!tag) return { ok: true, tags };
  const limits = limitsFor(tag.type);
  const next = { ...tag, ...size };
  if (dimensionsCrossed(next, limits)) return { ok: false, error: 'tagDimensionsCrossedMsg', limits };
  return checked(
    next,
    tags.filter((t) => t.id !== id),
    page,
    false,
  );
}

/** Pastes a copy 10 right and 8 down of the copied tag, on the same page, if it fits. */
export function pasteTag(tags: EditorTag[], copied: EditorTag, page: PageSize): EditResult {
  const box = pastedBox(copied, page);
  if (!box) return { ok: false, error: 'pasteError' };
  return checked({ ...box, id: crypto.randomUUID() }, tags, page, true);
}

/** The tags as the server stores them (`POST …/signatureblocks`). */
export function toTagInputs(tags: EditorTag[]): TagInput[] {
  return tags.map((t) => ({
    key: t.type,
    type: t.type,
    name: t.type,
    label: '',
    category: 'printed',
    tagFor: 'signer',
    createType: 'new',
    pageNumber: t.pageNumber,
    positionX: round(t.positionX),
    positionY: round(t.positionY),
    blockWidth: round(t.blockWidth),
    blockHeight: round(t.blockHeight),
    userEmail: t.userEmail,
    wfsOrderId: t.wfsOrderId,
    validations: { required: { value: t.required, message: '' } },
    readOnly: false,
  }));
}

const round = (n: number) => Math.round(n * 100) / 100;
