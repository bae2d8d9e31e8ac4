import { Readable } from 'node:stream';
import { Code, restoreCsvCell } from '@signet/contracts';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../app-error.ts';

/** Longest record csv-parse buffers before refusing the file (a missing closing quote would take the rest). */
const MAX_RECORD_BYTES = 1_000_000;

/**
 * The records of an uploaded CSV, read as the bytes arrive (csv-parse), so a file of 10,000 rows
 * is never held whole, let alone twice. UTF-8 with or without a byte order mark and UTF-16LE
 * with one (Excel's "Unicode text"); quoted fields may hold commas, quotes and line breaks;
 * lines of empty cells are skipped. Rows may have any number of cells: the caller decides what
 * a short or long row means. A cell the product's own CSV writer neutralised (`'=…`, a failed-rows
 * file sent again) reads as the text it was (`restoreCsvCell`). A file that is not CSV (an unclosed quote, a runaway record) is
 * refused with -174 and csv-parse's words (they name the line).
 */
export async function* readCsv(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): AsyncGenerator<string[]> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    max_record_size: MAX_RECORD_BYTES,
  });
  const input = Readable.from(source, { objectMode: false });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) yield record.map(restoreCsvCell);
  } catch (error) {
    if (error instanceof CsvError)
      throw new AppError(Code.CSV_VALIDATION, `The file is not valid CSV: ${error.message}`);
    throw error;
  } finally {
    input.destroy();
    parser.destroy();
  }
}
