import {
  ActionIcon,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Menu,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { usePhone } from '../hooks/use-phone.ts';
import './data-table.css';

export interface DataTableColumn<T> {
  key: string;
  /** The column's heading; a sortable column passes its sort button here. */
  header: ReactNode;
  /** The column's name where `header` is not plain words (a phone card's line says it). */
  label?: string;
  cell: (row: T) => ReactNode;
  /**
   * Where the column goes on a phone card: its `title` (one column), its `subtitle`, a `line`
   * that names the column before its value (the default), or `hidden` (said elsewhere on the card).
   */
  card?: 'title' | 'subtitle' | 'line' | 'hidden';
  /** Numbers align right. */
  align?: 'left' | 'right';
  /** The column the rows are sorted by (sets `aria-sort`); a sortable column's header is offered above the cards on a phone. */
  sorted?: 'ascending' | 'descending';
  sortable?: boolean;
  /** Values with long unbroken tokens (hashes, long addresses) break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
  /** `data-testid` of the cell (the `td` on a desktop, the value on a card). */
  testId?: string;
}

export interface DataTableAction {
  key: string;
  label: string;
  onClick: () => void;
  /** A Tabler icon at 16 px. */
  icon?: ReactNode;
  /** `red` for a destructive action. */
  color?: string;
  disabled?: boolean;
  /** The button's full name when `label` alone is ambiguous in a list ("Delete Approvers"). */
  ariaLabel?: string;
  /** The row's main action ("Use" a template): on a desktop a button of its own beside the menu. */
  primary?: boolean;
  'data-testid'?: string;
}

export interface DataTableSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Rows that may not be selected show a disabled box. */
  canSelect?: (row: T) => boolean;
  /** The name of one row's box ("Select sara@example.com"). */
  label: (row: T) => string;
  /** The name of the box that selects every row. */
  allLabel: string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  rowKey: (row: T) => string;
  /** `data-*` attributes of a row (the `tr`, or the card). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string | undefined>;
  rowTestId?: string;
  /**
   * A row's actions. On a desktop they show on hover or focus (always on a touch screen):
   * as buttons when there are two or fewer, else behind a menu button (a `primary` one stays a
   * button beside it); on a phone always a menu.
   */
  actions?: (row: T) => DataTableAction[];
  /** The actions column's heading (read by screen readers; shown as a heading on a desktop). */
  actionsHeader?: string;
  /** The name of a row's menu button ("Actions for Sara Two"). */
  actionsLabel?: (row: T) => string;
  /** Always a menu, also on a desktop. */
  actionsMenu?: boolean;
  actionsMenuTestId?: string;
  actionsLoading?: (row: T) => boolean;
  selection?: DataTableSelection<T>;
  /** Shown instead of the rows when there are none (an `EmptyState`, often `compact`). */
  empty?: ReactNode;
  /** Drawn while the first rows load; `loadingLabel` says what is loading. */
  loading?: boolean;
  loadingLabel?: string;
  caption?: string;
  /** On a phone, the words before the sortable columns' buttons above the cards ("Sort by"). */
  sortLabel?: string;
  /** Force one layout (the design page shows both); otherwise below 768 px is a phone. */
  layout?: 'table' | 'cards';
  striped?: boolean;
  'data-testid'?: string;
}

