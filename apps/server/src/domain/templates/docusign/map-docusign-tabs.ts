import {
  DEFAULT_TAG_LIMITS,
  type DocuSignTab,
  type DocuSignUnmapped,
  TAG_CATALOGUE,
  type TagType,
  type TemplateTag,
} from '@signet/contracts';
import type { PlacedRecipient } from './map-docusign-recipients.ts';

/** A document of the template as the mapping needs it. */
export interface MappedDocument {
  /** Position among the template's documents (`documentPosition`). */
  position: number;
  /** Each page's size as a viewer shows it (after /Rotate), 1-based by index + 1. */
  pages: { width: number; height: number }[];
  /** Where each anchor string occurs (tag coordinates). */
  anchors: { needle: string; pageNumber: number; x: number; y: number }[];
}

export interface TabKind {
  /** Catalogue entry id: gives type, key and default size. */
  entry: string;
  subType?: string;
  label?: string;
  /** Signer-filled fields are required unless DocuSign says otherwise; signatures likewise. */
  input: boolean;
}

/** DocuSign tab lists and the tag each becomes. Lists not named here are listed as unmapped. */
const TAB_KINDS: Readonly<Record<string, TabKind>> = {
  signHereTabs: { entry: 'signature', input: true },
  initialHereTabs: { entry: 'signerInitial', input: true },
  dateSignedTabs: { entry: 'timeStamp', input: false },
  fullNameTabs: { entry: 'username', input: false },
  emailAddressTabs: { entry: 'email', input: false },
  emailTabs: { entry: 'text', subType: 'email', input: true },
  companyTabs: { entry: 'text', subType: 'company', label: 'Company', input: true },
  titleTabs: { entry: 'signerTitle', input: true },
  textTabs: { entry: 'text', input: true },
  numberTabs: { entry: 'text', subType: 'number', input: true },
  numericalTabs: { entry: 'text', subType: 'number', input: true },
  dateTabs: { entry: 'calendar', input: true },
  checkboxTabs: { entry: 'multiSelect', subType: 'checkbox', input: true },
  radioGroupTabs: { entry: 'singleSelect', subType: 'radio', input: true },
  listTabs: { entry: 'singleSelect', input: true },
  signerAttachmentTabs: { entry: 'attachment', input: true },
};

/** DocuSign's anchor offset units in points (its pixels are 1/72 inch, as points are). */
const UNIT_POINTS: Readonly<Record<string, number>> = {
  pixels: 1,
  inches: 72,
  mms: 72 / 25.4,
  cms: 72 / 2.54,
};

const num = (s: string | undefined, fallback: number) => {
  const n = Number.parseFloat(s ?? '');
  return Number.isFinite(n) ? n : fallback;
};
const yes = (s: string | undefined) => s?.toLowerCase() === 'true';

export interface MappedTabs {
  tags: TemplateTag[];
  unmapped: DocuSignUnmapped[];
}

/** Where a tab's tags go (its kind, the document it names), or why it makes none. */
export type TabTarget = { kind: TabKind; documentId: string } | { reason: string };

export function targetOf(
  list: string,
  tab: DocuSignTab,
  placed: PlacedRecipient,
  firstDocumentId: string,
): TabTarget {
  const kind = TAB_KINDS[list];
  if (!kind) return { reason: 'This kind of field has no equivalent tag.' };
  if (placed.stepType === 'EMAIL') return { reason: 'A recipient who gets a copy fills nothing here.' };
  return { kind, documentId: tab.documentId ?? firstDocumentId };
}

/**
 * How many tags a tab becomes, from counts alone (what `positionsOf` will make): a radio group one,
 * an anchor tab one per occurrence of its text, any other tab one.
 */
export function tagCountOf(list: string, tab: DocuSignTab, hits: (needle: string) => number): number {
  if (list === 'radioGroupTabs') return (tab.radios?.length ?? 0) > 0 ? 1 : 0;
  if (tab.anchorString) return hits(tab.anchorString);
  return 1;
}

