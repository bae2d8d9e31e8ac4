import {
  Code,
  DOCUSIGN_IMPORT_LIMITS,
  type DocuSignLimit,
  docuSignSizeProblem,
  type TemplateStep,
} from '@signet/contracts';
import { AppError } from '../../app-error.ts';
import type { PlacedRecipient } from './map-docusign-recipients.ts';
import { anchorOf, tagCountOf, targetOf } from './map-docusign-tabs.ts';

/*
 * The DocuSign import's limits (contracts `DOCUSIGN_IMPORT_LIMITS`) as the import checks them: the
 * JSON's size before it is parsed, the workflow after the routing is mapped, and the tags — tabs
 * placed by position before any PDF is read, anchor tabs × their hits after the search — before
 * any tag is built. Each refusal is -6 naming the limit, with `{limit, max, count}` as its data.
 */
const L = DOCUSIGN_IMPORT_LIMITS;

const n = (v: number) => v.toLocaleString('en-US');

function refuse(limit: DocuSignLimit, count: number, message: string): never {
  throw new AppError(Code.INVALID_INPUT, message, { data: { limit, max: L[limit], count } });
}

/**
 * Before anything is parsed: the JSON's recipients, tabs, radios and list items, counted from
 * array lengths (the route's schema does the same; this keeps the rule for any other caller).
 */
export function checkTemplateSize(body: unknown): void {
  const problem = docuSignSizeProblem(body);
  if (problem) refuse(problem.limit, problem.count, problem.message);
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
 * that become tags there, so every occurrence found is at least one tag.
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
