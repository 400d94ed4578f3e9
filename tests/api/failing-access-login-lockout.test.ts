import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { clock, resetClock } from '../../src/server/access/clock';
import { instanceId } from '../../src/server/access/instance.util';
import { buildApp } from '../../src/server/app';
import { createTestApp, type TestApp } from '../support/test-app';
import { body, login } from './access-test-helpers';

const WRONG = 'Wrong1234';

describe('sign-in lockout counted in the login_attempts table (no Redis)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: undefined });
  });
  afterEach(() => resetClock());
  afterAll(async () => t.close());

  it('locks an account after 5 failures in 15 minutes, says when to retry, and opens again after the window', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'brand.buyer', WRONG)).statusCode).toBe(400);
    const locked = await login(t.app, 'brand.buyer');
    expect(locked.statusCode).toBe(429);
    const b = body<{ retry_after: number; retry_at: string }>(locked);
    expect(b.code).toBe(429);
    expect(b.message).toBe('登录失败次数过多，已暂时锁定，请在15分钟后再试');
    expect(b.data.retry_after).toBeGreaterThan(890);
    expect(b.data.retry_after).toBeLessThanOrEqual(900);
    // Another account from the same address is not locked by this one.
    expect((await login(t.app, 'brand')).statusCode).toBe(200);
    const base = Date.now();
    clock.now = () => base + 14 * 60_000;
    const still = await login(t.app, 'brand.buyer');
    expect(still.statusCode).toBe(429);
    expect(body(still).message).toContain('1分钟');
    clock.now = () => base + 15 * 60_000 + 1000;
    expect((await login(t.app, 'brand.buyer')).statusCode).toBe(200);
  });

  it('a successful sign-in resets the account counter', async () => {
    for (let i = 0; i < 4; i++) await login(t.app, 'maker.planner', WRONG);
    expect((await login(t.app, 'maker.planner')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(t.app, 'maker.planner', WRONG);
    expect((await login(t.app, 'maker.planner')).statusCode).toBe(200);
    const row = await sql<{ count: number }>`select count from login_attempts where key = 'acct:maker.planner'`.execute(t.database.db);
    expect(row.rows).toEqual([]);
  });

  it('locks an address after 20 failures across accounts, and only that address', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < 20; i++) expect((await login(t.app, `guess${i % 5}.user${i}`, WRONG, {}, ip)).statusCode).toBe(400);
    const locked = await login(t.app, 'supplier', undefined, {}, ip);
    expect(locked.statusCode).toBe(429);
    expect(body(locked).code).toBe(429);
    expect((await login(t.app, 'supplier', undefined, {}, '203.0.113.8')).statusCode).toBe(200);
    const row = await sql<{ count: number }>`select count from login_attempts where key = ${`ip:${ip}`}`.execute(t.database.db);
    expect(row.rows[0].count).toBe(20);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('sign-in lockout shared through Redis', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: process.env.TEST_REDIS_URL });
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await redis.quit();
    await t.close();
  });

  it('counts failures in Redis with INCR and EXPIRE, not in the table, and a success resets the account', async () => {
    const ns = await instanceId(t.database.db);
    for (let i = 0; i < 5; i++) await login(t.app, 'brand.buyer', WRONG, {}, '198.51.100.4');
    expect(Number(await redis.get(`signin:${ns}:acct:brand.buyer`))).toBe(5);
    const ttl = await redis.ttl(`signin:${ns}:acct:brand.buyer`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(900);
    const locked = await login(t.app, 'brand.buyer', undefined, {}, '198.51.100.4');
    expect(locked.statusCode).toBe(429);
    expect(body<{ retry_after: number }>(locked).data.retry_after).toBeLessThanOrEqual(900);
    const rows = await sql<{ n: number }>`select count(*)::int as n from login_attempts`.execute(t.database.db);
    expect(rows.rows[0].n).toBe(0);
    // A second app process of the same installation (same database, same Redis) sees the lockout.
    const second = await buildApp({ config: t.config, database: t.database, logger: false, serveClient: false });
    try {
      expect((await login(second, 'brand.buyer', undefined, {}, '198.51.100.4')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
    await redis.del(`signin:${ns}:acct:brand.buyer`);
    expect((await login(t.app, 'brand.buyer', undefined, {}, '198.51.100.4')).statusCode).toBe(200);
    await login(t.app, 'brand', WRONG);
    expect(await redis.get(`signin:${ns}:acct:brand`)).toBe('1');
    expect((await login(t.app, 'brand')).statusCode).toBe(200);
    expect(await redis.get(`signin:${ns}:acct:brand`)).toBeNull();
  });
});
