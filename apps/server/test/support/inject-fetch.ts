import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that hands each request to Fastify's `inject`: a client made for the network (the
 * generated one) runs against the test server through its whole stack, without a port.
 */
export function injectFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : [value])
        if (v !== undefined) headers.append(name, String(v));
    }
    // Responses without a body (204, HEAD) may not be given one.
    const payload = res.statusCode === 204 || request.method === 'HEAD' ? null : res.rawPayload;
    return new Response(payload, { status: res.statusCode, headers });
  };
}
