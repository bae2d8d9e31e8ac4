import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, DEMO_PASSWORD, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { chooseCsv, downloadText } from './support/journeys.ts';
import { linkIn, nextMail } from './support/mail.ts';

/** Someone the admin invited who accepted by setting a password: an enabled member. */
async function enabledMember(email: string): Promise<void> {
  const admin = await apiSignIn('admin@demo.test');
  const invite = await callApi('POST', '/v1/users/invite', {
    token: admin.token,
    body: { email, firstName: 'Dana', lastName: 'Disable', role: 'signer' },
  });
  expect(invite.code).toBe(1);
  const token = new URL(linkIn(await nextMail(email, /invited/))).searchParams.get('token') ?? '';
  const set = await callApi('POST', '/public/users/password', {
    body: { token, newPassword: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
  });
  expect(set.code).toBe(1);
}

/** The rows the table shows now, as email → [role, status]. */
async function rows(page: Page): Promise<Record<string, [string, string]>> {
  const out: Record<string, [string, string]> = {};
  for (const row of await page.getByTestId('users-row').all()) {
    const email = (await row.getAttribute('data-email')) ?? '';
    out[email] = [
      (await row.getByTestId('users-row-role').textContent()) ?? '',
      (await row.getByTestId('users-row-status').textContent()) ?? '',
    ];
  }
  return out;
}

describe('the users tab of the admin page', () => {
  const browser = setupBrowser();

  it('an admin invites one person into a group, then three from a CSV with a bad row which they fix, changes two roles at once and disables a member', async () => {
    await enabledMember('dana@users-e2e.test');
    const admin = await apiSignIn('admin@demo.test');
    const group = await callApi<{ groupId: string }>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName: 'Users e2e', users: [] },
    });
    expect(group.code).toBe(1);
    const page = await browser.newPage();
    await signInAndWait(page, 'admin@demo.test');
    await page.goto('/admin?tab=users');
    await page.getByTestId('users-row').first().waitFor();
    await expectAccessible(page);

    // The admin has just signed in, and the table says so.
    await page.getByTestId('users-search').fill('admin@demo.test');
    const own = page.locator('[data-testid="users-row"][data-email="admin@demo.test"]');
    await expect.poll(() => page.getByTestId('users-row').count()).toBe(1);
    expect(await own.getByTestId('users-row-last-sign-in').textContent()).toMatch(/\d{4} \d\d:\d\d$/);
    await page.getByTestId('users-search').fill('');

    // The invite dialog, checked by axe with its form open.
    await page.getByTestId('users-invite-open').click();
    await page.getByTestId('users-invite-form').waitFor();
    await expectAccessible(page);
    // One person by hand, external, straight into a group.
    await page.getByTestId('users-invite-email').fill('eve@users-e2e.test');
    await page.getByTestId('users-invite-first-name').fill('Eve');
    await page.getByTestId('users-invite-last-name').fill('Five');
    await page.getByTestId('users-invite-role').selectOption('submitter');
    await page.getByTestId('users-invite-type').selectOption('external');
    await page.getByTestId('users-invite-groups').click();
    await page.getByRole('option', { name: 'Users e2e' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('users-invite-send').click();
    await page.getByTestId('users-invite-form').waitFor({ state: 'detached' });
    await expect
      .poll(async () => {
        const groups = await callApi<{ groups: { groupId: string; users: { email: string }[] }[] }>(
          'GET',
          '/v1/groups',
          { token: admin.token },
        );
        return groups.data.groups.find((g) => g.groupId === group.data.groupId)?.users.map((u) => u.email);
      })
      .toEqual(['eve@users-e2e.test']);

    // ── The template, filled with three people, one of them with a broken address.
    await page.getByTestId('users-csv-open').click();
    await page.getByTestId('users-csv-dialog').waitFor();
    const template = await downloadText(page, 'users-csv-template');
    const header = template.split(/\r?\n/)[0] ?? '';
    expect(header.split(',')).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName', 'role']));
    const columns = header.split(',');
    const line = (p: Record<string, string>) => columns.map((c) => p[c] ?? '').join(',');
    const csv = [
      header,
      line({ email: 'ana@users-e2e.test', firstName: 'Ana', lastName: 'One', role: 'signer' }),
      line({ email: 'ben(at)users-e2e.test', firstName: 'Ben', lastName: 'Two', role: 'signer' }),
      line({ email: 'cy@users-e2e.test', firstName: 'Cy', lastName: 'Three', role: 'signer' }),
    ].join('\r\n');
    await chooseCsv(page, 'people.csv', csv);
    await page.getByTestId('users-csv-upload').click();
    await page.getByTestId('users-csv-failed').waitFor();
    expect(await page.getByTestId('users-csv-failed-row').count()).toBe(1);
    expect(await page.getByTestId('users-csv-failed-row').textContent()).toContain('ben(at)users-e2e.test');
    await expectAccessible(page);

    // ── The failed row comes back as a file, is fixed and uploaded again.
    const failed = await downloadText(page, 'users-csv-download-failed');
    expect(failed).toContain('ben(at)users-e2e.test');
    expect(failed).not.toContain('ana@users-e2e.test');
    await chooseCsv(page, 'fixed.csv', failed.replace('ben(at)users-e2e.test', 'ben@users-e2e.test'));
    await page.getByTestId('users-csv-upload').click();
    await page.getByTestId('users-csv-done').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('users-csv-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('users-search').fill('users-e2e.test');
    await page.locator('[data-testid="users-row"][data-email="ben@users-e2e.test"]').waitFor();
    await expect.poll(() => page.getByTestId('users-row').count()).toBe(5);
    expect(await rows(page)).toEqual({
      'eve@users-e2e.test': ['Submitter', 'Invited'],
      'ana@users-e2e.test': ['Signer', 'Invited'],
      'ben@users-e2e.test': ['Signer', 'Invited'],
      'cy@users-e2e.test': ['Signer', 'Invited'],
      'dana@users-e2e.test': ['Signer', 'Active'],
    });

    // ── Two roles at once.
    await page.getByRole('checkbox', { name: 'Select ana@users-e2e.test' }).check();
    await page.getByRole('checkbox', { name: 'Select ben@users-e2e.test' }).check();
    await page.getByTestId('users-bulk-role').selectOption('custodian');
    await page.getByTestId('users-bulk-apply').click();
    await expect.poll(async () => (await rows(page))['ben@users-e2e.test']?.[0]).toBe('Custodian');
    expect((await rows(page))['ana@users-e2e.test']?.[0]).toBe('Custodian');
    expect((await rows(page))['cy@users-e2e.test']?.[0]).toBe('Signer');

    // ── Disabling a member.
    await page
      .locator('[data-testid="users-row"][data-email="dana@users-e2e.test"]')
      .getByTestId('users-row-actions')
      .click();
    await page.getByTestId('users-action-disable').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(async () => (await rows(page))['dana@users-e2e.test']?.[1]).toBe('Disabled');

    // The status filter asks the server for the invited ones only.
    await page.getByTestId('users-filter-status').selectOption('admininvited');
    await expect.poll(() => page.getByTestId('users-row').count()).toBe(4);
  });
});
