import type { EpakSummary } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import { awaitedStep } from './epak-cards.tsx';

function epak(action: EpakSummary['currentWorkflowStateAction'], pending: string[]): EpakSummary {
  return { currentWorkflowStateAction: action, currentStatePendingSigners: pending } as EpakSummary;
}

describe("a card's one action", () => {
  it('is signing when the current step is a signature the viewer still owes', () => {
    expect(awaitedStep(epak('SIGN', ['Sara@Demo.test']), 'sara@demo.test')).toBe('sign');
  });

  it('is reviewing when the current step is a review the viewer still owes', () => {
    expect(awaitedStep(epak('REVIEW', ['a@x.test', 'sara@demo.test']), 'sara@demo.test')).toBe('review');
  });

  it('is only opening when the step waits for someone else, or is not the viewer’s to act in', () => {
    expect(awaitedStep(epak('SIGN', ['someone@demo.test']), 'sara@demo.test')).toBeNull();
    expect(awaitedStep(epak('EMAIL', ['sara@demo.test']), 'sara@demo.test')).toBeNull();
    expect(awaitedStep(epak(null, []), 'sara@demo.test')).toBeNull();
  });
});
