import {
  Alert,
  Button,
  Modal,
  Group as Row,
  Select,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { WEBFORM_TEMPLATE_WORKFLOW, WebformInputNameSchema, type WebformMapping } from '@signet/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeButtonProps, toast } from '../../../app/feedback.tsx';
import { isHandled } from '../../../app/session/client.ts';
import { useDocumentTemplates, useWorkflowTemplates } from '../../compose/api.ts';
import { useSaveWebform } from '../api.ts';
import { webformErrorMessage } from '../webform-errors.ts';
import { decodeTarget, defaultTarget, encodeTarget, targetChoices } from '../webform-targets.ts';

/** The select's value for an input that fills nothing (decodes to no target). */
const NONE = 'none';

interface Props {
  /** The mapping to edit; null makes a new one. */
  mapping: WebformMapping | null;
  onClose: () => void;
}

/** Create or edit a mapping: template, workflow, the form's input names and what each fills. */
export function WebformEditor({ mapping, onClose }: Props) {
  const { t } = useTranslation();
  const templates = useDocumentTemplates();
  const workflows = useWorkflowTemplates();
  const save = useSaveWebform();
  const [name, setName] = useState(mapping?.name ?? '');
  const [documentId, setDocumentId] = useState<string | null>(mapping?.documentId ?? null);
  const [workflowId, setWorkflowId] = useState<string | null>(
    mapping ? (mapping.workflowId ?? WEBFORM_TEMPLATE_WORKFLOW) : null,
  );
  const [inputs, setInputs] = useState<string[]>(mapping?.htmlInputFilenames ?? []);
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(mapping?.targets ?? {}).map(([k, v]) => [k, encodeTarget(v)])),
  );
  const [error, setError] = useState<string | null>(null);

  const template = templates.data?.find((x) => x.id === documentId);
  const ownWorkflow = workflows.data?.find((w) => w.workflowId === template?.workflowTemplateId);
  const effectiveWorkflowId =
    workflowId === WEBFORM_TEMPLATE_WORKFLOW ? template?.workflowTemplateId : workflowId;
  const workflow = workflows.data?.find((w) => w.workflowId === effectiveWorkflowId);
  const choices = useMemo(
    () => targetChoices(template?.tags ?? [], workflow?.steps ?? []),
    [template, workflow],
  );
  const targetOf = (input: string) => chosen[input] ?? defaultTarget(input, choices.fields);
  const badInput = inputs.find((n) => !WebformInputNameSchema.safeParse(n).success);

  const targetData = [
    { value: NONE, label: t('webforms.targetNone') },
    ...(choices.fields.length > 0
      ? [
          {
            group: t('webforms.groupFields'),
            items: choices.fields.map((f) => ({
              value: encodeTarget({ kind: 'field', field: f }),
              label: f,
            })),
          },
        ]
      : []),
    {
      group: t('webforms.groupRecipients'),
      items: choices.recipients.map((r) => ({
        value: r.value,
        label: t('webforms.recipientPart', {
          step: r.step,
          stepName: r.stepName,
          n: r.index + 1,
          part: t(`webforms.parts.${r.part}`),
        }),
      })),
    },
    { group: t('webforms.groupOther'), items: [{ value: 'subject', label: t('webforms.targetSubject') }] },
  ];

  const workflowData = [
    ...(ownWorkflow
      ? [
          {
            value: WEBFORM_TEMPLATE_WORKFLOW,
            label: t('webforms.templateWorkflow', { name: ownWorkflow.name }),
          },
        ]
      : []),
    ...(workflows.data ?? []).map((w) => ({ value: w.workflowId, label: w.name })),
  ];

  async function submit() {
    if (!documentId || !workflowId || badInput) return;
    setError(null);
    const targets = Object.fromEntries(
      inputs.flatMap((input) => {
        const target = decodeTarget(targetOf(input));
        return target ? [[input, target] as const] : [];
      }),
    );
    try {
      await save.mutateAsync({
        ...(mapping ? { mappingId: mapping.mappingId } : {}),
        name: name.trim(),
        documentId,
        workflowId,
        inputNames: inputs,
        targets,
      });
      toast.success(t('webforms.saved'));
      onClose();
    } catch (e) {
      // Shown in the dialog, next to what has to change.
      if (!isHandled(e)) setError(webformErrorMessage(t, e));
    }
  }

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={mapping ? t('webforms.editTitle', { name: mapping.name }) : t('webforms.createTitle')}
      closeButtonProps={closeButtonProps()}
      data-testid="webform-editor"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('webforms.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={200}
            required
            data-autofocus
            data-testid="webform-name"
          />
          <Select
            label={t('webforms.document')}
            placeholder={t('webforms.documentPlaceholder')}
            data={(templates.data ?? []).map((x) => ({ value: x.id, label: x.templateName }))}
            value={documentId}
            onChange={(v) => {
              setDocumentId(v);
              const own = templates.data?.find((x) => x.id === v)?.workflowTemplateId;
              if (own && !workflowId) setWorkflowId(WEBFORM_TEMPLATE_WORKFLOW);
            }}
            searchable
            required
            data-testid="webform-document"
          />
          <Select
            label={t('webforms.workflow')}
            placeholder={t('webforms.workflowPlaceholder')}
            data={workflowData}
            value={workflowId}
            onChange={setWorkflowId}
            searchable
            required
            data-testid="webform-workflow"
          />
          <TagsInput
            label={t('webforms.inputs')}
            description={t('webforms.inputsHint')}
            value={inputs}
            onChange={setInputs}
            error={badInput ? t('webforms.inputsInvalid', { name: badInput }) : undefined}
            splitChars={[',', ' ']}
            clearable
            data-testid="webform-inputs"
          />
          <Title order={3} size="h5">
            {t('webforms.fills')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webforms.fillsHint')}
          </Text>
          {inputs.length === 0 ? (
            <Text size="sm">{t('webforms.noInputs')}</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webforms.input')}</Table.Th>
                  <Table.Th>{t('webforms.target')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {inputs.map((input) => (
                  <Table.Tr key={input} data-testid="webform-input-row" data-input={input}>
                    <Table.Td>
                      <code>{input}</code>
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={t('webforms.targetFor', { name: input })}
                        data={targetData}
                        value={targetOf(input) || NONE}
                        onChange={(v) => setChosen((c) => ({ ...c, [input]: String(v ?? NONE) }))}
                        allowDeselect={false}
                        data-testid="webform-target"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="webform-error">
              {error}
            </Alert>
          )}
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!name.trim() || !documentId || !workflowId || inputs.length === 0 || !!badInput}
              data-testid="webform-save"
            >
              {t('webforms.save')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
