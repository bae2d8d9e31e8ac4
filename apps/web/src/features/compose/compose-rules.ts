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

/** A recipient's name as the editor shows it: first and last name, or the email without one. */
export function recipientName(r: { email: string; firstName?: string; lastName?: string }): string {
  return `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim() || r.email;
}

/**
 * The first signer of a signing step without a signature tag on any document (the server refuses
 * the send with -62): who they are (`name` is their name, or their email when they have none)
 * and their step, so the editor can name them and take the custodian to them.
 * A rubber stamp is not a signature (its entry is its own).
 */
export function signerWithoutSignature(
  steps: readonly {
    type: StepType;
    wfOrderId: number;
    recipients: readonly { email: string; firstName: string; lastName: string }[];
  }[],
  tags: readonly { entry: string; userEmail: string; wfsOrderId: number }[],
): { name: string; email: string; wfOrderId: number } | null {
  for (const step of steps) {
    if (step.type !== 'SIGN' && step.type !== 'INPERSONSIGN') continue;
    for (const r of step.recipients) {
      const signed = tags.some(
        (tag) =>
          tag.entry === 'signature' &&
          tag.wfsOrderId === step.wfOrderId &&
          tag.userEmail.toLowerCase() === r.email.toLowerCase(),
      );
      if (!signed) return { name: recipientName(r), email: r.email, wfOrderId: step.wfOrderId };
    }
  }
  return null;
}
