import { Code, type EpakStatus, type SignerStatus, type StepType } from '@signet/contracts';
import type { MachineEpak, MachineRecipient, MachineStep } from '../../model/workflow-state.ts';
import { AppError } from '../app-error.ts';

/**
 * The ePak workflow as a pure function `(epak, event) → {epak, effects}` (DOMAIN.md "ePak
 * status" and "Recipient status"). Every status the server stores follows from here; the use
 * cases only load, call `transition`, save and carry out the effects.
 *
 * Invariants (tested with fast-check in workflow-machine.test.ts):
 * - while InProgress or Stopped exactly one step is current, the ones before it are done and the
 *   ones after it are waiting with every recipient NotRequired;
 * - only recipients of the current step are Pending or DelegatePending;
 * - the ePak is Completed exactly when every step has its required actions;
 * - Completed, Rejected, Expired, Deleted and Archived accept no recipient action.
 */

// The state's types live in model/ so that the repository storing it (db/repositories/epaks.ts)
// need not import the domain; they are re-exported as part of the machine's interface.
export type { MachineEpak, MachineRecipient, MachineStep, StepStatus } from '../../model/workflow-state.ts';

export type WorkflowEvent =
  | { type: 'start' }
  | { type: 'act'; recipientId: string; action: 'sign' | 'review' }
  | { type: 'reject'; recipientId: string }
  | { type: 'delegate'; recipientId: string; delegate: { id: string; userId: string } }
  | { type: 'cancelDelegation'; recipientId: string }
  | { type: 'removeRecipient'; recipientId: string }
  | { type: 'stop' }
  | { type: 'expire' }
  | { type: 'delete'; retentionOver: boolean }
  | { type: 'archive' };

export type WorkflowEffect =
  /** A step became current (or a delegate was added): these recipients must now act. */
  | { type: 'actionRequested'; stepId: string; stepType: StepType; recipientIds: string[] }
  /** An EMAIL step ran: its recipients get the documents. */
  | { type: 'documentsEmailed'; stepId: string; recipientIds: string[] }
  | { type: 'stepCompleted'; stepId: string }
  | { type: 'completed' }
  | { type: 'rejected'; recipientId: string }
  | { type: 'delegated'; recipientId: string; delegateId: string }
  | { type: 'delegationCancelled'; recipientId: string; delegateId: string }
  | { type: 'recipientRemoved'; recipientId: string }
  | { type: 'statusChanged'; from: EpakStatus; to: EpakStatus };

export interface TransitionResult {
  epak: MachineEpak;
  effects: WorkflowEffect[];
}

const ACTED: readonly SignerStatus[] = ['Signed', 'Reviewed'];
const WAITING_FOR_ACTION: readonly SignerStatus[] = ['Pending', 'DelegatePending'];

/** The refusal a finished or removed ePak gives to any further action. */
export function refusalFor(status: EpakStatus): AppError | null {
  switch (status) {
    case 'Completed':
      return new AppError(Code.EPAK_COMPLETED);
    case 'Rejected':
      return new AppError(Code.EPAK_REJECTED);
    case 'Deleted':
      return new AppError(Code.EPAK_DELETED);
    case 'Archived':
      return new AppError(Code.EPAK_ARCHIVED);
    case 'Expired':
      return new AppError(Code.GENERIC_ERROR, 'The ePak has expired', { httpStatus: 409 });
    default:
      return null;
  }
}

function clone(epak: MachineEpak): MachineEpak {
  return {
    status: epak.status,
    steps: epak.steps.map((s) => ({ ...s, recipients: s.recipients.map((r) => ({ ...r })) })),
  };
}

/** Recipients who fill a place of their own (delegates act in someone else's place). */
function slots(step: MachineStep): MachineRecipient[] {
  return step.recipients.filter((r) => r.delegatedFromId === null);
}

function slotDone(step: MachineStep, slot: MachineRecipient): boolean {
  if (ACTED.includes(slot.status)) return true;
  if (slot.status === 'Delegated' && slot.delegatedToId) {
    const delegate = step.recipients.find((r) => r.id === slot.delegatedToId);
    return delegate !== undefined && ACTED.includes(delegate.status);
  }
  return false;
}

/** How many actions a step needs, and how many it has. EMAIL steps need none. */
export function stepProgress(step: MachineStep): { required: number; done: number } {
  if (step.type === 'EMAIL') return { required: 0, done: 0 };
  const places = slots(step);
  const required = Math.min(step.minRequired ?? places.length, places.length);
  const done = Math.min(required, places.filter((s) => slotDone(step, s)).length);
  return { required, done };
}

/** Required actions done ÷ required actions in total, over all steps (DOMAIN.md). */
export function progressPercent(epak: MachineEpak): number {
  let required = 0;
  let done = 0;
  for (const step of epak.steps) {
    const p = stepProgress(step);
    required += p.required;
    done += p.done;
  }
  if (epak.status === 'Completed' || epak.status === 'Archived') return 100;
  return required === 0 ? 0 : Math.floor((done * 100) / required);
}

