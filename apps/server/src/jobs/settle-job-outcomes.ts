import { createRequire } from 'node:module';

type Settle = (this: unknown, ...args: unknown[]) => Promise<unknown>;

/**
 * pg-boss 10 records a job's outcome without waiting for it: its worker calls `complete` (or
 * `fail`) and moves on, so when the database is gone at that moment (a PostgreSQL restart) the
 * rejected promise is unhandled and Node ends the whole server (pg-boss issue 577; found by the
 * fault soak, issue 16). Each call's promise gets a handler of its own, so a caller that awaits
 * it still sees the failure, and one that does not no longer ends the process; the job stays
 * active until pg-boss expires and retries it, and every job here is idempotent.
 */
export function settleJobOutcomes(): void {
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<string, Settle & { settled?: true }>;
  };
  for (const name of ['complete', 'fail']) {
    const original = Manager.prototype[name] as Settle & { settled?: true };
    if (original.settled) continue;
    const settled: Settle & { settled?: true } = function (this: unknown, ...args: unknown[]) {
      const outcome = original.apply(this, args);
      outcome.catch(() => undefined);
      return outcome;
    };
    settled.settled = true;
    Manager.prototype[name] = settled;
  }
}
