import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  NavLink,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  isAdminRole,
  type ReportFilters,
  type ReportFormat,
  type ReportId,
  SENDER_ROLES,
} from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { formatDate } from '../../../app/i18n/dates.ts';
import { saveBlob } from '../../bulkcompose/save-blob.ts';
import { useGroups } from '../../dashboard/api.ts';
import {
  fetchReportFile,
  type ReportRequest,
  useReportCatalogue,
  useReportTemplates,
  useReportTenants,
  useReportUsers,
  useRunReport,
} from '../api.ts';
import { ReportChart } from '../components/report-chart.tsx';
import { ReportFiltersForm } from '../components/report-filters-form.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { auditActionLabel, useAuditActionWords } from '../i18n/audit-action-words.ts';
import { reportErrorMessage } from '../report-errors.ts';

const EXPORTS = [
  { format: 'csv', label: 'reports.exportCsv', ext: 'csv' },
  { format: 'xlsx', label: 'reports.exportXlsx', ext: 'xlsx' },
  { format: 'pdf', label: 'reports.exportPdf', ext: 'pdf' },
] as const;

/**
 * /reports (issue 15): the catalogue, the chosen report's filters, a run shown as a table with
 * a chart, and exports (CSV, Excel, PDF) of every row. Not in the phone app's menu (spec §2).
 */
