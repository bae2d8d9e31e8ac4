/**
 * Counts handlers still running. A client that hangs up does not stop its handler, and the
 * server stops waiting for that connection: shutdown waits for the handlers themselves before the
 * database closes under them.
 */
export function trackInFlight() {
  let running = 0;
  const waiters: (() => void)[] = [];
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        if (running === 0) for (const done of waiters.splice(0)) done();
      }
    },
    /** Resolves when nothing runs, or after `timeoutMs` (a stuck handler must not stop shutdown). */
    idle(timeoutMs: number): Promise<void> {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

export type InFlight = ReturnType<typeof trackInFlight>;
