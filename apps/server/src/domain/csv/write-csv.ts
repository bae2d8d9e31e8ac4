import { neutraliseCsvCell } from '@signet/contracts';
import { type Stringifier, stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * CRLF line ends, as RFC 4180 and spreadsheets expect; quotes only where a cell needs them. Every
 * text cell goes through `neutraliseCsvCell` (formula injection); numbers are written as numbers.
 * Every CSV the server writes is made here, so none can miss it.
 */
const OPTIONS = {
  record_delimiter: 'windows',
  cast: { string: (value: string) => neutraliseCsvCell(value) },
} as const;

/** A cell: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** A small CSV (a header, a template) as text. */
export function csvText(rows: readonly (readonly CsvCell[])[]): string {
  return stringifySync(rows as CsvCell[][], OPTIONS);
}

/** A CSV writer to pipe somewhere and write rows into (backpressure is the caller's). */
export function csvWriter(): Stringifier {
  return stringify(OPTIONS);
}

/** A CSV written as its rows come (csv-stringify), for answers that may hold thousands of rows. */
export function csvStream(rows: AsyncIterable<readonly CsvCell[]>): NodeJS.ReadableStream {
  const out = csvWriter();
  void (async () => {
    try {
      for await (const row of rows) {
        if (!out.write(row)) await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
