import { MantineProvider } from '@mantine/core';
import type { ReportResult } from '@signet/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../app/i18n/i18n.ts';
import { REPORT_PAGE_SIZE, ReportTable } from './report-table.tsx';

beforeAll(async () => {
  await initI18n('en');
});

const result = (count: number) =>
  ({
    columns: [
      { key: 'email', type: 'text' },
      { key: 'signed', type: 'number' },
    ],
    rows: Array.from({ length: count }, (_, i) => [`person${i + 1}@example.com`, i + 1]),
    total: count,
    truncated: false,
  }) as unknown as ReportResult;

const show = (count: number) =>
  render(
    <MantineProvider>
      <ReportTable
        result={result(count)}
        caption="Result"
        columnName={(key) => key}
        cellText={(_, v) => String(v)}
      />
    </MantineProvider>,
  );

describe('a report’s table', () => {
  it('shows a long result a page at a time and says which rows are shown', async () => {
    show(REPORT_PAGE_SIZE * 2 + 5);
    const body = () => within(screen.getByTestId('report-table')).getAllByRole('row').slice(1);
    expect(body()).toHaveLength(REPORT_PAGE_SIZE);
    expect(screen.getByText(`Rows 1 to ${REPORT_PAGE_SIZE} of ${REPORT_PAGE_SIZE * 2 + 5}`)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(body()).toHaveLength(5);
    expect(body()[0]?.textContent).toContain(`person${REPORT_PAGE_SIZE * 2 + 1}@example.com`);
  });

  it('a short result has no pages to turn', () => {
    show(3);
    expect(screen.queryByTestId('report-pages')).toBeNull();
    expect(within(screen.getByTestId('report-table')).getAllByRole('row')).toHaveLength(4);
  });
});
