import { createHash } from 'node:crypto';
import { Code, type PasswordPolicy } from '@signet/contracts';
import { AppError } from '../app-error.ts';

/** Failed password checks of one account from one address: how many, and when the last was. */
export interface FailureRecord {
  failures: number;
  lastAt: number;
}

/**
 * Where failures are counted: per process by default, Redis when configured (so every process of
 * an installation sees them). `add` is atomic: parallel failures all count.
 */
export interface FailureStore {
  get(key: string): Promise<FailureRecord | null>;
  add(key: string, at: number, keepSeconds: number): Promise<FailureRecord>;
  clear(key: string): Promise<void>;
}

/** The first delay after the threshold; each further failure doubles it, up to the policy's lockout time. */
export const FIRST_DELAY_MS = 1000;

/**
 * How long attempts from this address on this account wait after `failures` failures. The
 * tenant policy keeps its meaning: `lockoutThreshold` failures pass without delay, then the delay
 * doubles from one second up to `lockoutMinutes`; the count is forgotten `lockoutMinutes` after
 * the last failure.
 */
export function delayAfter(
  failures: number,
  policy: Pick<PasswordPolicy, 'lockoutThreshold' | 'lockoutMinutes'>,
): number {
  if (failures < policy.lockoutThreshold) return 0;
  const doublings = Math.min(failures - policy.lockoutThreshold, 40);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, policy.lockoutMinutes * 60_000);
}

/**
 * Password guesses, slowed per (account, address) instead of locking the account: an attacker's
 * failures delay the attacker's address only, so the owner still signs in from theirs, and
 * unknown accounts are counted exactly like known ones so no answer tells them apart.
 */
export class SignInThrottle {
  constructor(
    private readonly store: FailureStore,
    private readonly refusal: () => AppError = () =>
      new AppError(Code.INVALID_PASSWORD, 'Wrong username or password'),
  ) {}

  static keyOf(account: string, address: string | null): string {
    const who = createHash('sha256').update(account.trim().toLowerCase()).digest('base64url').slice(0, 22);
    return `${who}|${address ?? 'unknown'}`;
  }

  /** Refuses (with the caller's answer for a wrong password) while this address waits on this account. */
  async refuseWhileDelayed(
    key: string,
    now: Date,
    policy: Pick<PasswordPolicy, 'lockoutThreshold' | 'lockoutMinutes'>,
    refusal: AppError = this.refusal(),
  ): Promise<void> {
    const record = await this.store.get(key);
    if (!record || now.getTime() - record.lastAt >= policy.lockoutMinutes * 60_000) return;
    if (now.getTime() < record.lastAt + delayAfter(record.failures, policy)) throw refusal;
  }

  async recordFailure(key: string, now: Date, policy: Pick<PasswordPolicy, 'lockoutMinutes'>): Promise<void> {
    // Kept a little longer than the policy forgets them, so a slow clock never loses one early.
    await this.store.add(key, now.getTime(), policy.lockoutMinutes * 60 + 60);
  }

  /** The failures counted on this key and not forgotten yet (`forgetMinutes` after the last); 0 when none. */
  async failuresOf(key: string, now: Date, forgetMinutes: number): Promise<number> {
    const record = await this.store.get(key);
    return record && now.getTime() - record.lastAt < forgetMinutes * 60_000 ? record.failures : 0;
  }

  async recordSuccess(key: string): Promise<void> {
    await this.store.clear(key);
  }
}

/** Failures counted in this process (the default without Redis). */
export function memoryFailureStore(maxEntries = 100_000): FailureStore {
  const records = new Map<string, FailureRecord & { expiresAt: number }>();
  return {
    async get(key) {
      const r = records.get(key);
      if (!r || r.expiresAt <= Date.now()) return null;
      return { failures: r.failures, lastAt: r.lastAt };
    },
    async add(key, at, keepSeconds) {
      const r = records.get(key);
      const live = r && r.expiresAt > Date.now() ? r : null;
      const next = {
        failures: (live?.failures ?? 0) + 1,
        lastAt: at,
        expiresAt: Date.now() + keepSeconds * 1000,
      };
      records.delete(key);
      records.set(key, next);
      // Oldest first: a flood of made-up accounts evicts old records, never grows without bound.
      if (records.size > maxEntries) records.delete(records.keys().next().value as string);
      return { failures: next.failures, lastAt: next.lastAt };
    },
    async clear(key) {
      records.delete(key);
    },
  };
}
