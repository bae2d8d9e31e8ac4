import {
  Badge,
  Button,
  FileButton,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import type { DocumentTemplate } from '@signet/contracts';
import {
  IconDownload,
  IconFileText,
  IconLock,
  IconPlayerPlay,
  IconShare,
  IconSignature,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
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
  const navigate = useNavigate();
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
      <DataTable
        rows={list}
        loading={templates.isPending}
        loadingLabel={t('common.loading')}
        empty={
          <EmptyState
            compact
            icon={<IconFileText stroke={1.5} />}
            title={t('workflows.noTemplates')}
            text={t('workflows.noTemplatesText')}
            action={
              <FileButton onChange={(f) => void send(f)} accept=".pdf,.doc,.docx,application/pdf">
                {(props) => (
                  <Button {...props} loading={upload.isPending} leftSection={<IconUpload size={16} />}>
                    {t('workflows.upload')}
                  </Button>
                )}
              </FileButton>
            }
            data-testid="templates-empty"
          />
        }
        rowKey={(d) => d.id}
        rowTestId="template-row"
        columns={[
          {
            key: 'name',
            header: t('workflows.columns.name'),
            card: 'title',
            cell: (d) => (
              <Group gap={6} component="span">
                <Text span size="sm" fw={500}>
                  {d.templateName}
                </Text>
                <Badge size="xs" variant="light" color={d.type === 'Shared' ? 'blue' : 'gray'}>
                  {t(`workflows.type.${d.type}`)}
                </Badge>
              </Group>
            ),
          },
          {
            key: 'workflow',
            header: t('workflows.columns.workflow'),
            cell: (d) =>
              mayChange(d) ? (
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
              ),
          },
          {
            key: 'tags',
            header: t('workflows.columns.tags'),
            align: 'right',
            cell: (d) => d.tags.length.toLocaleString(user?.locale),
          },
        ]}
        actionsHeader={t('workflows.columns.actions')}
        actionsLabel={(d) => t('workflows.actionsOf', { name: d.templateName })}
        actionsMenuTestId="template-actions"
        actions={(d) => [
          {
            key: 'use',
            label: t('workflows.use'),
            icon: <IconPlayerPlay size={16} />,
            onClick: () => setUsing(d),
            primary: true,
            'data-testid': 'template-use',
          },
          ...(mayChange(d)
            ? [
                {
                  key: 'tags',
                  label: t('workflows.placeTags'),
                  ariaLabel: t('workflows.placeTagsOf', { name: d.templateName }),
                  icon: <IconSignature size={16} />,
                  onClick: () => navigate(`/workflows?docTemplateId=${d.id}`),
                  'data-testid': 'template-tags',
                },
                {
                  key: 'share',
                  label: d.type === 'Shared' ? t('workflows.unshare') : t('workflows.share'),
                  icon: d.type === 'Shared' ? <IconLock size={16} /> : <IconShare size={16} />,
                  onClick: () => void change(d, { type: d.type === 'Shared' ? 'Owner' : 'Shared' }),
                  'data-testid': 'template-share',
                },
              ]
            : []),
          {
            key: 'export',
            label: t('workflows.export'),
            ariaLabel: t('workflows.exportOf', { name: d.templateName }),
            icon: <IconDownload size={16} />,
            onClick: () => void download(d),
            'data-testid': 'template-export',
          },
          ...(mayChange(d)
            ? [
                {
                  key: 'delete',
                  label: t('workflows.delete'),
                  ariaLabel: t('workflows.deleteOf', { name: d.templateName }),
                  icon: <IconTrash size={16} />,
                  color: 'red',
                  onClick: () => void drop(d),
                  'data-testid': 'template-delete',
                },
              ]
            : []),
        ]}
        data-testid="templates-table"
      />
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
