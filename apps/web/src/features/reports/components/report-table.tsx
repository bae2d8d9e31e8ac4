import { Group, Pagination, Stack, Text } from '@mantine/core';
import type { ReportResult } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../ui/components/data-table.tsx';
import { usePhone } from '../../../ui/hooks/use-phone.ts';

/** Rows a page shows: a long extract (the audit extract runs to hundreds) is read a page at a time. */
export const REPORT_PAGE_SIZE = 50;
/** On a phone each row is a card of several lines: fewer a page. */
const PHONE_PAGE_SIZE = 20;

interface Row {
  index: number;
  cells: readonly (string | number | null)[];
}

/**
 * The rows of a run, a page at a time, numbers aligned right; the heading row names the columns
 * in the reader's language. Long values wrap inside their column (nothing is cut, nothing scrolls
 * sideways); on a phone each row is a card whose title is the first column.
 */
export function ReportTable({
  result,
  caption,
  columnName,
  cellText,
  cellTitle,
  dateText,
}: {
  result: ReportResult;
  caption: string;
  columnName: (key: string) => string;
  cellText: (key: string, value: string | number | null) => string;
  /** A hover text for a cell whose words stand for a recorded value (the audit extract's action key). */
  cellTitle?: (key: string, value: string | number | null) => string | undefined;
  /** A date column's value in the reader's date format (`formatDate`); as it comes without it. */
  dateText?: (value: string) => string;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const size = usePhone() ? PHONE_PAGE_SIZE : REPORT_PAGE_SIZE;
  const total = result.rows.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(page, pages);
  const from = (current - 1) * size;
  const rows: Row[] = result.rows.slice(from, from + size).map((cells, i) => ({ index: from + i, cells }));
  const columns: DataTableColumn<Row>[] = result.columns.map((c, j) => ({
    key: c.key,
    header: columnName(c.key),
    align: c.type === 'text' || c.type === 'date' ? 'left' : 'right',
    card: j === 0 ? 'title' : 'line',
    // A long token (a hash, an address) may break anywhere; words break between words.
    // (Judged on the words shown: an audit action's key is not what the cell holds.)
    breakAnywhere: result.rows.some((r) => {
      const shown = cellText(c.key, r[j] ?? null);
      return shown.length > 24 && !/\s/.test(shown);
    }),
    cell: (row) => {
      const value = row.cells[j] ?? null;
      if (c.type === 'date' && typeof value === 'string' && dateText) return dateText(value);
      const title = cellTitle?.(c.key, value);
      return title ? <span title={title}>{cellText(c.key, value)}</span> : cellText(c.key, value);
    },
  }));
  return (
    <Stack gap="xs">
      <DataTable
        rows={rows}
        columns={columns}
        rowKey={(row) => String(row.index)}
        caption={caption}
        data-testid="report-table"
      />
      {pages > 1 && (
        <Group justify="space-between" gap="xs" data-testid="report-pages">
          <Text size="sm" c="dimmed">
            {t('reports.shown', { from: from + 1, to: from + rows.length, total })}
          </Text>
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            siblings={0}
            aria-label={t('reports.pages')}
            getControlProps={(control) => ({ 'aria-label': t(`reports.page.${control}`) })}
            getItemProps={(n) => ({ 'aria-label': t('reports.page.number', { page: n }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
