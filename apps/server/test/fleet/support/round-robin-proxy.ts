import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/** The header the proxy puts on a 502 of its own, so a client can tell it from a backend's answer. */
export const PROXY_ERROR_HEADER = 'x-proxy-error';

const refused = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED';

/**
 * A small load balancer on loopback: each HTTP request and each WebSocket upgrade goes to the next
 * backend in turn (A, B, A, …), as a round-robin proxy in front of several server processes does.
 * It remembers which backend took each request, so a test can show that both served.
 *
 * With `retryRefused`, a request whose backend refuses the connection (a process that died, or is
 * starting again) goes once to the next backend instead, as a real load balancer's passive health
 * check does: nothing was sent, so nothing can have been done twice. The request body is read
 * whole first, to be able to send it again.
 */
export async function startRoundRobinProxy(
  backends: readonly number[],
  options: { retryRefused?: boolean } = {},
) {
  let turn = 0;
  const served: number[] = [];
  const next = () => {
    const port = backends[turn % backends.length] as number;
    turn += 1;
    served.push(port);
    return port;
  };
  const retries = options.retryRefused ? 1 : 0;

  /** The backend after `refusing` (not the next in turn, which other requests may have moved to it). */
  const other = (refusing: number) => {
    const port = backends[(backends.indexOf(refusing) + 1) % backends.length] as number;
    served.push(port);
    return port;
  };

  function forward(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer | null,
    triesLeft: number,
    refusedBy: number | null = null,
  ) {
    const port = refusedBy === null ? next() : other(refusedBy);
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders as unknown as Record<string, string>);
        answer.pipe(res);
        // A backend dying mid-answer: the client must see a broken answer, not a short one.
        answer.on('close', () => {
          if (!answer.complete) res.destroy();
        });
      },
    );
    upstream.on('error', (error) => {
      if (body && triesLeft > 0 && refused(error) && !res.headersSent) {
        forward(req, res, body, triesLeft - 1, port);
        return;
      }
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { [PROXY_ERROR_HEADER]: 'upstream' }).end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  }

  const server = createHttpServer((req, res) => {
    if (retries === 0) {
      forward(req, res, null, 0);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), retries));
  });

  // Idle client connections are kept longer than a client keeps them (fetch: 4 s), as load
  // balancers do, so a client never sends a request on a connection the proxy is closing.
  server.keepAliveTimeout = 65_000;

  const sockets = new Set<Socket>();
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    let current: Socket | null = null;
    const open = (triesLeft: number, refusedBy: number | null = null) => {
      const port = refusedBy === null ? next() : other(refusedBy);
      const upstream = connect({ host: '127.0.0.1', port }, () => {
        // The upgrade request as it came, then both directions piped as they are.
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      current = upstream;
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', (error) => {
        if (triesLeft > 0 && refused(error) && !client.destroyed) open(triesLeft - 1, port);
        else client.destroy();
      });
    };
    client.on('error', () => current?.destroy());
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    open(retries);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    /** The backend port of every request and upgrade so far, in order. */
    served,
    async close() {
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
