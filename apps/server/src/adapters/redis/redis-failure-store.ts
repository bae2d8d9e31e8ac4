import type { Redis } from 'ioredis';
import type { FailureRecord, FailureStore } from '../../domain/auth/sign-in-throttle.ts';

/** Sign-in failures in Redis, shared by every process of the installation. */
export function redisFailureStore(redis: Redis, prefix: string): FailureStore {
  const keyOf = (key: string) => `${prefix}sign-in-failures:${key}`;
  return {
    async get(key) {
      const r = await redis.hmget(keyOf(key), 'failures', 'lastAt');
      return r[0] && r[1] ? { failures: Number(r[0]), lastAt: Number(r[1]) } : null;
    },
    async add(key, at, keepSeconds): Promise<FailureRecord> {
      const k = keyOf(key);
      const result = await redis
        .multi()
        .hincrby(k, 'failures', 1)
        .hset(k, 'lastAt', at)
        .expire(k, keepSeconds)
        .exec();
      const failures = Number(result?.[0]?.[1] ?? 1);
      return { failures, lastAt: at };
    },
    async clear(key) {
      await redis.del(keyOf(key));
    },
  };
}
