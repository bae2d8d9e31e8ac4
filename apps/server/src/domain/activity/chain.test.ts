import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ActivityEntry,
  entryHash,
  GENESIS_HASH,
  type StoredActivityEntry,
  verifyChain,
} from './chain.ts';

function chain(n: number): StoredActivityEntry[] {
  const out: StoredActivityEntry[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const entry: ActivityEntry = {
      tenantId: 't',
      seq,
      epakId: null,
      actorUserId: 'u',
      action: `a${seq}`,
      details: { n: seq, nested: { b: 1, a: [1, 2] } },
      ip: '127.0.0.1',
      createdAt: new Date(1_700_000_000_000 + seq * 1000),
      prevHash: prev,
    };
    const hash = entryHash(entry);
    out.push({ ...entry, hash });
    prev = hash;
  }
  return out;
}
const headOf = (c: StoredActivityEntry[]) => ({
  lastSeq: c.length,
  lastHash: c.at(-1)?.hash ?? GENESIS_HASH,
});

describe('verifyChain', () => {
  it('accepts an intact chain and an empty one', () => {
    const c = chain(5);
    expect(verifyChain(c, headOf(c)).valid).toBe(true);
    expect(verifyChain([], null).valid).toBe(true);
  });

  it('hashes details the same whatever their key order (jsonb reorders keys)', () => {
    const [e] = chain(1);
    if (!e) throw new Error('no entry');
    expect(entryHash({ ...e, details: { nested: { a: [1, 2], b: 1 }, n: 1 } })).toBe(e.hash);
  });

  it('detects any single edited field of any entry', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        fc.constantFrom('action', 'details', 'ip', 'createdAt', 'actorUserId'),
        (n, pick, field) => {
          const c = chain(n);
          const i = pick % n;
          const e = c[i] as StoredActivityEntry;
          const changed: StoredActivityEntry = {
            ...e,
            action: field === 'action' ? `${e.action}!` : e.action,
            details: field === 'details' ? { ...e.details, forged: true } : e.details,
            ip: field === 'ip' ? '10.0.0.1' : e.ip,
            createdAt: field === 'createdAt' ? new Date(e.createdAt.getTime() + 1) : e.createdAt,
            actorUserId: field === 'actorUserId' ? 'someone else' : e.actorUserId,
          };
          const tampered = c.with(i, changed);
          const verdict = verifyChain(tampered, headOf(c));
          expect(verdict.valid).toBe(false);
          expect(verdict.brokenAt).toBe(i + 1);
        },
      ),
    );
  });

  it('detects any deleted entry, including the last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.nat(), (n, pick) => {
        const c = chain(n);
        const i = pick % n;
        const verdict = verifyChain([...c.slice(0, i), ...c.slice(i + 1)], headOf(c));
        expect(verdict.valid).toBe(false);
      }),
    );
  });

  it('detects a re-hashed forgery that does not reach the recorded head', () => {
    const c = chain(3);
    const forged = chain(3).map((e) => e);
    const first = forged[0] as StoredActivityEntry;
    const rewritten: ActivityEntry = { ...first, action: 'forged' };
    forged[0] = { ...rewritten, hash: entryHash(rewritten) };
    expect(verifyChain(forged, headOf(c)).valid).toBe(false);
  });
});
