import { Code } from '@signet/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyOutcomes,
  batchesOf,
  counts,
  keyRefusal,
  markSigning,
  markWaiting,
  remaining,
  startRun,
} from './bulk-run.ts';

const epaks = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, subject: `Letter ${id}` }));

describe('a bulk-sign run', () => {
  it('sends the selection in batches of the given size, in order, the last one shorter', () => {
    expect(batchesOf(['1', '2', '3', '4', '5'], 2)).toEqual([['1', '2'], ['3', '4'], ['5']]);
    expect(batchesOf([], 20)).toEqual([]);
  });

  it('shows each ePak as waiting, then signing while its batch is out, then signed or skipped with the reason', () => {
    let run = startRun(epaks);
    expect(counts(run)).toEqual({ total: 5, signed: 0, skipped: 0, done: 0 });
    run = markSigning(run, ['a', 'b']);
    expect(run.rows.map((r) => r.state)).toEqual(['signing', 'signing', 'waiting', 'waiting', 'waiting']);
    run = applyOutcomes(run, [
      { ePakId: 'a', status: 'SIGNED', reason: null, code: null },
      {
        ePakId: 'b',
        status: 'SKIPPED',
        reason: 'Fill in the required fields: Employee number',
        code: Code.INVALID_INPUT,
        missing: ['Employee number'],
      },
    ]);
    expect(run.rows[0]?.state).toBe('signed');
    expect(run.rows[1]).toMatchObject({
      state: 'skipped',
      code: Code.INVALID_INPUT,
      missing: ['Employee number'],
    });
    expect(counts(run)).toEqual({ total: 5, signed: 1, skipped: 1, done: 2 });
  });

  it('sends again, with a new PIN, what was skipped for a wrong PIN, but not what was skipped for its own reason', () => {
    let run = markSigning(startRun(epaks), ['a', 'b', 'c']);
    const answer = [
      { ePakId: 'a', status: 'SKIPPED' as const, reason: 'Not waiting', code: Code.USER_STEP_NOT_PENDING },
      { ePakId: 'b', status: 'SKIPPED' as const, reason: 'Wrong PIN', code: Code.INVALID_CERTIFICATE_PIN },
      { ePakId: 'c', status: 'SKIPPED' as const, reason: 'Wrong PIN', code: Code.INVALID_CERTIFICATE_PIN },
    ];
    run = applyOutcomes(run, answer);
    expect(keyRefusal(answer)).toBe('wrongPin');
    expect(remaining(run)).toEqual(['b', 'c', 'd', 'e']);
  });

  it('stops when the key is locked, and goes on when a batch had no key refusal', () => {
    expect(keyRefusal([{ ePakId: 'a', status: 'SKIPPED', reason: 'Locked', code: Code.USER_LOCKED }])).toBe(
      'locked',
    );
    expect(keyRefusal([{ ePakId: 'a', status: 'SIGNED', reason: null, code: null }])).toBeNull();
  });

  it('puts a batch that never reached the server back to waiting, to be sent again', () => {
    const run = markWaiting(markSigning(startRun(epaks), ['a', 'b']), ['a', 'b']);
    expect(remaining(run)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
