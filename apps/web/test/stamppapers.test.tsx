import { Code, type StampPaper, type StampPaperStats } from '@signet/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../src/app/i18n/i18n.ts';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { configuration, renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

function paper(stampId: string, status: StampPaper['status'], extra: Partial<StampPaper> = {}): StampPaper {
  return {
    stampPaperId: `00000000-0000-4000-8000-${stampId.padStart(12, '0')}`,
    stampId,
    stateCode: 'MH',
    stateName: 'Maharashtra',
    denomination: 100,
    status,
    certificateType: 'generated',
    assignedUsers: [],
    assignedGroups: [],
    usedIn: null,
    consumedOn: null,
    createdBy: 'admin',
    createdOn: '2026-11-01T10:00:00Z',
    updatedOn: '2026-11-01T10:00:00Z',
    ...extra,
  };
}

const PAPERS = [
  paper('1', 'AVAILABLE', {
    assignedUsers: [{ id: 'u1', firstName: 'Chitra', lastName: 'Custodian', email: 'custodian@demo.test' }],
  }),
  paper('2', 'CONSUMED'),
  paper('3', 'DRAFT'),
  paper('4', 'EPAK', { stateCode: 'DL', stateName: 'Delhi', denomination: 1000 }),
];

const STATS: StampPaperStats = {
  rows: [
    {
      stateCode: 'MH',
      stateName: 'Maharashtra',
      denomination: 100,
      AVAILABLE: 1,
      DRAFT: 1,
      EPAK: 0,
      CONSUMED: 1,
      total: 3,
    },
    {
      stateCode: 'DL',
      stateName: 'Delhi',
      denomination: 1000,
      AVAILABLE: 0,
      DRAFT: 0,
      EPAK: 1,
      CONSUMED: 0,
      total: 1,
    },
  ],
  totals: { AVAILABLE: 1, DRAFT: 1, EPAK: 1, CONSUMED: 1, total: 4 },
};

function stampHandlers(sent: unknown[] = []) {
  return [
    // Before the shell's: the first matching handler answers.
    http.get('*/msbapi/v1/configuration', () => ok(configuration({ stampPaper: true }))),
    ...shellHandlers('admin'),
    http.post('*/msbapi/v2/stamppapers', async ({ request }) => {
      sent.push(await request.json());
      return ok({ stampPapers: PAPERS, totalCount: 4, pg: 1, pageSize: 20 });
    }),
    http.get('*/msbapi/v2/stamppaper/stats', () => ok(STATS)),
  ];
}

describe('the stamp-paper screen', () => {
  it('lists the inventory in the spec’s words (Unused, Used, Draft, Pending) with assignees, and the statistics as a table and a chart', async () => {
    const sent: unknown[] = [];
    server.use(...stampHandlers(sent));
    startFakeSession();
    await renderApp('/stamppapers');
    // The table is its loading state first; the rows come with the list.
    const rows = await screen.findAllByTestId('stamp-row');
    const table = screen.getByTestId('stamp-table');
    expect(rows.map((r) => within(r).getByTestId('stamp-row-status').textContent)).toEqual([
      'Unused',
      'Used',
      'Draft',
      'Pending',
    ]);
    expect(within(rows[0] as HTMLElement).getByTestId('stamp-row-assignees').textContent).toBe(
      'Chitra Custodian <custodian@demo.test>',
    );
    expect(rows[3]?.textContent).toContain('Delhi (DL)');
    expect(rows[3]?.textContent).toContain('₹1,000');
    // Only an unused paper can be edited.
    expect(within(table).getAllByTestId('stamp-edit')).toHaveLength(1);
    expect(sent).toEqual([{ pg: 1, pageSize: 20 }]);

    fireEvent.click(screen.getByTestId('stamp-tab-statistics'));
    const stats = await screen.findByTestId('stamp-stats-table');
    const mh = within(stats).getAllByTestId('stamp-stats-row')[0] as HTMLElement;
    expect(mh.querySelector('[data-status="CONSUMED"]')?.textContent).toBe('1');
    expect(within(stats).getByTestId('stamp-stats-totals').textContent).toContain('4');
    // The chart's drawing loads on its own; its numbers are in its table for screen readers at
    // once: a row per state and denomination, a column per status.
    const chart = await screen.findByTestId('stamp-stats-chart');
    expect(chart.querySelectorAll('tbody tr')).toHaveLength(
      within(stats).getAllByTestId('stamp-stats-row').length,
    );
    expect(chart.querySelector('tbody tr td')?.textContent).toMatch(/^\d+$/);
  });

  it('says so when the stamp id of an edited paper is taken (-203)', async () => {
    server.use(
      ...stampHandlers(),
      http.put('*/msbapi/v2/stamppaper', () => fail(409, Code.STAMP_PAPER_EXISTS)),
    );
    startFakeSession();
    await renderApp('/stamppapers');
    fireEvent.click(await screen.findByTestId('stamp-edit'));
    fireEvent.click(await screen.findByTestId('stamp-form-save'));
    expect((await screen.findByTestId('stamp-form-error')).textContent).toBe(
      'A stamp paper with this stamp id already exists in the organisation.',
    );
  });

  it('says what a valid range is when a bulk revoke’s dates are refused (-209)', async () => {
    const sent: unknown[] = [];
    server.use(
      ...stampHandlers(),
      http.post('*/msbapi/v2/stamppaper/bulkrevoke', async ({ request }) => {
        sent.push(await request.json());
        return fail(400, Code.BULK_STAMP_DATE_ERROR);
      }),
    );
    startFakeSession();
    await renderApp('/stamppapers');
    fireEvent.click(await screen.findByTestId('stamp-revoke-open'));
    fireEvent.click(await screen.findByTestId('stamp-revoke-submit'));
    expect((await screen.findByTestId('stamp-revoke-error')).textContent).toContain(
      'The date range is not valid',
    );
    expect(sent).toEqual([{ fromDate: '', toDate: '', userIds: [], groupIds: [] }]);
  });

  it('with the tenant’s switch off says where to turn it on and asks for nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/msbapi/v1/configuration', () => ok(configuration())),
      ...stampHandlers(sent),
    );
    startFakeSession();
    await renderApp('/stamppapers');
    await screen.findByTestId('stamppapers-off');
    expect(screen.queryByTestId('stamp-inventory')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('speaks Hindi once Hindi is chosen: the screen’s words load with it', async () => {
    server.use(...stampHandlers());
    startFakeSession();
    await renderApp('/stamppapers');
    await screen.findByTestId('stamp-table');
    try {
      await act(() => changeLanguage('hi'));
      await screen.findByRole('heading', { name: 'स्टाम्प पेपर' });
      expect(screen.getAllByTestId('stamp-row-status').map((b) => b.textContent)).toEqual([
        'अप्रयुक्त',
        'प्रयुक्त',
        'ड्राफ़्ट',
        'लंबित',
      ]);
      expect(screen.getAllByTestId('stamp-row')[0]?.textContent).toContain('महाराष्ट्र (MH)');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
