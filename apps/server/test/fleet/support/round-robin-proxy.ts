import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/**
 * A small load balancer on loopback: each HTTP request and each WebSocket upgrade goes to the next
 * backend in turn (A, B, A, …), as a round-robin proxy in front of several server processes does.
 * It remembers which backend took each request, so a test can show that both served.
 */
export async function startRoundRobinProxy(backends: readonly number[]) {
  let turn = 0;
  const served: number[] = [];
  const next = () => {
    const port = backends[turn % backends.length] as number;
    turn += 1;
    served.push(port);
    return port;
  };

  const server = createHttpServer((req, res) => {
    const port = next();
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders as unknown as Record<string, string>);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  const sockets = new Set<Socket>();
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const port = next();
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
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
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
