import type { ComparedPage, CompareResult } from '@signet/contracts';
import { buildTextDocument, type DocBlock } from '@signet/pdf';
import type { Language } from '../auth/language.ts';
import { COMPARE_REPORT_WORDS, type CompareReportWords } from './compare-report-words.ts';

/** At most this many characters of a change's words in the report's table. */
const MAX_TEXT = 300;

function pageLabel(w: CompareReportWords, p: ComparedPage): string {
  if (p.firstPage === null) return w.secondPage(p.secondPage);
  if (p.secondPage === null) return w.firstPage(p.firstPage);
  return p.firstPage === p.secondPage ? w.page(p.firstPage) : w.pageToPage(p.firstPage, p.secondPage);
}

function pageBlocks(w: CompareReportWords, p: ComparedPage): DocBlock[] {
  const blocks: DocBlock[] = [{ kind: 'heading', text: `${pageLabel(w, p)}: ${w.status[p.status]}` }];
  if (p.changes.length > 0)
    blocks.push({
      kind: 'table',
      columns: [...w.columns],
      widths: [70, 300, 125],
      rows: p.changes.map((c) => [
        w.kind[c.kind] ?? c.kind,
        c.text.length > MAX_TEXT ? `${c.text.slice(0, MAX_TEXT)}…` : c.text,
        c.kind === 'moved'
          ? w.movedFromTo(c.first?.page, c.second?.page)
          : w.page((c.second ?? c.first)?.page ?? null).toLowerCase(),
      ]),
    });
  if (p.regions.length > 0)
    blocks.push({
      kind: 'paragraph',
      text: w.regions(
        p.regions.length,
        `${p.regions
          .slice(0, 5)
          .map(
            (r) =>
              `${Math.round(r.width)}×${Math.round(r.height)} pt @ ${Math.round(r.x)}, ${Math.round(r.y)}`,
          )
          .join('; ')}${p.regions.length > 5 ? '; …' : ''}`,
      ),
    });
  return blocks;
}

/** The differences of two documents in `language`, as a PDF made by our engine: the summary, then each page that differs. */
export function compareReportPdf(result: CompareResult, now: Date, language: Language): Uint8Array {
  const w = COMPARE_REPORT_WORDS[language];
  const s = result.summary;
  const differing = result.pages.filter((p) => p.status !== 'same');
  const blocks: DocBlock[] = [
    { kind: 'title', text: w.title },
    {
      kind: 'keyValues',
      rows: [
        [w.first, w.withPages(result.first.name, result.first.pages)],
        [w.second, w.withPages(result.second.name, result.second.pages)],
        [w.comparedAt, `${now.toISOString().slice(0, 19).replace('T', ' ')} UTC`],
        [w.inserted, String(s.inserted)],
        [w.deleted, String(s.deleted)],
        [w.moved, String(s.moved)],
        [w.changedPages, String(s.changedPages)],
        [w.addedPages, String(s.addedPages)],
        [w.removedPages, String(s.removedPages)],
      ],
    },
    {
      kind: 'paragraph',
      text: differing.length === 0 ? w.allSame : w.someDiffer,
    },
    { kind: 'spacer', height: 8 },
    ...differing.flatMap((p) => pageBlocks(w, p)),
  ];
  return buildTextDocument(blocks, {
    title: w.documentTitle(result.first.name, result.second.name),
    footer: w.footer,
    maxPages: 500,
  }).pdf;
}
