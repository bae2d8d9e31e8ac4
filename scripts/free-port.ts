import { createServer } from 'node:net';

/**
 * A loopback TCP port nobody listens on right now, for a server a test or benchmark starts as a
 * process of its own (it may be taken between this answer and that server's listen; on a test
 * machine that does not happen in practice).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
