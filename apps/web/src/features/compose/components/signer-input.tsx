import { Select, Stack, TagsInput, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserRef } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserSearch } from '../../../app/api.ts';
import { useGroups } from '../../admin/groups-api.ts';
import { lookUpUsers } from '../api.ts';
import {
  classifyEntries,
  entriesToLookUp,
  failedValidation,
  type RecipientEntry,
  type Rejection,
  RejectReason,
  type SignerRules,
  splitEntries,
} from '../signer-entries.ts';

/** Autocomplete waits for this many characters and this long after the last key (spec §5). */
const MIN_SEARCH = 2;
const DEBOUNCE_MS = 200;

/**
 * The signer tag input of a workflow step: autocomplete from the tenant's users, several
 * addresses pasted at once (semicolon-separated, looked up together), and the reason for each
 * address it refuses. A group of the tenant may be chosen too: its members join the step, under
 * the same rules as typed addresses.
 */
export function SignerInput({
  label,
  recipients,
  onChange,
  rules,
  testId,
}: {
  label: string;
  recipients: RecipientEntry[];
  onChange: (next: RecipientEntry[]) => void;
  rules?: SignerRules;
  testId: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  const users = useUserSearch(debounced.trim().length >= MIN_SEARCH ? debounced.trim() : '');
  const [rejected, setRejected] = useState<Rejection[]>([]);
  const [checking, setChecking] = useState(false);
  const emails = recipients.map((r) => r.email);
  const groups = useGroups();

  function addGroup(groupId: string | null) {
    const group = groups.data?.find((g) => g.groupId === groupId);
    if (!group) return;
    const members = group.users.map((u) => u.email.toLowerCase()).filter((e) => !emails.includes(e));
    const result = classifyEntries(members, emails, group.users, rules);
    setRejected(result.rejected);
    onChange([...recipients, ...result.accepted]);
  }

  async function change(next: string[]) {
    const kept = recipients.filter((r) => next.includes(r.email));
    const added = splitEntries(next.filter((e) => !emails.includes(e)).join(';'));
    if (added.length === 0) {
      onChange(kept);
      return;
    }
    const present = kept.map((k) => k.email);
    const toLookUp = entriesToLookUp(added, present);
    setChecking(true);
    let found: UserRef[] = [];
    try {
      if (toLookUp.length > 0) found = (await lookUpUsers(toLookUp)).users;
    } catch {
      setRejected(failedValidation(toLookUp));
      onChange(kept);
      return;
    } finally {
      setChecking(false);
    }
    const result = classifyEntries(added, present, found, rules);
    setRejected(result.rejected);
    onChange([...kept, ...result.accepted]);
  }

  const suggestions = (users.data ?? [])
    .filter((u) => !emails.includes(u.email.toLowerCase()))
    .map((u) => ({
      value: u.email.toLowerCase(),
      label: `${u.firstName} ${u.lastName} <${u.email}>`.trim(),
    }));

  return (
    <Stack gap={4}>
      <TagsInput
        label={label}
        placeholder={t('compose.addSigner')}
        value={emails}
        data={suggestions}
        searchValue={search}
        onSearchChange={setSearch}
        onChange={(v) => void change(v)}
        onDuplicate={(v) => setRejected([{ entry: v, reason: RejectReason.alreadyPresent }])}
        splitChars={[';', ',']}
        acceptValueOnBlur
        clearable
        disabled={checking}
        data-testid={testId}
        filter={({ options }) => options}
      />
      {(groups.data?.length ?? 0) > 0 && (
        <Select
          size="xs"
          label={t('adminGroups.compose.label')}
          placeholder={t('adminGroups.compose.placeholder')}
          data={(groups.data ?? []).map((g) => ({
            value: g.groupId,
            label: `${g.groupName} (${g.users.length})`,
          }))}
          value={null}
          onChange={addGroup}
          searchable
          disabled={checking}
          data-testid={`${testId}-group`}
        />
      )}
      {recipients.some((r) => r.isNew) && (
        <Text size="xs" data-testid={`${testId}-new`}>
          {t('compose.signers.newUsers', {
            emails: recipients
              .filter((r) => r.isNew)
              .map((r) => r.email)
              .join(', '),
          })}
        </Text>
      )}
      {rejected.map((r) => (
        <Text
          key={`${r.entry}-${r.reason}`}
          size="xs"
          c="red.8"
          role="alert"
          data-testid={`${testId}-rejected`}
        >
          {r.entry}: {t(r.reason)}
        </Text>
      ))}
    </Stack>
  );
}
