import type { StepType } from '@signet/contracts';

/**
 * What must hold before a draft is saved from the composer, as translation keys: documents (or
 * a document template), and recipients in every step.
 */
export function composeProblems(draft: {
  documents: number;
  documentTemplateId: string | null;
  steps: { type: StepType; recipients: unknown[] }[];
}): string[] {
  const problems: string[] = [];
  if (draft.documents === 0 && !draft.documentTemplateId) problems.push('compose.problems.noDocument');
  if (draft.steps.length === 0) problems.push('compose.problems.noStep');
  if (draft.steps.some((s) => s.recipients.length === 0)) problems.push('compose.problems.emptyStep');
  return problems;
}
