import { Alert, Badge, Box, Button, Card, Group, Loader, Progress, Select, Stack, Text } from '@mantine/core';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showFailure } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { FileDropzone } from '../../../ui/components/file-dropzone.tsx';
import { FlowSteps } from '../../../ui/components/flow-steps.tsx';
import { PageHeader } from '../../../ui/components/page-header.tsx';
import { type StampChoice, StampPaperPicker } from '../../compose/components/stamp-paper-picker.tsx';
import { fetchHeader, useBulkLayout, useBulkTemplates, useStartBulkCompose } from '../api.ts';
import { BulkRunCard } from '../components/bulk-run-card.tsx';
import { uploadFailure } from '../row-reason.ts';
import { saveBlob } from '../save-blob.ts';

/** A CSV as browsers name it (Excel's own type on Windows). */
const CSV_TYPES = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

/**
 * `/bulkcompose` (spec §2, issue 13): pick a document template with a workflow, download its CSV
 * header, upload one row per ePak; the run's progress comes over the notification socket, and
 * failed rows come back as a CSV to fix and upload again.
 */
export function BulkComposePage() {
  const { t } = useTranslation();
  const templates = useBulkTemplates();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const layout = useBulkLayout(templateId);
  const start = useStartBulkCompose();
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const [stampPaper, setStampPaper] = useState<StampChoice | null>(null);

  async function downloadHeader() {
    if (!templateId || !layout.data) return;
    try {
      saveBlob(await fetchHeader(templateId), `${layout.data.templateName}.csv`);
    } catch (e) {
      showFailure(t, e);
    }
  }

  async function send() {
    if (!templateId || !file) return;
    setError(null);
    setUploaded(0);
    try {
      const run = await start.mutateAsync({
        docTemplateId: templateId,
        file,
        stampPaper,
        onProgress: setUploaded,
      });
      setRunId(run.runId);
      setFile(null);
    } catch (e) {
      if (!isHandled(e)) setError(uploadFailure(t, e));
    } finally {
      setUploaded(null);
    }
  }

  const options = (templates.data ?? []).map((d) => ({ value: d.id, label: d.templateName }));
  return (
    <Stack data-testid="page-bulkcompose">
      <PageHeader title={t('bulkcompose.title')} description={t('bulkcompose.hint')} />
      <FlowSteps
        label={t('bulkcompose.flow.label')}
        active={runId ? 2 : templateId ? 1 : 0}
        data-testid="bulk-flow"
        steps={[
          { label: t('bulkcompose.flow.template'), description: t('bulkcompose.flow.templateHint') },
          { label: t('bulkcompose.flow.file'), description: t('bulkcompose.flow.fileHint') },
          { label: t('bulkcompose.flow.sending'), description: t('bulkcompose.flow.sendingHint') },
        ]}
      />
      {templates.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('bulkcompose.loading')}</Text>
        </Group>
      ) : options.length === 0 ? (
        <Card withBorder>
          <EmptyState
            icon={<IconTemplate stroke={1.5} />}
            title={t('bulkcompose.noTemplates')}
            text={t('bulkcompose.noTemplatesText')}
            action={
              <Button component={Link} to="/workflows?tab=documents">
                {t('bulkcompose.openWorkflows')}
              </Button>
            }
            data-testid="bulk-no-templates"
          />
        </Card>
      ) : (
        <Select
          label={t('bulkcompose.template')}
          placeholder={t('bulkcompose.templatePlaceholder')}
          data={options}
          value={templateId}
          onChange={(v) => {
            setTemplateId(v);
            setError(null);
          }}
          searchable
          data-testid="bulk-template"
          maw={480}
        />
      )}
      {layout.data ? (
        <Card withBorder data-testid="bulk-layout">
          <Stack gap="sm">
            <Text fw={600}>{t('bulkcompose.roles')}</Text>
            <Group gap="xs">
              {layout.data.roles.map((r) => (
                <Badge key={r.name} variant="light" tt="none">
                  {r.name} · {t('bulkcompose.roleSteps', { steps: r.steps.map((s) => s.order).join(', ') })}
                </Badge>
              ))}
            </Group>
            <Text fw={600}>{t('bulkcompose.fields')}</Text>
            {layout.data.fields.length === 0 ? (
              <Text size="sm">{t('bulkcompose.noFields')}</Text>
            ) : (
              <Group gap="xs">
                {layout.data.fields.map((f) => (
                  <Badge key={f.name} variant="outline" tt="none">
                    {f.name}
                  </Badge>
                ))}
              </Group>
            )}
            <Group>
              <Button variant="light" onClick={downloadHeader} data-testid="bulk-download-header">
                {t('bulkcompose.downloadHeader')}
              </Button>
            </Group>
            <StampPaperPicker value={stampPaper} onChange={setStampPaper} firstDocumentName={null} perRow />
            <Box maw={560}>
              <FileDropzone
                label={t('bulkcompose.file')}
                hint={t('bulkcompose.fileHint')}
                accept={CSV_TYPES}
                value={file}
                onChange={setFile}
                compact
                data-testid="bulk-file"
              />
            </Box>
            {uploaded !== null ? (
              <Progress
                value={Math.round(uploaded * 100)}
                aria-label={t('bulkcompose.uploading', { percent: Math.round(uploaded * 100) })}
              />
            ) : null}
            {error ? (
              <Alert color="red" role="alert" data-testid="bulk-upload-error">
                {error}
              </Alert>
            ) : null}
            <Group>
              <Button onClick={send} disabled={!file} loading={start.isPending} data-testid="bulk-upload">
                {t('bulkcompose.upload')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : templateId && layout.isPending ? (
        <Loader size="sm" />
      ) : null}
      {runId ? <BulkRunCard key={runId} runId={runId} /> : null}
    </Stack>
  );
}
