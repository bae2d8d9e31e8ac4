import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { WorkflowTemplate } from '@signet/contracts';
import { IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../app/api.ts';
import { attempt, confirm, toast } from '../../../app/feedback.tsx';
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
      {workflows.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text size="sm">{t('common.loading')}</Text>
        </Group>
      ) : list.length === 0 ? (
        <EmptyState
          compact
          icon={<IconRoute stroke={1.5} />}
          title={t('workflows.noWorkflows')}
          action={
            <Button variant="light" onClick={() => setEditing(null)}>
              {t('workflows.newWorkflow')}
            </Button>
          }
        />
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workflows.columns.name')}</Table.Th>
              <Table.Th>{t('workflows.columns.steps')}</Table.Th>
              <Table.Th>{t('workflows.columns.roles')}</Table.Th>
              <Table.Th>{t('workflows.columns.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((w) => (
              <Table.Tr key={w.workflowId} data-testid="workflow-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {w.name}
                  </Text>
                  {!w.shared && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('workflows.private')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label={t('workflows.columns.steps')}>
                  {w.steps.map((s) => t(`compose.stepTypes.${s.type}`)).join(' → ')}
                </Table.Td>
                <Table.Td data-label={t('workflows.columns.roles')}>
                  {rolesOf(w.steps).join(', ') || '—'}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="wrap">
                    <Button size="compact-sm" onClick={() => setUsing(w)} data-testid="workflow-use">
                      {t('workflows.use')}
                    </Button>
                    {mayChange(w) && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setEditing(w)}
                        aria-label={t('workflows.editOf', { name: w.name })}
                        data-testid="workflow-edit"
                      >
                        {t('workflows.edit')}
                      </Button>
                    )}
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => void copy(w)}
                      aria-label={t('workflows.duplicateOf', { name: w.name })}
                      data-testid="workflow-duplicate"
                    >
                      {t('workflows.duplicate')}
                    </Button>
                    {mayChange(w) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => void drop(w)}
                        aria-label={t('workflows.deleteOf', { name: w.name })}
                        data-testid="workflow-delete"
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
