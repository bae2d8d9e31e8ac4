import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import type { DocumentTemplate, WorkflowTemplate } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../app/error-message.ts';
import { toast } from '../../../app/feedback.tsx';
import { type EditorRecipient, TagEditorSurface } from '../../compose/components/tag-editor-surface.tsx';
import type { EditorTag } from '../../compose/tag-editor-state.ts';
import { useDocumentTemplate, useUpdateDocumentTemplate, useWorkflows } from '../api.ts';
import { editorTagOf, slotEmail, tagSlotsOf, templateTagsOf } from '../template-drafts.ts';

/**
 * The tag editor of compose on a document template: tags are placed once, for each role or
 * person of the paired workflow, and land on the people chosen whenever the template is used.
 */
export function TemplateTagEditor({ docTemplateId }: { docTemplateId: string }) {
  const { t } = useTranslation();
  const template = useDocumentTemplate(docTemplateId);
  const workflows = useWorkflows();
  if (template.isError) return <Text c="red.8">{errorMessage(t, template.error)}</Text>;
  if (!template.data || !workflows.data) return <Loader aria-label={t('common.loading')} />;
  const workflow = workflows.data.find((w) => w.workflowId === template.data.workflowTemplateId);
  if (!workflow)
    return (
      <Stack>
        <Alert color="yellow" data-testid="template-needs-workflow">
          {t('workflows.tagsNeedWorkflow')}
        </Alert>
        <Button component={Link} to="/workflows?tab=documents" variant="default" w="fit-content">
          {t('workflows.back')}
        </Button>
      </Stack>
    );
  return <LoadedTemplateEditor template={template.data} workflow={workflow} />;
}

function LoadedTemplateEditor({
  template,
  workflow,
}: {
  template: DocumentTemplate;
  workflow: WorkflowTemplate;
}) {
  const { t } = useTranslation();
  const update = useUpdateDocumentTemplate();
  const documents = template.documents.map((d) => ({
    id: d.documentId,
    name: d.name,
    pages: d.pages,
    path: `/v1/document/download?docId=${d.documentId}`,
  }));
  const recipients: EditorRecipient[] = tagSlotsOf(workflow.steps).map((slot) => {
    const email = slotEmail(slot.signerIndex);
    const name = slot.kind === 'role' ? t('workflows.roleName', { role: slot.name }) : slot.name;
    return {
      key: `${slot.wfsOrderId}:${email}`,
      email,
      wfsOrderId: slot.wfsOrderId,
      detail: t('compose.stepNumber', { n: slot.wfsOrderId }),
      name,
    };
  });
  const initialTags: Record<string, EditorTag[]> = {};
  template.documents.forEach((d, position) => {
    initialTags[d.documentId] = template.tags
      .filter((tag) => tag.documentPosition === position)
      .map(editorTagOf)
      .filter((tag): tag is EditorTag => tag !== null);
  });

  return (
    <Stack data-testid="template-tag-editor">
      <Button component={Link} to="/workflows?tab=documents" variant="subtle" w="fit-content" px={0}>
        {t('workflows.back')}
      </Button>
      <TagEditorSurface
        title={t('workflows.tagsTitle', { name: template.templateName })}
        documents={documents}
        recipients={recipients}
        initialTags={initialTags}
        actions={[
          {
            label: t('common.save'),
            testId: 'template-tags-save',
            primary: true,
            run: async (tags) => {
              await update.mutateAsync({
                id: template.id,
                change: { tags: templateTagsOf(template.documents.map((d) => tags[d.documentId] ?? [])) },
              });
              toast.success(t('workflows.saved'));
            },
          },
        ]}
      />
    </Stack>
  );
}
