import { Code, type TokenResponse } from '@signet/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchBinary } from './binary.ts';
import { sessionStore } from './client.ts';

const tokens = (n: number) =>
  ({ access_token: `access-${n}`, msb_token: `access-${n}`, refresh_token: `refresh-${n}` }) as TokenResponse;

/** A server where `access-0` has expired; a refresh with `refresh-N` moves the session to N+1. */
function fakeServer() {
  let current = 0;
  const downloads: string[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url);
    if (path.startsWith('/msbapi/v1/authenticate')) {
      const form = new URLSearchParams(String(init?.body));
      if (form.get('refresh_token') !== `refresh-${current}`)
        return Response.json({ code: Code.SESSION_ENDED }, { status: 401 });
      current += 1;
      return Response.json({ code: Code.SUCCESS, data: tokens(current) });
    }
    const sent = (init?.headers as Record<string, string> | undefined)?.access_token ?? '';
    downloads.push(sent);
    if (current === 0 || sent !== `access-${current}`)
      return Response.json({ code: Code.TOKEN_EXPIRED }, { status: 401 });
    return new Response('%PDF-1.7', { status: 200 });
  });
  return { fetchImpl, downloads };
}

describe('a binary download', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStore.clear();
  });

  it('renews a session whose access token expired while the page sat open, and downloads', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchImpl);
    sessionStore.saveTokens(tokens(0));
    const blob = await fetchBinary('/v2/epaks/e1/documents/d1/signedcopy');
    expect(blob.size).toBe('%PDF-1.7'.length);
    expect(server.downloads).toEqual(['access-0', 'access-1']);
    expect(sessionStore.accessToken()).toBe('access-1');
  });

  it('says why when the session cannot be renewed, without asking twice', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetchImpl);
    sessionStore.saveTokens({ ...tokens(0), refresh_token: 'refresh-spent' } as TokenResponse);
    await expect(fetchBinary('/v2/epaks/e1/documents/d1/signedcopy')).rejects.toMatchObject({
      status: 401,
      code: Code.TOKEN_EXPIRED,
    });
    expect(server.downloads).toEqual(['access-0']);
  });
});
