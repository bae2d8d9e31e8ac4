import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.ts';

describe('in-flight handlers', () => {
  it('shutdown waits for a handler still running, even when its client is gone', async () => {
    const inFlight = trackInFlight();
    const order: string[] = [];
    let finish = () => {};
    const handler = inFlight.run(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            order.push('handler done');
            resolve();
          };
        }),
    );
    const idle = inFlight.idle(60_000).then(() => order.push('idle'));
    await Promise.resolve();
    expect(order).toEqual([]);
    finish();
    await Promise.all([handler, idle]);
    expect(order).toEqual(['handler done', 'idle']);
  });

  it('is idle at once when nothing runs, and gives up waiting after the timeout', async () => {
    const inFlight = trackInFlight();
    await inFlight.idle(1);
    void inFlight.run(() => new Promise(() => {}));
    await expect(inFlight.idle(5)).resolves.toBeUndefined();
  });

  it('counts a failed handler as finished', async () => {
    const inFlight = trackInFlight();
    await expect(inFlight.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let idle = false;
    await inFlight.idle(60_000).then(() => {
      idle = true;
    });
    expect(idle).toBe(true);
  });
});
