import {
  type CatalogueEntry,
  catalogueEntryOf,
  clampFontSize,
  dimensionsCrossed,
  insidePage,
  limitsFor,
  overlappingSignatures,
  type PageSize,
  pastedBox,
  TAG_CATALOGUE,
  type Tag,
  type TagInput,
  type TagLimits,
} from '@signet/contracts';

/**
 * The tag editor's operations as pure functions over the tags of one document: place, move
 * (also to another page), resize, paste, change properties. Each answers the new tags or the
 * spec's message key for the refusal; the rules themselves come from contracts, shared with the
 * server.
 */

export interface EditorTag {
  /** The tag's uuid: generated here for a new tag and kept by the server, so saves are stable. */
  id: string;
  /** Catalogue id (the special key, or the type). */
  entry: string;
  pageNumber: number;
  positionX: number;
  positionY: number;
  blockWidth: number;
  blockHeight: number;
  /** Whose tag: the recipient's email and step. */
  userEmail: string;
  wfsOrderId: number;
  required: boolean;
  label: string;
  fontFamily?: string | undefined;
  fontSize?: number | undefined;
  /** Choices of a single or multiple select. */
  options?: string[] | undefined;
  /** A value the custodian sets (QR entries as JSON, custodian text, letterhead image). */
  value?: string | null | undefined;
}

export type EditResult =
  | { ok: true; tags: EditorTag[] }
  | { ok: false; error: 'tagOverlappingError' | 'outsidePage' | 'pasteError' }
  | { ok: false; error: 'tagDimensionsCrossedMsg'; limits: TagLimits };

/** The catalogue entry of an editor tag (every editor tag comes from the catalogue). */
export function entryOf(tag: Pick<EditorTag, 'entry'>): CatalogueEntry {
  return TAG_CATALOGUE.find((e) => e.id === tag.entry) ?? (TAG_CATALOGUE[0] as CatalogueEntry);
}

/** What the shared placement rules need to know of an editor tag. */
function placed(tag: EditorTag) {
  const e = entryOf(tag);
  return { ...tag, type: e.type, key: e.key };
}

function checked(next: EditorTag, others: EditorTag[], page: PageSize, isNew: boolean): EditResult {
  if (!insidePage(next, page)) return { ok: false, error: 'outsidePage' };
  if (overlappingSignatures(placed(next), others.map(placed), isNew).length > 0)
    return { ok: false, error: 'tagOverlappingError' };
  return { ok: true, tags: [...others, next] };
}

