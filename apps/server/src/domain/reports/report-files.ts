import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ReportFormat } from '@signet/contracts';
import { buildTextDocument } from '@signet/pdf';
import ExcelJS from 'exceljs';
import type { Language } from '../auth/language.ts';
import { csvWriter } from '../csv/write-csv.ts';
import type { ReportDefinition } from './report-definition.ts';
import { reportFileWords } from './report-labels.ts';
import type { ReportSink } from './run-report.ts';

/** Rows a PDF export may hold (a table of 5,000 rows is some 120 pages); -143 beyond. */
export const REPORT_PDF_MAX_ROWS = 5_000;

export const REPORT_MEDIA: Record<Exclude<ReportFormat, 'json'>, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** exceljs's zip entry for a sheet (readable-stream's PassThrough). */
type ZipEntry = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * The zip entry exceljs writes a sheet's XML into: readable-stream's PassThrough, whose state is
 * its own (`_writableState`). Internals of exceljs 4, so a test checks they are still there: were
 * they gone, the wait on them would silently do nothing and an export's memory grow again.
 */
export function sheetZipEntry(sheet: ExcelJS.Worksheet): ZipEntry | undefined {
  return (sheet as unknown as { _stream?: { pipes?: ZipEntry[] } })._stream?.pipes?.[0];
}

/** Until `stream` has drained, or can take no more (closed or failed: the export's end says why). */
async function drained(stream: Writable): Promise<void> {
  const ac = new AbortController();
  await Promise.race([
    once(stream, 'drain', { signal: ac.signal }),
    once(stream, 'close', { signal: ac.signal }),
  ]).catch(() => undefined);
  ac.abort();
}

/** Writes a chunk and waits while the reader is behind (backpressure). */
async function write(out: Writable, chunk: string | Uint8Array): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/**
 * CSV with a heading row, streamed, through the one CSV writer (formula-like text neutralised:
 * a subject or comment is the author's words). A BOM so spreadsheet programs read UTF-8.
 */
function csvSink(out: Writable, onStart: () => void, language: Language): ReportSink {
  const csv = csvWriter();
  csv.pipe(out);
  return {
    async start(report) {
      onStart();
      out.write('\ufeff');
      const { heading } = reportFileWords(language, report.id);
      csv.write(report.columns.map((c) => heading(c.key)));
    },
    async rows(batch) {
      for (const row of batch) if (!csv.write(row)) await once(csv, 'drain');
    },
    async end() {
      csv.end();
      await once(out, 'finish').catch(() => undefined);
    },
  };
}

/** A real workbook (exceljs streaming writer): one sheet, a bold heading row, typed cells. */
function xlsxSink(out: Writable, onStart: () => void, language: Language): ReportSink {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  book.creator = 'Signet';
  let sheet: ExcelJS.Worksheet;
  return {
    async start(report) {
      onStart();
      const { title, heading } = reportFileWords(language, report.id);
      sheet = book.addWorksheet(title.slice(0, 31).replace(/[:\\/?*[\]]/g, ' '));
      sheet.columns = report.columns.map((c) => ({
        header: heading(c.key),
        key: c.key,
        width: c.type === 'text' ? 30 : 16,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
    },
    async rows(batch) {
      for (const row of batch) sheet.addRow(row).commit();
      // exceljs writes the sheet's XML into its zip entry without heeding that stream's
      // backpressure, so rows pile up there when compression falls behind (11 bytes a row,
      // bench:report-sink): wait for that stage, then for the reader, before the next batch.
      const entry = sheetZipEntry(sheet);
      if (entry?._writableState?.needDrain) await drained(entry);
      if (out.writableNeedDrain) await drained(out);
    },
    async end() {
      sheet?.commit();
      await book.commit();
    },
  };
}

/** A PDF of the table (our engine's text documents, as the verification report); built at the end. */
function pdfSink(out: Writable, onStart: () => void, now: Date, language: Language): ReportSink {
  let report: ReportDefinition;
  const rows: string[][] = [];
  return {
    async start(r) {
      report = r;
      onStart();
    },
    async rows(batch) {
      for (const row of batch) rows.push(row.map((c) => (c === null ? '' : String(c))));
    },
    async end() {
      const words = reportFileWords(language, report.id);
      const { pdf } = buildTextDocument(
        [
          { kind: 'title', text: words.title },
          {
            kind: 'paragraph',
            text: words.made(now.toISOString().replace('T', ' ').slice(0, 16), rows.length),
          },
          { kind: 'spacer', height: 6 },
          { kind: 'table', columns: report.columns.map((c) => words.heading(c.key)), rows },
        ],
        {
          title: words.title,
          footer: words.footer,
          maxPages: 500,
        },
      );
      await write(out, pdf);
      out.end();
    },
  };
}

/**
 * The sink for an export format, its words in `language`; `onStart` runs once the rows are known
 * to fit (send the headers then).
 */
export function reportFileSink(
  format: Exclude<ReportFormat, 'json'>,
  out: Writable,
  onStart: () => void,
  now: Date,
  language: Language,
): ReportSink {
  if (format === 'csv') return csvSink(out, onStart, language);
  if (format === 'xlsx') return xlsxSink(out, onStart, language);
  return pdfSink(out, onStart, now, language);
}
