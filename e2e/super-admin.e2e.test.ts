import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { linkIn, nextMail } from './support/mail.ts';

describe('the super admin console', () => {
  const browser = setupBrowser();

  it('a super admin creates a tenant whose owner is invited in the page language, disables, re-enables and extends it, and registers another super admin', async () => {
    // Unique per run: the e2e server is shared and keeps its data between runs.
    const run = Date.now().toString(36);
    const tenantName = `Acme Journeys ${run}`;
    const ownerEmail = `owner-${run}@acme-journeys.test`;
    const adminEmail = `ops-${run}@signet-journeys.test`;
    const found: Record<string, string[]> = {};

    const page = await browser.newPage();
    await signInAndWait(page, 'superadmin@demo.test');
    await page.waitForURL('**/settings');
    await page.getByTestId('sa-tenant-row').first().waitFor();
    await page.getByTestId('sa-admin-row').first().waitFor();
    found.page = await seriousViolations(page);

    // The UI in French: the owner's invitation goes out in French.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-fr').click();
    await page.getByText('Administration de la plateforme').waitFor();

    await page.getByTestId('sa-tenant-create').click();
    const create = page.getByTestId('sa-tenant-create-dialog');
    await page.getByTestId('sa-tenant-name').waitFor();
    await page.getByTestId('sa-tenant-name').fill(tenantName);
    await page.getByTestId('sa-tenant-owner-email').fill(ownerEmail);
    await page.getByTestId('sa-tenant-owner-first').fill('Olive');
    await page.getByTestId('sa-tenant-owner-last').fill('Owner');
    found.createDialog = await seriousViolations(page);
    await page.getByTestId('sa-tenant-create-save').click();
    await create.waitFor({ state: 'detached' });

    const row = page.getByTestId('sa-tenant-row').filter({ hasText: tenantName });
    await row.waitFor();
    expect(await row.getByTestId('sa-tenant-status').textContent()).toBe('Active');
    const mail = await nextMail(ownerEmail, /Signet/);
    // The test mail catcher keeps a space where a long encoded subject was folded: compare without spaces.
    const squeeze = (text: string) => text.replace(/\s+/g, '');
    expect(squeeze(mail.subject)).toBe(squeeze(`Vous êtes invité à rejoindre ${tenantName} sur Signet`));
    expect(new URL(linkIn(mail)).searchParams.get('token')).toBeTruthy();

    // The same name again is refused with its own words.
    await page.getByTestId('sa-tenant-create').click();
    await page.getByTestId('sa-tenant-name').fill(tenantName.toLowerCase());
    await page.getByTestId('sa-tenant-owner-email').fill(`second-${ownerEmail}`);
    await page.getByTestId('sa-tenant-owner-first').fill('Sam');
    await page.getByTestId('sa-tenant-owner-last').fill('Second');
    await page.getByTestId('sa-tenant-create-save').click();
    await page.getByTestId('sa-tenant-form-error').waitFor();
    expect(await page.getByTestId('sa-tenant-form-error').textContent()).not.toBe('');
    await page.keyboard.press('Escape');
    await page.getByTestId('sa-tenant-create-dialog').waitFor({ state: 'detached' });

    // Disable, then enable again.
    await row.getByTestId('sa-tenant-toggle').click();
    await page.getByTestId('confirm-ok').waitFor();
    found.confirmDialog = await seriousViolations(page);
    await page.getByTestId('confirm-ok').click();
    await row.getByTestId('sa-tenant-status').filter({ hasText: 'Désactivée' }).waitFor();
    await row.getByTestId('sa-tenant-toggle').click();
    await page.getByTestId('confirm-ok').click();
    await row.getByTestId('sa-tenant-status').filter({ hasText: 'Active' }).waitFor();

    // Extend the licence by a year (it had no end: a year from today).
    expect(await row.getByTestId('sa-tenant-licence').textContent()).toBe('Aucune fin');
    await row.getByTestId('sa-tenant-edit').click();
    await page.getByTestId('sa-tenant-extend-year').waitFor();
    await page.getByTestId('sa-tenant-extend-year').click();
    const nextYear = String(new Date().getUTCFullYear() + 1);
    expect(await page.getByTestId('sa-tenant-edit-licence').inputValue()).toMatch(
      new RegExp(`^${nextYear}-`),
    );
    found.editDialog = await seriousViolations(page);
    await page.getByTestId('sa-tenant-edit-save').click();
    await page.getByTestId('sa-tenant-edit-dialog').waitFor({ state: 'detached' });
    await row.getByTestId('sa-tenant-licence').filter({ hasText: nextYear }).waitFor();

    // Another super admin, who gets a mail with a link to set a password.
    await page.getByTestId('sa-admin-register').click();
    await page.getByTestId('sa-admin-email').waitFor();
    await page.getByTestId('sa-admin-email').fill(adminEmail);
    await page.getByTestId('sa-admin-first').fill('Opal');
    await page.getByTestId('sa-admin-last').fill('Ops');
    found.registerDialog = await seriousViolations(page);
    await page.getByTestId('sa-admin-register-save').click();
    await page.getByTestId('sa-admin-register-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('sa-admin-row').filter({ hasText: adminEmail }).waitFor();
    expect(linkIn(await nextMail(adminEmail, /Signet/))).toContain('/resetpassword?token=');

    found.pageAfter = await seriousViolations(page);
    expect(found).toEqual({
      page: [],
      createDialog: [],
      confirmDialog: [],
      editDialog: [],
      registerDialog: [],
      pageAfter: [],
    });
  });

  it('a super admin closes sign-up and gives new tenants a 30-day licence: the sign-in page and the next tenant follow', async () => {
    const run = Date.now().toString(36);
    const tenantName = `Trial Journeys ${run}`;
    const page = await browser.newPage();
    try {
      await signInAndWait(page, 'superadmin@demo.test');
      await page.waitForURL('**/settings');
      await page.getByTestId('sa-platform-save').waitFor();
      await page.getByTestId('sa-platform-signup').uncheck();
      await page.getByTestId('sa-platform-license-days').fill('30');
      await page.getByTestId('sa-platform-custodian-limit').fill('5');
      await page.getByTestId('sa-platform-save').click();
      await page.getByText('Platform settings saved.').waitFor();
      const platformViolations = await seriousViolations(page);

      await page.getByTestId('sa-tenant-create').click();
      await page.getByTestId('sa-tenant-name').fill(tenantName);
      await page.getByTestId('sa-tenant-owner-email').fill(`owner-${run}@trial-journeys.test`);
      await page.getByTestId('sa-tenant-owner-first').fill('Tess');
      await page.getByTestId('sa-tenant-owner-last').fill('Trial');
      await page.getByTestId('sa-tenant-create-save').click();
      await page.getByTestId('sa-tenant-create-dialog').waitFor({ state: 'detached' });
      const row = page.getByTestId('sa-tenant-row').filter({ hasText: tenantName });
      await row.waitFor();
      // Thirty days from today, in the page's date format: not "No end".
      const licence = (await row.getByTestId('sa-tenant-licence').textContent()) ?? '';
      expect(licence).not.toBe('No end');
      const expected = new Date(Date.now() + 30 * 86_400_000).getUTCFullYear();
      expect(licence).toContain(String(expected));

      // Nobody signed in: the sign-in page offers no sign-up any more.
      const visitor = await browser.newPage();
      await visitor.goto('/login');
      await visitor.getByTestId('login-submit').waitFor();
      await visitor.getByTestId('link-forgot').waitFor();
      expect(await visitor.getByTestId('link-signup').count()).toBe(0);
      expect(platformViolations).toEqual([]);
    } finally {
      // The e2e server is shared: other journeys expect sign-up open and no terms for new tenants.
      const sa = await apiSignIn('superadmin@demo.test');
      await callApi('PUT', '/v2/platform/settings', {
        token: sa.token,
        body: { signupAllowed: true, newTenantLicenseDays: null, newTenantCustodianLimit: null },
      });
    }
  });
});
