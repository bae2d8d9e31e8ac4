import { Select, Stack, Text, Title } from '@mantine/core';
import type { IndiaStateCode, StampDenomination } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import { useGroupedStamps } from '../../stamppapers/api.ts';
import { useStampWords } from '../../stamppapers/i18n/stamp-words.ts';
import { rupees, stateLabel } from '../../stamppapers/stamp-words.ts';

/** The state and denomination of the paper to prepend (the server takes any AVAILABLE one of them). */
export interface StampChoice {
  stateCode: IndiaStateCode;
  denomination: StampDenomination;
}

const keyOf = (c: { stateCode: string; denomination: number }) => `${c.stateCode}:${c.denomination}`;

/**
 * "Stamp paper" where documents are added: a state and denomination from what the user may use
 * (`GET /v2/stamppaper/user/groupedstamps`, with how many are left), shown only while the
 * tenant's stamp-paper switch is on and the user has papers. The chosen paper's page becomes
 * page 1 of the first document.
 */
export function StampPaperPicker({
  value,
  onChange,
  firstDocumentName,
  perRow = false,
}: {
  value: StampChoice | null;
  onChange: (choice: StampChoice | null) => void;
  firstDocumentName: string | null;
  /** Bulk compose: every row's ePak takes a paper of the kind chosen. */
  perRow?: boolean;
}) {
  const { t } = useTranslation();
  useStampWords();
  const configuration = useTenantConfiguration();
  const on = configuration.data?.features.stampPaper === true;
  const grouped = useGroupedStamps(on);
  const groups = (grouped.data ?? []).filter((g) => g.count > 0);
  if (!on || groups.length === 0) return null;
  const words = (c: { stateCode: string; denomination: number }) => ({
    state: stateLabel(t, c.stateCode),
    value: rupees(c.denomination),
  });
  return (
    <Stack gap="xs" mt="sm" data-testid="compose-stamp-paper">
      <Title order={3} size="h5">
        {t('stampPapers.compose.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t(perRow ? 'stampPapers.compose.bulkHint' : 'stampPapers.compose.hint')}
      </Text>
      <Select
        label={t('stampPapers.compose.choose')}
        placeholder={t('stampPapers.compose.none')}
        data={groups.map((g) => ({
          value: keyOf(g),
          label: t('stampPapers.compose.option', { ...words(g), count: g.count }),
        }))}
        value={value ? keyOf(value) : null}
        onChange={(key) => {
          const g = groups.find((x) => keyOf(x) === key);
          onChange(
            g
              ? {
                  stateCode: g.stateCode as IndiaStateCode,
                  denomination: g.denomination as StampDenomination,
                }
              : null,
          );
        }}
        clearable
        data-testid="compose-stamp-paper-select"
        comboboxProps={{ withinPortal: true }}
      />
      {value && (
        <Text size="sm" data-testid="compose-stamp-paper-chosen">
          {perRow
            ? t('stampPapers.compose.chosenPerRow', words(value))
            : firstDocumentName
              ? t('stampPapers.compose.chosen', { ...words(value), document: firstDocumentName })
              : t('stampPapers.compose.chosenNoDocument', words(value))}
        </Text>
      )}
    </Stack>
  );
}
