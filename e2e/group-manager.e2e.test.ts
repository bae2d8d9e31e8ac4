import { describe, expect, it } from 'vitest';
import { apiSignIn, callApi, setupBrowser, signInAndWait } from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pickMember } from './support/journeys.ts';

interface Group {
  groupId: string;
  groupName: string;
  users: { id: string; email: string }[];
}

describe('a group manager who is not an admin', () => {
  const browser = setupBrowser();

  it('keeps the members of the group they manage from their profile, and cannot touch its managers', async () => {
    const groupName = `Mgr ${Date.now().toString(36)}`.slice(0, 15);
    const admin = await apiSignIn('admin@demo.test');
    const custodian = await apiSignIn('custodian@demo.test');
    const signer1 = await apiSignIn('signer1@demo.test');
    const created = await callApi<Group>('POST', '/v1/groups', {
      token: admin.token,
      body: { groupName, users: [signer1.userId], managers: [custodian.userId] },
    });
    expect(created.code).toBe(1);
    const membersNow = async () =>
      (await callApi<{ groups: Group[] }>('GET', '/v1/groups', { token: admin.token })).data.groups
        .find((g) => g.groupId === created.data.groupId)
        ?.users.map((u) => u.email)
        .sort();

    const page = await browser.newPage();
    await signInAndWait(page, 'custodian@demo.test');
    await page.goto('/profile');
    const row = page.locator(`[data-testid="managed-group"][data-name="${groupName}"]`);
    await row.waitFor();
    await row.getByRole('button', { name: `Members of ${groupName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Members of ${groupName}` });
    await dialog.waitFor();
    // The manager's own row cannot be ticked, and there is no way to make managers here.
    expect(await dialog.getByRole('checkbox', { name: 'Select custodian@demo.test' }).isDisabled()).toBe(
      true,
    );
    expect(await dialog.getByText('Add them as managers').count()).toBe(0);
    await expectAccessible(page);

    await pickMember(page, 'group-members-pick', 'signer2@demo.test');
    await dialog.getByTestId('group-members-add').click();
    await expect.poll(membersNow).toEqual(['custodian@demo.test', 'signer1@demo.test', 'signer2@demo.test']);
    await dialog.getByRole('checkbox', { name: 'Select signer1@demo.test' }).check();
    await dialog.getByTestId('group-members-remove').click();
    await expect.poll(membersNow).toEqual(['custodian@demo.test', 'signer2@demo.test']);

    // Someone who manages no group sees no such card.
    const signer = await browser.newPage();
    await signInAndWait(signer, 'signer2@demo.test');
    // The card is drawn from the groups: they must have arrived before its absence means anything.
    const groupsLoaded = signer.waitForResponse((r) => new URL(r.url()).pathname === '/msbapi/v1/groups');
    await signer.goto('/profile');
    await groupsLoaded;
    await signer.getByTestId('profile-email').waitFor();
    expect(await signer.getByTestId('managed-groups').count()).toBe(0);

    await callApi('DELETE', `/v1/groups/${created.data.groupId}`, { token: admin.token });
  });
});
