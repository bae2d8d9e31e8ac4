import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** CRLF line ends, as RFC 4180 and spreadsheets expect; quotes only where a cell needs them. */
const OPTIONS = { record_delimiter: 'windows' } as const;

/** A small CSV (a header, a template) as text. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return stringifySync(rows as string[][], OPTIONS);
}

/** A CSV written as its rows come (csv-stringify), for answers that may hold thousands of rows. */
export function csvStream(rows: AsyncIterable<readonly string[]>): NodeJS.ReadableStream {
  const out = stringify(OPTIONS);
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
