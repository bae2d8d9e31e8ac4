import { describe, expect, it } from 'vitest';
import { baseUrl, setupBrowser, signInAndWait } from './support/app.ts';

describe('switching to the new view from a form post (POST /public/ui/switch)', () => {
  const browser = setupBrowser();

  it('a signed-in member posting the switch form from another page lands on the page asked for in the new view, and can switch back the same way', async () => {
    const page = await browser.newPage();
    await signInAndWait(page, 'signer1@demo.test');
    await page.getByTestId('layout-classic').waitFor();

    // A page elsewhere (a portal, the classic product) with the spec's form.
    const postSwitch = async (view: string, redirect: string) => {
      await page.setContent(
        `<form method="post" action="${baseUrl()}/msbapi/public/ui/switch">
           <input type="hidden" name="view" value="${view}">
           <input type="hidden" name="redirect" value="${redirect}">
           <button type="submit">Switch</button>
         </form>`,
      );
      await page.getByRole('button', { name: 'Switch' }).click();
    };

    await postSwitch('new', '/profile');
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByTestId('layout-new').waitFor();
    // The choice left the address bar: a reload does not switch again.
    expect(new URL(page.url()).searchParams.has('view')).toBe(false);
    await page.reload();
    await page.getByTestId('layout-new').waitFor();

    await postSwitch('classic', '/dashboard');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByTestId('layout-classic').waitFor();
  });
});
