import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, DEMO_PASSWORD, setupBrowser, signInAndWait } from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { chooseCsv, downloadText, fillNewPassword, pickMember, signAs } from './support/journeys.ts';
import { linkIn, nextMail } from './support/mail.ts';
import { pagesPdf } from './support/pdf.ts';

/**
 * Issue 12 "Done when": an admin invites three people from a CSV with one bad row, fixes it,
 * makes a group of them, and the group signs an ePak — every step through the web app.
 */
describe('an admin brings in a team and the team signs', () => {
  const browser = setupBrowser();

  it('three people invited from a CSV (one bad row fixed) accept, become a group, and the group signs an ePak to completion', async () => {
    // Unique per run: the e2e server is shared and keeps its data between runs.
    const run = Date.now().toString(36);
    const people = ['ana', 'ben', 'cy'].map((n) => `${n}-${run}@team-e2e.test`);
    const [ana, ben, cy] = people as [string, string, string];
    const groupName = `Team ${run}`.slice(0, 15);
    const found: Record<string, string[]> = {};

    // ── The CSV, from the users tab's own template; Ben's address is broken.
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await admin.goto('/admin?tab=users');
    await admin.getByTestId('users-row').first().waitFor();
    await admin.getByTestId('users-csv-open').click();
    await admin.getByTestId('users-csv-dialog').waitFor();
    const header = (await downloadText(admin, 'users-csv-template')).split(/\r?\n/)[0] ?? '';
    const columns = header.split(',');
    const line = (p: Record<string, string>) => columns.map((c) => p[c] ?? '').join(',');
    const csv = [
      header,
      line({ email: ana, firstName: 'Ana', lastName: 'Team', role: 'signer' }),
      line({ email: ben.replace('@', '(at)'), firstName: 'Ben', lastName: 'Team', role: 'signer' }),
      line({ email: cy, firstName: 'Cy', lastName: 'Team', role: 'signer' }),
    ].join('\r\n');
    await chooseCsv(admin, 'team.csv', csv);
    await admin.getByTestId('users-csv-upload').click();
    await admin.getByTestId('users-csv-failed').waitFor();
    expect(await admin.getByTestId('users-csv-failed-row').count()).toBe(1);
    found.csvFailed = await seriousViolations(admin);

    // ── The failed row comes back as a file; fixed, it goes through.
    const failed = await downloadText(admin, 'users-csv-download-failed');
    await chooseCsv(admin, 'fixed.csv', failed.replace(ben.replace('@', '(at)'), ben));
    await admin.getByTestId('users-csv-upload').click();
    await admin.getByTestId('users-csv-done').waitFor();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('users-csv-dialog').waitFor({ state: 'detached' });

    // ── Each of the three accepts from the invitation mail by choosing a password.
    for (const email of people) {
      const page = await browser.newPage();
      await page.goto(linkIn(await nextMail(email, /invited/)));
      await page.getByTestId('set-password-submit').waitFor();
      await fillNewPassword(page, DEMO_PASSWORD);
      await page.getByTestId('set-password-submit').click();
      await page.getByTestId('login-submit').waitFor();
      await page.close();
    }
    await admin.getByTestId('users-search').fill(`${run}@team-e2e.test`);
    await expect.poll(() => admin.getByTestId('users-row').count()).toBe(3);
    await expect
      .poll(async () => admin.getByTestId('users-row-status').allTextContents())
      .toEqual(['Active', 'Active', 'Active']);

    // ── The admin makes them a group.
    await admin.goto('/admin?tab=groups');
    await admin.getByTestId('admin-groups').waitFor();
    await admin.getByTestId('group-create').click();
    const create = admin.getByRole('dialog', { name: 'New group' });
    await create.waitFor();
    await create.getByTestId('group-create-name').fill(groupName);
    for (const email of people) await pickMember(admin, 'group-create-members', email);
    found.groupDialog = await seriousViolations(admin);
    await create.getByTestId('group-create-save').click();
    await admin.locator(`[data-testid="group-row"][data-name="${groupName}"]`).waitFor();

    // ── The admin sends an ePak to the group, one signature tag for each member.
    await admin.goto('/compose');
    await admin.getByTestId('upload-input').setInputFiles({
      name: 'Team charter.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pagesPdf(['Team charter, page 1'])),
    });
    await admin.getByTestId('uploaded-document').waitFor();
    await admin.getByTestId('step-1-signers-group').click();
    await admin.getByRole('option', { name: `${groupName} (3)` }).click();
    for (const email of people) await admin.getByText(email).first().waitFor();
    await admin.getByTestId('compose-subject').fill(`Team charter ${run}`);
    await admin.getByTestId('compose-continue').click();
    await admin.getByTestId('tag-editor').waitFor();
    await admin.getByText('Actual size').click();
    await admin.getByTestId('pdf-page-1').waitFor();
    const surface = admin.getByTestId('page-surface-1');
    for (const [i, email] of people.entries()) {
      // The recipients are listed by name with their email under it (issue 31).
      await admin.getByRole('radio', { name: email }).click();
      await surface.click({ position: { x: 100, y: 200 + 150 * i } });
      await expect.poll(() => admin.getByTestId('placed-tag').count()).toBe(i + 1);
    }
    await admin.getByTestId('epak-send').click();
    await admin.waitForURL(/\/dashboard\?ePakId=/);
    const ePakId = new URL(admin.url()).searchParams.get('ePakId') ?? '';

    // ── The group signs, each member in their own browser.
    for (const email of people) await signAs(await browser.newPage(), email, ePakId, DEMO_PASSWORD);
    const api = await apiSignIn('admin@demo.test');
    await expect
      .poll(
        async () =>
          (await callApi<{ status: string }>('GET', `/v2/epaks/${ePakId}`, { token: api.token })).data.status,
      )
      .toBe('Completed');
    expect(found).toEqual({ csvFailed: [], groupDialog: [] });
  }, 180_000);
});
