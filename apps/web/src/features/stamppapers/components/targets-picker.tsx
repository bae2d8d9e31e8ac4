import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserRef } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../../../app/api.ts';
import { useGroups } from '../../admin/groups-api.ts';

const DEBOUNCE_MS = 200;

export const personLabel = (u: Pick<UserRef, 'firstName' | 'lastName' | 'email'>) => {
  const name = `${u.firstName} ${u.lastName}`.trim();
  return name ? `${name} <${u.email}>` : u.email;
};

/** People found by name or email (two letters at least), keeping the chosen ones' labels. */
function usePeopleOptions(chosen: UserRef[]) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const found = useUserSearch(debounced.length >= 2 ? debounced : '');
  const known = new Map<string, UserRef>(chosen.map((u) => [u.id, u]));
  for (const u of found.data ?? []) if (!known.has(u.id)) known.set(u.id, u);
  return { search, setSearch, known };
}

export interface Targets {
  users: UserRef[];
  groupIds: string[];
}

/** Whom papers go to (or are taken back from): people of the tenant and its groups. */
export function TargetsPicker({
  value,
  onChange,
  testId,
}: {
  value: Targets;
  onChange: (next: Targets) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const people = usePeopleOptions(value.users);
  const groups = useGroups();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <MultiSelect
        label={t('stampPapers.assignDialog.users')}
        placeholder={t('stampPapers.assigneePlaceholder')}
        searchable
        searchValue={people.search}
        onSearchChange={people.setSearch}
        data={[...people.known.values()].map((u) => ({ value: u.id, label: personLabel(u) }))}
        value={value.users.map((u) => u.id)}
        onChange={(ids) => {
          onChange({ ...value, users: ids.flatMap((id) => people.known.get(id) ?? []) });
          people.setSearch('');
        }}
        filter={({ options }) => options}
        hidePickedOptions
        data-testid={`${testId}-users`}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('stampPapers.assignDialog.groups')}
        placeholder={t('stampPapers.assignDialog.groupsPlaceholder')}
        searchable
        data={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))}
        value={value.groupIds}
        onChange={(groupIds) => onChange({ ...value, groupIds })}
        data-testid={`${testId}-groups`}
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}

/** One person to filter the inventory by (`assigneeUserId`), or anyone. */
export function AssigneeFilter({
  value,
  onChange,
}: {
  value: UserRef | null;
  onChange: (user: UserRef | null) => void;
}) {
  const { t } = useTranslation();
  const people = usePeopleOptions(value ? [value] : []);
  return (
    <Select
      label={t('stampPapers.assignee')}
      placeholder={t('stampPapers.anyone')}
      searchable
      clearable
      searchValue={people.search}
      onSearchChange={people.setSearch}
      data={[...people.known.values()].map((u) => ({ value: u.id, label: personLabel(u) }))}
      value={value?.id ?? null}
      onChange={(id) => onChange(id ? (people.known.get(id) ?? null) : null)}
      filter={({ options }) => options}
      data-testid="stamp-filter-assignee"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
