import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { clock } from './clock';

/**
 * Sign-in attempts are counted per account and per address (issue: "failed sign-ins are limited per
 * account and per address, shared through Redis when REDIS_URL is set"). A key is `acct:{username}`
 * or `ip:{address}`; its count lives for one window from the first attempt (a fixed window, so a
 * lockout ends at a time we can tell the user).
 *
 * An attempt is counted atomically *before* the password is verified (issue 20: counted after the
 * check, a parallel burst got 94 guesses in one window). A key admits an attempt only while its
 * count, this attempt included, stays within the limit, so at most `limit` attempts are ever being
 * verified or have failed in one window, however many arrive at once. An attempt that turns out not
 * to be a failure is taken back (`refund`) or clears the account (`reset`).
 */
export type LimitKey = { key: string; limit: number };
export type LimitState = { locked: boolean; retryAfterSeconds: number };

export interface LoginLimiter {
  /**
   * Counts one attempt on each key in order; the first key over its limit refuses the attempt
   * (locked, with the seconds until its window ends) and the keys counted so far are taken back.
   */
  attempt(keys: LimitKey[]): Promise<LimitState>;
  /** Takes back one counted attempt on each key (the attempt was not a failure). */
  refund(keys: string[]): Promise<void>;
  /** Forgets a key (a successful sign-in resets the account's counter). */
  reset(key: string): Promise<void>;
}

export const accountKey = (username: string) => `acct:${username.toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/** The keys and limits of one sign-in attempt: the account first, so a locked account costs its address nothing. */
export function limitKeys(config: AppConfig, username: string, ip: string): LimitKey[] {
  return [
    { key: accountKey(username), limit: config.loginLimit.perAccount },
    { key: addressKey(ip), limit: config.loginLimit.perAddress },
  ];
}

/** One atomic counter per key: `hit` adds one and answers the new count and the seconds left in its window. */
type CounterStore = {
  hit(key: string): Promise<{ count: number; retryAfterSeconds: number }>;
  unhit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
};

function limiterOver(store: CounterStore): LoginLimiter {
  const refund = async (keys: string[]) => {
    for (const key of keys) await store.unhit(key);
  };
  return {
    async attempt(keys) {
      const counted: string[] = [];
      for (const { key, limit } of keys) {
        const { count, retryAfterSeconds } = await store.hit(key);
        counted.push(key);
        if (count > limit) {
          // A refused attempt is not a failure: it must not stretch another key towards its limit.
          await refund(counted);
          return { locked: true, retryAfterSeconds: Math.max(1, retryAfterSeconds) };
        }
      }
      return { locked: false, retryAfterSeconds: 0 };
    },
    refund,
    reset: (key) => store.reset(key),
  };
}

/** Counters in the login_attempts table (embedded default, one process or several on one PostgreSQL). */
export function tableLimiter(db: Db, windowSeconds: number): LoginLimiter {
  return limiterOver({
    async hit(key) {
      const now = clock.now();
      const windowStartedBefore = new Date(now - windowSeconds * 1000).toISOString();
      // One statement: the row lock of the upsert orders concurrent attempts, each sees its own count.
      const r = await sql<{ count: number; window_start: string }>`
        insert into login_attempts (key, count, window_start) values (${key}, 1, ${new Date(now).toISOString()})
        on conflict (key) do update set
          count = case when login_attempts.window_start <= ${windowStartedBefore} then 1 else login_attempts.count + 1 end,
          window_start = case when login_attempts.window_start <= ${windowStartedBefore} then excluded.window_start else login_attempts.window_start end
        returning count, window_start`.execute(db);
      const row = r.rows[0];
      const ends = new Date(row.window_start).getTime() + windowSeconds * 1000;
      return { count: Number(row.count), retryAfterSeconds: Math.ceil((ends - now) / 1000) };
    },
    async unhit(key) {
      await sql`update login_attempts set count = count - 1 where key = ${key} and count > 0`.execute(db);
    },
    async reset(key) {
      await sql`delete from login_attempts where key = ${key}`.execute(db);
    },
  });
}

/** INCR and, when the key has no expiry yet (new, or left by a crash), EXPIRE: one atomic script. */
const HIT_SCRIPT = `local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {c, ttl}`;

/** DECR that never goes below zero nor revives an expired key. */
const UNHIT_SCRIPT = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counters in Redis, shared by every app process. `namespace` is the installation id, so two
 * installations on one Redis never share counters.
 */
export function redisLimiter(redis: Redis, namespace: string, windowSeconds: number): LoginLimiter {
  const k = (key: string) => `signin:${namespace}:${key}`;
  return limiterOver({
    async hit(key) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, k(key), windowSeconds)) as [number, number];
      return { count: Number(count), retryAfterSeconds: Number(ttl) };
    },
    async unhit(key) {
      await redis.eval(UNHIT_SCRIPT, 1, k(key));
    },
    async reset(key) {
      await redis.del(k(key));
    },
  });
}
