import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { denominationOptions, stateOptions } from '../stamp-words.ts';

type StampSelectProps = Omit<SelectProps, 'data' | 'label' | 'placeholder'> & {
  testId: string;
  /** A filter: empty means any, so the choice can be cleared. */
  any?: boolean;
};

/** The Indian state (ISO 3166-2:IN) of a stamp paper, searchable by name. */
export function StateSelect({ testId, any = false, ...props }: StampSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('stampPapers.state')}
      placeholder={any ? t('stampPapers.anyState') : undefined}
      data={stateOptions(t)}
      searchable
      clearable={any}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

/** A stamp denomination of spec §9, in rupees. */
export function DenominationSelect({ testId, any = false, ...props }: StampSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('stampPapers.denomination')}
      placeholder={any ? t('stampPapers.anyDenomination') : undefined}
      data={denominationOptions()}
      clearable={any}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
