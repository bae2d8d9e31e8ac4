import { afterEach, describe, expect, it } from 'vitest';
import { prefetchShell, shellKeys } from '../src/app/api.ts';
import { createQueryClient } from '../src/app/app.tsx';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { publicConfiguration, shellHandlers, startFakeSession } from './render-app.tsx';

const asked: string[] = [];
const server = setupMockServer(
  http.get('*/msbapi/public/configuration', ({ request }) => {
    asked.push(new URL(request.url).pathname);
    return ok(publicConfiguration);
  }),
);
afterEach(() => {
  sessionStore.clear();
  asked.length = 0;
});

describe("the start's questions, asked before the first render", () => {
  it('a visitor without a session is asked only for the public configuration', async () => {
    const client = createQueryClient();
    prefetchShell(client);
    await expect.poll(() => client.getQueryData(shellKeys.publicConfiguration)).toEqual(publicConfiguration);
    expect(asked).toEqual(['/msbapi/public/configuration']);
  });

  it("a stored session's user and tenant configuration are in the cache the first render reads", async () => {
    server.use(...shellHandlers('custodian'));
    startFakeSession();
    const tenantId = sessionStore.current()?.tenantId ?? null;
    const client = createQueryClient();
    prefetchShell(client);
    await expect
      .poll(() => client.getQueryData(shellKeys.user(tenantId)))
      .toMatchObject({ role: 'custodian' });
    await expect.poll(() => client.getQueryData(shellKeys.configuration(tenantId))).toBeDefined();
  });
});
