import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { body, login } from './access-test-helpers';

/**
 * Issue 20: the per-account lockout (5 failures) was counted after the password check, so a burst of
 * parallel sign-ins all passed the check before any failure was written (94 guesses in one window),
 * and a right password inside the burst signed in. Now each attempt is counted atomically before
 * the password is verified: a burst gets exactly the limit, with the table and with Redis.
 */
const WRONG = 'Wrong1234';
const BURST = 50;

type Outcome = { wrong: number[]; right: number };

/** 50 wrong passwords at once and the right one sent last in the same burst; statuses by kind. */
async function burst(t: TestApp, username: string, ip: string): Promise<Outcome> {
  const wrong = Array.from({ length: BURST }, () => login(t.app, username, WRONG, {}, ip));
  const right = login(t.app, username, undefined, {}, ip);
  const replies = await Promise.all([...wrong, right]);
  return { wrong: replies.slice(0, BURST).map((r) => r.statusCode), right: replies[BURST].statusCode };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

function provesTheLimitHolds(outcome: Outcome): void {
  // Every 400 is one password verified and refused: exactly the limit, the rest locked out unverified.
  expect(count(outcome.wrong, 400)).toBe(5);
  expect(count(outcome.wrong, 429)).toBe(BURST - 5);
  // The right password arrived while the limit was taken: refused like the guesses.
  expect(outcome.right).toBe(429);
}

for (const store of ['table', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !process.env.TEST_REDIS_URL)(`a parallel burst of wrong passwords (${store} counters)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ redisUrl: store === 'redis' ? process.env.TEST_REDIS_URL : undefined });
    });
    afterAll(async () => t?.close());

    it('verifies at most 5 passwords, and the right password inside or after the burst is refused while locked', async () => {
      provesTheLimitHolds(await burst(t, 'brand.buyer', '198.51.100.20'));
      const after = await login(t.app, 'brand.buyer', undefined, {}, '198.51.100.21');
      expect(after.statusCode).toBe(429);
      expect(body<{ retry_after: number }>(after).data.retry_after).toBeGreaterThan(0);
    });

    it('a second burst in the same window verifies nothing more', async () => {
      const second = await Promise.all(Array.from({ length: BURST }, () => login(t.app, 'brand.buyer', WRONG, {}, '198.51.100.22')));
      expect(count(second.map((r) => r.statusCode), 429)).toBe(BURST);
    });

    it('the refused attempts do not count against the address, and another account there still signs in', async () => {
      // 45 refused attempts came from 198.51.100.20; only the 5 verified ones count for it (limit 20).
      expect((await login(t.app, 'maker.planner', undefined, {}, '198.51.100.20')).statusCode).toBe(200);
    });
  });
}
