import type { TenantConfiguration } from '@signet/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  type ApiSession,
  apiSignIn,
  callApi,
  menuEntryKeys,
  openMenuEntry,
  setupBrowser,
  signInAndWait,
} from './support/app.ts';
import { expectAccessible } from './support/axe.ts';
import { pickMember } from './support/journeys.ts';
import { pagesPdf } from './support/pdf.ts';
import { sidewaysAt360 } from './support/phone.ts';

const ROOM = 'Loan files';

/** Turns the tenant's team-room switch on or off, leaving its other features as they are. */
async function setTeamRooms(admin: ApiSession, on: boolean): Promise<void> {
  const config = await callApi<TenantConfiguration>('GET', '/v1/configuration', { token: admin.token });
  const res = await callApi('PUT', '/v1/configuration', {
    token: admin.token,
    body: { features: { ...config.data.features, teamRoom: on } },
  });
  expect(res.code).toBe(1);
}

/** The documents of the room's list, each as "name | status cell text" (lower case: badges show capitals). */
async function documentRows(page: Page): Promise<string[]> {
  const rows = page.getByTestId('teamroom-document');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const cells = rows.nth(i).locator('td');
    out.push(
      `${(await cells.nth(1).innerText()).trim()} | ${(await cells.nth(4).innerText()).replace(/\s+/g, ' ').trim().toLowerCase()}`,
    );
  }
  return out.sort();
}

