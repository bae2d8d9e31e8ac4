import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { configuration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer(
  http.get('*/msbapi/v2/epaks/:id/activity', () => fail(404, -1)),
  http.get('*/msbapi/v2/epaks/:id', () => fail(404, -1)),
  http.get('*/msbapi/v2/epaks', () => ok([], { metadata: undefined })),
  http.get('*/msbapi/v2/statistics', () => ok({ scope: 'user', type: 'summary', summary: {}, weekly: null })),
);
afterEach(() => {
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('global search', () => {
  it('Enter with a value goes to the dashboard with searchKey and searchVal; empty does nothing', async () => {
    server.use(...shellHandlers('signer'));
    startFakeSession();
    const { router } = await renderApp('/features');
    const input = await screen.findByTestId('global-search-input');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/features');
    fireEvent.change(input, { target: { value: 'Lease 2024' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(router.state.location.search).toBe('?searchKey=all&searchVal=Lease+2024');
  });
});

/** A WebSocket stand-in that the test drives. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {}
}

describe('push notifications', () => {
  it('connect on the per-user, per-tenant socket; a notification refreshes the list and opens its target', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    let listCalls = 0;
    // Earlier handlers win: the configuration with a socket comes before the shell's defaults.
    server.use(
      http.get('*/msbapi/v1/configuration', () =>
        ok({
          ...configuration(),
          session: {
            uistokenexpiresin: 900,
            notificationPath: '/msbapi/notifications',
            notificationTransports: ['websocket'],
            webNotificationTimeoutMs: 8000,
          },
        }),
      ),
      http.get('*/msbapi/v2/epaks', () => {
        listCalls++;
        return ok([], { metadata: undefined });
      }),
      ...shellHandlers('signer'),
    );
    startFakeSession();
    const { router } = await renderApp('/dashboard');
    await screen.findByTestId('dashboard-title');
    await waitFor(() =>
      expect(FakeSocket.last?.url).toMatch(/\/msbapi\/notifications\?access_token=access-1&tenant_id=/),
    );
    await waitFor(() => expect(listCalls).toBe(1));
    FakeSocket.last?.onmessage?.({
      data: JSON.stringify({
        type: 'notification',
        notification: {
          notificationType: 'epakDelegated',
          epak: { id: 'e9', subject: 'Lease' },
          title: 'Delegated to you',
          body: 'Lease was delegated to you',
          sentAt: '2024-03-05T10:00:00Z',
        },
      }),
    });
    await waitFor(() => expect(listCalls).toBe(2));
    fireEvent.click(await screen.findByText('Lease was delegated to you'));
    await waitFor(() => expect(router.state.location.search).toBe('?ePakId=e9'));
  });
});
