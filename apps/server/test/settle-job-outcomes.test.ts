import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { settleJobOutcomes } from '../src/jobs/settle-job-outcomes.ts';

const JOB_ID = '00000000-0000-4000-8000-000000000001';

describe('recording a job outcome while the database is gone', () => {
  it('does not end the process when pg-boss does not wait for it, and still fails for a caller that waits', async () => {
    settleJobOutcomes();
    const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: object };
    // pg-boss's manager as its worker uses it, on a database that has just gone away.
    const manager = Object.create(Manager.prototype) as {
      db: unknown;
      complete(name: string, id: string): Promise<unknown>;
      fail(name: string, id: string, data: unknown): Promise<unknown>;
    };
    manager.db = { executeSql: () => Promise.reject(new Error('the database system is shutting down')) };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // What the worker does after a job: call, and not wait.
      void manager.complete('signet-seal', JOB_ID);
      void manager.fail('signet-seal', JOB_ID, new Error('seal failed'));
      await new Promise((r) => setTimeout(r, 50));
      expect(unhandled).toEqual([]);
      await expect(manager.fail('signet-seal', JOB_ID, new Error('seal failed'))).rejects.toThrow(
        'shutting down',
      );
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
