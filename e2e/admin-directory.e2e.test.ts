import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  groupLdif,
  LDAP_ADMIN_DN,
  LDAP_ADMIN_PASSWORD,
  LDAP_SUFFIX,
  personLdif,
  type Slapd,
  startSlapd,
} from '../apps/server/test/support/slapd.ts';
import { setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';

let ldap: Slapd;

beforeAll(async () => {
  // A real OpenLDAP server on loopback (the e2e server allows 127.0.0.1 as an on-premises address).
  ldap = await startSlapd(
    [
      personLdif('erin', 'Erin', 'Ellis', 'erin.directory@example.test'),
      personLdif('frank', 'Frank', 'Foster', 'frank.directory@example.test'),
      personLdif('gail', 'Gail', 'NoMail', null),
      groupLdif('approvers', ['erin', 'frank']),
    ].join('\n'),
  );
});
afterAll(async () => {
  await ldap?.stop();
});

describe('user sync-up from an LDAP directory (issue 12)', () => {
  const browser = setupBrowser();

  it('an admin connects the directory, tests it, synchronises, reads the summary, and finds the members and the group', async () => {
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await admin.goto('/admin?tab=userSyncUp');
    await admin.getByTestId('directory-settings').waitFor();
    // Nothing to synchronise before a connection is saved.
    expect(await admin.getByTestId('directory-sync-now').isDisabled()).toBe(true);
    await expectAccessible(admin);

    await admin.getByTestId('directory-url').fill(ldap.url);
    await admin.getByTestId('directory-bind-dn').fill(LDAP_ADMIN_DN);
    await admin.getByTestId('directory-bind-password').fill('not-the-password');
    await admin.getByTestId('directory-base-dn').fill(`ou=people,${LDAP_SUFFIX}`);
    await admin.getByTestId('directory-group-base-dn').fill(`ou=groups,${LDAP_SUFFIX}`);
    await admin.getByTestId('directory-mapping-add').click();
    await admin.getByTestId('directory-mapping-ldap').fill('approvers');
    await admin.getByTestId('directory-mapping-group').fill('LDAP approvers');

    // A wrong password is refused in plain words (-1303 with its reason).
    await admin.getByTestId('directory-test').click();
    await admin.getByText('The directory refused the bind DN or password.').waitFor();
    await expectAccessible(admin);

    await admin.getByTestId('directory-bind-password').fill(LDAP_ADMIN_PASSWORD);
    await admin.getByTestId('directory-test').click();
    const found = admin.getByTestId('directory-test-result');
    await found.waitFor();
    expect(await found.textContent()).toContain('3 people found (1 without an email address), 1 groups');
    expect(await found.textContent()).toContain('approvers');

    await admin.getByTestId('directory-save').click();
    await admin.getByText('Directory connection saved.').waitFor();
    await admin.getByText('A password is stored. Leave this empty to keep it.').waitFor();

    await admin.getByTestId('directory-sync-now').click();
    // The job works the run; the tab follows its progress and shows the summary when it is done.
    const latest = admin.locator('[data-testid="directory-latest-run"][data-status="completed"]');
    await latest.waitFor({ timeout: 60_000 });
    expect(await latest.getByTestId('directory-run-counts').textContent()).toBe(
      '2 invited, 0 updated, 0 disabled, 1 failed',
    );
    expect(await latest.getByTestId('directory-run-group').textContent()).toBe(
      'LDAP approvers (new): 2 added',
    );
    expect(await latest.getByTestId('directory-run-failures').textContent()).toContain('No email address');
    await expectAccessible(admin);
    await admin.screenshot({ path: join(inject('artifactsDir'), 'admin-directory.png'), fullPage: true });

    // The members are invited, pending their acceptance, and the mapped group holds them.
    await admin.getByTestId('admin-tab-users').click();
    // Searched for: other journeys add people to the same tenant, and the list is paged.
    await admin.getByTestId('users-search').fill('.directory@example.test');
    for (const email of ['erin.directory@example.test', 'frank.directory@example.test']) {
      const row = admin.locator(`[data-testid="users-row"][data-email="${email}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('admininvited');
    }
    await admin.getByTestId('admin-tab-groups').click();
    const group = admin.locator('[data-testid="group-row"][data-name="LDAP approvers"]');
    await group.waitFor();
    expect(await group.getByTestId('group-members').textContent()).toMatch(
      /erin\.directory@example\.test.*frank\.directory@example\.test|frank\.directory@example\.test.*erin\.directory@example\.test/,
    );

    // A second synchronisation finds nothing new; the first moves to the history.
    await admin.getByTestId('admin-tab-userSyncUp').click();
    await admin.getByTestId('directory-sync-now').click();
    await admin.getByTestId('directory-history-run').first().waitFor({ timeout: 60_000 });
    const second = admin.locator('[data-testid="directory-latest-run"][data-status="completed"]');
    await second.waitFor({ timeout: 60_000 });
    expect(await second.getByTestId('directory-run-counts').textContent()).toBe(
      '0 invited, 0 updated, 0 disabled, 1 failed',
    );

    // The stored password is not sent to another address: it has to be typed again.
    await admin.getByTestId('directory-url').fill('ldap://127.0.0.1:1');
    await admin.getByTestId('directory-test').click();
    await admin
      .getByText('Type the bind password again: the directory address or bind DN changed.')
      .waitFor();
  });
});
