import type { EpakStatus, SignerStatus, StepType } from '@signet/contracts';

// The ePak workflow's state as the pure machine (domain/epaks/workflow-machine.ts) reads and
// returns it and as the repository (db/repositories/epaks.ts) loads and saves it. model/ sits below
// both db and domain: it imports only @signet/contracts.

export type StepStatus = 'waiting' | 'current' | 'done';

export interface MachineRecipient {
  id: string;
  userId: string;
  status: SignerStatus;
  /** Set on a delegate: whose place they act in. */
  delegatedFromId: string | null;
  /** Set on a recipient who delegated: who acts for them. */
  delegatedToId: string | null;
}

export interface MachineStep {
  id: string;
  order: number;
  type: StepType;
  /** Recipients who must act for the step to complete; null means all of them. */
  minRequired: number | null;
  status: StepStatus;
  recipients: MachineRecipient[];
}

export interface MachineEpak {
  status: EpakStatus;
  /** Sorted by `order`. */
  steps: MachineStep[];
}
