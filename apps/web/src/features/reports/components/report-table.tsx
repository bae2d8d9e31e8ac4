import { ScrollArea, Table } from '@mantine/core';
import type { ReportResult } from '@signet/contracts';

/** The rows of a run, numbers aligned right; the heading row names the columns in the reader's language. */
export function ReportTable({
  result,
  caption,
  columnName,
  cellText,
}: {
  result: ReportResult;
  caption: string;
  columnName: (key: string) => string;
  cellText: (key: string, value: string | number | null) => string;
}) {
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder data-testid="report-table" captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {result.columns.map((c) => (
              <Table.Th
                key={c.key}
                style={{ textAlign: c.type === 'text' || c.type === 'date' ? 'left' : 'right' }}
              >
                {columnName(c.key)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is the report's.
            <Table.Tr key={i}>
              {result.columns.map((c, j) => (
                <Table.Td
                  key={c.key}
                  style={{ textAlign: c.type === 'text' || c.type === 'date' ? 'left' : 'right' }}
                >
                  {cellText(c.key, row[j] ?? null)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
