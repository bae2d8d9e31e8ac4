import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

interface Reason {
  reasonId: number;
  reason: string;
  kind: string;
  enabled: boolean;
}

describe('the admin page', () => {
  it('opens the tab the admin menu asks for, and an admin adds and disables a reason there', async () => {
    const reasons: Reason[] = [
      { reasonId: 2, reason: 'The document contains errors', kind: 'reject', enabled: true },
    ];
    const sent: unknown[] = [];
    server.use(
      ...shellHandlers('admin'),
      http.get('*/msbapi/v1/reasons', () => ok(reasons)),
      http.post('*/msbapi/v1/reasons', async ({ request }) => {
        const body = (await request.json()) as { reason: string; kind: string };
        sent.push(body);
        const added = { reasonId: 9, enabled: true, ...body };
        reasons.push(added);
        return ok(added);
      }),
      http.put('*/msbapi/v1/reasons', async ({ request }) => {
        const body = (await request.json()) as { reasonId: number; enabled: boolean };
        sent.push(body);
        const r = reasons.find((x) => x.reasonId === body.reasonId);
        if (r) r.enabled = body.enabled;
        return ok(r);
      }),
    );
    startFakeSession();
    await renderApp('/admin?tab=reasons');
    await screen.findByTestId('admin-reasons');
    expect(await screen.findAllByTestId('admin-reason')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('admin-reason-text'), { target: { value: 'Wrong counterparty' } });
    fireEvent.click(screen.getByTestId('admin-reason-add'));
    await waitFor(() => expect(screen.getAllByTestId('admin-reason')).toHaveLength(2));
    fireEvent.click(screen.getByRole('switch', { name: 'Offer “The document contains errors”' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { reason: 'Wrong counterparty', kind: 'reject' },
      { reasonId: 2, enabled: false },
    ]);
  });

  it('offers the directory connection form on the user sync-up tab, and no synchronisation until one is saved', async () => {
    server.use(
      ...shellHandlers('admin'),
      http.get('*/msbapi/v2/userSyncUp/settings', () =>
        ok({ config: null, hasBindPassword: false, updatedAt: null }),
      ),
      http.get('*/msbapi/v2/userSyncUp/runs', () => ok({ runs: [] })),
    );
    startFakeSession();
    await renderApp('/admin?tab=userSyncUp');
    await screen.findByTestId('directory-settings');
    expect((screen.getByTestId('directory-sync-now') as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Save a directory connection first.');
  });
});
