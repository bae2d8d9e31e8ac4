import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table.tsx';

interface Person {
  id: string;
  name: string;
  email: string;
  role: string;
}

const PEOPLE: Person[] = [
  { id: '1', name: 'Sara Two', email: 'sara@example.com', role: 'Signer' },
  { id: '2', name: 'Omar One', email: 'omar@example.com', role: 'Admin' },
];

const COLUMNS: DataTableColumn<Person>[] = [
  { key: 'name', header: 'Name', cell: (p) => p.name, card: 'title' },
  { key: 'email', header: 'Email', cell: (p) => p.email, card: 'subtitle' },
  { key: 'role', header: 'Role', cell: (p) => p.role, testId: 'role' },
];

const show = (ui: ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

describe('data table', () => {
  it('on a desktop is a table with the declared headings and one row per record', () => {
    show(<DataTable layout="table" rows={PEOPLE} columns={COLUMNS} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('on a phone is a card per record: its title, its subtitle, and the other columns named', () => {
    show(
      <DataTable layout="cards" rows={PEOPLE} columns={COLUMNS} rowKey={(p) => p.id} rowTestId="person" />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const [sara] = screen.getAllByTestId('person');
    expect(within(sara as HTMLElement).getByText('Sara Two')).toBeTruthy();
    expect(within(sara as HTMLElement).getByText('sara@example.com')).toBeTruthy();
    const role = within(sara as HTMLElement).getByTestId('role');
    expect(role.textContent).toBe('Signer');
    expect(role.previousElementSibling?.textContent).toBe('Role');
  });

  it('a row’s actions are buttons on a desktop and a named menu on a phone', async () => {
    const remove = vi.fn();
    const actions = (p: Person) => [
      {
        key: 'delete',
        label: 'Delete',
        ariaLabel: `Delete ${p.name}`,
        color: 'red',
        onClick: () => remove(p.id),
      },
    ];
    const { unmount } = show(
      <DataTable layout="table" rows={PEOPLE} columns={COLUMNS} rowKey={(p) => p.id} actions={actions} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete Omar One' }));
    expect(remove).toHaveBeenCalledWith('2');
    unmount();

    show(
      <DataTable
        layout="cards"
        rows={PEOPLE}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        actions={actions}
        actionsLabel={(p) => `Actions for ${p.name}`}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Delete Sara Two' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Sara Two' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Sara Two' }));
    expect(remove).toHaveBeenCalledWith('1');
  });

  it('with more than two actions on a desktop, the main one stays a button beside the menu of the others', async () => {
    const used = vi.fn();
    const actions = (p: Person) => [
      { key: 'use', label: 'Use', ariaLabel: `Use ${p.name}`, primary: true, onClick: () => used(p.id) },
      { key: 'share', label: 'Share', onClick: () => undefined },
      { key: 'export', label: 'Export', onClick: () => undefined },
    ];
    show(
      <DataTable
        layout="table"
        rows={PEOPLE}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        actions={actions}
        actionsLabel={(p) => `Actions for ${p.name}`}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use Sara Two' }));
    expect(used).toHaveBeenCalledWith('1');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Sara Two' }));
    // The menu holds the other actions only (read as they are drawn, whatever its transition's state).
    const items = await screen.findAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => i.textContent)).toEqual(['Share', 'Export']);
  });

  it('selects rows one by one and all at once, skipping those that may not be selected', async () => {
    const onChange = vi.fn();
    show(
      <DataTable
        layout="table"
        rows={PEOPLE}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        selection={{
          selected: new Set(),
          onChange,
          canSelect: (p) => p.id !== '2',
          label: (p) => `Select ${p.email}`,
          allLabel: 'Select all',
        }}
      />,
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Select omar@example.com' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect([...((onChange.mock.calls[0] ?? [])[0] as Set<string>)]).toEqual(['1']);
  });

  it('shows its empty state when there are no rows, and says what loads while loading', () => {
    const { unmount } = show(
      <DataTable rows={[]} columns={COLUMNS} rowKey={(p) => p.id} empty={<p>No people yet.</p>} />,
    );
    expect(screen.getByText('No people yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    show(
      <DataTable rows={[]} columns={COLUMNS} rowKey={(p) => p.id} loading loadingLabel="Loading people…" />,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading people…');
  });
});
