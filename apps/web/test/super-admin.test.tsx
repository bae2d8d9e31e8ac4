import { Code } from '@signet/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { fakeUser, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

const ME = fakeUser('super_admin', { userTenantList: [], email: 'superadmin@demo.test' });

interface TenantRow {
  tenantUuid: string;
  tenantName: string;
  status: 'active' | 'disabled';
  createdOn: string;
  userCount: number;
  licenseExpiresOn: string | null;
}

function tenantsApi(tenants: TenantRow[], sent: { method: string; body: unknown }[]) {
  return [
    http.get('*/msbapi/v2/tenants', () => ok(tenants)),
    http.post('*/msbapi/v2/tenants', async ({ request }) => {
      const body = (await request.json()) as { tenantName: string };
      sent.push({ method: 'POST', body });
      if (tenants.some((x) => x.tenantName.toLowerCase() === body.tenantName.toLowerCase()))
        return fail(409, Code.TENANT_EXISTS);
      const created: TenantRow = {
        tenantUuid: '33333333-3333-4333-8333-333333333333',
        tenantName: body.tenantName,
        status: 'active',
        createdOn: '2026-01-02T10:00:00.000Z',
        userCount: 1,
        licenseExpiresOn: null,
      };
      tenants.push(created);
      return ok(created);
    }),
    http.put('*/msbapi/v2/tenants/:id', async ({ request, params }) => {
      const body = (await request.json()) as Partial<TenantRow>;
      sent.push({ method: 'PUT', body });
      const row = tenants.find((x) => x.tenantUuid === params.id);
      if (row) Object.assign(row, body);
      return ok(row);
    }),
    http.get('*/msbapi/v2/user/getAllSuperadmins', () =>
      ok([{ userId: ME.id, email: ME.email, firstName: 'Super', lastName: 'Admin', status: 'enabled' }]),
    ),
  ];
}

function row(name: string): HTMLElement {
  const found = screen.getAllByTestId('sa-tenant-row').find((r) => r.textContent?.includes(name));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
}

