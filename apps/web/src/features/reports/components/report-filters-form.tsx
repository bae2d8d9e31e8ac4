import { Button, Group, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { EpakStatus, type ReportFilterName, type ReportFilters, ReportPeriod } from '@signet/contracts';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../app/api.ts';
import { DateInput } from '../../../app/date-input.ts';
import {
  signingPolicyOptions,
  useSigningPolicyWords,
} from '../../../app/i18n/signing-policies/signing-policy-words.ts';

export interface FilterOptions {
  users: { value: string; label: string }[];
  groups: { value: string; label: string }[];
  templates: { value: string; label: string }[];
  tenants: { value: string; label: string }[];
}

interface FormValues {
  from: string;
  to: string;
  period: string;
  status: string[];
  policy: string[];
  userIds: string[];
  groupIds: string[];
  templateId: string;
  quarter: string;
  tenantId: string;
}

const EMPTY: FormValues = {
  from: '',
  to: '',
  period: 'month',
  status: [],
  policy: [],
  userIds: [],
  groupIds: [],
  templateId: '',
  quarter: '',
  tenantId: '',
};

/** Only the filters the report takes, and only those set. */
function toFilters(v: FormValues, takes: readonly ReportFilterName[]): ReportFilters {
  const f: ReportFilters = {};
  if (takes.includes('dateRange')) {
    if (v.from) f.from = v.from;
    if (v.to) f.to = v.to;
  }
  if (takes.includes('period') && v.period) f.period = v.period as ReportFilters['period'];
  if (takes.includes('status') && v.status.length) f.status = v.status as ReportFilters['status'];
  if (takes.includes('policy') && v.policy.length) f.policy = v.policy as ReportFilters['policy'];
  if (takes.includes('users') && v.userIds.length) f.userIds = v.userIds;
  if (takes.includes('groups') && v.groupIds.length) f.groupIds = v.groupIds;
  if (takes.includes('template') && v.templateId) f.templateId = v.templateId;
  if (takes.includes('quarter') && v.quarter) f.quarter = v.quarter.trim().toUpperCase();
  if (takes.includes('tenant') && v.tenantId) f.tenantId = v.tenantId;
  return f;
}

/** The filters form (react-hook-form): the fields the chosen report takes, then run. */
export function ReportFiltersForm({
  takes,
  options,
  running,
  onRun,
}: {
  takes: readonly ReportFilterName[];
  options: FilterOptions;
  running: boolean;
  onRun: (filters: ReportFilters) => void;
}) {
  const { t } = useTranslation();
  useSigningPolicyWords();
  const dateFormat = useDateFormat();
  const { register, control, handleSubmit } = useForm<FormValues>({ defaultValues: EMPTY });
  const has = (name: ReportFilterName) => takes.includes(name);
  return (
    <form onSubmit={handleSubmit((v) => onRun(toFilters(v, takes)))} data-testid="report-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {has('dateRange') && (
          <>
            <Controller
              control={control}
              name="from"
              render={({ field }) => (
                <DateInput
                  label={t('reports.filters.from')}
                  data-testid="report-from"
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  valueFormat={dateFormat}
                  clearable
                />
              )}
            />
            <Controller
              control={control}
              name="to"
              render={({ field }) => (
                <DateInput
                  label={t('reports.filters.to')}
                  data-testid="report-to"
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  valueFormat={dateFormat}
                  clearable
                />
              )}
            />
          </>
        )}
        {has('period') && (
          <Controller
            control={control}
            name="period"
            render={({ field }) => (
              <Select
                label={t('reports.filters.period')}
                data={ReportPeriod.map((p) => ({ value: p, label: t(`reports.filters.periods.${p}`) }))}
                allowDeselect={false}
                data-testid="report-period"
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'month')}
              />
            )}
          />
        )}
        {has('status') && (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <MultiSelect
                label={t('reports.filters.status')}
                placeholder={field.value.length ? undefined : t('reports.filters.any')}
                data={EpakStatus.filter((s) => s !== 'Deleted').map((s) => ({ value: s, label: s }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {has('policy') && (
          <Controller
            control={control}
            name="policy"
            render={({ field }) => (
              <MultiSelect
                label={t('reports.filters.policy')}
                placeholder={field.value.length ? undefined : t('reports.filters.any')}
                data={signingPolicyOptions(t)}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {has('users') && options.users.length > 0 && (
          <Controller
            control={control}
            name="userIds"
            render={({ field }) => (
              <MultiSelect
                label={t('reports.filters.users')}
                placeholder={field.value.length ? undefined : t('reports.filters.any')}
                data={options.users}
                searchable
                value={field.value}
                onChange={field.onChange}
                data-testid="report-users"
              />
            )}
          />
        )}
        {has('template') && options.templates.length > 0 && (
          <Controller
            control={control}
            name="templateId"
            render={({ field }) => (
              <Select
                label={t('reports.filters.template')}
                data={[{ value: '', label: t('reports.filters.any') }, ...options.templates]}
                searchable
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                data-testid="report-template"
              />
            )}
          />
        )}
        {has('groups') && options.groups.length > 0 && (
          <Controller
            control={control}
            name="groupIds"
            render={({ field }) => (
              <MultiSelect
                label={t('reports.filters.groups')}
                placeholder={field.value.length ? undefined : t('reports.filters.any')}
                data={options.groups}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        {has('quarter') && (
          <TextInput
            label={t('reports.filters.quarter')}
            data-testid="report-quarter"
            {...register('quarter')}
          />
        )}
        {has('tenant') && (
          <Controller
            control={control}
            name="tenantId"
            render={({ field }) => (
              <Select
                label={t('reports.filters.tenant')}
                data={[{ value: '', label: t('reports.filters.allTenants') }, ...options.tenants]}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                data-testid="report-tenant"
              />
            )}
          />
        )}
      </SimpleGrid>
      <Group mt="md">
        <Button type="submit" loading={running} data-testid="report-run">
          {t('reports.run')}
        </Button>
      </Group>
    </form>
  );
}
