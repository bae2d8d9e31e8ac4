import {
  adminMenu,
  adminPageMenu,
  FeatureFlagsSchema,
  GUARDED_ROUTES,
  ROUTES_BY_ROLE,
  type Role,
  topMenu,
} from '@signet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goClientSide, menuEntryKeys, setupBrowser, signInAndWait } from './support/app.ts';

const DEMO_ROLES: [string, Role][] = [
  ['admin@demo.test', 'admin'],
  ['custodian@demo.test', 'custodian'],
  ['submitter@demo.test', 'submitter'],
  ['signer1@demo.test', 'signer'],
  ['registrar@demo.test', 'registrar'],
  ['superadmin@demo.test', 'super_admin'],
];

/** What each screen shows once it has rendered, so "allowed" is checked on a rendered page. */
const MARKERS: Record<string, string> = {
  dashboard: 'dashboard-title',
  profile: 'profile-email',
  features: 'features-title',
  changepassword: 'change-password-submit',
  authenticate: 'link-login',
  verify: 'verify-drop',
};

/** The demo tenant runs on default settings: the menus expected from the contracts' rules. */
function expectedMenu(role: Role): string[] {
  const f = FeatureFlagsSchema.parse({});
  const top = topMenu({
    role,
    teamRoomEnabled: f.teamRoom,
    compareEnabled: f.compare,
    featuresEnabled: f.features,
    isMobileApp: false,
    workflowRestriction: f.workflowRestriction,
    hiddenItems: [],
  });
  const admin = adminMenu({
    role,
    advancedAdminSettings: f.advancedAdminSettings,
    userSyncUpAllowed: f.userSyncUp,
    webFormEnabled: f.webForm,
    stampPaperEnabled: f.stampPaper,
    hiddenItems: [],
  });
  const adminPages = adminPageMenu({ role, rubberStampEnabled: f.rubberStamp, hiddenItems: [] });
  return [...top, ...(admin.length + adminPages.length > 0 ? ['admin'] : [])].map((k) => `nav-${k}`);
}

async function menuIds(page: Page): Promise<string[]> {
  return (await menuEntryKeys(page)).map((k) => `nav-${k}`);
}

describe('sign-in by role, menus and routes (spec §2, §6)', () => {
  const browser = setupBrowser();

  it.each(DEMO_ROLES)(
    '%s (%s) sees its menu, reaches exactly its routes and signs out',
    async (email, role) => {
      const page = await browser.newPage();
      await signInAndWait(page, email);
      expect(new URL(page.url()).pathname).toBe(role === 'super_admin' ? '/settings' : '/dashboard');
      expect(await menuIds(page)).toEqual(expectedMenu(role));

      for (const route of GUARDED_ROUTES) {
        await goClientSide(page, `/${route}`);
        if (ROUTES_BY_ROLE[role].includes(route)) {
          await page.getByTestId(MARKERS[route] ?? `page-${route}`).waitFor();
          expect(new URL(page.url()).pathname, route).toBe(`/${route}`);
        } else {
          // Right after the push the address is the route; the guard then replaces it.
          await page.waitForURL((url) => url.pathname === '/accessdenied');
          expect(page.url(), route).toContain('/accessdenied?status=forbidden');
          await page.getByTestId('access-denied-forbidden').waitFor();
        }
      }

      await goClientSide(page, '/');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-logout').click();
      await page.getByTestId('login-submit').waitFor();
      const kept = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(kept).toEqual(['signet.username']);
      expect(await page.getByTestId('login-username').inputValue()).toBe(email);
    },
  );
});