/** The anchor text a tab is placed by, if any (a radio group is placed by its radios). */
export const anchorOf = (list: string, tab: DocuSignTab): string | undefined =>
  list === 'radioGroupTabs' ? undefined : tab.anchorString || undefined;

/**
 * A recipient's DocuSign tabs as template tags at the same place and size. DocuSign's positions
 * are pixels at 72 dpi from the top-left of the page as shown — our tag frame exactly (points,
 * top-left, after /Rotate), so a position carries over unchanged, rotated pages included. A tab
 * without a size takes the catalogue's; a box reaching past the page or the tag's size limits
 * is pulled back inside and listed. An anchor tab lands at each occurrence of its string, its
 * top-left at the text's top-left plus the offsets.
 */
export function mapTabs(
  placed: PlacedRecipient,
  documents: ReadonlyMap<string, MappedDocument>,
  firstDocumentId: string,
): MappedTabs {
  const tags: TemplateTag[] = [];
  const unmapped: DocuSignUnmapped[] = [];
  const who = `${placed.kind} ${placed.role}`;
  for (const [list, tabs] of Object.entries(placed.recipient.tabs ?? {})) {
    if (!Array.isArray(tabs) || tabs.length === 0) continue;
    for (const tab of tabs) {
      const item = `${who}: ${list} “${tab.tabLabel ?? tab.name ?? ''}”`;
      const target = targetOf(list, tab, placed, firstDocumentId);
      if ('reason' in target) {
        unmapped.push({ item, reason: target.reason });
        continue;
      }
      const { kind } = target;
      const doc = documents.get(target.documentId);
      if (!doc) {
        unmapped.push({
          item,
          reason: `It names document ${tab.documentId}, which the template does not hold.`,
        });
        continue;
      }
      for (const at of positionsOf(tab, list, doc, item, unmapped))
        tags.push(toTag(tab, list, kind, placed, doc, at, item, unmapped));
    }
  }
  return { tags, unmapped };
}

interface At {
  pageNumber: number;
  x: number;
  y: number;
  width?: number;
  height?: number;
}