describe('the super admin console', () => {
  it('lists tenants with members and licence ends, and creates one, saying so plainly when the name is taken', async () => {
    const tenants: TenantRow[] = [
      {
        tenantUuid: '44444444-4444-4444-8444-444444444444',
        tenantName: 'Demo',
        status: 'active',
        createdOn: '2025-05-01T08:00:00.000Z',
        userCount: 6,
        licenseExpiresOn: '2027-03-31T23:59:59.999Z',
      },
    ];
    const sent: { method: string; body: unknown }[] = [];
    server.use(
      http.get('*/msbapi/v1/users/valid', () => ok(ME)),
      ...shellHandlers('super_admin'),
      ...tenantsApi(tenants, sent),
    );
    startFakeSession();
    await renderApp('/settings');
    await screen.findByTestId('page-settings');
    await waitFor(() => expect(screen.getAllByTestId('sa-tenant-row')).toHaveLength(1));
    expect(row('Demo').textContent).toContain('6');
    expect(within(row('Demo')).getByTestId('sa-tenant-licence').textContent).toContain('31 Mar 2027');

    fireEvent.click(screen.getByTestId('sa-tenant-create'));
    const dialog = await screen.findByTestId('sa-tenant-create-dialog');
    fireEvent.click(within(dialog).getByTestId('sa-tenant-create-save'));
    expect(await within(dialog).findByText('Please enter a valid email address.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.input(screen.getByTestId('sa-tenant-name'), { target: { value: 'demo' } });
    fireEvent.input(screen.getByTestId('sa-tenant-owner-email'), { target: { value: 'owner@acme.test' } });
    fireEvent.input(screen.getByTestId('sa-tenant-owner-first'), { target: { value: 'Ann' } });
    fireEvent.input(screen.getByTestId('sa-tenant-owner-last'), { target: { value: 'Owner' } });
    fireEvent.click(screen.getByTestId('sa-tenant-create-save'));
    expect((await screen.findByTestId('sa-tenant-form-error')).textContent).toBe(
      'An organisation with this name exists.',
    );

    fireEvent.input(screen.getByTestId('sa-tenant-name'), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByTestId('sa-tenant-create-save'));
    await waitFor(() => expect(screen.getAllByTestId('sa-tenant-row')).toHaveLength(2));
    expect(screen.queryByTestId('sa-tenant-create-dialog')).toBeNull();
    expect(sent[1]).toEqual({
      method: 'POST',
      body: {
        tenantName: 'Acme',
        adminEmail: 'owner@acme.test',
        adminFirstName: 'Ann',
        adminLastName: 'Owner',
      },
    });
  });

  it('disables a tenant after confirmation and extends its licence by a year from its current end', async () => {
    const tenants: TenantRow[] = [
      {
        tenantUuid: '44444444-4444-4444-8444-444444444444',
        tenantName: 'Demo',
        status: 'active',
        createdOn: '2025-05-01T08:00:00.000Z',
        userCount: 6,
        licenseExpiresOn: '2099-03-31T23:59:59.999Z',
      },
    ];
    const sent: { method: string; body: unknown }[] = [];
    server.use(
      http.get('*/msbapi/v1/users/valid', () => ok(ME)),
      ...shellHandlers('super_admin'),
      ...tenantsApi(tenants, sent),
    );
    startFakeSession();
    await renderApp('/settings');
    await screen.findAllByTestId('sa-tenant-row');

    fireEvent.click(screen.getByRole('button', { name: 'Disable Demo' }));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() =>
      expect(within(row('Demo')).getByTestId('sa-tenant-status').textContent).toBe('Disabled'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit Demo' }));
    await screen.findByTestId('sa-tenant-edit-dialog');
    fireEvent.click(screen.getByTestId('sa-tenant-extend-year'));
    expect((screen.getByTestId('sa-tenant-edit-licence') as HTMLInputElement).value).toBe('2100-03-31');
    fireEvent.click(screen.getByTestId('sa-tenant-edit-save'));
    await waitFor(() => expect(screen.queryByTestId('sa-tenant-edit-dialog')).toBeNull());
    expect(sent).toEqual([
      { method: 'PUT', body: { status: 'disabled' } },
      { method: 'PUT', body: { licenseExpiresOn: '2100-03-31T23:59:59.999Z' } },
    ]);
    await waitFor(() =>
      expect(within(row('Demo')).getByTestId('sa-tenant-licence').textContent).toContain('31 Mar 2100'),
    );
  });

  it('registers a super admin, names -81 clearly, disables another one but never oneself', async () => {
    const admins = [
      { userId: ME.id, email: ME.email, firstName: 'Super', lastName: 'Admin', status: 'enabled' },
      {
        userId: '55555555-5555-4555-8555-555555555555',
        email: 'ops@demo.test',
        firstName: 'Ops',
        lastName: 'Person',
        status: 'enabled',
      },
    ];
    const sent: unknown[] = [];
    server.use(
      http.get('*/msbapi/v1/users/valid', () => ok(ME)),
      ...shellHandlers('super_admin'),
      http.get('*/msbapi/v2/tenants', () => ok([])),
      http.get('*/msbapi/v2/user/getAllSuperadmins', () => ok(admins)),
      http.get('*/msbapi/v2/platform/settings', () =>
        ok({ signupAllowed: true, newTenantLicenseDays: 365, newTenantCustodianLimit: null }),
      ),
      http.post('*/msbapi/v2/user/registerAsSuperadmin', async ({ request }) => {
        const body = (await request.json()) as { email: string; firstName: string; lastName: string };
        sent.push(body);
        if (admins.some((a) => a.email === body.email)) return fail(409, Code.USER_EXISTS);
        const added = { userId: '66666666-6666-4666-8666-666666666666', status: 'enabled', ...body };
        admins.push(added);
        return ok(added);
      }),
      http.put('*/msbapi/v2/user/updateSuperadminStatus', async ({ request }) => {
        const body = (await request.json()) as { userId: string; status: string };
        sent.push(body);
        const a = admins.find((x) => x.userId === body.userId);
        if (a) a.status = body.status;
        return ok(a);
      }),
    );
    startFakeSession();
    await renderApp('/settings');
    await waitFor(() => expect(screen.getAllByTestId('sa-admin-row')).toHaveLength(2));
    expect(
      (screen.getByRole('switch', { name: 'Enabled: superadmin@demo.test' }) as HTMLInputElement).disabled,
    ).toBe(true);

    fireEvent.click(screen.getByTestId('sa-admin-register'));
    await screen.findByTestId('sa-admin-register-dialog');
    fireEvent.input(screen.getByTestId('sa-admin-email'), { target: { value: 'ops@demo.test' } });
    fireEvent.input(screen.getByTestId('sa-admin-first'), { target: { value: 'Ops' } });
    fireEvent.input(screen.getByTestId('sa-admin-last'), { target: { value: 'Person' } });
    fireEvent.click(screen.getByTestId('sa-admin-register-save'));
    expect((await screen.findByTestId('sa-admin-form-error')).textContent).toBe(
      'An account with this email exists.',
    );
    fireEvent.input(screen.getByTestId('sa-admin-email'), { target: { value: 'new@demo.test' } });
    fireEvent.click(screen.getByTestId('sa-admin-register-save'));
    await waitFor(() => expect(screen.getAllByTestId('sa-admin-row')).toHaveLength(3));

    fireEvent.click(screen.getByRole('switch', { name: 'Enabled: ops@demo.test' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ userId: '55555555-5555-4555-8555-555555555555', status: 'disabled' }),
    );
    // The platform settings as the server holds them.
    await waitFor(() =>
      expect((screen.getByTestId('sa-platform-signup') as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByTestId('sa-platform-license-days') as HTMLInputElement).value).toBe('365');
    expect((screen.getByTestId('sa-platform-custodian-limit') as HTMLInputElement).value).toBe('');
  });
});
