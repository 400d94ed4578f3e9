import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { body, login } from './access-test-helpers';

/**
 * Issue 20 ("guesses cannot beat the lockout"): the workplace-chat binding checks a user name and
 * password before it looks at its ticket, so without counting it was an unlimited password oracle
 * beside the locked sign-in. It now counts on the same per-account and per-address limits.
 */
const bindWith = (t: TestApp, username: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/thirdpartyapi/qywx-basic/binding-qywx', payload: { bind_ticket: 'no-such-ticket', username, password }, remoteAddress: ip });

describe('workplace-chat binding and the sign-in lockout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('wrong passwords through the binding lock the account for sign-in too, in parallel as in series', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => bindWith(t, 'maker.planner', 'Wrong1234', '198.51.100.60')));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(body(replies.find((r) => r.statusCode === 400)!).message).toBe('用户名或密码错误');
    expect((await login(t.app, 'maker.planner', undefined, {}, '198.51.100.61')).statusCode).toBe(429);
  });

  it('the right password with a stale ticket does not count as a failure', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await bindWith(t, 'supplier.sales', 'Demo1234', '198.51.100.62');
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('绑定请求已失效，请重新扫码登录');
    }
    expect((await login(t.app, 'supplier.sales', undefined, {}, '198.51.100.62')).statusCode).toBe(200);
  });
});
