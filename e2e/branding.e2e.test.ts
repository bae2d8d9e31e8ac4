import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible, seriousViolations } from './support/axe.ts';

/** A 1×1 teal PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe("a tenant's branding", () => {
  const browser = setupBrowser();

  it('an admin gives the tenant its name, colour and logo in the settings tab, sees the preview, and members see them in the header', async () => {
    const page = await browser.newPage();
    try {
      await signInAndWait(page, 'admin@demo.test');
      await page.goto('/admin?tab=settings');
      const section = page.getByTestId('settings-section-branding');
      await section.waitFor();

      // A file that is not an image is refused before anything is sent.
      await section.locator('input[type=file]').setInputFiles({
        name: 'logo.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not a picture'),
      });
      await page.getByTestId('settings-brand-logo-problem').waitFor();

      await page.getByTestId('settings-brand-name').fill('Demo Bank');
      await page.getByTestId('settings-brand-colour').fill('#0b7285');
      await section
        .locator('input[type=file]')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('settings-brand-logo-remove').waitFor();
      const preview = page.getByTestId('settings-brand-preview');
      await preview.getByText('Demo Bank').waitFor();
      const violations = await seriousViolations(page);
      await page.getByTestId('settings-save-branding').click();

      // The header follows once saved: the name, the logo, and buttons in the tenant's colour.
      const header = page.locator('header');
      await header.getByTestId('brand-name').filter({ hasText: 'Demo Bank' }).waitFor();
      await header.getByTestId('brand-logo').waitFor();
      const filled = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      );
      expect(filled).toBe('#0b7285');
      expect(violations).toEqual([]);
      await expectAccessible(page);

      // Another member of the tenant sees the same header.
      const signer = await browser.newPage();
      await signInAndWait(signer, 'signer1@demo.test');
      await signer.locator('header').getByTestId('brand-name').filter({ hasText: 'Demo Bank' }).waitFor();
      expect(await signer.locator('header').getByTestId('brand-logo').getAttribute('src')).toMatch(
        /\/msbapi\/public\/branding\/.+\/logo\?v=/,
      );
    } finally {
      // The e2e server is shared: the other journeys expect Signet's own header.
      const admin = await apiSignIn('admin@demo.test');
      await callApi('PUT', '/v1/configuration', {
        token: admin.token,
        body: { branding: { displayName: null, primaryColor: null }, brandLogo: null },
      });
    }
  });
});
