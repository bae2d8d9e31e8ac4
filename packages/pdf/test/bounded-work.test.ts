import { Code } from '@signet/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { DecodedLimitError } from '../src/core/decoded-budget.ts';
import { PdfDocument } from '../src/core/document.ts';
import { readAllPageGeometry } from '../src/geometry/read-geometry.ts';
import { checkDecodedSize } from '../src/ingest/decoded-size.ts';
import { SandboxBusyError, SandboxPool } from '../src/ingest/sandbox-pool.ts';
import { contentBombPdf, manyPagesPdf, objectStreamBombPdf, sharedFormPdf } from './hostile-pdfs.ts';
import { pdfFromObjects } from './pdf-writer.ts';

describe('page geometry work', () => {
  it('reading every page of a flat 3,000-page tree looks up each object a bounded number of times', () => {
    const pages = 3_000;
    const doc = PdfDocument.open(manyPagesPdf(pages));
    const geometry = readAllPageGeometry(doc);
    expect(geometry).toHaveLength(pages);
    expect(geometry[pages - 1]).toMatchObject({ pageNumber: pages, width: 200, height: 200 });
    // One walk: the root, and each kid twice (checked, then visited). Per-page lookups from the
    // root made this about pages² / 2 (4.5 million here).
    expect(doc.lookups).toBeLessThanOrEqual(3 * pages);
  });

  it('a page tree that holds fewer pages than it counts is refused', () => {
    const pdf = pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1000000 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ]);
    expect(() => readAllPageGeometry(PdfDocument.open(pdf))).toThrowError(/Page 2 does not exist/);
  });
});

describe('the decoded-bytes budget', () => {
  it('a 1 GiB content stream from a 1 MB file is refused after inflating no more than the per-stream limit', () => {
    const bomb = contentBombPdf(1024);
    expect(bomb.length).toBeLessThan(1_200_000);
    let refusal: unknown;
    try {
      checkDecodedSize(bomb);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(DecodedLimitError);
    expect((refusal as DecodedLimitError).code).toBe(Code.INVALID_DOCUMENT);
    expect((refusal as Error).message).toMatch(/more than 128 MB, the limit for one stream/);
  });

  it('object streams that each fit the per-stream limit but together pass 256 MB are refused', () => {
    expect(() => checkDecodedSize(objectStreamBombPdf(100))).toThrowError(
      /more than 256 MB of page content and structure, the limit for one document/,
    );
  });

  it('a file the core reader cannot read is counted from its raw streams', () => {
    const bomb = Buffer.from(contentBombPdf(300));
    // Break the cross-reference data: only the raw scan can find the stream now.
    const broken = Buffer.from(bomb.toString('latin1').replace(/startxref\n\d+/, 'startxref\n9'), 'latin1');
    expect(() => checkDecodedSize(broken)).toThrowError(/the limit for one stream/);
  });

  it('a form drawn by every page counts once for each page that draws it, so 20 pages sharing a 20 MB form are refused', () => {
    const shared = sharedFormPdf(20, 20);
    expect(shared.length).toBeLessThan(64 * 1024);
    expect(() => checkDecodedSize(shared)).toThrowError(/more than 256 MB of page content and structure/);
  });

  it('a form drawn through another form counts too, and a form that draws itself ends the walk', () => {
    expect(() => checkDecodedSize(sharedFormPdf(20, 20, true))).toThrowError(/more than 256 MB/);
    const doc = checkDecodedSize(sharedFormPdf(3, 20, true));
    // Three pages, each charged the 20 MB form once, however often the wrapper draws it.
    expect(doc?.budget.used).toBeGreaterThan(60 * 1024 * 1024);
    expect(doc?.budget.used).toBeLessThan(61 * 1024 * 1024);
  });

  it('an ordinary document passes and is charged what it unpacks to', () => {
    const doc = checkDecodedSize(objectStreamBombPdf(1));
    expect(doc?.budget.used).toBeGreaterThan(3 * 1024 * 1024);
    expect(doc?.budget.used).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('the sandbox pool', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  const gate = deferred();
  const started: string[] = [];
  const pool = new SandboxPool({
    workers: 1,
    maxQueuedPerTenant: 2,
    beforeTask: async (tenant) => {
      started.push(tenant);
      if (tenant === 'a') await gate.promise;
    },
  });
  afterAll(() => pool.close());
  const limits = { timeoutMs: 20_000, heapMb: 256, rssMb: 1_024 };
  const inspect = (tenant: string, admitted = false) =>
    pool.run(tenant, { task: 'geometry', bytes: manyPagesPdf(2), maxPages: 10 }, limits, admitted);

  it('hands the worker to the waiting tenant served longest ago, and refuses a full queue as busy', async () => {
    const running = [inspect('a'), inspect('a'), inspect('a')];
    await expect(inspect('a')).rejects.toBeInstanceOf(SandboxBusyError);
    // A later step of admitted work is queued even so.
    running.push(inspect('a', true));
    running.push(inspect('b'), inspect('c'));
    gate.resolve();
    await Promise.all(running);
    expect(started).toEqual(['a', 'b', 'c', 'a', 'a', 'a']);
  });
});
