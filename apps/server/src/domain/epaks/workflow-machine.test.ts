import { Code, type StepType } from '@signet/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import {
  type MachineEpak,
  type MachineStep,
  progressPercent,
  stepProgress,
  transition,
  type WorkflowEvent,
} from './workflow-machine.ts';

const STEP_TYPES: StepType[] = ['REVIEW', 'SIGN', 'EMAIL', 'INPERSONSIGN'];
const USERS = ['u1', 'u2', 'u3', 'u4', 'u5'];

const stepArb = (order: number) =>
  fc
    .record({
      type: fc.constantFrom(...STEP_TYPES),
      users: fc.uniqueArray(fc.constantFrom(...USERS), { minLength: 1, maxLength: 3 }),
      min: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
    })
    .map(
      ({ type, users, min }): MachineStep => ({
        id: `s${order}`,
        order,
        type,
        minRequired: min,
        status: 'waiting',
        recipients: users.map((userId, i) => ({
          id: `s${order}r${i}`,
          userId,
          status: 'NotRequired',
          delegatedFromId: null,
          delegatedToId: null,
        })),
      }),
    );

const draftArb: fc.Arbitrary<MachineEpak> = fc
  .integer({ min: 1, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => stepArb(i + 1))))
  .map((steps) => ({ status: 'Draft', steps }));

/** Events pick recipients by index into whoever exists at the time they are applied. */
type EventSeed =
  | { type: 'start' | 'stop' | 'expire' | 'archive' }
  | { type: 'delete'; retentionOver: boolean }
  | {
      type: 'act' | 'reject' | 'cancelDelegation' | 'removeRecipient';
      pick: number;
      action: 'sign' | 'review';
    }
  | { type: 'delegate'; pick: number; user: string };

const seedArb: fc.Arbitrary<EventSeed> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.constantFrom<EventSeed>(
      { type: 'start' },
      { type: 'stop' },
      { type: 'expire' },
      { type: 'archive' },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.boolean().map((retentionOver): EventSeed => ({ type: 'delete', retentionOver })),
  },
  {
    weight: 8,
    arbitrary: fc
      .record({
        type: fc.constantFrom('act', 'act', 'act', 'reject', 'cancelDelegation', 'removeRecipient' as const),
        pick: fc.nat(),
        action: fc.constantFrom('sign', 'review' as const),
      })
      .map((s) => s as EventSeed),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ pick: fc.nat(), user: fc.constantFrom(...USERS, 'u6', 'u7') })
      .map((s): EventSeed => ({ type: 'delegate', ...s })),
  },
);

let delegateCounter = 0;
function toEvent(epak: MachineEpak, seed: EventSeed): WorkflowEvent {
  const all = epak.steps.flatMap((s) => s.recipients);
  const target = (pick: number) => all[pick % Math.max(1, all.length)]?.id ?? 'nobody';
  switch (seed.type) {
    case 'start':
    case 'stop':
    case 'expire':
    case 'archive':
      return { type: seed.type };
    case 'delete':
      return seed;
    case 'delegate':
      return {
        type: 'delegate',
        recipientId: target(seed.pick),
        delegate: { id: `d${++delegateCounter}`, userId: seed.user },
      };
    case 'act':
      return { type: 'act', recipientId: target(seed.pick), action: seed.action };
    default:
      return { type: seed.type, recipientId: target(seed.pick) };
  }
}

/** Applies the events in turn; a refused event must throw an AppError and change nothing. */
function run(start: MachineEpak, seeds: EventSeed[], check: (epak: MachineEpak) => void): MachineEpak {
  let epak = start;
  check(epak);
  for (const seed of seeds) {
    const event = toEvent(epak, seed);
    const before = JSON.stringify(epak);
    try {
      epak = transition(epak, event).epak;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(JSON.stringify(epak)).toBe(before);
    }
    check(epak);
  }
  return epak;
}

function invariants(epak: MachineEpak): void {
  const current = epak.steps.filter((s) => s.status === 'current');
  const waitingStatuses = ['Pending', 'DelegatePending'];
  if (epak.status === 'InProgress' || epak.status === 'Stopped') {
    expect(current).toHaveLength(1);
    const index = epak.steps.indexOf(current[0] as MachineStep);
    for (const s of epak.steps.slice(0, index)) expect(s.status).toBe('done');
    for (const s of epak.steps.slice(index + 1)) {
      expect(s.status).toBe('waiting');
      for (const r of s.recipients) expect(r.status).toBe('NotRequired');
    }
  }
  if (epak.status === 'Draft') {
    expect(current).toHaveLength(0);
    for (const s of epak.steps) for (const r of s.recipients) expect(r.status).toBe('NotRequired');
  }
  for (const s of epak.steps) {
    if (s.status !== 'current') for (const r of s.recipients) expect(waitingStatuses).not.toContain(r.status);
    // A delegate always points back at a recipient who delegated to them.
    for (const r of s.recipients.filter((x) => x.delegatedFromId)) {
      expect(s.recipients.find((x) => x.id === r.delegatedFromId)?.delegatedToId).toBe(r.id);
    }
  }
  const allDone = epak.steps.every(
    (s) => s.status === 'done' && stepProgress(s).done >= stepProgress(s).required,
  );
  if (epak.status === 'Completed') expect(allDone).toBe(true);
  if (epak.status === 'InProgress') expect(allDone).toBe(false);
  expect(progressPercent(epak)).toBeGreaterThanOrEqual(0);
  expect(progressPercent(epak)).toBeLessThanOrEqual(100);
}

