import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { type SigningPolicy, StepType } from '@signet/contracts';
import { useTranslation } from 'react-i18next';
import { useTenantConfiguration } from '../../../app/api.ts';
import {
  signingPolicyOptions,
  useSigningPolicyWords,
} from '../../../app/i18n/signing-policies/signing-policy-words.ts';
import { type RecipientEntry, signerRulesOf } from '../signer-entries.ts';
import { SignerInput } from './signer-input.tsx';
import { StepHeader } from './step-header.tsx';

export interface StepDraft {
  key: string;
  type: StepType;
  signingPolicy: SigningPolicy;
  recipients: RecipientEntry[];
}

export function newStep(type: StepType = 'SIGN', signingPolicy: SigningPolicy = 'ESIGNATURE'): StepDraft {
  return { key: crypto.randomUUID(), type, signingPolicy, recipients: [] };
}

/** Reorders a list: the item at `from` moves to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The workflow: ordered steps, each with its type, signing policy and recipients. Recipients of
 * one step act in parallel; steps run in order.
 */
export function StepsEditor({
  steps,
  onChange,
}: {
  steps: StepDraft[];
  onChange: (next: StepDraft[]) => void;
}) {
  const { t } = useTranslation();
  useSigningPolicyWords();
  const rules = signerRulesOf(useTenantConfiguration().data);
  const set = (i: number, change: Partial<StepDraft>) =>
    onChange(steps.map((s, j) => (j === i ? { ...s, ...change } : s)));
  return (
    <Stack gap="sm">
      {steps.map((step, i) => (
        <Paper key={step.key} withBorder p="sm" data-testid={`step-${i + 1}`}>
          <StepHeader
            index={i}
            count={steps.length}
            onMove={(to) => onChange(moved(steps, i, to))}
            onRemove={() => onChange(steps.filter((_, j) => j !== i))}
          />
          <Group grow align="flex-start">
            <Select
              label={t('compose.stepType')}
              data={StepType.map((type) => ({ value: type, label: t(`compose.stepTypes.${type}`) }))}
              value={step.type}
              allowDeselect={false}
              onChange={(v) => v && set(i, { type: v as StepType })}
              data-testid={`step-${i + 1}-type`}
            />
            <Select
              label={t('compose.signingPolicy')}
              data={signingPolicyOptions(t)}
              value={step.signingPolicy}
              allowDeselect={false}
              disabled={step.type !== 'SIGN' && step.type !== 'INPERSONSIGN'}
              onChange={(v) => v && set(i, { signingPolicy: v as SigningPolicy })}
              data-testid={`step-${i + 1}-policy`}
            />
          </Group>
          <SignerInput
            label={t('compose.recipients')}
            recipients={step.recipients}
            onChange={(recipients) => set(i, { recipients })}
            rules={rules}
            testId={`step-${i + 1}-signers`}
          />
        </Paper>
      ))}
      <Group>
        <Button variant="light" onClick={() => onChange([...steps, newStep()])} data-testid="add-step">
          {t('compose.addStep')}
        </Button>
      </Group>
    </Stack>
  );
}
