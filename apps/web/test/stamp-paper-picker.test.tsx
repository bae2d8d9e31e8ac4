import type { GroupedStamp } from '@signet/contracts';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { http, ok, setupMockServer } from './msw.ts';
import { configuration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

const GROUPED: GroupedStamp[] = [
  { stateCode: 'MH', stateName: 'Maharashtra', denomination: 100, count: 5 },
  { stateCode: 'DL', stateName: 'Delhi', denomination: 1000, count: 0 },
];

const TEMPLATE = {
  id: '33333333-3333-4333-8333-333333333333',
  templateName: 'Rent agreement',
  workflowTemplateId: '44444444-4444-4444-8444-444444444444',
};

function handlers(stampPaper: boolean, grouped: GroupedStamp[] = GROUPED) {
  return [
    http.get('*/msbapi/v1/configuration', () => ok(configuration({ stampPaper }))),
    ...shellHandlers('custodian'),
    http.get('*/msbapi/v2/stamppaper/user/groupedstamps', () => ok(grouped)),
    http.get('*/msbapi/v2/workflows', () => ok([])),
    http.get('*/msbapi/v1/documenttemplates', () =>
      ok({ docTemplateDTOList: { docTemplateDTO: [TEMPLATE] } }),
    ),
    http.get('*/msbapi/v1/users', () => ok({ users: [] })),
  ];
}

async function choose(testId: string, option: string): Promise<void> {
  fireEvent.click(await screen.findByTestId(testId));
  // jsdom lays nothing out, so the dropdown counts as hidden; its option is clicked all the same.
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('the stamp paper at compose', () => {
  it('offers the kinds the user has left, with how many, and says which page it becomes', async () => {
    server.use(...handlers(true));
    startFakeSession();
    await renderApp('/compose');
    await choose('compose-stamp-paper-select', 'Maharashtra (MH) · ₹100 (left: 5)');
    // A kind with none left is not offered.
    fireEvent.click(screen.getByTestId('compose-stamp-paper-select'));
    await screen.findByRole('option', { name: /Maharashtra/, hidden: true });
    expect(screen.queryByRole('option', { name: /Delhi/, hidden: true })).toBeNull();
    expect(screen.getByTestId('compose-stamp-paper-chosen').textContent).toBe(
      'A Maharashtra (MH) stamp paper of ₹100 will be page 1 of the first document.',
    );
  }, 30_000);

  it('is not offered while the tenant’s switch is off, or to someone without papers', async () => {
    server.use(...handlers(false));
    startFakeSession();
    const first = await renderApp('/compose');
    await screen.findByTestId('upload-zone');
    expect(screen.queryByTestId('compose-stamp-paper')).toBeNull();
    first.unmount();

    server.use(...handlers(true, []));
    await renderApp('/compose');
    await screen.findByTestId('upload-zone');
    expect(screen.queryByTestId('compose-stamp-paper')).toBeNull();
  }, 30_000);

  it('bulk compose sends the chosen kind before the CSV, for every row', async () => {
    const fields: [string, string][] = [];
    server.use(
      ...handlers(true),
      http.get('*/msbapi/v2/bulkcompose/template/:id', () =>
        ok({
          docTemplateId: TEMPLATE.id,
          templateName: TEMPLATE.templateName,
          roles: [],
          fields: [],
          columns: [],
        }),
      ),
      http.post('*/msbapi/v2/bulkcompose/template/:id', async ({ request }) => {
        // The multipart body as sent (jsdom's File is not undici's, so it is read as text).
        const body = await request.text();
        for (const m of body.matchAll(
          /name="([^"]+)"(?:; filename="([^"]+)")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([^\r]*)/g,
        ))
          fields.push([m[1] ?? '', m[2] ?? m[3] ?? '']);
        return ok({
          runId: 'r1',
          docTemplateId: TEMPLATE.id,
          templateName: TEMPLATE.templateName,
          fileName: 'rows.csv',
          status: 'queued',
          createdAt: '2026-11-25T10:00:00Z',
          startedAt: null,
          finishedAt: null,
          total: 1,
          sent: 0,
          failed: 0,
          cancelled: 0,
          secondsLeft: null,
          failures: [],
        });
      }),
      http.get('*/msbapi/v2/bulkcompose/runs/r1', () => ok({})),
    );
    startFakeSession();
    await renderApp('/bulkcompose');
    await choose('bulk-template', 'Rent agreement');
    await choose('compose-stamp-paper-select', 'Maharashtra (MH) · ₹100 (left: 5)');
    expect(screen.getByTestId('compose-stamp-paper-chosen').textContent).toBe(
      'Each ePak takes a Maharashtra (MH) stamp paper of ₹100 as page 1.',
    );
    // The dropzone keeps its file input hidden inside it; the page has only this one. It takes the
    // file asynchronously and names it once it has it.
    const input = document.querySelector('input[type=file]');
    await userEvent.upload(
      input as HTMLInputElement,
      new File(['subject\r\nRent'], 'rows.csv', { type: 'text/csv' }),
    );
    await screen.findByText('rows.csv');
    fireEvent.click(screen.getByTestId('bulk-upload'));
    await expect
      .poll(() => fields)
      .toEqual([
        ['stampStateCode', 'MH'],
        ['stampDenomination', '100'],
        // jsdom names the file part after its Blob.
        ['file', expect.any(String)],
      ]);
  }, 30_000);
});
