import { Button, Modal, Group as Row, Stack, Text, TextInput } from '@mantine/core';
import { type Document, type DocumentTemplate, EmailSchema, type WorkflowTemplate } from '@signet/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeButtonProps, showFailure, toast } from '../../../app/feedback.tsx';
import { UploadZone } from '../../compose/components/upload-zone.tsx';
import { useComposeFromTemplate } from '../api.ts';
import { rolesOf } from '../template-drafts.ts';

/**
 * Composes an ePak from a document template (its documents, tags and workflow) or a workflow
 * template (with documents uploaded here), asking for the person of each role. The draft then
 * opens in the tag editor, where the composer checks the tags and sends it.
 */
export function UseTemplateDialog({
  documentTemplate,
  workflow,
  onClose,
}: {
  documentTemplate: DocumentTemplate | null;
  /** The workflow the ePak follows: the document template's, or the one chosen. */
  workflow: WorkflowTemplate | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const compose = useComposeFromTemplate();
  const roles = workflow ? rolesOf(workflow.steps) : [];
  const [emails, setEmails] = useState<Record<string, string>>({});
  const [subject, setSubject] = useState(documentTemplate?.templateName ?? '');
  const [documents, setDocuments] = useState<Document[]>([]);
  const [tried, setTried] = useState(false);
  const invalid = (role: string) => !EmailSchema.safeParse((emails[role] ?? '').trim()).success;
  const needsDocuments = !documentTemplate;
  const name = documentTemplate?.templateName ?? workflow?.name ?? '';

  async function submit() {
    setTried(true);
    if (roles.some(invalid) || (needsDocuments && documents.length === 0)) return;
    try {
      const created = await compose.mutateAsync({
        ...(documentTemplate ? { documentTemplateId: documentTemplate.id } : {}),
        ...(workflow ? { workflowTemplateId: workflow.workflowId } : {}),
        documentIds: documents.map((d) => d.documentId),
        ...(subject.trim() ? { subject: subject.trim() } : {}),
        roleRecipients: roles.map((role) => ({
          role,
          email: (emails[role] ?? '').trim(),
          firstName: '',
          middleName: '',
          lastName: '',
        })),
      });
      toast.success(t('compose.draftSaved'));
      void navigate(`/compose?ePakId=${created.ePakId}`);
    } catch (e) {
      showFailure(t, e);
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('workflows.useTitle', { name })}
      closeButtonProps={closeButtonProps()}
      data-testid="use-template-dialog"
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
            label={t('compose.subject')}
            value={subject}
            onChange={(e) => setSubject(e.currentTarget.value)}
            maxLength={250}
            data-testid="use-subject"
          />
          {needsDocuments && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('compose.documents')}
              </Text>
              <UploadZone
                documents={documents}
                onUploaded={(doc) => setDocuments((all) => [...all, doc])}
                onRemove={(id) => setDocuments((all) => all.filter((d) => d.documentId !== id))}
              />
              {tried && documents.length === 0 && (
                <Text size="sm" c="red.8" role="alert">
                  {t('compose.problems.noDocument')}
                </Text>
              )}
            </Stack>
          )}
          {roles.length > 0 ? (
            <Stack gap="xs">
              <Text size="sm">{t('workflows.fillRoles')}</Text>
              {roles.map((role, i) => (
                <TextInput
                  key={role}
                  type="email"
                  label={t('workflows.roleEmail', { role })}
                  value={emails[role] ?? ''}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    setEmails((all) => ({ ...all, [role]: value }));
                  }}
                  error={tried && invalid(role) ? t('validation.email') : undefined}
                  required
                  data-testid={`use-role-${i + 1}`}
                />
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('workflows.noRoles')}
            </Text>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={compose.isPending} data-testid="use-compose">
              {t('workflows.composeAndPlace')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
