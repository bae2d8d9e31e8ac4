/**
 * `npm run bench:report-sink -w apps/server` (issue 15: "exports stream, memory flat on a
 * 100,000-row export"): the export sinks alone, fed 100,000 rows of the rejections report's shape
 * in the 2,000-row batches the cursor reads, into a reader that takes the bytes as they come
 * (and throws them away). The heap after a forced collection is printed every 10,000 rows: flat
 * means it does not grow with the rows written. The database side (the cursor) is the same for
 * every format and is measured by bench:reports with the server's resident memory.
 */
import { Writable } from 'node:stream';
import { setImmediate as tick } from 'node:timers/promises';
import { rejections } from '../src/domain/reports/rejections.ts';
import { reportFileSink } from '../src/domain/reports/report-files.ts';

if (!global.gc) throw new Error('run with node --expose-gc');
const gc = global.gc;
const ROWS = 100_000;
const BATCH = 2_000;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

function row(i: number): (string | number | null)[] {
  return rejections.columns.map((c) =>
    c.type === 'text' ? `Row ${i} ${c.key} — a reason or a subject of some length, café` : i,
  );
}

for (const format of ['csv', 'xlsx'] as const) {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  const sink = reportFileSink(format, out, () => undefined, new Date(), 'en');
  await sink.start(rejections, ROWS);
  gc();
  const heaps: string[] = [];
  const base = process.memoryUsage().heapUsed;
  for (let done = 0; done < ROWS; done += BATCH) {
    await sink.rows(Array.from({ length: BATCH }, (_, k) => row(done + k)));
    if ((done + BATCH) % 10_000 === 0) {
      await tick();
      gc();
      heaps.push(`${(done + BATCH) / 1000}k ${mb(process.memoryUsage().heapUsed - base)}`);
    }
  }
  await sink.end();
  console.log(
    `${format}: ${ROWS} rows, ${mb(bytes)} MB written; heap above the start after a collection (MB): ${heaps.join(', ')}; RSS ${mb(process.memoryUsage().rss)} MB at the end`,
  );
}
