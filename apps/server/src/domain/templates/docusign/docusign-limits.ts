import { Code, type DocuSignTemplate, type TemplateStep } from '@signet/contracts';
import { AppError } from '../../app-error.ts';
import type { PlacedRecipient } from './map-docusign-recipients.ts';
import { anchorOf, tagCountOf, targetOf } from './map-docusign-tabs.ts';

/**
 * What one DocuSign import may make. An anchor tab becomes one tag per occurrence of its text, so
 * a small JSON could ask for millions of tags (tabs × occurrences); every count is taken from the
 * JSON and the anchors' hits, and checked before any tag is built.
 */
export const DOCUSIGN_IMPORT_LIMITS = {
  /** Tags in all: what a document template holds (its tag list, 2,000). */
  tags: 2000,
  /** Tags on one document: what one document of an ePak takes (`SignatureBlocksSchema`, 2,000). */
  tagsPerDocument: 2000,
  /** Tags one role gets on one document: what the compatibility compose takes for one signer (500). */
  tagsPerRoleDocument: 500,
  /** Radios in one group: the group becomes one choice list, of at most 100 options. */
  radiosPerGroup: 100,
  /** Tabs of every kind in the JSON (those without an equivalent are listed one by one). */
  tabs: 10_000,
  /** Different anchor texts searched for (each is looked for on every page). */
  anchorTexts: 2000,
  /** Recipients of every kind in the JSON: at most a workflow's steps × recipients per step. */
  recipients: 10_000,
  /** Steps of the workflow made: a workflow template's limit. */
  steps: 50,
  /** Roles acting in one step: a workflow step's limit. */
  rolesPerStep: 200,
} as const;
export type DocuSignLimit = keyof typeof DOCUSIGN_IMPORT_LIMITS;
const L = DOCUSIGN_IMPORT_LIMITS;

const n = (v: number) => v.toLocaleString('en-US');

function refuse(limit: DocuSignLimit, count: number, message: string): never {
  throw new AppError(Code.INVALID_INPUT, message, { data: { limit, max: L[limit], count } });
}

/** Before anything is mapped: the JSON's recipients and tabs, counted. */
export function checkTemplateSize(template: DocuSignTemplate): void {
  let recipients = 0;
  let tabs = 0;
  for (const list of Object.values(template.recipients)) {
    recipients += list.length;
    for (const r of list)
      for (const kind of Object.values(r.tabs ?? {})) tabs += Array.isArray(kind) ? kind.length : 0;
  }
  if (recipients > L.recipients)
    refuse(
      'recipients',
      recipients,
      `The template has ${n(recipients)} recipients; an import takes at most ${n(L.recipients)}.`,
    );
  if (tabs > L.tabs)
    refuse('tabs', tabs, `The template has ${n(tabs)} tabs (fields); an import reads at most ${n(L.tabs)}.`);
}

/** The workflow the routing makes fits a workflow template. */
export function checkSteps(steps: readonly TemplateStep[]): void {
  if (steps.length > L.steps)
    refuse(
      'steps',
      steps.length,
      `The routing makes ${n(steps.length)} steps; a workflow has at most ${n(L.steps)}.`,
    );
  for (const [i, s] of steps.entries())
    if (s.recipients.length > L.rolesPerStep)
      refuse(
        'rolesPerStep',
        s.recipients.length,
        `Step ${i + 1} has ${n(s.recipients.length)} recipients acting together; a step has at most ${n(L.rolesPerStep)}.`,
      );
}

/**
 * The anchor texts to look for in each document (by DocuSign document id): only those of tabs
 * that become tags there, so every occurrence found is at least one tag. Radio groups are
 * checked on the way.
 */
export function anchorTexts(
  placed: readonly PlacedRecipient[],
  documentIds: ReadonlySet<string>,
  firstDocumentId: string,
): Map<string, string[]> {
  const byDocument = new Map<string, Set<string>>();
  const distinct = new Set<string>();
  for (const p of placed)
    for (const [list, tabs] of Object.entries(p.recipient.tabs ?? {})) {
      if (!Array.isArray(tabs)) continue;
      for (const tab of tabs) {
        const radios = tab.radios?.length ?? 0;
        if (list === 'radioGroupTabs' && radios > L.radiosPerGroup)
          refuse(
            'radiosPerGroup',
            radios,
            `The radio group “${tab.groupName ?? tab.tabLabel ?? ''}” of ${p.role} has ${n(radios)} radios; a group may have at most ${n(L.radiosPerGroup)} (the options of one choice list).`,
          );
        const target = targetOf(list, tab, p, firstDocumentId);
        const needle = anchorOf(list, tab);
        if ('reason' in target || !needle || !documentIds.has(target.documentId)) continue;
        const set = byDocument.get(target.documentId) ?? new Set<string>();
        set.add(needle);
        byDocument.set(target.documentId, set);
        distinct.add(needle);
      }
    }
  if (distinct.size > L.anchorTexts)
    refuse(
      'anchorTexts',
      distinct.size,
      `The template looks for ${n(distinct.size)} different anchor texts; an import looks for at most ${n(L.anchorTexts)}.`,
    );
  return new Map([...byDocument].map(([id, set]) => [id, [...set]]));
}

/**
 * Counts the tags the tabs will make — per role on each document, per document, in all — from
 * the tabs and `hits` (how often an anchor text occurs in a document), and refuses (-6, naming
 * the limit) before any is built. With no hits yet it checks the tabs placed by position alone.
 */
export function checkTagCounts(
  placed: readonly PlacedRecipient[],
  documentNames: ReadonlyMap<string, string>,
  firstDocumentId: string,
  hits: (documentId: string, needle: string) => number,
): void {
  const perDocument = new Map<string, number>();
  let total = 0;
  for (const p of placed) {
    const mine = new Map<string, number>();
    for (const [list, tabs] of Object.entries(p.recipient.tabs ?? {})) {
      if (!Array.isArray(tabs)) continue;
      for (const tab of tabs) {
        const target = targetOf(list, tab, p, firstDocumentId);
        if ('reason' in target || !documentNames.has(target.documentId)) continue;
        const count = tagCountOf(list, tab, (needle) => hits(target.documentId, needle));
        mine.set(target.documentId, (mine.get(target.documentId) ?? 0) + count);
      }
    }
    for (const [documentId, count] of mine) {
      if (count > L.tagsPerRoleDocument)
        refuse(
          'tagsPerRoleDocument',
          count,
          `${p.role} would get ${n(count)} fields on “${documentNames.get(documentId)}”; one role may have at most ${n(L.tagsPerRoleDocument)} on a document.`,
        );
      perDocument.set(documentId, (perDocument.get(documentId) ?? 0) + count);
      total += count;
    }
  }
  for (const [documentId, count] of perDocument)
    if (count > L.tagsPerDocument)
      refuse(
        'tagsPerDocument',
        count,
        `“${documentNames.get(documentId)}” would get ${n(count)} fields; a document may have at most ${n(L.tagsPerDocument)}.`,
      );
  if (total > L.tags)
    refuse(
      'tags',
      total,
      `The template would get ${n(total)} fields; a template holds at most ${n(L.tags)}.`,
    );
}

/** An anchor search that found more than it was allowed to: refused before its matches are used. */
export function refuseTooManyMatches(documentName: string, max: number): never {
  refuse(
    'tagsPerDocument',
    max + 1,
    `The anchor texts occur more than ${n(max)} times in “${documentName}”; a document may have at most ${n(L.tagsPerDocument)} fields.`,
  );
}
