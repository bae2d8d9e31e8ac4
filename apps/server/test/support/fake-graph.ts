import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A drive item the fake serves: its metadata, its content and how Graph misbehaves for it. */
export interface FakeDriveItem {
  name: string;
  bytes?: Uint8Array;
  /** Metadata size when it should differ from the bytes (a file too large to fetch). */
  size?: number;
  folder?: boolean;
  /** Answers 401 (the delegated token expired). */
  expired?: boolean;
  /** Throttled calls before it answers: 429 with this Retry-After (seconds), `times` times. */
  throttle?: { retryAfter: number; times: number };
  /** `/content` answers with the bytes directly instead of a 302 to a download address. */
  direct?: boolean;
}

export interface FakeGraph {
  /** Graph's base URL, as `SIGNET_GRAPH_BASE_URL`. */
  baseUrl: string;
  origin: string;
  items: Map<string, FakeDriveItem>;
  /** Every request: method, path, and the Authorization header it carried. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  /** The only token it takes. */
  token: string;
  close(): Promise<void>;
}

/**
 * A small Microsoft Graph on loopback: `GET /v1.0/drives/{driveId}/items/{id}` (and
 * `/me/drive/items/{id}`), `/content` answering 302 to a pre-authenticated `/download/…` address
 * (which needs no token, as Graph's does not), 401 for a wrong token or an expired item, 429 with
 * Retry-After while an item is throttled. `extra` serves other paths (the picker page, sign-in).
 */
export async function startFakeGraph(
  options: {
    token?: string;
    /** A fixed port (the e2e server is told the address before the journey starts); else any free one. */
    port?: number;
    extra?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
  } = {},
): Promise<FakeGraph> {
  const items = new Map<string, FakeDriveItem>();
  const requests: FakeGraph['requests'] = [];
  const token = options.token ?? 'fake-graph-token';
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      authorization: req.headers.authorization,
    });
    if (options.extra && (await options.extra(req, res, url))) return;
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const download = /^\/download\/([^/]+)$/.exec(url.pathname);
    if (download) {
      const item = items.get(decodeURIComponent(download[1] ?? ''));
      if (!item?.bytes) return json(404, { error: { code: 'itemNotFound' } });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(Buffer.from(item.bytes));
    }
    const match = /^\/v1\.0\/(?:drives\/[^/]+|me\/drive)\/items\/([^/]+)(\/content)?$/.exec(url.pathname);
    if (!match) return json(404, { error: { code: 'notFound' } });
    const id = decodeURIComponent(match[1] ?? '');
    const item = items.get(id);
    if (req.headers.authorization !== `Bearer ${token}` || item?.expired)
      return json(401, {
        error: { code: 'InvalidAuthenticationToken', message: 'Access token has expired.' },
      });
    if (!item) return json(404, { error: { code: 'itemNotFound' } });
    if (item.throttle && item.throttle.times > 0) {
      item.throttle.times--;
      return json(
        429,
        { error: { code: 'activityLimitReached' } },
        { 'retry-after': String(item.throttle.retryAfter) },
      );
    }
    if (match[2]) {
      if (item.direct) {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        return res.end(Buffer.from(item.bytes ?? new Uint8Array()));
      }
      res.writeHead(302, { location: `/download/${encodeURIComponent(id)}` });
      return res.end();
    }
    return json(200, {
      id,
      name: item.name,
      size: item.size ?? item.bytes?.byteLength ?? 0,
      ...(item.folder ? { folder: { childCount: 1 } } : { file: { mimeType: 'application/octet-stream' } }),
    });
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/v1.0`,
    origin,
    items,
    requests,
    token,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
