import { NumberInput, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { Limits, type TenantConfiguration } from '@signet/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection, useSectionSave } from './tenant-settings-section.tsx';

/** The feature switches an admin turns on and off; other flags are installation concerns. */
const SWITCHES = [
  'teamRoom',
  'compare',
  'stampPaper',
  'webForm',
  'rubberStamp',
  'features',
  'advancedAdminSettings',
  'showUserUuidColumn',
] as const;

const BULK_COMPOSE = 'bulkcompose';

/** Which optional parts of Signet the tenant's members see. */
export function FeatureSettings({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const { run, error, pending } = useSectionSave();
  const [flags, setFlags] = useState(config.features);
  // Bulk compose has no flag of its own: it is the compose menu's item unless hidden (hiddenMenuItems).
  const [bulkCompose, setBulkCompose] = useState(!config.hiddenMenuItems.includes(BULK_COMPOSE));
  function submit() {
    const others = config.hiddenMenuItems.filter((i) => i !== BULK_COMPOSE);
    void run({ features: flags, hiddenMenuItems: bulkCompose ? others : [...others, BULK_COMPOSE] });
  }
  return (
    <SettingsSection id="features" error={error} pending={pending} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {SWITCHES.map((key) => (
          <Switch
            key={key}
            checked={flags[key]}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setFlags((f) => ({ ...f, [key]: on }));
            }}
            label={t(`tenantSettings.features.flags.${key}`)}
            description={t(`tenantSettings.features.flags.${key}Hint`)}
            data-testid={`settings-feature-${key}`}
          />
        ))}
        <Switch
          checked={bulkCompose}
          onChange={(e) => setBulkCompose(e.currentTarget.checked)}
          label={t('tenantSettings.features.flags.bulkCompose')}
          description={t('tenantSettings.features.flags.bulkComposeHint')}
          data-testid="settings-feature-bulkCompose"
        />
      </SimpleGrid>
    </SettingsSection>
  );
}

const DATE_FORMATS = [Limits.DEFAULT_DATE_FORMAT, 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY'];

/** How dates are written for members who chose no format of their own. */
export function DocumentSettings({ config }: { config: TenantConfiguration }) {
  const { t } = useTranslation();
  const { run, error, pending } = useSectionSave();
  const [dateFormat, setDateFormat] = useState(config.dateFormat);
  // Empty: completed ePaks without an archival period of their own are never archived.
  const [archival, setArchival] = useState<number | ''>(config.archivalPeriodDays ?? '');
  const formats = DATE_FORMATS.includes(dateFormat) ? DATE_FORMATS : [dateFormat, ...DATE_FORMATS];
  return (
    <SettingsSection
      id="documents"
      error={error}
      pending={pending}
      onSubmit={() => void run({ dateFormat, archivalPeriodDays: archival === '' ? null : archival })}
    >
      <NumberInput
        label={t('tenantSettings.documents.archivalPeriod')}
        description={t('tenantSettings.documents.archivalPeriodHint')}
        value={archival}
        onChange={(v) => setArchival(typeof v === 'number' ? v : '')}
        min={0}
        max={36_500}
        allowDecimal={false}
        allowNegative={false}
        data-testid="settings-archival-period"
      />
      <Text size="sm" data-testid="settings-archival-effect">
        {archival === ''
          ? t('tenantSettings.documents.noArchivalEffect')
          : t('tenantSettings.documents.archivalEffect', { days: archival })}
      </Text>
      <Select
        label={t('tenantSettings.documents.dateFormat')}
        description={t('tenantSettings.documents.dateFormatHint')}
        data={[...new Set(formats)]}
        value={dateFormat}
        onChange={(v) => v && setDateFormat(v)}
        allowDeselect={false}
        data-testid="settings-date-format"
      />
      <Text size="sm" data-testid="settings-date-effect">
        {t('tenantSettings.documents.dateEffect', { example: dayjs().format(dateFormat) })}
      </Text>
    </SettingsSection>
  );
}
