import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { clock } from './clock';

/**
 * Failed sign-ins are counted per account and per address (issue: "failed sign-ins are limited per
 * account and per address, shared through Redis when REDIS_URL is set"). A key is `acct:{username}`
 * or `ip:{address}`; its count lives for one window from the first failure (a fixed window, so a
 * lockout ends at a time we can tell the user).
 */
export type LimitKey = { key: string; limit: number };
export type LimitState = { locked: boolean; retryAfterSeconds: number };

export interface LoginLimiter {
  /** Locked when any key has reached its limit inside its window. */
  check(keys: LimitKey[]): Promise<LimitState>;
  /** Counts one failure on every key. */
  fail(keys: string[]): Promise<void>;
  /** Forgets a key (a successful sign-in resets the account's counter). */
  reset(key: string): Promise<void>;
}

export const accountKey = (username: string) => `acct:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** The keys and limits of one sign-in attempt. */
export function limitKeys(config: AppConfig, username: string, ip: string): LimitKey[] {
  return [
    { key: accountKey(username), limit: config.loginLimit.perAccount },
    { key: addressKey(ip), limit: config.loginLimit.perAddress },
  ];
}

/** Counters in the login_attempts table (embedded default, one process). */
export function tableLimiter(db: Db, windowSeconds: number): LoginLimiter {
  return {
    async check(keys) {
      const now = clock.now();
      const rows = await sql<{ key: string; count: number; window_start: string }>`
        select key, count, window_start from login_attempts where key in (${sql.join(keys.map((k) => k.key))})`.execute(db);
      let retry = 0;
      for (const k of keys) {
        const row = rows.rows.find((r) => r.key === k.key);
        if (!row) continue;
        const ends = new Date(row.window_start).getTime() + windowSeconds * 1000;
        if (ends > now && row.count >= k.limit) retry = Math.max(retry, Math.ceil((ends - now) / 1000));
      }
      return { locked: retry > 0, retryAfterSeconds: retry };
    },
    async fail(keys) {
      const now = new Date(clock.now()).toISOString();
      const windowStartedBefore = new Date(clock.now() - windowSeconds * 1000).toISOString();
      for (const key of keys) {
        // One statement per key: a new window starts when the previous one is over.
        await sql`insert into login_attempts (key, count, window_start) values (${key}, 1, ${now})
          on conflict (key) do update set
            count = case when login_attempts.window_start <= ${windowStartedBefore} then 1 else login_attempts.count + 1 end,
            window_start = case when login_attempts.window_start <= ${windowStartedBefore} then ${now}::timestamptz else login_attempts.window_start end`.execute(db);
      }
    },
    async reset(key) {
      await sql`delete from login_attempts where key = ${key}`.execute(db);
    },
  };
}

/**
 * Counters in Redis (INCR, and EXPIRE on the first failure), shared by every app process.
 * `namespace` is the installation id, so two installations on one Redis never share counters.
 */
export function redisLimiter(redis: Redis, namespace: string, windowSeconds: number): LoginLimiter {
  const k = (key: string) => `signin:${namespace}:${key}`;
  return {
    async check(keys) {
      let retry = 0;
      for (const { key, limit } of keys) {
        const [count, ttl] = await Promise.all([redis.get(k(key)), redis.ttl(k(key))]);
        if (count !== null && Number(count) >= limit) retry = Math.max(retry, ttl > 0 ? ttl : windowSeconds);
      }
      return { locked: retry > 0, retryAfterSeconds: retry };
    },
    async fail(keys) {
      for (const key of keys) {
        const count = await redis.incr(k(key));
        if (count === 1) await redis.expire(k(key), windowSeconds);
        // A key left without expiry (a crash between INCR and EXPIRE) must not lock forever.
        else if ((await redis.ttl(k(key))) < 0) await redis.expire(k(key), windowSeconds);
      }
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
