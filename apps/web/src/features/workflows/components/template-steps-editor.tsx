import { Button, Group, MultiSelect, Paper, Select, Stack, TagsInput } from '@mantine/core';
import { type SigningPolicy, StepType } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import {
  signingPolicyOptions,
  useSigningPolicyWords,
} from '../../../app/i18n/signing-policies/signing-policy-words.ts';
import { useGroups } from '../../admin/groups-api.ts';
import { SignerInput } from '../../compose/components/signer-input.tsx';
import { StepHeader } from '../../compose/components/step-header.tsx';
import { moved } from '../../compose/components/steps-editor.tsx';
import { signerRulesOf } from '../../compose/signer-entries.ts';
import { newStepDraft, type StepDraft } from '../template-drafts.ts';

/**
 * A workflow template's steps: type, signing policy and who acts — roles to fill at compose,
 * people, and groups that become their members at compose. Steps run in order; the recipients
 * of one step act in parallel.
 */
export function TemplateStepsEditor({
  steps,
  onChange,
}: {
  steps: StepDraft[];
  onChange: (next: StepDraft[]) => void;
}) {
  const { t } = useTranslation();
  useSigningPolicyWords();
  const rules = signerRulesOf(useTenantConfiguration().data);
  const groups = useGroups();
  const set = (i: number, change: Partial<StepDraft>) =>
    onChange(steps.map((s, j) => (j === i ? { ...s, ...change } : s)));
  const groupData = (groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }));
  return (
    <Stack gap="sm">
      {steps.map((step, i) => (
        <Paper key={step.key} withBorder p="sm" data-testid={`wf-step-${i + 1}`}>
          <StepHeader
            index={i}
            count={steps.length}
            onMove={(to) => onChange(moved(steps, i, to))}
            onRemove={() => onChange(steps.filter((_, j) => j !== i))}
          />
          <Stack gap="xs">
            <Group grow align="flex-start">
              <Select
                label={t('compose.stepType')}
                data={StepType.map((type) => ({ value: type, label: t(`compose.stepTypes.${type}`) }))}
                value={step.type}
                allowDeselect={false}
                onChange={(v) => v && set(i, { type: v as StepType })}
                data-testid={`wf-step-${i + 1}-type`}
              />
              <Select
                label={t('compose.signingPolicy')}
                data={signingPolicyOptions(t)}
                value={step.signingPolicy}
                allowDeselect={false}
                disabled={step.type !== 'SIGN' && step.type !== 'INPERSONSIGN'}
                onChange={(v) => v && set(i, { signingPolicy: v as SigningPolicy })}
                data-testid={`wf-step-${i + 1}-policy`}
              />
            </Group>
            <TagsInput
              label={t('workflows.editor.roles')}
              description={t('workflows.editor.rolesHint')}
              value={step.roles}
              onChange={(roles) => set(i, { roles: roles.map((r) => r.trim()).filter(Boolean) })}
              maxLength={100}
              acceptValueOnBlur
              splitChars={[',', ';']}
              data-testid={`wf-step-${i + 1}-roles`}
            />
            <SignerInput
              label={t('workflows.editor.people')}
              recipients={step.people}
              onChange={(people) => set(i, { people })}
              rules={rules}
              testId={`wf-step-${i + 1}-people`}
            />
            {groupData.length > 0 && (
              <MultiSelect
                label={t('workflows.editor.groups')}
                description={t('workflows.editor.groupsHint')}
                data={groupData}
                value={step.groups.map((g) => g.groupId)}
                onChange={(ids) =>
                  set(i, {
                    groups: ids.map((groupId) => ({
                      groupId,
                      groupName: groupData.find((g) => g.value === groupId)?.label ?? '',
                    })),
                  })
                }
                searchable
                data-testid={`wf-step-${i + 1}-groups`}
              />
            )}
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() => onChange([...steps, newStepDraft()])}
          data-testid="wf-add-step"
        >
          {t('compose.addStep')}
        </Button>
      </Group>
    </Stack>
  );
}
