import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FakeGraph } from '../apps/server/test/support/fake-graph.ts';
import { apiSignIn, callApi, goClientSide, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { startFakeOneDrive } from './support/fake-onedrive.ts';
import { onePagePdf } from './support/pdf.ts';

describe('files from OneDrive in compose (issue 22)', () => {
  const browser = setupBrowser();
  let microsoft: FakeGraph;
  const suffix = Math.random().toString(36).slice(2, 8);
  const lease = `OneDrive lease ${suffix}.pdf`;
  const stale = `OneDrive stale ${suffix}.pdf`;

  beforeAll(async () => {
    microsoft = await startFakeOneDrive(inject('oneDriveOrigin'));
    microsoft.items.set(`lease-${suffix}`, { name: lease, bytes: onePagePdf('Lease from OneDrive') });
    microsoft.items.set(`stale-${suffix}`, { name: stale, bytes: onePagePdf('Stale'), expired: true });
  });

  afterAll(async () => {
    // The shared demo tenant goes back to no OneDrive for the other journeys.
    const admin = await apiSignIn('admin@demo.test');
    await callApi('PUT', '/v1/configuration', { token: admin.token, body: { oneDrive: null } });
    await microsoft?.close();
  });

  it('an admin sets up the Microsoft app; a custodian picks a file in the OneDrive picker and it becomes a document, a file whose sign-in expired says so', async () => {
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await goClientSide(admin, '/admin?tab=settings');
    const section = admin.getByTestId('settings-section-onedrive');
    await section.getByTestId('onedrive-enabled').check({ force: true });
    await section.getByTestId('onedrive-client-id').fill('0f1e2d3c-aaaa-bbbb-cccc-123456789abc');
    await section.getByTestId('onedrive-authority').fill('contoso.onmicrosoft.com');
    await section.getByTestId('onedrive-save').click();
    await admin.getByText('OneDrive settings saved.').waitFor();

    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await goClientSide(page, '/compose');
    const signInWindow = page.context().waitForEvent('page');
    await page.getByTestId('onedrive-open').click();
    // Microsoft's sign-in window comes back to /onedrive-signin.html, which hands the code over and closes.
    expect(new URL((await signInWindow).url()).pathname).toMatch(/authorize|onedrive-signin/);
    const picker = page.frameLocator('[data-testid="onedrive-picker"]');
    await picker.getByText('Choose a file').waitFor();
    await expectAccessible(page);
    await picker.getByRole('button', { name: `Pick ${lease}` }).click();
    const added = page.getByTestId('uploaded-document').filter({ hasText: lease.replace(/\.pdf$/, '') });
    await added.waitFor();
    await expect.poll(() => added.textContent()).toContain('1');

    // A file Graph refuses (the Microsoft sign-in expired) gets its own row with the reason.
    await page.getByTestId('onedrive-open').click();
    await picker.getByText('Choose a file').waitFor();
    await picker.getByRole('button', { name: `Pick ${stale}` }).click();
    const refused = page.getByTestId('upload-progress').filter({ hasText: stale });
    await expect
      .poll(() => refused.getByTestId('upload-error').textContent())
      .toBe('Your Microsoft sign-in has expired. Choose "From OneDrive" again to sign in.');
    await expectAccessible(page);
    // The server fetched the picked file through Graph with the token the browser got.
    expect(
      microsoft.requests.some(
        (r) =>
          r.path.endsWith(`/items/lease-${suffix}/content`) &&
          r.authorization === `Bearer ${microsoft.token}`,
      ),
    ).toBe(true);
  }, 120_000);
});
