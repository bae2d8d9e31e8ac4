import { afterAll, describe, expect, it } from 'vitest';
import { SandboxBusyError, SandboxPool } from '../src/ingest/sandbox-pool.ts';
import { manyPagesPdf } from './hostile-pdfs.ts';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('the sandbox pool shared fairly', () => {
  const gate = deferred();
  const firstOfA = deferred();
  const startedB = deferred();
  const started: string[] = [];
  // Two workers, as the server's default; tenant a's tasks hold their worker until the gate opens.
  const pool = new SandboxPool({
    workers: 2,
    beforeTask: async (tenant) => {
      started.push(tenant);
      if (tenant === 'a') {
        firstOfA.resolve();
        await gate.promise;
      }
      if (tenant === 'b') startedB.resolve();
    },
  });
  afterAll(() => pool.close());
  const limits = { timeoutMs: 20_000, heapMb: 256, rssMb: 1_024 };
  const geometry = (tenant: string) =>
    pool.run<unknown[]>(tenant, { task: 'geometry', bytes: manyPagesPdf(2), maxPages: 10 }, limits);

  it("one tenant's queue never holds every worker: another tenant's task starts while that tenant's tasks are still running", async () => {
    const ofA = [geometry('a'), geometry('a'), geometry('a')];
    await firstOfA.promise;
    const ofB = geometry('b');
    // Tenant a's tasks are all still held (the gate is closed): b found a worker all the same.
    await startedB.promise;
    expect(started).toEqual(['a', 'b']);
    expect(await ofB).toHaveLength(2);
    gate.resolve();
    expect((await Promise.all(ofA)).map((pages) => pages.length)).toEqual([2, 2, 2]);
    expect(started).toEqual(['a', 'b', 'a', 'a']);
  });

  it('the share does not shrink what one tenant may hand in at once: as many tasks as the queue and the workers hold', async () => {
    const hold = deferred();
    const firstHeld = deferred();
    const busyPool = new SandboxPool({
      workers: 2,
      maxQueuedPerTenant: 2,
      beforeTask: async () => {
        firstHeld.resolve();
        await hold.promise;
      },
    });
    try {
      // One runs (the tenant's share), three wait: two for the queue, one for the worker the share keeps.
      const accepted = [geometry2(busyPool), geometry2(busyPool), geometry2(busyPool), geometry2(busyPool)];
      await firstHeld.promise;
      await expect(geometry2(busyPool)).rejects.toBeInstanceOf(SandboxBusyError);
      hold.resolve();
      expect((await Promise.all(accepted)).map((pages) => pages.length)).toEqual([2, 2, 2, 2]);
    } finally {
      await busyPool.close();
    }
  });

  it('takes turns between workers, so one used after another stays warm for the next tenant', async () => {
    const used: number[] = [];
    const turnPool = new SandboxPool({
      workers: 2,
      beforeTask: async (_tenant, worker) => {
        used.push(worker);
      },
    });
    try {
      for (let i = 0; i < 4; i++) await geometry2(turnPool);
      expect(used).toEqual([0, 1, 0, 1]);
    } finally {
      await turnPool.close();
    }
  });
});

const geometry2 = (pool: SandboxPool) =>
  pool.run<unknown[]>(
    'a',
    { task: 'geometry', bytes: manyPagesPdf(2), maxPages: 10 },
    { timeoutMs: 20_000, heapMb: 256, rssMb: 1_024 },
  );
