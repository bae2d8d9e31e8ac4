import {
  Button,
  Modal,
  NumberInput,
  Group as Row,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { WorkflowTemplate } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attempt, closeButtonProps, toast } from '../../../app/feedback.tsx';
import { useSaveWorkflow } from '../api.ts';
import {
  draftOf,
  inputOf,
  newWorkflowDraft,
  type WorkflowDraft,
  workflowProblems,
} from '../template-drafts.ts';
import { TemplateStepsEditor } from './template-steps-editor.tsx';

/**
 * Creates or edits a workflow template: name, description, shared with the tenant or not, the
 * reminders and expiry its ePaks take, and its steps.
 */
export function WorkflowDialog({
  workflow,
  opened,
  onClose,
}: {
  /** null: a new template. */
  workflow: WorkflowTemplate | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWorkflow();
  const [draft, setDraft] = useState<WorkflowDraft>(() =>
    workflow ? draftOf(workflow) : newWorkflowDraft(),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const set = (change: Partial<WorkflowDraft>) => setDraft((d) => ({ ...d, ...change }));

  async function submit() {
    const found = workflowProblems(draft);
    setProblems(found);
    if (found.length > 0) return;
    const ok = await attempt(t, () =>
      save.mutateAsync({ id: workflow?.workflowId ?? null, input: inputOf(draft) }),
    );
    if (ok) {
      toast.success(t('workflows.saved'));
      onClose();
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={
        workflow ? t('workflows.editor.editTitle', { name: workflow.name }) : t('workflows.editor.newTitle')
      }
      closeButtonProps={closeButtonProps()}
      data-testid="workflow-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack>
          <TextInput
            label={t('workflows.editor.name')}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            maxLength={200}
            required
            data-autofocus
            data-testid="workflow-name"
          />
          <Textarea
            label={t('workflows.editor.description')}
            value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            autosize
            minRows={1}
            maxLength={2000}
          />
          <Switch
            label={t('workflows.editor.shared')}
            description={t('workflows.editor.sharedHint')}
            checked={draft.shared}
            onChange={(e) => set({ shared: e.currentTarget.checked })}
            data-testid="workflow-shared"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label={t('compose.reminderInterval')}
              min={0}
              max={365}
              value={draft.reminderIntervalDays}
              onChange={(v) => set({ reminderIntervalDays: Number(v) || 0 })}
              data-testid="workflow-reminder-interval"
            />
            <NumberInput
              label={t('compose.reminderMax')}
              min={0}
              max={50}
              value={draft.reminderMax}
              onChange={(v) => set({ reminderMax: Number(v) || 0 })}
              data-testid="workflow-reminder-max"
            />
            <NumberInput
              label={t('workflows.editor.expiryDays')}
              description={t('workflows.editor.expiryDaysHint')}
              min={1}
              max={3650}
              value={draft.expiryDays ?? ''}
              onChange={(v) => set({ expiryDays: v === '' ? null : Number(v) || null })}
              data-testid="workflow-expiry-days"
            />
          </SimpleGrid>
          <TemplateStepsEditor steps={draft.steps} onChange={(steps) => set({ steps })} />
          {problems.map((p) => (
            <div key={p} role="alert" data-testid="workflow-problem">
              {t(p)}
            </div>
          ))}
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="workflow-save">
              {t('common.save')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
