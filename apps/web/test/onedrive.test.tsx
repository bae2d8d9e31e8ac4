import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { configuration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

const oneDrive = {
  clientId: '0f1e2d3c-aaaa-bbbb-cccc-123456789abc',
  authority: 'contoso.onmicrosoft.com',
  loginUrl: 'https://login.microsoftonline.com',
  pickerUrl: 'https://onedrive.live.com/picker',
};

function composeServer(config: Record<string, unknown>) {
  const served = { configuration: 0 };
  server.use(
    http.get('*/msbapi/v1/configuration', () => {
      served.configuration++;
      return ok(config);
    }),
    ...shellHandlers('custodian'),
    http.get('*/msbapi/v2/workflows', () => ok([])),
    http.get('*/msbapi/v1/documenttemplates', () => ok({ docTemplateDTOList: { docTemplateDTO: [] } })),
    http.get('*/msbapi/v1/users', () => ok({ users: [] })),
  );
  return served;
}

describe('From OneDrive', () => {
  it('compose offers "From OneDrive" only where the tenant set up its Microsoft app', async () => {
    const served = composeServer({ ...configuration(), oneDrive: null });
    startFakeSession();
    const first = await renderApp('/compose');
    await screen.findByTestId('upload-zone');
    // The configuration has been read (and rendered from) before its absence is judged.
    await waitFor(() => expect(served.configuration).toBeGreaterThan(0));
    await new Promise((settled) => setTimeout(settled, 100));
    expect(screen.queryByTestId('onedrive-open')).toBeNull();
    first.unmount();
    sessionStore.clear();

    composeServer({ ...configuration(), oneDrive });
    startFakeSession();
    await renderApp('/compose');
    const zone = await screen.findByTestId('upload-zone');
    expect((await within(zone).findByTestId('onedrive-open')).textContent).toBe('From OneDrive');
  }, 30_000);

  it('the admin saves the client id and Microsoft tenant, and turning it off saves none', async () => {
    let config: Record<string, unknown> = { ...configuration(), announcement: null };
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('*/msbapi/v1/configuration', () => ok(config)),
      http.put('*/msbapi/v1/configuration', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        config = {
          ...config,
          oneDrive: body.oneDrive ? { ...oneDrive, ...(body.oneDrive as object) } : null,
        };
        return ok(config);
      }),
      ...shellHandlers('admin'),
    );
    startFakeSession();
    await renderApp('/admin?tab=settings');
    const section = await screen.findByTestId('settings-section-onedrive');
    expect(within(section).queryByTestId('onedrive-client-id')).toBeNull();
    fireEvent.click(within(section).getByTestId('onedrive-enabled'));
    fireEvent.change(within(section).getByTestId('onedrive-client-id'), {
      target: { value: ' 0f1e2d3c-aaaa-bbbb-cccc-123456789abc ' },
    });
    fireEvent.change(within(section).getByTestId('onedrive-authority'), {
      target: { value: 'contoso.onmicrosoft.com' },
    });
    expect(section.textContent).toContain('/onedrive-signin.html');
    fireEvent.click(within(section).getByTestId('onedrive-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      oneDrive: { clientId: '0f1e2d3c-aaaa-bbbb-cccc-123456789abc', authority: 'contoso.onmicrosoft.com' },
    });
    fireEvent.click(within(section).getByTestId('onedrive-enabled'));
    fireEvent.click(within(section).getByTestId('onedrive-save'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ oneDrive: null });
  }, 30_000);
});
