import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pickMember, signAs } from './support/journeys.ts';
import { pagesPdf } from './support/pdf.ts';

const members = (page: Page) => page.getByTestId('group-members-dialog').getByTestId('group-member');

describe('groups (issue 12)', () => {
  const browser = setupBrowser();

  it('an admin makes a group of two, renames it and changes its members; a custodian sends an ePak to the group and both members sign', async () => {
    // ── The admin creates "Approvers" with two members found by search.
    const admin = await browser.newPage();
    await signInAndWait(admin, 'admin@demo.test');
    await admin.goto('/admin?tab=groups');
    await admin.getByTestId('admin-groups').waitFor();
    await expectAccessible(admin);

    await admin.getByTestId('group-create').click();
    const create = admin.getByRole('dialog', { name: 'New group' });
    await create.waitFor();
    await create.getByTestId('group-create-name').fill('Approvers');
    await pickMember(admin, 'group-create-members', 'signer1@demo.test');
    await pickMember(admin, 'group-create-members', 'signer2@demo.test');
    await expectAccessible(admin);
    await create.getByTestId('group-create-save').click();
    const row = admin.locator('[data-testid="group-row"][data-name="Approvers"]');
    await row.waitFor();
    expect(await row.getByTestId('group-members').textContent()).toMatch(
      /signer1@demo\.test.*signer2@demo\.test|signer2@demo\.test.*signer1@demo\.test/,
    );

    // A second group of the same name is refused in plain words (-141).
    await admin.getByTestId('group-create').click();
    await create.getByTestId('group-create-name').fill('approvers');
    await create.getByTestId('group-create-save').click();
    await admin.getByText('A group of this name already exists.').waitFor();
    await create.getByRole('button', { name: 'Cancel' }).click();
    await create.waitFor({ state: 'hidden' });

    // ── Renamed in place.
    await row.getByRole('button', { name: 'Approvers', exact: true }).click();
    await row.getByRole('textbox', { name: 'New name of Approvers' }).fill('Approvers EU');
    await row.getByRole('button', { name: 'Save' }).click();
    const renamed = admin.locator('[data-testid="group-row"][data-name="Approvers EU"]');
    await renamed.waitFor();

    // ── signer2 removed, then added back.
    await renamed.getByRole('button', { name: 'Members of Approvers EU' }).click();
    const editor = admin.getByRole('dialog', { name: 'Members of Approvers EU' });
    await editor.waitFor();
    await expect.poll(() => members(admin).count()).toBe(2);
    await expectAccessible(admin);
    await editor.getByRole('checkbox', { name: 'Select signer2@demo.test' }).check();
    await editor.getByTestId('group-members-remove').click();
    await expect.poll(() => members(admin).count()).toBe(1);
    await pickMember(admin, 'group-members-pick', 'signer2@demo.test');
    await editor.getByTestId('group-members-add').click();
    await expect.poll(() => members(admin).count()).toBe(2);
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'hidden' });

    // ── The custodian composes an ePak and adds the group as the signers of step 1.
    const custodian = await browser.newPage();
    await signInAndWait(custodian, 'custodian@demo.test');
    await custodian.goto('/compose');
    await custodian.getByTestId('upload-input').setInputFiles({
      name: 'Group approval.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(pagesPdf(['Group approval, page 1'])),
    });
    await custodian.getByTestId('uploaded-document').waitFor();
    await custodian.getByTestId('step-1-signers-group').click();
    await custodian.getByRole('option', { name: 'Approvers EU (2)' }).click();
    await custodian.getByText('signer1@demo.test').first().waitFor();
    await custodian.getByText('signer2@demo.test').first().waitFor();
    await custodian.getByTestId('compose-subject').fill('Group approval');
    await custodian.getByTestId('compose-continue').click();

    // One signature tag for each member.
    await custodian.getByTestId('tag-editor').waitFor();
    await custodian.getByText('Actual size').click();
    await custodian.getByTestId('pdf-page-1').waitFor();
    const surface = custodian.getByTestId('page-surface-1');
    await surface.click({ position: { x: 100, y: 300 } });
    await expect.poll(() => custodian.getByTestId('placed-tag').count()).toBe(1);
    await custodian.getByRole('radio', { name: 'signer2@demo.test' }).click();
    // The signature tag stays the chosen kind.
    await surface.click({ position: { x: 100, y: 500 } });
    await expect.poll(() => custodian.getByTestId('placed-tag').count()).toBe(2);
    await custodian.getByTestId('epak-send').click();
    await custodian.waitForURL(/\/dashboard\?ePakId=/);
    const ePakId = new URL(custodian.url()).searchParams.get('ePakId') ?? '';

    const api = await apiSignIn('custodian@demo.test');
    const sent = await callApi<{ status: string; workflowSteps?: unknown }>('GET', `/v2/epaks/${ePakId}`, {
      token: api.token,
    });
    expect(sent.data.status).toBe('InProgress');

    // ── Both members sign in the browser; the ePak is then complete.
    await signAs(await browser.newPage(), 'signer1@demo.test', ePakId);
    await signAs(await browser.newPage(), 'signer2@demo.test', ePakId);
    await expect
      .poll(
        async () =>
          (await callApi<{ status: string }>('GET', `/v2/epaks/${ePakId}`, { token: api.token })).data.status,
      )
      .toBe('Completed');

    // ── The group is no longer needed: the admin deletes it after a confirmation.
    await renamed.getByRole('button', { name: 'Delete Approvers EU' }).click();
    await admin.getByText('Delete the group “Approvers EU”? Its members stay in the tenant.').waitFor();
    await expectAccessible(admin);
    await admin.getByTestId('confirm-ok').click();
    await renamed.waitFor({ state: 'detached' });
  }, 120_000);
});