function RowMenu({
  actions,
  label,
  loading,
  testId,
}: {
  actions: DataTableAction[];
  label: string;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} data-testid={testId} loading={loading}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item
            key={a.key}
            color={a.color}
            leftSection={a.icon}
            disabled={a.disabled}
            onClick={a.onClick}
            aria-label={a.ariaLabel}
            data-testid={a['data-testid']}
          >
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function RowButtons({ actions, loading }: { actions: DataTableAction[]; loading?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {actions.map((a) => (
        <Button
          key={a.key}
          size="compact-sm"
          variant={a.color ? 'subtle' : 'light'}
          color={a.color}
          leftSection={a.icon}
          disabled={a.disabled || loading}
          onClick={a.onClick}
          aria-label={a.ariaLabel}
          data-testid={a['data-testid']}
        >
          {a.label}
        </Button>
      ))}
    </Group>
  );
}

/**
 * A list of records: a table on a desktop, a card per row on a phone (below 768 px). Columns are
 * declared once; each says what it is on a card (title, subtitle, a named line). Row actions show
 * on hover on a desktop and behind a menu button on a phone. The caller passes words translated.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const phone = usePhone();
  const cards = props.layout ? props.layout === 'cards' : phone;
  const { rows, loading, empty } = props;
  if (loading && rows.length === 0) {
    return (
      <Group gap="xs" role="status" py="md" data-testid={props['data-testid']}>
        <Loader size="sm" aria-hidden />
        <Text size="sm">{props.loadingLabel}</Text>
      </Group>
    );
  }
  if (rows.length === 0 && empty) return <Box data-testid={props['data-testid']}>{empty}</Box>;
  return cards ? <Cards {...props} /> : <DesktopTable {...props} />;
}

function selectAll<T>(selection: DataTableSelection<T>, rows: readonly T[], rowKey: (row: T) => string) {
  const selectable = rows.filter((r) => selection.canSelect?.(r) ?? true);
  const all = selectable.length > 0 && selectable.every((r) => selection.selected.has(rowKey(r)));
  return (
    <Checkbox
      aria-label={selection.allLabel}
      checked={all}
      indeterminate={selection.selected.size > 0 && !all}
      onChange={(e) =>
        selection.onChange(e.currentTarget.checked ? new Set(selectable.map(rowKey)) : new Set())
      }
    />
  );
}

function selectOne<T>(selection: DataTableSelection<T>, row: T, key: string) {
  return (
    <Checkbox
      aria-label={selection.label(row)}
      disabled={!(selection.canSelect?.(row) ?? true)}
      checked={selection.selected.has(key)}
      onChange={(e) => {
        const next = new Set(selection.selected);
        if (e.currentTarget.checked) next.add(key);
        else next.delete(key);
        selection.onChange(next);
      }}
    />
  );
}

function DesktopTable<T>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  rowTestId,
  actions,
  actionsHeader,
  actionsLabel,
  actionsMenu,
  actionsMenuTestId,
  actionsLoading,
  selection,
  caption,
  striped = true,
  'data-testid': testId,
}: DataTableProps<T>) {
  // Wider than its place (many columns on a tablet): the table scrolls in its box, the page does not.
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        striped={striped}
        highlightOnHover
        captionSide="top"
        className="signet-data-table"
        data-testid={testId}
      >
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {selection && <Table.Th w={40}>{selectAll(selection, rows, rowKey)}</Table.Th>}
            {columns.map((c) => (
              <Table.Th key={c.key} aria-sort={c.sorted} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
            {actions && <Table.Th ta="right">{actionsHeader}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const list = actions?.(row) ?? [];
            return (
              <Table.Tr key={key} data-testid={rowTestId} {...rowAttributes?.(row)}>
                {selection && <Table.Td>{selectOne(selection, row, key)}</Table.Td>}
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={c.align}
                    data-break={c.breakAnywhere ? 'anywhere' : undefined}
                    data-testid={c.testId}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
                {actions && (
                  <Table.Td ta="right" className="signet-row-actions">
                    {list.length === 0 ? null : actionsMenu || list.length > 2 ? (
                      <Group gap="xs" wrap="nowrap" justify="flex-end">
                        <RowButtons actions={list.filter((a) => a.primary)} loading={actionsLoading?.(row)} />
                        <RowMenu
                          actions={list.filter((a) => !a.primary)}
                          label={actionsLabel?.(row) ?? actionsHeader ?? ''}
                          loading={actionsLoading?.(row)}
                          testId={actionsMenuTestId}
                        />
                      </Group>
                    ) : (
                      <RowButtons actions={list} loading={actionsLoading?.(row)} />
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

function Cards<T>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  rowTestId,
  actions,
  actionsHeader,
  actionsLabel,
  actionsMenuTestId,
  actionsLoading,
  selection,
  caption,
  sortLabel,
  'data-testid': testId,
}: DataTableProps<T>) {
  const title = columns.find((c) => c.card === 'title') ?? columns[0];
  const subtitle = columns.find((c) => c.card === 'subtitle');
  const lines = columns.filter((c) => c !== title && c !== subtitle && c.card !== 'hidden');
  const sortable = columns.filter((c) => c.sortable);
  return (
    <Stack gap="xs" data-testid={testId}>
      {caption && (
        <Text size="sm" fw={600}>
          {caption}
        </Text>
      )}
      {(selection || sortable.length > 0) && (
        <Group gap="sm" wrap="wrap" data-testid={testId && `${testId}-controls`}>
          {selection && selectAll(selection, rows, rowKey)}
          {sortable.length > 0 && sortLabel && (
            <Text size="sm" c="dimmed">
              {sortLabel}
            </Text>
          )}
          {sortable.map((c) => (
            <Box key={c.key} fz="sm">
              {c.header}
            </Box>
          ))}
        </Group>
      )}
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => {
          const key = rowKey(row);
          const list = actions?.(row) ?? [];
          return (
            <Card
              key={key}
              component="li"
              withBorder
              padding="sm"
              data-testid={rowTestId}
              {...rowAttributes?.(row)}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {selection && selectOne(selection, row, key)}
                <Stack gap={2} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text fw={600} component="div" data-testid={title?.testId}>
                    {title?.cell(row)}
                  </Text>
                  {subtitle && (
                    <Text size="sm" c="dimmed" component="div" data-testid={subtitle.testId}>
                      {subtitle.cell(row)}
                    </Text>
                  )}
                </Stack>
                {list.length > 0 && (
                  <RowMenu
                    actions={list}
                    label={actionsLabel?.(row) ?? actionsHeader ?? ''}
                    loading={actionsLoading?.(row)}
                    testId={actionsMenuTestId}
                  />
                )}
              </Group>
              {lines.length > 0 && (
                <Stack gap={4} component="dl" mt="xs" mb={0} mx={0} style={{ overflowWrap: 'anywhere' }}>
                  {lines.map((c) => {
                    const value = c.cell(row);
                    // A line with nothing to say (an empty value) is left out of the card.
                    if (value === '' || value === null || value === undefined) return null;
                    return (
                      <Group key={c.key} gap={6} wrap="wrap" align="baseline">
                        {(c.label ?? typeof c.header === 'string') && (
                          <Text component="dt" size="sm" c="dimmed">
                            {c.label ?? c.header}
                          </Text>
                        )}
                        <Text component="dd" size="sm" m={0} data-testid={c.testId} style={{ minWidth: 0 }}>
                          {value}
                        </Text>
                      </Group>
                    );
                  })}
                </Stack>
              )}
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}
