import { Code, type ReportResult, type ReportSummary } from '@signet/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../src/app/session/client.ts';
import { fail, http, ok, setupMockServer } from './msw.ts';
import { renderApp, shellHandlers, startFakeSession } from './render-app.tsx';

const server = setupMockServer();
afterEach(() => sessionStore.clear());

const CATALOGUE: ReportSummary[] = [
  {
    reportId: 'epakVolumes',
    filters: ['dateRange', 'period', 'users', 'groups', 'status', 'policy', 'template'],
    available: true,
    unavailableReason: null,
    adminOnly: false,
  },
  {
    reportId: 'stampPaperConsumption',
    filters: ['dateRange'],
    available: false,
    unavailableReason: 'no data',
    adminOnly: false,
  },
];

const VOLUMES: ReportResult = {
  reportId: 'epakVolumes',
  columns: [
    { key: 'period', type: 'date' },
    { key: 'created', type: 'number' },
    { key: 'completed', type: 'number' },
  ],
  rows: [
    ['2026-10-01', 12, 5],
    ['2026-11-01', 7, 3],
  ],
  total: 2,
  truncated: false,
  chart: { label: 'period', values: ['completed'] },
  platformWide: false,
};

describe('the reports screen', () => {
  it('runs a report with only the filters it takes, shows its table and chart, and lists the stamp-paper report as not available', async () => {
    const sent: unknown[] = [];
    server.use(
      ...shellHandlers('signer'),
      http.get('*/msbapi/v1/report', () => ok(CATALOGUE)),
      http.post('*/msbapi/v1/report', async ({ request }) => {
        sent.push(await request.json());
        return ok(VOLUMES);
      }),
    );
    startFakeSession();
    await renderApp('/reports');
    await screen.findByTestId('page-reports');
    // The range is a date picker in the user's date format (DD MMM YYYY by default).
    const from = await screen.findByTestId('report-from');
    fireEvent.change(from, { target: { value: '01 Oct 2026' } });
    fireEvent.blur(from);
    fireEvent.click(screen.getByTestId('report-run'));
    const table = await screen.findByTestId('report-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Created', 'Completed']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // The drawing loads lazily; its numbers are in the chart's table for screen readers at once.
    expect(screen.getByTestId('report-chart').querySelectorAll('tbody tr')).toHaveLength(2);
    expect(sent).toEqual([
      { reportId: 'epakVolumes', filters: { from: '2026-10-01', period: 'month' }, format: 'json' },
    ]);

    fireEvent.click(screen.getByTestId('report-stampPaperConsumption'));
    expect((await screen.findByTestId('report-unavailable')).textContent).toContain('not available yet');
    expect(screen.queryByTestId('report-run')).toBeNull();
  });

  it('the audit extract shows each action as words, the recorded key on hover, and an unknown one as "Other event"', async () => {
    const audit: ReportResult = {
      reportId: 'auditExtract',
      columns: [
        { key: 'seq', type: 'number' },
        { key: 'action', type: 'text' },
        { key: 'user', type: 'text' },
      ],
      rows: [
        [1, 'auth.signIn', 'sara@example.test'],
        [2, 'stampPaper.csvImported', 'sara@example.test'],
        [3, 'epak.somethingNew', 'sara@example.test'],
      ],
      total: 3,
      truncated: false,
      chart: null,
      platformWide: false,
    };
    server.use(
      ...shellHandlers('admin'),
      http.get('*/msbapi/v1/report', () =>
        ok([
          {
            reportId: 'auditExtract',
            filters: ['dateRange'],
            available: true,
            unavailableReason: null,
            adminOnly: true,
          },
        ] satisfies ReportSummary[]),
      ),
      http.post('*/msbapi/v1/report', () => ok(audit)),
    );
    startFakeSession();
    await renderApp('/reports');
    await screen.findByTestId('page-reports');
    fireEvent.click(await screen.findByTestId('report-run'));
    const table = await screen.findByTestId('report-table');
    const actions = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelectorAll('td')[1]);
    expect(actions.map((cell) => cell?.textContent)).toEqual([
      'Signed in',
      'Imported stamp papers from a CSV',
      'Other event',
    ]);
    expect(actions.map((cell) => cell?.querySelector('[title]')?.getAttribute('title'))).toEqual([
      'auth.signIn',
      'stampPaper.csvImported',
      'epak.somethingNew',
    ]);
    expect(table.textContent).not.toContain('auth.signIn');
  });

  it('says in words why a run was refused (-31: the filters do not fit)', async () => {
    server.use(
      ...shellHandlers('custodian'),
      http.get('*/msbapi/v1/report', () => ok(CATALOGUE)),
      http.get('*/msbapi/v2/workflows', () => ok([])),
      http.post('*/msbapi/v1/report', () => fail(400, Code.INVALID_REPORT)),
    );
    startFakeSession();
    await renderApp('/reports');
    fireEvent.click(await screen.findByTestId('report-run'));
    await waitFor(() =>
      expect(screen.getByTestId('report-error').textContent).toContain(
        'These filters do not fit this report',
      ),
    );
  });
});
