import type { EpakListMetadata, EpakSummary } from '@signet/contracts';
import { Folder } from '@signet/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

function epak(id: string, extra: Partial<EpakSummary> = {}): EpakSummary {
  return {
    id,
    ePakId: id,
    ePakName: `ePak ${id}`,
    subject: `Subject ${id}`,
    starred: false,
    secureDocument: false,
    signingPolicy: 'ESIGNATURE',
    signingPolicyKey: 'ESIGNATURE',
    status: 'InProgress',
    progressPercent: 50,
    currentWorkflowStateAction: 'SIGN',
    currentWorkflowStateId: 's1',
    currentStatePendingSigners: ['signer1@demo.test'],
    sentOn: '2024-03-01T10:00:00Z',
    modifiedOn: '2024-03-05T10:00:00Z',
    expiredOn: null,
    retentionDate: null,
    deletedOn: null,
    deletedBy: null,
    notificationStartDate: null,
    ownerId: 'o1',
    ownerUserName: 'custodian@demo.test',
    ownerFirstName: 'Carlos',
    ownerMiddleName: '',
    ownerLastName: 'Custodian',
    signerId: null,
    signerStatus: 'Pending',
    signerUserName: null,
    comments: '',
    tags: '{"data":[{"key":"dept","value":"legal"}]}',
    archivalPeriodOver: false,
    checked: false,
    viewEnforced: false,
    isRead: true,
    requestLocation: false,
    custodian: false,
    ...extra,
  };
}

function recipient(email: string, status: string) {
  return {
    id: email,
    userId: email,
    email,
    firstName: '',
    lastName: '',
    status,
    signingPolicy: 'ESIGNATURE',
    actedAt: null,
    delegatedFromId: null,
    delegatedToId: null,
    reason: null,
  };
}

const folderCounts = Object.fromEntries(Folder.map((f, i) => [f, i])) as EpakListMetadata['folderCounts'];
const metadata: EpakListMetadata = { totalCount: 45, pg: 1, pageSize: 20, folderCounts, unread: 3 };

const listQueries: URLSearchParams[] = [];
let starred = false;
const server = setupMockServer(
  http.get('*/msbapi/v2/epaks', ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return ok([epak('e1', { isRead: false, starred }), epak('e2')], { metadata });
  }),
  http.get('*/msbapi/v2/epaks/:id/activity', () => fail(404, -1)),
  http.get('*/msbapi/v2/epaks/:id', ({ params }) =>
    ok({
      ...epak(String(params.id), { custodian: true }),
      message: 'Please sign',
      expiresOn: null,
      reminderIntervalDays: 3,
      reminderMax: 5,
      documents: [
        {
          id: 'd1',
          name: 'Lease.pdf',
          position: 0,
          status: 'Active',
          pageCount: 2,
          pages: [],
          version: 1,
          sha256: 'x',
        },
      ],
      steps: [
        {
          id: 's0',
          wfOrderId: 1,
          type: 'REVIEW',
          name: '',
          signingPolicy: 'ESIGNATURE',
          minRequired: null,
          status: 'done',
          recipients: [recipient('signer2@demo.test', 'Reviewed')],
        },
        {
          id: 's1',
          wfOrderId: 2,
          type: 'SIGN',
          name: '',
          signingPolicy: 'ESIGNATURE',
          minRequired: null,
          status: 'current',
          recipients: [recipient('signer1@demo.test', 'Pending')],
        },
      ],
      can: {
        edit: false,
        start: false,
        sign: false,
        review: false,
        reject: false,
        delegate: false,
        stop: true,
        delete: false,
        archive: false,
      },
    }),
  ),
  http.get('*/msbapi/v2/epaks/:id/togglestar', () => {
    starred = !starred;
    return ok({ starred });
  }),
  http.get('*/msbapi/v2/statistics', ({ request }) => {
    const type = new URL(request.url).searchParams.get('type');
    if (type === 'summary')
      return ok({ scope: 'user', type, summary: { InProgress: 4, Completed: 2 }, weekly: null });
    return ok({
      scope: 'user',
      type,
      summary: null,
      weekly: [{ weekStart: '2024-03-04', pending: 1, created: 2, stopped: 0, completed: 1 }],
    });
  }),
);
afterEach(() => {
  sessionStore.clear();
  listQueries.length = 0;
});