function positionsOf(
  tab: DocuSignTab,
  list: string,
  doc: MappedDocument,
  item: string,
  unmapped: DocuSignUnmapped[],
): At[] {
  if (list === 'radioGroupTabs') {
    // One choice list over the group's radios (on the first radio's page).
    const radios = tab.radios ?? [];
    const page = num(radios[0]?.pageNumber, 1);
    const here = radios.filter((r) => num(r.pageNumber, page) === page);
    if (here.length < radios.length)
      unmapped.push({ item, reason: 'Radios on other pages join the list on the first radio’s page.' });
    if (here.length === 0) return [];
    // A loop, not Math.min(...xs): spreading a long list overflows the call stack.
    let [x, y] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    let [right, bottom] = [Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
    for (const r of here) {
      const [rx, ry] = [num(r.xPosition, 0), num(r.yPosition, 0)];
      [x, y] = [Math.min(x, rx), Math.min(y, ry)];
      [right, bottom] = [Math.max(right, rx), Math.max(bottom, ry)];
    }
    return [{ pageNumber: page, x, y, width: right - x + 20, height: bottom - y + 20 }];
  }
  if (tab.anchorString) {
    const unit = UNIT_POINTS[(tab.anchorUnits ?? 'pixels').toLowerCase()] ?? 1;
    const dx = num(tab.anchorXOffset, 0) * unit;
    const dy = num(tab.anchorYOffset, 0) * unit;
    const hits = doc.anchors.filter((a) => a.needle === tab.anchorString);
    if (hits.length === 0)
      unmapped.push({
        item,
        reason: yes(tab.anchorIgnoreIfNotPresent)
          ? `“${tab.anchorString}” is not in the document; left out, as the tab allows.`
          : `“${tab.anchorString}” is not in the document, so the tab has no place.`,
      });
    return hits.map((a) => ({ pageNumber: a.pageNumber, x: a.x + dx, y: a.y + dy }));
  }
  return [{ pageNumber: num(tab.pageNumber, 1), x: num(tab.xPosition, 0), y: num(tab.yPosition, 0) }];
}

function toTag(
  tab: DocuSignTab,
  list: string,
  kind: TabKind,
  placed: PlacedRecipient,
  doc: MappedDocument,
  at: At,
  item: string,
  unmapped: DocuSignUnmapped[],
): TemplateTag {
  const entry = TAG_CATALOGUE.find((e) => e.id === kind.entry) ?? TAG_CATALOGUE[0];
  const type = (entry?.type ?? 'text') as TagType;
  const limits =
    type === 'signature' || type === 'userInitial' ? DEFAULT_TAG_LIMITS.signature : DEFAULT_TAG_LIMITS.other;
  const pageCount = doc.pages.length;
  const pageNumber = Math.min(Math.max(Math.round(at.pageNumber), 1), pageCount);
  if (pageNumber !== at.pageNumber)
    unmapped.push({ item, reason: `Page ${at.pageNumber} does not exist; put on page ${pageNumber}.` });
  const page = doc.pages[pageNumber - 1] ?? { width: 612, height: 792 };
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));
  const wantW = at.width ?? num(tab.width, entry?.width ?? 120);
  const wantH = at.height ?? num(tab.height, entry?.height ?? 20);
  const width = clamp(wantW, limits.minWidth, Math.min(limits.maxWidth, page.width));
  const height = clamp(wantH, limits.minHeight, Math.min(limits.maxHeight, page.height));
  const x = clamp(at.x, 0, page.width - width);
  const y = clamp(at.y, 0, page.height - height);
  if (
    Math.abs(x - at.x) > 0.5 ||
    Math.abs(y - at.y) > 0.5 ||
    Math.abs(width - wantW) > 0.5 ||
    Math.abs(height - wantH) > 0.5
  )
    unmapped.push({
      item,
      reason: 'It reached past the page or the tag’s size limits; it was pulled inside.',
    });

  const required = kind.input
    ? tab.optional !== undefined
      ? !yes(tab.optional)
      : tab.required === undefined || yes(tab.required)
    : false;
  if (tab.validationPattern && !kind.subType)
    unmapped.push({ item, reason: `Its validation pattern ${tab.validationPattern} is not checked here.` });

  let options: string[] | undefined;
  let value: string | null = tab.value ?? null;
  if (list === 'listTabs') {
    options = (tab.listItems ?? []).map((i) => i.text ?? i.value ?? '').filter(Boolean);
    value = (tab.listItems ?? []).find((i) => yes(i.selected))?.text ?? tab.value ?? null;
  } else if (list === 'radioGroupTabs') {
    options = (tab.radios ?? []).map((r) => r.value ?? '').filter(Boolean);
    value = (tab.radios ?? []).find((r) => yes(r.selected))?.value ?? null;
  } else if (list === 'checkboxTabs') {
    const option = tab.tabLabel || tab.name || 'Checked';
    options = [option];
    value = yes(tab.selected) ? option : null;
  }
  return {
    key: entry?.key ?? type,
    type,
    name: (tab.tabLabel ?? '').slice(0, 200),
    label: (kind.label ?? tab.tabLabel ?? '').slice(0, 200),
    category: entry?.category ?? 'printed',
    tagFor: 'signer',
    createType: 'new',
    pageNumber,
    positionX: round(x),
    positionY: round(y),
    blockWidth: round(width),
    blockHeight: round(height),
    validations: { required: { value: required, message: tab.validationMessage ?? '' } },
    readOnly: yes(tab.locked),
    ...(value !== null && value !== '' ? { value } : {}),
    ...(options ? { options: options.slice(0, 100).map((o) => o.slice(0, 200)) } : {}),
    ...(kind.subType ? { subType: kind.subType } : {}),
    wfsOrderId: placed.wfsOrderId,
    signerIndex: placed.signerIndex,
    documentPosition: doc.position,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