describe('team rooms (issue 13)', () => {
  const browser = setupBrowser();

  it('a custodian makes a room, invites a signer, uploads two documents into a folder and starts an ePak from one whose status the room shows; the signer sees the room; the room is cloned; with the switch off the menu entry is gone and the route refuses', async () => {
    const admin = await apiSignIn('admin@demo.test');
    await setTeamRooms(admin, true);
    try {
      // ── The custodian opens team rooms from the menu and creates one.
      const custodian = await browser.newPage();
      await signInAndWait(custodian, 'custodian@demo.test');
      await custodian.getByTestId('global-search-input').waitFor();
      await openMenuEntry(custodian, 'teamroom');
      await custodian.getByTestId('page-teamroom').waitFor();
      // The pointer leaves the menu: the active entry's hover colours are the shell's, not this screen's.
      await custodian.mouse.move(700, 600);
      // Spec §2: no search bar on the team-room screen.
      expect(await custodian.getByTestId('global-search-input').count()).toBe(0);
      await custodian.getByTestId('teamrooms-empty').waitFor();
      await expectAccessible(custodian);
      await custodian.getByTestId('teamroom-create').click();
      await custodian.getByTestId('teamroom-create-name').fill(ROOM);
      await expectAccessible(custodian);
      await custodian.getByTestId('teamroom-create-save').click();
      await custodian.getByRole('link', { name: ROOM }).click();
      await custodian.getByTestId('page-trDocument').waitFor();
      await custodian.getByTestId('teamroom-documents-empty').waitFor();

      // ── Invites signer1 as a member.
      await pickMember(custodian, 'teamroom-member-pick', 'signer1@demo.test');
      await custodian.getByTestId('teamroom-member-add').click();
      await custodian.getByTestId('teamroom-member').nth(1).waitFor();
      expect(await custodian.getByTestId('teamroom-member-list').innerText()).toContain('signer1@demo.test');

      // ── A folder, and two documents uploaded into it.
      await custodian.getByTestId('teamroom-folder-name').fill('Agreements');
      await custodian.getByTestId('teamroom-folder-add').click();
      await expect.poll(() => custodian.getByTestId('teamroom-folder-view').inputValue()).toBe('Agreements');
      const chooser = custodian.waitForEvent('filechooser');
      await custodian.getByTestId('teamroom-upload').click();
      await (await chooser).setFiles([
        {
          name: 'Loan agreement.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from(pagesPdf(['Loan agreement'])),
        },
        { name: 'Guarantee.pdf', mimeType: 'application/pdf', buffer: Buffer.from(pagesPdf(['Guarantee'])) },
      ]);
      await expect
        .poll(() => custodian.getByTestId('teamroom-document').count(), { timeout: 60_000 })
        .toBe(2);
      expect(await documentRows(custodian)).toEqual([
        'Guarantee.pdf | not used',
        'Loan agreement.pdf | not used',
      ]);
      await expectAccessible(custodian);
      const roomUrl = custodian.url();

      // ── Starts an ePak from one: compose opens with it, the signer and a signature tag go on, it is sent.
      await custodian.getByRole('checkbox', { name: 'Select Loan agreement.pdf' }).check();
      await custodian.getByTestId('teamroom-start-epak').click();
      await custodian.getByTestId('page-compose').waitFor();
      expect(await custodian.getByTestId('uploaded-document').innerText()).toContain('Loan agreement.pdf');
      const signers = custodian.getByTestId('step-1-signers');
      await signers.fill('signer2@demo.test');
      await signers.press('Enter');
      await custodian.getByTestId('compose-subject').fill('Loan of the Rao family');
      await custodian.getByTestId('compose-continue').click();
      // The editor loads pdf.js with the first document: slow on a busy machine.
      await custodian.getByTestId('tag-editor').waitFor({ timeout: 30_000 });
      await custodian.getByTestId('page-surface-1').click({ position: { x: 100, y: 300 } });
      await custodian.getByTestId('placed-tag').first().waitFor();
      await custodian.getByTestId('epak-send').click();
      await custodian.waitForURL(/\/dashboard\?ePakId=/);

      // ── Back in the room: the document shows its ePak in progress, the other is still free.
      await custodian.goto(roomUrl);
      await custodian.getByTestId('teamroom-document').nth(1).waitFor();
      expect(await documentRows(custodian)).toEqual([
        'Guarantee.pdf | not used',
        'Loan agreement.pdf | in progress 0% done loan of the rao family',
      ]);
      await expectAccessible(custodian);

      // ── The signer sees the room from their own menu, with both documents.
      const signer = await browser.newPage();
      await signInAndWait(signer, 'signer1@demo.test');
      await openMenuEntry(signer, 'teamroom');
      await signer.getByRole('link', { name: ROOM }).click();
      await signer.mouse.move(700, 600);
      await signer.getByTestId('teamroom-document').nth(1).waitFor();
      expect(await documentRows(signer)).toEqual([
        'Guarantee.pdf | not used',
        'Loan agreement.pdf | in progress 0% done loan of the rao family',
      ]);
      // A signer works with documents but does not start ePaks.
      expect(await signer.getByTestId('teamroom-start-epak').count()).toBe(0);
      await expectAccessible(signer);
      // On a phone nothing scrolls sideways: the room, then the list.
      expect(await sidewaysAt360(signer)).toEqual([]);
      await signer.getByRole('link', { name: 'All team rooms' }).click();
      await signer.getByTestId('teamroom-row').waitFor();
      expect(await sidewaysAt360(signer)).toEqual([]);

      // ── The custodian clones the room: the copy has the folder and members, not the documents.
      await custodian.goto('/teamroom');
      await custodian.getByTestId('teamroom-clone').first().click();
      expect(await custodian.getByTestId('teamroom-clone-name').inputValue()).toBe(`${ROOM} (copy)`);
      await expectAccessible(custodian);
      await custodian.getByTestId('teamroom-clone-save').click();
      await custodian.getByRole('link', { name: `${ROOM} (copy)` }).click();
      await custodian.getByTestId('teamroom-documents-empty').waitFor();
      expect(await custodian.getByTestId('teamroom-member-list').innerText()).toContain('signer1@demo.test');
      await custodian.getByTestId('teamroom-folder-view').click();
      await custodian.getByRole('option', { name: 'Agreements' }).waitFor();
      await custodian.keyboard.press('Escape');

      // ── Switched off: the menu entry is gone, the screen says so, and the API refuses.
      await setTeamRooms(admin, false);
      await custodian.goto('/dashboard');
      await custodian.getByTestId('top-menu').waitFor();
      expect(await menuEntryKeys(custodian)).not.toContain('teamroom');
      await custodian.goto(roomUrl);
      await custodian.getByTestId('teamrooms-off').waitFor();
      await expectAccessible(custodian);
      const api = await apiSignIn('custodian@demo.test');
      const refused = await callApi('GET', '/v1/teamrooms', { token: api.token });
      expect([refused.code, refused.data]).toEqual([-1, { feature: 'teamRoom' }]);
    } finally {
      await setTeamRooms(admin, false);
    }
  }, 240_000);
});