export function currentStep(epak: MachineEpak): MachineStep | null {
  return epak.steps.find((s) => s.status === 'current') ?? null;
}

function findRecipient(
  epak: MachineEpak,
  recipientId: string,
): { step: MachineStep; recipient: MachineRecipient } {
  for (const step of epak.steps) {
    const recipient = step.recipients.find((r) => r.id === recipientId);
    if (recipient) return { step, recipient };
  }
  throw new AppError(Code.USER_STEP_NOT_PENDING, 'This person is not a recipient of the ePak');
}

/** Makes the step at `index` current, running EMAIL steps through at once; completes at the end. */
function activateFrom(epak: MachineEpak, index: number, effects: WorkflowEffect[]): void {
  for (let i = index; i < epak.steps.length; i++) {
    const step = epak.steps[i] as MachineStep;
    step.status = 'current';
    if (step.type === 'EMAIL') {
      for (const r of step.recipients) r.status = 'Emailed';
      effects.push({
        type: 'documentsEmailed',
        stepId: step.id,
        recipientIds: step.recipients.map((r) => r.id),
      });
      step.status = 'done';
      effects.push({ type: 'stepCompleted', stepId: step.id });
      continue;
    }
    for (const r of step.recipients) if (r.status === 'NotRequired') r.status = 'Pending';
    effects.push({
      type: 'actionRequested',
      stepId: step.id,
      stepType: step.type,
      recipientIds: step.recipients.filter((r) => r.status === 'Pending').map((r) => r.id),
    });
    if (stepProgress(step).done >= stepProgress(step).required) {
      // A step whose requirement is already met (e.g. minRequired 0) completes at once.
      finishStep(step, effects);
      continue;
    }
    return;
  }
  const from = epak.status;
  epak.status = 'Completed';
  effects.push({ type: 'completed' }, { type: 'statusChanged', from, to: 'Completed' });
}

function finishStep(step: MachineStep, effects: WorkflowEffect[]): void {
  for (const r of step.recipients) if (WAITING_FOR_ACTION.includes(r.status)) r.status = 'Skipped';
  step.status = 'done';
  effects.push({ type: 'stepCompleted', stepId: step.id });
}

/** After an action: finish the current step when it has enough, and move on. */
function advance(epak: MachineEpak, effects: WorkflowEffect[]): void {
  const index = epak.steps.findIndex((s) => s.status === 'current');
  const step = epak.steps[index];
  if (!step) return;
  const p = stepProgress(step);
  if (p.done < p.required) return;
  finishStep(step, effects);
  activateFrom(epak, index + 1, effects);
}

function requireInProgress(epak: MachineEpak): void {
  const refusal = refusalFor(epak.status);
  if (refusal) throw refusal;
  if (epak.status === 'Stopped') throw new AppError(Code.USER_STEP_NOT_PENDING, 'The ePak is stopped');
  if (epak.status !== 'InProgress')
    throw new AppError(Code.USER_STEP_NOT_PENDING, 'The ePak has not been sent');
}

/** The recipient must be in the current step and waiting to act (-28 otherwise). */
function requireTurn(epak: MachineEpak, recipientId: string) {
  requireInProgress(epak);
  const found = findRecipient(epak, recipientId);
  if (found.step.status !== 'current' || !WAITING_FOR_ACTION.includes(found.recipient.status)) {
    throw new AppError(Code.USER_STEP_NOT_PENDING);
  }
  return found;
}

function setStatus(epak: MachineEpak, to: EpakStatus, effects: WorkflowEffect[]): void {
  const from = epak.status;
  epak.status = to;
  effects.push({ type: 'statusChanged', from, to });
}

