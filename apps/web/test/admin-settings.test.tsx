import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { HttpResponse, http, ok, setupMockServer } from './msw.ts';
import {
  configuration,
  publicConfiguration,
  renderApp,
  shellHandlers,
  startFakeSession,
} from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

/** The admin's shell with a configuration that PUT changes, and every PUT body kept. */
function settingsServer() {
  let config: Record<string, unknown> = { ...configuration(), announcement: null };
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get('*/msbapi/v1/configuration', () => ok(config)),
    http.put('*/msbapi/v1/configuration', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      config = { ...config, ...body };
      return ok(config);
    }),
    // After the handlers above, so theirs answer first.
    ...shellHandlers('admin'),
  );
  return sent;
}

async function openTab() {
  startFakeSession();
  await renderApp('/admin?tab=settings');
  return screen.findByTestId('tenant-settings');
}

describe('the tenant settings tab', () => {
  it('saves the password policy and two-factor sign-in from their own section, and says what the policy means', async () => {
    const sent = settingsServer();
    await openTab();
    const section = screen.getByTestId('settings-section-signIn');
    fireEvent.change(within(section).getByTestId('settings-minLength'), { target: { value: '12' } });
    fireEvent.click(within(section).getByTestId('settings-two-factor'));
    await waitFor(() =>
      expect(screen.getByTestId('settings-policy-effect').textContent).toContain('12 to 128 characters'),
    );
    expect(screen.getByTestId('settings-policy-effect').textContent).toContain(
      'After 5 wrong passwords in a row, each further try waits longer, up to 15 minutes.',
    );
    fireEvent.click(screen.getByTestId('settings-save-signIn'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      twoFactor: true,
      passwordPolicy: { minLength: 12, maxLength: 128, lockoutThreshold: 5 },
      languages: ['en', 'hi', 'fr'],
    });
    expect(Object.keys(sent[0] ?? {})).toEqual(['twoFactor', 'passwordPolicy', 'languages']);
  });

  it('refuses a maximum length below the minimum before anything is sent', async () => {
    const sent = settingsServer();
    await openTab();
    fireEvent.change(screen.getByTestId('settings-minLength'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('settings-maxLength'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('settings-save-signIn'));
    expect(await screen.findByText('The maximum length must not be below the minimum length.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('shows the server’s words when it refuses a section as invalid (-6)', async () => {
    settingsServer();
    server.use(
      http.put('*/msbapi/v1/configuration', () =>
        HttpResponse.json({ code: -6, message: 'dateFormat: Invalid input' }, { status: 400 }),
      ),
    );
    await openTab();
    fireEvent.click(screen.getByTestId('settings-save-documents'));
    const error = await screen.findByTestId('settings-error-documents');
    expect(error.textContent).toBe('Please check the form. dateFormat: Invalid input');
  });

  it('sets internal-only recipients with a domain, says who is refused, and refuses a malformed domain', async () => {
    const sent = settingsServer();
    await openTab();
    fireEvent.change(screen.getByTestId('settings-internal-domains'), { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByTestId('settings-internalOnly'));
    fireEvent.click(screen.getByTestId('settings-save-recipients'));
    expect(
      await screen.findByText('Please enter domains like example.com, separated by commas.'),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByTestId('settings-internal-domains'), {
      target: { value: 'Demo.test, @example.org' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('settings-recipients-effect').textContent).toBe(
        'Only addresses at demo.test, example.org may be added.',
      ),
    );
    fireEvent.click(screen.getByTestId('settings-save-recipients'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      recipientRules: { internalOnly: true, verifiedOnly: false, skipNewUsers: false, allowedRoles: [] },
      internalDomains: ['demo.test', 'example.org'],
    });
  });

  it('sets a default archival period in days and says what happens to completed packages', async () => {
    const sent = settingsServer();
    await openTab();
    expect(screen.getByTestId('settings-archival-effect').textContent).toBe(
      'Completed packages are kept until their owner sets an archival period.',
    );
    fireEvent.change(screen.getByTestId('settings-archival-period'), { target: { value: '90' } });
    await waitFor(() =>
      expect(screen.getByTestId('settings-archival-effect').textContent).toContain('archived 90 days after'),
    );
    fireEvent.click(screen.getByTestId('settings-save-documents'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ dateFormat: 'DD MMM YYYY', archivalPeriodDays: 90 });
  });

  it('turns features off, bulk compose by hiding its menu item, and keeps the flags it does not show', async () => {
    const sent = settingsServer();
    await openTab();
    fireEvent.click(screen.getByTestId('settings-feature-compare'));
    fireEvent.click(screen.getByTestId('settings-feature-bulkCompose'));
    fireEvent.click(screen.getByTestId('settings-save-features'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.features).toMatchObject({ compare: false, showSentReceivedArchive: true });
    // Bulk compose is the compose menu's item, hidden through hiddenMenuItems.
    expect(sent[0]?.hiddenMenuItems).toEqual(['bulkcompose']);
  });

  it('publishes an announcement for whole days, previews it first and offers to remove it once saved', async () => {
    const sent = settingsServer();
    await openTab();
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    fireEvent.change(screen.getByTestId('settings-announcement-text'), {
      target: { value: 'Maintenance tonight' },
    });
    fireEvent.change(screen.getByTestId('settings-announcement-start'), { target: { value: day } });
    fireEvent.change(screen.getByTestId('settings-announcement-end'), { target: { value: day } });
    expect((await screen.findByTestId('settings-announcement-preview')).textContent).toContain(
      'Maintenance tonight',
    );
    expect(screen.getByTestId('settings-announcement-effect').textContent).toContain('now');
    fireEvent.click(screen.getByTestId('settings-save-announcement'));
    await waitFor(() => expect(sent).toHaveLength(1));
    const a = sent[0]?.announcement as { text: string; startTime: string; endTime: string };
    expect(a.text).toBe('Maintenance tonight');
    expect(Date.parse(a.endTime) - Date.parse(a.startTime)).toBeGreaterThanOrEqual(23 * 3_600_000);
    expect(Date.parse(a.startTime)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(a.endTime)).toBeGreaterThan(Date.now());
    expect(await screen.findByTestId('settings-announcement-remove')).toBeTruthy();
  });

  it('shows the tenant’s announcement on the dashboard while it runs, and the installation’s once it is over', async () => {
    const now = Date.now();
    const running = {
      text: 'Our own maintenance',
      startTime: new Date(now - 3_600_000).toISOString(),
      endTime: new Date(now + 3_600_000).toISOString(),
    };
    const over = { ...running, endTime: new Date(now - 60_000).toISOString() };
    const installation = { ...running, text: 'Installation-wide notice' };
    let own: typeof running = running;
    server.use(
      http.get('*/msbapi/v1/configuration', () => ok({ ...configuration(), announcement: own })),
      http.get('*/msbapi/public/configuration', () =>
        ok({ ...publicConfiguration, announcement: installation }),
      ),
      http.get('*/msbapi/v2/epaks', () => ok([], { metadata: undefined })),
      http.get('*/msbapi/v2/statistics', () => ok({})),
      // After the handlers above, so theirs answer first.
      ...shellHandlers('signer'),
    );
    startFakeSession();
    const first = await renderApp('/dashboard');
    expect((await screen.findByTestId('announcement-banner')).textContent).toContain('Our own maintenance');
    first.unmount();
    sessionStore.clear();

    own = over;
    startFakeSession();
    await renderApp('/dashboard');
    expect((await screen.findByTestId('announcement-banner')).textContent).toContain(
      'Installation-wide notice',
    );
  });
});