export function ReportsPage() {
  const { t } = useTranslation();
  useAuditActionWords();
  const user = useCurrentUser().data;
  const admin = user ? isAdminRole(user.role) : false;
  const superAdmin = user?.role === 'super_admin';
  const catalogue = useReportCatalogue();
  const groups = useGroups(admin);
  const tenants = useReportTenants(superAdmin);
  const people = useReportUsers(admin);
  const templates = useReportTemplates(user ? SENDER_ROLES.includes(user.role) : false);
  const run = useRunReport();
  const [chosen, setChosen] = useState<ReportId | null>(null);
  const [lastRequest, setLastRequest] = useState<ReportRequest | null>(null);
  const [exporting, setExporting] = useState<ReportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  const reports = catalogue.data ?? [];
  const current = reports.find((r) => r.reportId === chosen) ?? reports[0];
  const reportName = current ? t(`reports.names.${current.reportId}`) : '';
  const columnName = (key: string) => t(`reports.columns.${key}`, { defaultValue: key });
  // The audit extract's actions read as words on screen only: the server's CSV, Excel and PDF
  // exports keep the key, the value the activity log recorded; the cell's title shows it too.
  const isAuditAction = (key: string) => run.data?.reportId === 'auditExtract' && key === 'action';
  const cellText = (key: string, value: string | number | null) => {
    if (value === null) return '—';
    if (key === 'step' && value === 'all') return t('reports.allSteps');
    if (isAuditAction(key)) return auditActionLabel(t, String(value));
    if (typeof value === 'number') return value.toLocaleString(user?.locale);
    return value;
  };

  const choose = (id: ReportId) => {
    setChosen(id);
    setLastRequest(null);
    setExportError(null);
    run.reset();
  };
  const onRun = (filters: ReportFilters) => {
    if (!current) return;
    const request = { reportId: current.reportId, filters };
    setLastRequest(request);
    setExportError(null);
    run.mutate(request);
  };
  const onExport = async (format: (typeof EXPORTS)[number]) => {
    if (!lastRequest || !current) return;
    setExporting(format.format);
    setExportError(null);
    try {
      saveBlob(await fetchReportFile(lastRequest, format.format), `${current.reportId}.${format.ext}`);
    } catch (error) {
      setExportError(reportErrorMessage(t, error));
    } finally {
      setExporting(null);
    }
  };

  const result = run.data;
  return (
    <Stack data-testid="page-reports">
      <Title order={1}>{t('reports.title')}</Title>
      <Text>{t('reports.hint')}</Text>
      {catalogue.isLoading && <Loader aria-label={t('common.loading')} />}
      {catalogue.isError && <Alert color="red">{reportErrorMessage(t, catalogue.error)}</Alert>}
      <Group align="flex-start" wrap="wrap" gap="lg">
        <Paper
          withBorder
          p="xs"
          w={{ base: '100%', sm: 280 }}
          component="nav"
          aria-label={t('reports.catalogue')}
        >
          {reports.map((r) => (
            <NavLink
              key={r.reportId}
              component="button"
              active={r.reportId === current?.reportId}
              label={t(`reports.names.${r.reportId}`)}
              description={
                !r.available ? t('reports.notAvailable') : r.adminOnly ? t('reports.adminOnly') : undefined
              }
              onClick={() => choose(r.reportId)}
              data-testid={`report-${r.reportId}`}
            />
          ))}
        </Paper>
        {current && (
          <Stack style={{ flex: 1, minWidth: 0 }}>
            <Title order={2}>{reportName}</Title>
            {!current.available && (
              <Alert color="gray" data-testid="report-unavailable">
                {t('reports.errors.notAvailable')}
              </Alert>
            )}
            {current.available && (
              <ReportFiltersForm
                key={current.reportId}
                takes={current.filters}
                options={{
                  users: (people.data ?? []).map((u) => ({
                    value: u.id,
                    label: `${u.firstName} ${u.lastName}`.trim()
                      ? `${u.firstName} ${u.lastName} (${u.email})`
                      : u.email,
                  })),
                  groups: (groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName })),
                  templates: (templates.data ?? []).map((w) => ({ value: w.workflowId, label: w.name })),
                  tenants: superAdmin
                    ? (tenants.data ?? []).map((x) => ({ value: x.tenantUuid, label: x.tenantName }))
                    : [],
                }}
                running={run.isPending}
                onRun={onRun}
              />
            )}
            {run.isPending && (
              <Stack gap={4} data-testid="report-running">
                <Text size="sm">{t('reports.running')}</Text>
                <Progress value={100} animated aria-label={t('reports.running')} />
              </Stack>
            )}
            {run.isError && (
              <Alert color="red" data-testid="report-error">
                {reportErrorMessage(t, run.error)}
              </Alert>
            )}
            {result && !run.isPending && (
              <Stack data-testid="report-result">
                <Group justify="space-between">
                  <Group gap="xs">
                    <Badge variant="light" color="blue" data-testid="report-count">
                      {t('reports.rows', { count: result.total })}
                    </Badge>
                    {result.platformWide && <Text size="sm">{t('reports.platformWide')}</Text>}
                  </Group>
                  <Group gap="xs">
                    {EXPORTS.map((e) => (
                      <Button
                        key={e.format}
                        variant="default"
                        loading={exporting === e.format}
                        disabled={exporting !== null && exporting !== e.format}
                        onClick={() => void onExport(e)}
                        data-testid={`report-export-${e.format}`}
                      >
                        {t(e.label)}
                      </Button>
                    ))}
                  </Group>
                </Group>
                {exporting && <Text size="sm">{t('reports.exporting')}</Text>}
                {exportError && (
                  <Alert color="red" data-testid="report-export-error">
                    {exportError}
                  </Alert>
                )}
                {result.truncated && (
                  <Text size="sm">
                    {t('reports.truncated', { shown: result.rows.length, total: result.total })}
                  </Text>
                )}
                {result.rows.length === 0 ? (
                  <Text data-testid="report-empty">{t('reports.empty')}</Text>
                ) : (
                  <>
                    <ReportChart
                      result={result}
                      title={t('reports.chart', { name: reportName })}
                      labelOf={(l) => {
                        // A period (a date column) reads as a date in the user's format, not "2026-10-01".
                        const key = result.chart?.label ?? '';
                        const dated = result.columns.find((c) => c.key === key)?.type === 'date';
                        return dated ? formatDate(l, user ?? {}) || l : cellText(key, l);
                      }}
                      columnName={columnName}
                    />
                    <ReportTable
                      result={result}
                      caption={t('reports.table', { name: reportName })}
                      columnName={columnName}
                      cellText={cellText}
                      cellTitle={(key, value) =>
                        isAuditAction(key) && value !== null ? String(value) : undefined
                      }
                      dateText={(value) => formatDate(value, user ?? {}, value.includes('T'))}
                    />
                  </>
                )}
              </Stack>
            )}
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
