import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  type ApiSession,
  apiSignIn,
  baseUrl,
  callApi,
  goClientSide,
  setupBrowser,
  signInAndWait,
} from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { onePagePdf } from './support/pdf.ts';

interface Config {
  twoFactor: boolean;
  passwordPolicy: Record<string, unknown> & { minLength: number };
  internalDomains: string[];
  recipientRules: Record<string, unknown> & { internalOnly: boolean };
  announcement: { text: string; startTime: string; endTime: string } | null;
}

/** Composes a one-step draft for `email` through the API, as the compose test does, and answers the code. */
async function composeFor(custodian: ApiSession, email: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([onePagePdf('Rules')], { type: 'application/pdf' }), 'Rules.pdf');
  const upload = await fetch(`${baseUrl()}/msbapi/v1/documents`, {
    method: 'POST',
    headers: { access_token: custodian.token },
    body: form,
  });
  const documentId = ((await upload.json()) as { data: { documentId: string }[] }).data[0]?.documentId;
  const res = await callApi('POST', '/v2/epak', {
    token: custodian.token,
    body: { documentIds: [documentId], steps: [{ type: 'SIGN', recipients: [{ email }] }] },
  });
  return res.code;
}

/** Clicks a section's Save and waits for the server's answer to it. */
async function save(page: Page, section: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/v1/configuration') && r.request().method() === 'PUT'),
    page.getByTestId(`settings-save-${section}`).click(),
  ]);
  return ((await response.json()) as { code: number }).code;
}

describe('the tenant settings tab', () => {
  const browser = setupBrowser();

  it('an admin publishes an announcement, restricts recipients to a domain and lengthens passwords, and each takes effect', async () => {
    const admin = await apiSignIn('admin@demo.test');
    const custodian = await apiSignIn('custodian@demo.test');
    // Other journeys share this tenant: every setting changed here is put back at the end.
    const before = (await callApi<Config>('GET', '/v1/configuration', { token: admin.token })).data;
    try {
      const page = await browser.newPage();
      await signInAndWait(page, 'admin@demo.test');
      await goClientSide(page, '/admin?tab=settings');
      await page.getByTestId('tenant-settings').waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: join(inject('artifactsDir'), 'admin-settings.png'), fullPage: true });

      // The announcement, for today only, shows on the dashboard.
      const today = await page.evaluate(() => {
        const d = new Date();
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      });
      await page.getByTestId('settings-announcement-text').fill('E2E maintenance tonight at ten');
      await page.getByTestId('settings-announcement-start').fill(today);
      await page.getByTestId('settings-announcement-end').fill(today);
      await page.getByTestId('settings-announcement-preview').waitFor();
      await expectAccessible(page);
      expect(await save(page, 'announcement')).toBe(1);
      await goClientSide(page, '/dashboard');
      await page.getByTestId('announcement-banner').waitFor();
      expect(await page.getByTestId('announcement-banner').textContent()).toContain(
        'E2E maintenance tonight at ten',
      );
      await expectAccessible(page);

      // Internal recipients only: compose refuses an outside address, then the rule is turned back.
      await goClientSide(page, '/admin?tab=settings');
      await page.getByTestId('settings-internal-domains').fill('demo.test');
      await page.getByRole('switch', { name: 'Internal recipients only' }).click();
      expect(await page.getByTestId('settings-recipients-effect').textContent()).toBe(
        'Only addresses at demo.test may be added.',
      );
      expect(await save(page, 'recipients')).toBe(1);
      expect(await composeFor(custodian, 'partner@outside.test')).toBe(-6);
      await page.getByRole('switch', { name: 'Internal recipients only' }).click();
      await page.getByTestId('settings-internal-domains').fill('');
      expect(await page.getByTestId('settings-recipients-effect').textContent()).toBe(
        'Anyone may be added as a recipient.',
      );
      expect(await save(page, 'recipients')).toBe(1);
      const after = (await callApi<Config>('GET', '/v1/configuration', { token: custodian.token })).data;
      expect([after.recipientRules.internalOnly, after.internalDomains]).toEqual([false, []]);

      // A longer minimum password length is what the set-password forms are told.
      await page.getByTestId('settings-minLength').fill('11');
      expect(await page.getByTestId('settings-policy-effect').textContent()).toContain(
        '11 to 128 characters',
      );
      expect(await save(page, 'signIn')).toBe(1);
      const policy = await callApi<{ minLength: number }>(
        'GET',
        `/public/passwordpolicy?tenantId=${admin.tenantId}`,
      );
      expect(policy.data.minLength).toBe(11);
    } finally {
      const restored = await callApi('PUT', '/v1/configuration', {
        token: admin.token,
        body: {
          twoFactor: before.twoFactor,
          passwordPolicy: before.passwordPolicy,
          internalDomains: before.internalDomains,
          recipientRules: before.recipientRules,
          announcement: before.announcement,
        },
      });
      expect(restored.code).toBe(1);
    }
  });
});
