import {
  Badge,
  Button,
  FileButton,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { DocumentTemplate } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import {
  exportTemplate,
  useDeleteDocumentTemplate,
  useDocumentTemplates,
  useImportTemplate,
  useUpdateDocumentTemplate,
  useUploadDocumentTemplate,
  useWorkflows,
} from '../api.ts';
import { DocuSignImport } from './docusign-import.tsx';
import { UseTemplateDialog } from './use-template-dialog.tsx';

type Filter = 'All' | 'Owner' | 'Shared';

/**
 * Document templates: upload one (with progress), pair it with a workflow template, place its
 * tags in the tag editor, share it, export it as a zip or import one, compose from it. The
 * filter shows the user's own (type Owner) or the shared ones.
 */
export function DocumentsTab() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('All');
  const templates = useDocumentTemplates(filter);
  const workflows = useWorkflows();
  const user = useCurrentUser().data;
  const upload = useUploadDocumentTemplate();
  const update = useUpdateDocumentTemplate();
  const remove = useDeleteDocumentTemplate();
  const importZip = useImportTemplate();
  const [progress, setProgress] = useState<number | null>(null);
  const [using, setUsing] = useState<DocumentTemplate | null>(null);
  const mayChange = (d: DocumentTemplate) =>
    d.ownerId === user?.id || user?.role === 'admin' || user?.role === 'root';
  const workflowData = (workflows.data ?? []).map((w) => ({ value: w.workflowId, label: w.name }));

  async function send(file: File | null) {
    if (!file) return;
    setProgress(0);
    const ok = await attempt(t, () =>
      upload.mutateAsync({ file, templateName: file.name.replace(/\.[^.]+$/, ''), onProgress: setProgress }),
    );
    setProgress(null);
    if (ok) toast.success(t('workflows.uploaded'));
  }

  async function receive(file: File | null) {
    if (!file) return;
    if (await attempt(t, () => importZip.mutateAsync(file))) toast.success(t('workflows.imported'));
  }

  async function change(d: DocumentTemplate, patch: Parameters<typeof update.mutateAsync>[0]['change']) {
    if (await attempt(t, () => update.mutateAsync({ id: d.id, change: patch })))
      toast.success(t('workflows.saved'));
  }

  async function drop(d: DocumentTemplate) {
    if (!(await confirm(t('workflows.deleteConfirm', { name: d.templateName })))) return;
    if (await attempt(t, () => remove.mutateAsync(d.id))) toast.success(t('workflows.deleted'));
  }

  async function download(d: DocumentTemplate) {
    if (await attempt(t, () => exportTemplate(d))) toast.success(t('workflows.exported'));
  }

  const list = templates.data ?? [];
  return (
    <Stack gap="sm" data-testid="document-templates">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as Filter)}
          data={(['All', 'Owner', 'Shared'] as const).map((v) => ({
            value: v,
            label: t(`workflows.filter.${v}`),
          }))}
          aria-label={t('workflows.filter.label')}
          data-testid="templates-filter"
        />
        <Group gap="xs">
          <DocuSignImport />
          <FileButton onChange={(f) => void receive(f)} accept=".zip,application/zip">
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={importZip.isPending}
                data-testid="template-import"
              >
                {t('workflows.import')}
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(f) => void send(f)} accept=".pdf,.doc,.docx,application/pdf">
            {(props) => (
              <Button {...props} loading={upload.isPending} data-testid="template-upload">
                {t('workflows.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {progress !== null && (
        <Progress
          value={progress * 100}
          aria-label={t('workflows.uploading')}
          data-testid="template-upload-progress"
        />
      )}
      {templates.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      ) : list.length === 0 ? (
        <Text size="sm">{t('workflows.noTemplates')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workflows.columns.name')}</Table.Th>
              <Table.Th>{t('workflows.columns.workflow')}</Table.Th>
              <Table.Th>{t('workflows.columns.tags')}</Table.Th>
              <Table.Th>{t('workflows.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.id} data-testid="template-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.templateName}
                  </Text>
                  <Badge size="xs" variant="light" color={d.type === 'Shared' ? 'blue' : 'gray'}>
                    {t(`workflows.type.${d.type}`)}
                  </Badge>
                </Table.Td>
                <Table.Td data-label={t('workflows.columns.workflow')}>
                  {mayChange(d) ? (
                    <Select
                      aria-label={t('workflows.pairWith', { name: d.templateName })}
                      data={workflowData}
                      value={d.workflowTemplateId}
                      onChange={(v) => void change(d, { workflowTemplateId: v })}
                      clearable
                      size="xs"
                      data-testid="template-workflow"
                    />
                  ) : (
                    (workflowData.find((w) => w.value === d.workflowTemplateId)?.label ?? '—')
                  )}
                </Table.Td>
                <Table.Td data-label={t('workflows.columns.tags')}>{d.tags.length}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="wrap">
                    <Button size="compact-sm" onClick={() => setUsing(d)} data-testid="template-use">
                      {t('workflows.use')}
                    </Button>
                    {mayChange(d) && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        component={Link}
                        to={`/workflows?docTemplateId=${d.id}`}
                        aria-label={t('workflows.placeTagsOf', { name: d.templateName })}
                        data-testid="template-tags"
                      >
                        {t('workflows.placeTags')}
                      </Button>
                    )}
                    {mayChange(d) && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => void change(d, { type: d.type === 'Shared' ? 'Owner' : 'Shared' })}
                        data-testid="template-share"
                      >
                        {d.type === 'Shared' ? t('workflows.unshare') : t('workflows.share')}
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => void download(d)}
                      aria-label={t('workflows.exportOf', { name: d.templateName })}
                      data-testid="template-export"
                    >
                      {t('workflows.export')}
                    </Button>
                    {mayChange(d) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => void drop(d)}
                        aria-label={t('workflows.deleteOf', { name: d.templateName })}
                        data-testid="template-delete"
                      >
                        {t('workflows.delete')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {using && (
        <UseTemplateDialog
          documentTemplate={using}
          workflow={workflows.data?.find((w) => w.workflowId === using.workflowTemplateId) ?? null}
          onClose={() => setUsing(null)}
        />
      )}
    </Stack>
  );
}
