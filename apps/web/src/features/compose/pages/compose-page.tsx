import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Document } from '@signet/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useDateFormat } from '../../../app/api.ts';
import { DateInput } from '../../../app/date-input.ts';
import { showFailure, toast } from '../../../app/feedback.tsx';
import { fieldError } from '../../../app/forms.ts';
import { useRefreshGroupedStamps } from '../../stamppapers/api.ts';
import { isNoStampPaperLeft } from '../../stamppapers/stamp-errors.ts';
import { useCreateEpak, useDocumentTemplates, useWorkflowTemplates } from '../api.ts';
import { ComposeFlowSteps } from '../components/compose-flow-steps.tsx';
import { type StampChoice, StampPaperPicker } from '../components/stamp-paper-picker.tsx';
import { newStep, type StepDraft, StepsEditor } from '../components/steps-editor.tsx';
import { TagEditor } from '../components/tag-editor.tsx';
import { UploadZone } from '../components/upload-zone.tsx';
import { composeProblems } from '../compose-rules.ts';

const DetailsSchema = z.object({
  subject: z.string().trim().max(250),
  message: z.string().max(5000),
  expiresOn: z.date().nullable(),
  reminderIntervalDays: z.number().int().min(0).max(365),
  reminderMax: z.number().int().min(0).max(50),
});
type Details = z.infer<typeof DetailsSchema>;

/**
 * `/compose`: documents, workflow and message make a draft; `/compose?ePakId=…` then places the
 * tags on the draft's documents and sends it.
 */
export function ComposePage() {
  const [params] = useSearchParams();
  const ePakId = params.get('ePakId');
  return ePakId ? <TagEditor ePakId={ePakId} /> : <ComposeForm />;
}

