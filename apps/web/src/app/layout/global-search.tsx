import { Autocomplete, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SearchKey } from '@signet/contracts';
import dayjs from 'dayjs';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateFormat, useUserSearch } from '../api.ts';
import { DateInput } from '../date-input.ts';
import { DATE_SEARCH_KEYS, searchTarget, USER_SEARCH_KEYS } from './search-target.ts';

/**
 * The header's search: a type (spec §2, eight of them) and a value; Enter runs it. `fill` lets
 * the value take the rest of the row (the phone menu) instead of a fixed width; `inPopover` keeps
 * its lists inside the header's search popover (HeaderSearch).
 */
export function GlobalSearch({ fill = false, inPopover = false }: { fill?: boolean; inPopover?: boolean }) {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const navigate = useNavigate();
  const [key, setKey] = useState<SearchKey>('all');
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value, 200);
  const users = useUserSearch(USER_SEARCH_KEYS.includes(key) ? debounced : '');

  function run(v: string) {
    const target = searchTarget(key, v);
    if (target) void navigate(target);
  }
  function handleKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') run(value);
  }

  const label = t('search.value');
  const valueWidth = fill ? { flex: 1, miw: 0 } : { w: 170 };
  let input: ReactNode;
  if (DATE_SEARCH_KEYS.includes(key)) {
    input = (
      <DateInput
        size="xs"
        {...valueWidth}
        aria-label={label}
        placeholder={t('search.pickDate')}
        data-testid="global-search-date"
        valueFormat={dateFormat}
        popoverProps={{ withinPortal: !inPopover }}
        onChange={(d) => {
          // Picking a date is the Enter of a date search.
          const iso = d ? dayjs(d).format('YYYY-MM-DD') : '';
          setValue(iso);
          run(iso);
        }}
      />
    );
  } else if (USER_SEARCH_KEYS.includes(key)) {
    input = (
      <Autocomplete
        size="xs"
        {...valueWidth}
        aria-label={label}
        placeholder={t('search.pickUser')}
        data-testid="global-search-user"
        value={value}
        onChange={setValue}
        onKeyDown={handleKeyDown}
        onOptionSubmit={run}
        data={(users.data ?? []).map((u) => u.email)}
        comboboxProps={{ withinPortal: !inPopover }}
      />
    );
  } else {
    input = (
      <TextInput
        size="xs"
        {...valueWidth}
        aria-label={label}
        placeholder={t('search.placeholder')}
        data-testid="global-search-input"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={handleKeyDown}
      />
    );
  }

  return (
    <Group gap={4} wrap="nowrap" role="search">
      <Select
        size="xs"
        w={120}
        aria-label={t('search.type')}
        data-testid="global-search-type"
        value={key}
        allowDeselect={false}
        data={SearchKey.map((k) => ({ value: k, label: t(`search.keys.${k}`) }))}
        onChange={(k) => {
          setKey((k ?? 'all') as SearchKey);
          setValue('');
        }}
        comboboxProps={{ withinPortal: !inPopover }}
      />
      {input}
    </Group>
  );
}
