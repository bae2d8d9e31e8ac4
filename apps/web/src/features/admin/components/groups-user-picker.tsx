import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserRef } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../../../app/api.ts';

const DEBOUNCE_MS = 200;

export const userLabel = (u: Pick<UserRef, 'firstName' | 'lastName' | 'email'>) =>
  `${`${u.firstName} ${u.lastName}`.trim()} <${u.email}>`.trim();

/**
 * Picks members of the tenant by name or email (`GET /v1/users?search=`, two characters at
 * least); `value` is the chosen users, so their labels stay when the search moves on.
 */
export function GroupUserPicker({
  value,
  onChange,
  exclude = [],
  testId,
}: {
  value: UserRef[];
  onChange: (users: UserRef[]) => void;
  exclude?: readonly string[];
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const found = useUserSearch(debounced.length >= 2 ? debounced : '');
  const known = new Map<string, UserRef>(value.map((u) => [u.id, u]));
  for (const u of found.data ?? []) if (!exclude.includes(u.id) && !known.has(u.id)) known.set(u.id, u);
  return (
    <MultiSelect
      label={t('adminGroups.pick')}
      placeholder={t('adminGroups.pickPlaceholder')}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={[...known.values()].map((u) => ({ value: u.id, label: userLabel(u) }))}
      value={value.map((u) => u.id)}
      onChange={(ids) => {
        onChange(ids.flatMap((id) => known.get(id) ?? []));
        setSearch('');
      }}
      filter={({ options }) => options}
      hidePickedOptions
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