/** Applies one event. Throws an AppError (and changes nothing) when the event is not allowed now. */
export function transition(input: MachineEpak, event: WorkflowEvent): TransitionResult {
  const epak = clone(input);
  const effects: WorkflowEffect[] = [];
  switch (event.type) {
    case 'start': {
      if (epak.status === 'Stopped') {
        setStatus(epak, 'InProgress', effects);
        break;
      }
      const refusal = refusalFor(epak.status);
      if (refusal) throw refusal;
      if (epak.status !== 'Draft') throw new AppError(Code.INVALID_INPUT, 'The ePak was already sent');
      if (epak.steps.length === 0) throw new AppError(Code.INVALID_INPUT, 'Add at least one workflow step');
      const empty = epak.steps.find((s) => s.recipients.length === 0);
      if (empty) throw new AppError(Code.INVALID_INPUT, `Step ${empty.order} has no recipients`);
      setStatus(epak, 'InProgress', effects);
      activateFrom(epak, 0, effects);
      break;
    }
    case 'act': {
      const { step, recipient } = requireTurn(epak, event.recipientId);
      const expected = step.type === 'REVIEW' ? 'review' : 'sign';
      if (event.action !== expected) {
        throw new AppError(
          Code.INVALID_INPUT,
          `This step asks for a ${expected === 'review' ? 'review' : 'signature'}`,
        );
      }
      recipient.status = expected === 'review' ? 'Reviewed' : 'Signed';
      advance(epak, effects);
      break;
    }
    case 'reject': {
      const { recipient } = requireTurn(epak, event.recipientId);
      recipient.status = 'Rejected';
      setStatus(epak, 'Rejected', effects);
      effects.push({ type: 'rejected', recipientId: recipient.id });
      break;
    }
    case 'delegate': {
      const { step, recipient } = requireTurn(epak, event.recipientId);
      if (recipient.status !== 'Pending')
        throw new AppError(Code.DELEGATION_NOT_ALLOWED, 'A delegate cannot delegate again');
      if (step.type === 'INPERSONSIGN')
        throw new AppError(Code.DELEGATION_NOT_ALLOWED, 'In-person signing cannot be delegated');
      if (step.recipients.some((r) => r.userId === event.delegate.userId && r.status !== 'Delegated')) {
        throw new AppError(Code.DELEGATION_NOT_ALLOWED, 'That person is already a recipient of this step');
      }
      recipient.status = 'Delegated';
      recipient.delegatedToId = event.delegate.id;
      step.recipients.push({
        id: event.delegate.id,
        userId: event.delegate.userId,
        status: 'DelegatePending',
        delegatedFromId: recipient.id,
        delegatedToId: null,
      });
      effects.push(
        { type: 'delegated', recipientId: recipient.id, delegateId: event.delegate.id },
        { type: 'actionRequested', stepId: step.id, stepType: step.type, recipientIds: [event.delegate.id] },
      );
      break;
    }
    case 'cancelDelegation': {
      requireInProgress(epak);
      const { step, recipient } = findRecipient(epak, event.recipientId);
      const delegate = step.recipients.find((r) => r.id === recipient.delegatedToId);
      if (
        step.status !== 'current' ||
        recipient.status !== 'Delegated' ||
        delegate?.status !== 'DelegatePending'
      ) {
        throw new AppError(Code.DELEGATION_NOT_ALLOWED, 'There is no open delegation to cancel');
      }
      step.recipients = step.recipients.filter((r) => r.id !== delegate.id);
      recipient.status = 'Pending';
      recipient.delegatedToId = null;
      effects.push(
        { type: 'delegationCancelled', recipientId: recipient.id, delegateId: delegate.id },
        { type: 'actionRequested', stepId: step.id, stepType: step.type, recipientIds: [recipient.id] },
      );
      break;
    }
    case 'removeRecipient': {
      const refusal = refusalFor(epak.status);
      if (refusal) throw refusal;
      const { step, recipient } = findRecipient(epak, event.recipientId);
      if (!['Pending', 'NotRequired', 'DelegatePending'].includes(recipient.status)) {
        throw new AppError(Code.USER_STEP_NOT_PENDING, 'Only a recipient who has not acted can be removed');
      }
      step.recipients = step.recipients.filter((r) => r.id !== recipient.id);
      const original = recipient.delegatedFromId
        ? step.recipients.find((r) => r.id === recipient.delegatedFromId)
        : undefined;
      if (original) {
        // Removing a delegate hands the action back to the person who delegated.
        original.status = step.status === 'current' ? 'Pending' : 'NotRequired';
        original.delegatedToId = null;
      }
      effects.push({ type: 'recipientRemoved', recipientId: recipient.id });
      if (step.recipients.length === 0) {
        const index = epak.steps.indexOf(step);
        const wasCurrent = step.status === 'current';
        epak.steps.splice(index, 1);
        epak.steps.forEach((s, i) => {
          s.order = i + 1;
        });
        if (wasCurrent) activateFrom(epak, index, effects);
      } else if (step.status === 'current') {
        advance(epak, effects);
      }
      break;
    }
    case 'stop': {
      requireInProgress(epak);
      setStatus(epak, 'Stopped', effects);
      break;
    }
    case 'expire': {
      if (epak.status !== 'InProgress' && epak.status !== 'Stopped') {
        throw refusalFor(epak.status) ?? new AppError(Code.INVALID_INPUT, 'Only a sent ePak can expire');
      }
      setStatus(epak, 'Expired', effects);
      break;
    }
    case 'delete': {
      if (epak.status === 'Deleted') throw new AppError(Code.EPAK_DELETED);
      if (epak.status === 'Archived') throw new AppError(Code.EPAK_ARCHIVED);
      if (epak.status === 'Completed' && !event.retentionOver) {
        throw new AppError(
          Code.PERMANENT_STORAGE_ENABLED,
          'A completed ePak is kept until its retention date',
        );
      }
      setStatus(epak, 'Deleted', effects);
      break;
    }
    case 'archive': {
      if (epak.status === 'Archived') throw new AppError(Code.EPAK_ARCHIVED);
      if (epak.status === 'Deleted') throw new AppError(Code.EPAK_DELETED);
      if (!['Completed', 'Rejected', 'Expired'].includes(epak.status)) {
        throw new AppError(
          Code.INVALID_INPUT,
          'Only a finished ePak (completed, rejected or expired) can be archived',
        );
      }
      setStatus(epak, 'Archived', effects);
      break;
    }
  }
  return { epak, effects };
}
