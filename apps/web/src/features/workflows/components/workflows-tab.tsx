import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { WorkflowTemplate } from '@signet/contracts';
import { IconCopy, IconPencil, IconPlayerPlay, IconPlus, IconRoute, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
import { DataTable } from '../../../ui/components/data-table.tsx';
import { EmptyState } from '../../../ui/components/empty-state.tsx';
import { useDeleteWorkflow, useDuplicateWorkflow, useWorkflows } from '../api.ts';
import { rolesOf } from '../template-drafts.ts';
import { UseTemplateDialog } from './use-template-dialog.tsx';
import { WorkflowDialog } from './workflow-dialog.tsx';

/** The workflow templates the user may use: create, edit, duplicate, delete, compose from one. */
export function WorkflowsTab() {
  const { t } = useTranslation();
  const workflows = useWorkflows();
  const user = useCurrentUser().data;
  const duplicate = useDuplicateWorkflow();
  const remove = useDeleteWorkflow();
  // undefined: closed; null: a new template.
  const [editing, setEditing] = useState<WorkflowTemplate | null | undefined>(undefined);
  const [using, setUsing] = useState<WorkflowTemplate | null>(null);
  const mayChange = (w: WorkflowTemplate) =>
    w.ownerId === user?.id || user?.role === 'admin' || user?.role === 'root';

  async function copy(w: WorkflowTemplate) {
    if (await attempt(t, () => duplicate.mutateAsync(w.workflowId))) toast.success(t('workflows.duplicated'));
  }

  async function drop(w: WorkflowTemplate) {
    if (!(await confirm(t('workflows.deleteConfirm', { name: w.name })))) return;
    if (await attempt(t, () => remove.mutateAsync(w.workflowId))) toast.success(t('workflows.deleted'));
  }

  const list = workflows.data ?? [];
  return (
    <Stack gap="sm" data-testid="workflows-list">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('workflows.workflowsHint')}
        </Text>
        <Button onClick={() => setEditing(null)} data-testid="workflow-new">
          {t('workflows.newWorkflow')}
        </Button>
      </Group>
      <DataTable
        rows={list}
        loading={workflows.isPending}
        loadingLabel={t('common.loading')}
        empty={
          <EmptyState
            compact
            icon={<IconRoute stroke={1.5} />}
            title={t('workflows.noWorkflows')}
            text={t('workflows.noWorkflowsText')}
            action={
              <Button onClick={() => setEditing(null)} leftSection={<IconPlus size={16} />}>
                {t('workflows.newWorkflow')}
              </Button>
            }
            data-testid="workflows-empty"
          />
        }
        rowKey={(w) => w.workflowId}
        rowTestId="workflow-row"
        columns={[
          {
            key: 'name',
            header: t('workflows.columns.name'),
            card: 'title',
            cell: (w) => (
              <Group gap={6} component="span">
                <Text span size="sm" fw={500}>
                  {w.name}
                </Text>
                {!w.shared && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('workflows.private')}
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            key: 'steps',
            header: t('workflows.columns.steps'),
            card: 'subtitle',
            cell: (w) => w.steps.map((s) => t(`compose.stepTypes.${s.type}`)).join(' → '),
          },
          {
            key: 'roles',
            header: t('workflows.columns.roles'),
            cell: (w) => rolesOf(w.steps).join(', ') || '—',
          },
        ]}
        actionsHeader={t('workflows.columns.actions')}
        actionsLabel={(w) => t('workflows.actionsOf', { name: w.name })}
        actionsMenuTestId="workflow-actions"
        actions={(w) => [
          {
            key: 'use',
            label: t('workflows.use'),
            icon: <IconPlayerPlay size={16} />,
            onClick: () => setUsing(w),
            'data-testid': 'workflow-use',
          },
          ...(mayChange(w)
            ? [
                {
                  key: 'edit',
                  label: t('workflows.edit'),
                  ariaLabel: t('workflows.editOf', { name: w.name }),
                  icon: <IconPencil size={16} />,
                  onClick: () => setEditing(w),
                  'data-testid': 'workflow-edit',
                },
              ]
            : []),
          {
            key: 'duplicate',
            label: t('workflows.duplicate'),
            ariaLabel: t('workflows.duplicateOf', { name: w.name }),
            icon: <IconCopy size={16} />,
            onClick: () => void copy(w),
            'data-testid': 'workflow-duplicate',
          },
          ...(mayChange(w)
            ? [
                {
                  key: 'delete',
                  label: t('workflows.delete'),
                  ariaLabel: t('workflows.deleteOf', { name: w.name }),
                  icon: <IconTrash size={16} />,
                  color: 'red',
                  onClick: () => void drop(w),
                  'data-testid': 'workflow-delete',
                },
              ]
            : []),
        ]}
        data-testid="workflows-table"
      />
      {editing !== undefined && (
        <WorkflowDialog
          key={editing?.workflowId ?? 'new'}
          workflow={editing}
          opened
          onClose={() => setEditing(undefined)}
        />
      )}
      {using && <UseTemplateDialog workflow={using} documentTemplate={null} onClose={() => setUsing(null)} />}
    </Stack>
  );
}