describe('dashboard (against the ePak API contract, mocked)', () => {
  it('shows the twelve folders with counts, the unread Inbox badge, rows with progress and pending signers', async () => {
    server.use(...shellHandlers('custodian'));
    startFakeSession();
    await renderApp('/dashboard');
    const table = await screen.findByTestId('epak-table');
    const folders = screen.getByTestId('folder-nav');
    expect(within(folders).getAllByRole('button')).toHaveLength(12);
    expect(screen.getByTestId('folder-count-Archived').textContent).toBe('11');
    expect(within(folders).getByLabelText('3 unread')).toBeTruthy();
    expect(within(table).getByText('Subject e1').style.fontWeight).toBe('700');
    expect(within(table).getByText('Subject e2').style.fontWeight).toBe('400');
    expect(screen.getByTestId('pending-e1').textContent).toBe('Waiting for signer1@demo.test');
    expect(within(table).getAllByLabelText('50% done')).toHaveLength(2);
    expect(screen.getByTestId('epak-pagination')).toBeTruthy();
    expect(listQueries[0]?.get('folder')).toBe('Inbox');
    expect(listQueries[0]?.get('sortColumn')).toBe('modifiedOn');
  });

  it('honours searchKey, searchVal and ePakId from the address', async () => {
    server.use(...shellHandlers('custodian'));
    startFakeSession();
    await renderApp('/dashboard?searchKey=subject&searchVal=Lease&ePakId=e2');
    await screen.findByTestId('search-chip');
    await waitFor(() => expect(listQueries.at(-1)?.get('searchVal')).toBe('Lease'));
    expect(listQueries.at(-1)?.get('searchKey')).toBe('subject');
    await screen.findByTestId('epak-steps');
    expect(screen.getByText('dept: legal')).toBeTruthy();
    expect(screen.getByTestId('recipient-signer2@demo.test').textContent).toContain('Reviewed');
    expect(screen.getByTestId('recipient-signer1@demo.test').textContent).toContain('Pending');
    expect(screen.getByTestId('recipient-signer1@demo.test').textContent).toContain('Remind');
    // A document is named by its readable title (docs/decisions/0039), not its file name.
    expect(screen.getByTestId('epak-documents').textContent).toContain('Lease2 pages');
    expect(screen.getByTestId('epak-stop')).toBeTruthy();
    expect(screen.queryByTestId('epak-delete')).toBeNull();
    await screen.findByTestId('epak-activity-unavailable');
  });

  it('changing folder or sort asks the server again', async () => {
    server.use(...shellHandlers('signer'));
    startFakeSession();
    await renderApp('/dashboard');
    await screen.findByTestId('epak-table');
    fireEvent.click(screen.getByTestId('folder-Signed'));
    await waitFor(() => expect(listQueries.at(-1)?.get('folder')).toBe('Signed'));
    fireEvent.click(screen.getByTestId('sort-subject'));
    await waitFor(() => expect(listQueries.at(-1)?.get('sortColumn')).toBe('subject'));
    expect(listQueries.at(-1)?.get('sort')).toBe('DESC');
  });

  it('the star toggles through the API and the list is fetched again', async () => {
    server.use(...shellHandlers('signer'));
    startFakeSession();
    await renderApp('/dashboard');
    const star = await screen.findByTestId('star-e1');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(screen.getByTestId('star-e1').getAttribute('aria-pressed')).toBe('true'));
  });

  it('an empty folder says so and offers the next job, composing an ePak, to whoever may compose', async () => {
    server.use(
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v2/epaks', () => ok([], { metadata: { ...metadata, totalCount: 0 } })),
    );
    startFakeSession();
    await renderApp('/dashboard');
    const empty = await screen.findByTestId('epak-list-empty');
    expect(within(empty).getByRole('heading', { name: 'No ePaks here.' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Compose an ePak' }).getAttribute('href')).toBe(
      '/compose',
    );
  });

  it('an empty folder offers no composing to a role that cannot compose', async () => {
    server.use(
      ...shellHandlers('signer'),
      http.get('*/msbapi/v2/epaks', () => ok([], { metadata: { ...metadata, totalCount: 0 } })),
    );
    startFakeSession();
    await renderApp('/dashboard');
    const empty = await screen.findByTestId('epak-list-empty');
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('a search that found nothing offers no composing', async () => {
    server.use(
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v2/epaks', () => ok([], { metadata: { ...metadata, totalCount: 0 } })),
    );
    startFakeSession();
    await renderApp('/dashboard?searchKey=subject&searchVal=Nothing');
    const empty = await screen.findByTestId('epak-list-empty');
    expect(within(empty).getByText('No ePaks here.')).toBeTruthy();
    expect(within(empty).queryByRole('link')).toBeNull();
  });

  it('draws the summary and the weekly chart with the user-scope series', async () => {
    server.use(...shellHandlers('signer'));
    startFakeSession();
    await renderApp('/dashboard');
    const weekly = await screen.findByTestId('weekly-chart');
    await screen.findByTestId('summary-chart');
    const headers = within(weekly)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Week starting', 'Pending', 'Created', 'Stopped', 'Completed']);
  });
});