describe('the ePak workflow machine', () => {
  it('no sequence of events reaches an impossible state, and refused events change nothing', () => {
    fc.assert(
      fc.property(draftArb, fc.array(seedArb, { maxLength: 40 }), (draft, seeds) => {
        run(draft, [{ type: 'start' }, ...seeds], invariants);
      }),
      { numRuns: 400 },
    );
  });

  it('an ePak completes exactly when every required recipient has acted, not one action before', () => {
    fc.assert(
      fc.property(draftArb, fc.array(fc.nat(), { maxLength: 60 }), (draft, picks) => {
        let epak = transition(draft, { type: 'start' }).epak;
        for (const pick of picks) {
          if (epak.status !== 'InProgress') break;
          const step = epak.steps.find((s) => s.status === 'current') as MachineStep;
          const waiting = step.recipients.filter((r) => r.status === 'Pending');
          const r = waiting[pick % waiting.length];
          if (!r) break;
          const unmetBefore = epak.steps.filter(
            (s) => stepProgress(s).done < stepProgress(s).required,
          ).length;
          epak = transition(epak, {
            type: 'act',
            recipientId: r.id,
            action: step.type === 'REVIEW' ? 'review' : 'sign',
          }).epak;
          const unmetAfter = epak.steps.filter((s) => stepProgress(s).done < stepProgress(s).required).length;
          expect(epak.status === 'Completed').toBe(unmetAfter === 0);
          expect(unmetAfter).toBeLessThanOrEqual(unmetBefore);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('nobody acts out of turn: a recipient outside the current step is refused with -28', () => {
    fc.assert(
      fc.property(draftArb, fc.nat(), (draft, pick) => {
        const epak = transition(draft, { type: 'start' }).epak;
        if (epak.status !== 'InProgress') return;
        const others = epak.steps.filter((s) => s.status !== 'current').flatMap((s) => s.recipients);
        const r = others[pick % Math.max(1, others.length)];
        if (!r) return;
        for (const event of [
          { type: 'act', recipientId: r.id, action: 'sign' },
          { type: 'act', recipientId: r.id, action: 'review' },
          { type: 'reject', recipientId: r.id },
        ] as WorkflowEvent[]) {
          expect(() => transition(epak, event)).toThrowError(
            expect.objectContaining({ code: Code.USER_STEP_NOT_PENDING }),
          );
        }
      }),
    );
  });

  it('a rejected, completed, deleted or archived ePak refuses further action with -23, -72, -46, -47', () => {
    const one: MachineEpak = {
      status: 'Draft',
      steps: [
        {
          id: 's1',
          order: 1,
          type: 'SIGN',
          minRequired: null,
          status: 'waiting',
          recipients: [
            { id: 'r1', userId: 'u1', status: 'NotRequired', delegatedFromId: null, delegatedToId: null },
            { id: 'r2', userId: 'u2', status: 'NotRequired', delegatedFromId: null, delegatedToId: null },
          ],
        },
      ],
    };
    const started = transition(one, { type: 'start' }).epak;
    const rejected = transition(started, { type: 'reject', recipientId: 'r1' }).epak;
    const halfway = transition(started, { type: 'act', recipientId: 'r1', action: 'sign' }).epak;
    const completed = transition(halfway, { type: 'act', recipientId: 'r2', action: 'sign' }).epak;
    const deleted = transition(started, { type: 'delete', retentionOver: false }).epak;
    const archived = transition(completed, { type: 'archive' }).epak;
    const act: WorkflowEvent = { type: 'act', recipientId: 'r2', action: 'sign' };
    expect(() => transition(rejected, act)).toThrowError(
      expect.objectContaining({ code: Code.EPAK_REJECTED }),
    );
    expect(() => transition(completed, act)).toThrowError(
      expect.objectContaining({ code: Code.EPAK_COMPLETED }),
    );
    expect(() => transition(deleted, act)).toThrowError(expect.objectContaining({ code: Code.EPAK_DELETED }));
    expect(() => transition(archived, act)).toThrowError(
      expect.objectContaining({ code: Code.EPAK_ARCHIVED }),
    );
    expect(() => transition(completed, { type: 'delete', retentionOver: false })).toThrowError(
      expect.objectContaining({ code: Code.PERMANENT_STORAGE_ENABLED }),
    );
  });

  it('runs EMAIL steps through at once, and completes when the last step is an EMAIL step', () => {
    const r = (id: string, userId: string) => ({
      id,
      userId,
      status: 'NotRequired' as const,
      delegatedFromId: null,
      delegatedToId: null,
    });
    const draft: MachineEpak = {
      status: 'Draft',
      steps: [
        {
          id: 's1',
          order: 1,
          type: 'REVIEW',
          minRequired: null,
          status: 'waiting',
          recipients: [r('a', 'u1')],
        },
        {
          id: 's2',
          order: 2,
          type: 'SIGN',
          minRequired: null,
          status: 'waiting',
          recipients: [r('b', 'u2'), r('c', 'u3')],
        },
        {
          id: 's3',
          order: 3,
          type: 'EMAIL',
          minRequired: null,
          status: 'waiting',
          recipients: [r('d', 'u4')],
        },
      ],
    };
    let epak = transition(draft, { type: 'start' }).epak;
    epak = transition(epak, { type: 'act', recipientId: 'a', action: 'review' }).epak;
    expect(progressPercent(epak)).toBe(33);
    epak = transition(epak, { type: 'act', recipientId: 'c', action: 'sign' }).epak;
    const last = transition(epak, { type: 'act', recipientId: 'b', action: 'sign' });
    expect(last.epak.status).toBe('Completed');
    expect(last.epak.steps[2]?.recipients[0]?.status).toBe('Emailed');
    expect(last.effects.map((e) => e.type)).toEqual([
      'stepCompleted',
      'documentsEmailed',
      'stepCompleted',
      'completed',
      'statusChanged',
    ]);
  });

  it('a delegate acts in the place of the one who delegated; cancelling restores the original', () => {
    const draft: MachineEpak = {
      status: 'Draft',
      steps: [
        {
          id: 's1',
          order: 1,
          type: 'SIGN',
          minRequired: null,
          status: 'waiting',
          recipients: [
            { id: 'a', userId: 'u1', status: 'NotRequired', delegatedFromId: null, delegatedToId: null },
          ],
        },
      ],
    };
    const started = transition(draft, { type: 'start' }).epak;
    const delegated = transition(started, {
      type: 'delegate',
      recipientId: 'a',
      delegate: { id: 'd', userId: 'u9' },
    }).epak;
    expect(delegated.steps[0]?.recipients.map((x) => x.status)).toEqual(['Delegated', 'DelegatePending']);
    expect(() => transition(delegated, { type: 'act', recipientId: 'a', action: 'sign' })).toThrowError(
      expect.objectContaining({ code: Code.USER_STEP_NOT_PENDING }),
    );
    const cancelled = transition(delegated, { type: 'cancelDelegation', recipientId: 'a' }).epak;
    expect(cancelled.steps[0]?.recipients.map((x) => x.status)).toEqual(['Pending']);
    const done = transition(delegated, { type: 'act', recipientId: 'd', action: 'sign' }).epak;
    expect(done.status).toBe('Completed');
    expect(() => transition(done, { type: 'cancelDelegation', recipientId: 'a' })).toThrowError(
      expect.objectContaining({ code: Code.EPAK_COMPLETED }),
    );
    expect(() =>
      transition(delegated, { type: 'delegate', recipientId: 'd', delegate: { id: 'e', userId: 'u8' } }),
    ).toThrowError(expect.objectContaining({ code: Code.DELEGATION_NOT_ALLOWED }));
  });

  it('a step with a minimum completes at that many actions and skips the rest', () => {
    const rec = (id: string) => ({
      id,
      userId: id,
      status: 'NotRequired' as const,
      delegatedFromId: null,
      delegatedToId: null,
    });
    const draft: MachineEpak = {
      status: 'Draft',
      steps: [
        {
          id: 's1',
          order: 1,
          type: 'SIGN',
          minRequired: 1,
          status: 'waiting',
          recipients: [rec('a'), rec('b'), rec('c')],
        },
      ],
    };
    const done = transition(transition(draft, { type: 'start' }).epak, {
      type: 'act',
      recipientId: 'b',
      action: 'sign',
    }).epak;
    expect(done.status).toBe('Completed');
    expect(done.steps[0]?.recipients.map((r) => r.status)).toEqual(['Skipped', 'Signed', 'Skipped']);
  });
});
