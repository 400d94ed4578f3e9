import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { body } from './access-test-helpers';

/**
 * Issue 20: the join form told whether a user name or e-mail exists before the invite code was
 * checked, and the invite lookup had no rate limit. The code is now checked first, and wrong codes
 * are limited per address (20 a window, lookup and join form together).
 */
type Errors = { errors: Record<string, string> };

const applicant = { username: 'brand', password: 'Secret123', email: 'brand@demo.local', mobile: '13712345678', code: '123456' };

const join = (t: TestApp, inviteCode: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/utilsapi/signup-join', payload: { ...applicant, invite_code: inviteCode }, remoteAddress });

const lookup = (t: TestApp, code: string, remoteAddress: string) =>
  t.app.inject({ method: 'GET', url: `/api/utilsapi/invite-info?code=${encodeURIComponent(code)}`, remoteAddress });

describe('invite codes before accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ redisUrl: undefined });
  });
  afterAll(async () => t?.close());

  it('a wrong invite code learns nothing about taken user names or e-mails', async () => {
    const res = await join(t, 'NOT-A-CODE', '192.0.2.30');
    expect(res.statusCode).toBe(400);
    const errors = body<Errors>(res).data.errors;
    expect(errors.invite_code).toBe('邀请码无效');
    expect(errors).not.toHaveProperty('username');
    expect(errors).not.toHaveProperty('email');
  });

  it('with a valid invite code the form still says the user name and e-mail are taken', async () => {
    const errors = body<Errors>(await join(t, 'BRAND01-JOIN', '192.0.2.31')).data.errors;
    expect(errors.username).toBe('用户名已存在');
    expect(errors.email).toBeDefined();
    expect(errors).not.toHaveProperty('invite_code');
  });

  it('an address gets 20 wrong codes a window, lookup and join together; then even a right code waits', async () => {
    const ip = '192.0.2.32';
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await lookup(t, `GUESS-${i}`, ip)).statusCode);
    for (let i = 0; i < 5; i++) statuses.push((await join(t, `GUESS-J${i}`, ip)).statusCode);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const lockedLookup = await lookup(t, 'BRAND01-JOIN', ip);
    expect(lockedLookup.statusCode).toBe(429);
    expect(body(lockedLookup).code).toBe(429);
    expect((await join(t, 'BRAND01-JOIN', ip)).statusCode).toBe(429);
    // Another address is not affected, and right codes do not use up its allowance.
    for (let i = 0; i < 25; i++) expect((await lookup(t, 'BRAND01-JOIN', '192.0.2.33')).statusCode).toBe(200);
  });
});