function ComposeForm() {
  const { t } = useTranslation();
  const dateFormat = useDateFormat();
  const navigate = useNavigate();
  const create = useCreateEpak();
  const workflows = useWorkflowTemplates();
  const templates = useDocumentTemplates();
  const location = useLocation();
  // Documents handed over by another screen (a team room's "Start an ePak"), already in the library.
  const [documents, setDocuments] = useState<Document[]>(
    () => (location.state as { documents?: Document[] } | null)?.documents ?? [],
  );
  const [steps, setSteps] = useState<StepDraft[]>([newStep()]);
  const [documentTemplateId, setDocumentTemplateId] = useState<string | null>(null);
  // A stamp paper (state and denomination) put in front of the first document as its page 1.
  const [stampPaper, setStampPaper] = useState<StampChoice | null>(null);
  const refreshStampPapers = useRefreshGroupedStamps();
  const [problems, setProblems] = useState<string[]>([]);
  const form = useForm<Details>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: { subject: '', message: '', expiresOn: null, reminderIntervalDays: 3, reminderMax: 5 },
  });
  const errors = form.formState.errors;

  function applyWorkflow(id: string | null) {
    const template = workflows.data?.find((w) => w.workflowId === id);
    if (!template) return;
    setSteps(
      template.steps.map((s) => ({
        ...newStep(s.type, s.signingPolicy ?? template.signingPolicy),
        // Roles and groups are filled when composing from /workflows; here the people are copied.
        recipients: s.recipients.flatMap((r) =>
          r.kind === 'role' || r.kind === 'group'
            ? []
            : [
                {
                  email: r.email,
                  firstName: r.firstName,
                  middleName: r.middleName,
                  lastName: r.lastName,
                  isNew: false,
                },
              ],
        ),
      })),
    );
  }

  async function save(details: Details) {
    const found = composeProblems({ documents: documents.length, documentTemplateId, steps });
    setProblems(found);
    if (found.length > 0) return;
    try {
      const created = await create.mutateAsync({
        documentIds: documents.map((d) => d.documentId),
        ...(documentTemplateId ? { documentTemplateId } : {}),
        ...(details.subject ? { subject: details.subject } : {}),
        message: details.message,
        expiresOn: details.expiresOn ? details.expiresOn.toISOString() : null,
        reminderIntervalDays: details.reminderIntervalDays,
        reminderMax: details.reminderMax,
        ...(stampPaper && documents[0]
          ? { stampPaper: { ...stampPaper, documentId: documents[0].documentId } }
          : {}),
        signingPolicy: steps.find((s) => s.type === 'SIGN')?.signingPolicy ?? 'ESIGNATURE',
        steps: steps.map((s) => ({
          type: s.type,
          name: '',
          signingPolicy: s.signingPolicy,
          minRequired: null,
          recipients: s.recipients.map(({ isNew: _, ...r }) => r),
        })),
      });
      toast.success(t('compose.draftSaved'));
      void navigate(`/compose?ePakId=${created.ePakId}`);
    } catch (e) {
      // The last paper of the kind went to someone else meanwhile: say so, and show what is left.
      if (isNoStampPaperLeft(e)) {
        toast.error(t('stampPapers.errors.noneLeft'));
        setStampPaper(null);
        void refreshStampPapers();
      } else showFailure(t, e);
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate>
      <Stack data-testid="page-compose">
        <Title order={1} size="h2">
          {t('compose.title')}
        </Title>
        <ComposeFlowSteps active={0} />
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('compose.documents')}
          </Title>
          <UploadZone
            documents={documents}
            onUploaded={(doc) => {
              setDocuments((all) => [...all, doc]);
              // The first document is in: the next job is whom it goes to, so the cursor waits there.
              if (documents.length === 0 && steps[0]?.recipients.length === 0)
                requestAnimationFrame(() =>
                  document.querySelector<HTMLInputElement>('[data-testid="step-1-signers"]')?.focus(),
                );
            }}
            onRemove={(id) => setDocuments((all) => all.filter((d) => d.documentId !== id))}
          />
          <StampPaperPicker
            value={stampPaper}
            onChange={setStampPaper}
            firstDocumentName={documents[0]?.name ?? null}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <Select
              label={t('compose.documentTemplate')}
              data={(templates.data ?? []).map((d) => ({ value: d.id, label: d.templateName }))}
              value={documentTemplateId}
              onChange={setDocumentTemplateId}
              clearable
              data-testid="compose-document-template"
            />
            <Select
              label={t('compose.workflowTemplate')}
              data={(workflows.data ?? []).map((w) => ({ value: w.workflowId, label: w.name }))}
              onChange={applyWorkflow}
              clearable
              data-testid="compose-workflow-template"
            />
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('compose.workflow')}
          </Title>
          <StepsEditor steps={steps} onChange={setSteps} />
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            {t('compose.details')}
          </Title>
          <Stack gap="sm">
            <TextInput
              label={t('compose.subject')}
              description={t('compose.subjectHint')}
              data-testid="compose-subject"
              error={fieldError(t, errors.subject)}
              {...form.register('subject')}
            />
            <Textarea
              label={t('compose.message')}
              autosize
              minRows={2}
              data-testid="compose-message"
              {...form.register('message')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Controller
                control={form.control}
                name="expiresOn"
                render={({ field }) => (
                  <DateInput
                    label={t('compose.expiresOn')}
                    value={field.value}
                    onChange={(v) => field.onChange(v ? new Date(v) : null)}
                    minDate={new Date()}
                    clearable
                    valueFormat={dateFormat}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="reminderIntervalDays"
                render={({ field }) => (
                  <NumberInput
                    label={t('compose.reminderInterval')}
                    min={0}
                    max={365}
                    value={field.value}
                    onChange={(v) => field.onChange(Number(v) || 0)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="reminderMax"
                render={({ field }) => (
                  <NumberInput
                    label={t('compose.reminderMax')}
                    min={0}
                    max={50}
                    value={field.value}
                    onChange={(v) => field.onChange(Number(v) || 0)}
                  />
                )}
              />
            </SimpleGrid>
          </Stack>
        </Card>
        {problems.map((p) => (
          <div key={p} role="alert" data-testid="compose-problem">
            {t(p)}
          </div>
        ))}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="compose-continue">
            {t('compose.continueToTags')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