/** A new tag with its top-left corner at the point clicked, pulled back inside the page. */
export function placeTag(
  tags: EditorTag[],
  draft: Pick<EditorTag, 'entry' | 'pageNumber' | 'positionX' | 'positionY' | 'userEmail' | 'wfsOrderId'> & {
    id?: string;
  },
  page: PageSize,
): EditResult {
  const e = entryOf(draft);
  const tag: EditorTag = {
    ...draft,
    id: draft.id ?? crypto.randomUUID(),
    required: e.category === 'printed' && e.fill === 'signer',
    label: '',
    blockWidth: Math.min(e.width, page.width),
    blockHeight: Math.min(e.height, page.height),
    positionX: Math.max(0, Math.min(draft.positionX, page.width - e.width)),
    positionY: Math.max(0, Math.min(draft.positionY, page.height - e.height)),
    ...(e.type === 'singleSelect' || e.type === 'multiSelect' ? { options: [] } : {}),
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
  return keepOrder(
    tags,
    checked(
      { ...tag, ...to },
      tags.filter((t) => t.id !== id),
      page,
      false,
    ),
  );
}

/** Resizes within the tag's limits (tagDimensionsCrossedMsg with them otherwise) and the page. */
export function resizeTag(
  tags: EditorTag[],
  id: string,
  size: { blockWidth: number; blockHeight: number },
  page: PageSize,
): EditResult {
  const tag = tags.find((t) => t.id === id);
  if (!tag) return { ok: true, tags };
  const limits = limitsFor(entryOf(tag).type);
  const next = { ...tag, ...size };
  if (dimensionsCrossed(next, limits)) return { ok: false, error: 'tagDimensionsCrossedMsg', limits };
  return keepOrder(
    tags,
    checked(
      next,
      tags.filter((t) => t.id !== id),
      page,
      false,
    ),
  );
}

/** Pastes a copy 10 right and 8 down of the copied tag, on the same page, if it fits. */
export function pasteTag(tags: EditorTag[], copied: EditorTag, page: PageSize): EditResult {
  const box = pastedBox(copied, page);
  if (!box) return { ok: false, error: 'pasteError' };
  return checked({ ...box, id: crypto.randomUUID() }, tags, page, true);
}

/** Changes a tag's properties; the font size stays within the tag's limits (spec §5). */
export function updateTag(
  tags: EditorTag[],
  id: string,
  change: Partial<Pick<EditorTag, 'required' | 'label' | 'fontFamily' | 'fontSize' | 'options' | 'value'>>,
): EditorTag[] {
  return tags.map((t) => {
    if (t.id !== id) return t;
    const next = { ...t, ...change };
    if (change.fontSize !== undefined)
      next.fontSize = clampFontSize(change.fontSize, limitsFor(entryOf(t).type));
    return next;
  });
}

/** A moved or resized tag keeps its place in the list (the order keyboard users tab through). */
function keepOrder(before: EditorTag[], result: EditResult): EditResult {
  if (!result.ok) return result;
  const byId = new Map(result.tags.map((t) => [t.id, t]));
  return { ok: true, tags: before.map((t) => byId.get(t.id) ?? t) };
}

/** A stored tag as the editor holds it; tags the catalogue does not know are left out. */
export function fromStored(t: Tag): EditorTag | null {
  const e = catalogueEntryOf(t);
  if (!e) return null;
  return {
    id: t.uuid,
    entry: e.id,
    pageNumber: t.pageNumber,
    positionX: t.positionX,
    positionY: t.positionY,
    blockWidth: t.blockWidth,
    blockHeight: t.blockHeight,
    userEmail: t.userEmail ?? '',
    wfsOrderId: t.wfsOrderId ?? 1,
    required: t.required,
    label: t.label,
    fontFamily: t.fontFamily,
    fontSize: t.fontSize,
    options: t.options,
    value: t.value,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The tags as the server stores them (`POST …/signatureblocks`). */
export function toTagInputs(tags: EditorTag[]): TagInput[] {
  return tags.map((t) => {
    const e = entryOf(t);
    return {
      uuid: t.id,
      key: e.key,
      type: e.type,
      name: e.id,
      label: t.label,
      category: e.category,
      tagFor: e.tagFor,
      createType: 'new',
      pageNumber: t.pageNumber,
      positionX: round(t.positionX),
      positionY: round(t.positionY),
      blockWidth: round(t.blockWidth),
      blockHeight: round(t.blockHeight),
      userEmail: t.userEmail,
      wfsOrderId: t.wfsOrderId,
      validations: { required: { value: t.required, message: '' } },
      // A custodian's value is fixed for the signer; everything else the signer fills.
      readOnly: e.fill === 'custodian',
      ...(t.fontFamily ? { fontFamily: t.fontFamily } : {}),
      ...(t.fontSize ? { fontSize: t.fontSize } : {}),
      ...(t.options ? { options: t.options } : {}),
      ...(e.fill === 'custodian' && t.value ? { value: t.value } : {}),
      ...(e.maxUploadKb ? { maxUpload: e.maxUploadKb } : {}),
    };
  });
}

/** How far from the page's edges, and apart, the signatures placed at once are set (points). */
const FOOT_MARGIN = 36;
const FOOT_GAP = 16;

/**
 * A signature tag for each of `signers`, at the foot of a page: side by side from the left,
 * rows upwards when a row is full, each in the first free spot (signatures may not overlap).
 * The custodian then drags each where it belongs. Refused when one does not fit on the page.
 */
export function placeSignatures(
  tags: EditorTag[],
  signers: readonly Pick<EditorTag, 'userEmail' | 'wfsOrderId'>[],
  page: PageSize & { pageNumber: number },
): EditResult {
  const e = entryOf({ entry: 'signature' });
  const perRow = Math.max(1, Math.floor((page.width - 2 * FOOT_MARGIN + FOOT_GAP) / (e.width + FOOT_GAP)));
  let next = tags;
  let slot = 0;
  for (const signer of signers) {
    let placedOne = false;
    while (!placedOne) {
      const row = Math.floor(slot / perRow);
      const y = page.height - FOOT_MARGIN - e.height - row * (e.height + FOOT_GAP);
      if (y < 0) return { ok: false, error: 'outsidePage' };
      const x = FOOT_MARGIN + (slot % perRow) * (e.width + FOOT_GAP);
      slot++;
      const r = placeTag(
        next,
        { entry: 'signature', pageNumber: page.pageNumber, positionX: x, positionY: y, ...signer },
        page,
      );
      if (r.ok) {
        next = r.tags;
        placedOne = true;
      }
    }
  }
  return { ok: true, tags: next };
}
