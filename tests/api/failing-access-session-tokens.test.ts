import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { clock, resetClock } from '../../src/server/access/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, login, loginOk } from './access-test-helpers';

describe('failing sign-in, refresh and tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ tokenTtl: 600, refreshTtl: 3600 });
  });
  afterEach(() => resetClock());
  afterAll(async () => t.close());

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/access/profile', headers: bearer(token) });
  const refresh = (username: string, refreshToken: string) => t.app.inject({ method: 'POST', url: '/api/access/refresh-token', payload: { username, refresh_token: refreshToken } });
  const later = (seconds: number) => {
    const base = Date.now();
    clock.now = () => base + seconds * 1000;
  };

  it('a wrong password and an unknown user get the same answer', async () => {
    const wrong = await login(t.app, 'brand.buyer', 'Wrong1234');
    const unknown = await login(t.app, 'nobody.here', 'Wrong1234');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(body(unknown)).toEqual(body(wrong));
    expect(body(wrong).message).toBe('用户名或密码错误');
    const en = await t.app.inject({ method: 'POST', url: '/api/access/login', headers: { 'x-lang': 'en' }, payload: { username: 'nobody', password: 'x' } });
    expect(body(en).message).toBe('Incorrect username or password');
  });

  it('reusing a used refresh token revokes the whole family and answers 401', async () => {
    const d = await loginOk(t.app, 'maker.planner');
    const first = await refresh('maker.planner', d.refresh_token);
    expect(first.statusCode).toBe(200);
    const next = body<{ userinfo: { refresh_token: string; access_token: string } }>(first).data.userinfo;
    const reuse = await refresh('maker.planner', d.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(body(reuse).message).toBe('登录凭证被重复使用，为安全起见该登录已失效，请重新登录');
    // The thief's copy and the owner's newer token are both dead now, and so are the access tokens.
    expect((await refresh('maker.planner', next.refresh_token)).statusCode).toBe(401);
    expect((await profile(next.access_token)).statusCode).toBe(401);
    expect((await profile(d.access_token)).statusCode).toBe(401);
    const s = await sql<{ revoked_reason: string }>`select revoked_reason from sessions where user_id = ${d.id} order by created_at desc limit 1`.execute(t.database.db);
    expect(s.rows[0].revoked_reason).toBe('reuse');
    // Another session of the same user is untouched.
    const other = await loginOk(t.app, 'maker.planner');
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  it('two concurrent uses of one refresh token: one wins, the family is revoked', async () => {
    const d = await loginOk(t.app, 'supplier.sales');
    const [a, b] = await Promise.all([refresh('supplier.sales', d.refresh_token), refresh('supplier.sales', d.refresh_token)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const winner = a.statusCode === 200 ? a : b;
    const next = body<{ userinfo: { refresh_token: string } }>(winner).data.userinfo;
    expect((await refresh('supplier.sales', next.refresh_token)).statusCode).toBe(401);
  });

  it('an expired refresh token answers 401 saying the sign-in expired', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    later(3600 + 1);
    const res = await refresh('brand.buyer', d.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe('登录已过期，请重新登录');
    resetClock();
    later(3600 - 30);
    const d2 = await loginOk(t.app, 'brand.buyer');
    expect((await refresh('brand.buyer', d2.refresh_token)).statusCode).toBe(200);
  });

  it('an expired access token is refused and user-state says it is not valid', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    later(599);
    expect((await profile(d.access_token)).statusCode).toBe(200);
    later(601);
    expect((await profile(d.access_token)).statusCode).toBe(401);
    const state = await t.app.inject({ method: 'GET', url: `/api/access/user-state?token=${d.access_token}` });
    expect(body(state).data).toMatchObject({ valid: false });
    // The refresh token still lives, so the guard can refresh (spec 2 "Navigation behaviour").
    expect((await refresh('brand.buyer', d.refresh_token)).statusCode).toBe(200);
  });

  it('refresh with another username, an unknown token or missing fields is refused', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    expect((await refresh('brand', d.refresh_token)).statusCode).toBe(401);
    expect((await refresh('brand.buyer', 'x'.repeat(43))).statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(missing).data.errors).toEqual({ username: '必填项', refresh_token: '必填项' });
    // The wrong-username attempt did not burn the token.
    expect((await refresh('brand.buyer', d.refresh_token)).statusCode).toBe(200);
  });

  it('malformed and tampered access tokens answer 401 in the envelope', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    const [h, p, s] = d.access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 1 })).toString('base64url');
    for (const token of ['garbage', 'a.b.c', `${h}.${forged}.${s}`, `${h}.${p}.${s.slice(0, -2)}xx`, 'x'.repeat(5000)]) {
      const res = await profile(token);
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(body(res)).toMatchObject({ code: 401, message: '登录已失效，请重新登录' });
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer('garbage') })).statusCode).toBe(401);
  });

  it('pending, rejected and frozen accounts get a clear message after the right password only', async () => {
    const ids = await sql<{ id: number }>`select id from clients where code = 'SUPP01'`.execute(t.database.db);
    const supp = ids.rows[0].id;
    const d = await loginOk(t.app, 'supplier.sales');
    await sql`update users set status = 'frozen' where username = 'supplier.sales'`.execute(t.database.db);
    const frozen = await login(t.app, 'supplier.sales');
    expect(frozen.statusCode).toBe(403);
    expect(body(frozen).message).toBe('账号已被冻结，请联系管理员');
    expect(body(await login(t.app, 'supplier.sales', 'Wrong1234')).message).toBe('用户名或密码错误');
    // A session opened before the freeze can neither be used nor refreshed.
    expect((await profile(d.access_token)).statusCode).toBe(401);
    expect((await refresh('supplier.sales', d.refresh_token)).statusCode).toBe(401);
    await sql`update users set status = 'active' where username = 'supplier.sales'`.execute(t.database.db);

    await sql`update clients set status = 'pending' where id = ${supp}`.execute(t.database.db);
    expect(body(await login(t.app, 'supplier')).message).toBe('企业注册申请正在审核中，审核通过后即可登录');
    await sql`update clients set status = 'rejected', review_note = '资料不全' where id = ${supp}`.execute(t.database.db);
    expect(body(await login(t.app, 'supplier')).message).toBe('注册申请未通过审核：资料不全');
    await sql`update clients set status = 'frozen' where id = ${supp}`.execute(t.database.db);
    expect(body(await login(t.app, 'supplier')).message).toBe('企业账号已被冻结，请联系平台管理员');
    await sql`update clients set status = 'active', review_note = null where id = ${supp}`.execute(t.database.db);
    expect((await login(t.app, 'supplier')).statusCode).toBe(200);
  });

  it('bad input never crashes: wrong types, missing fields, bad JSON, wrong content type, oversized bodies', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(body(missing)).toMatchObject({ code: 11000, data: { errors: { username: '必填项', password: '必填项' } } });
    const typed = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: ['a', 'b'], password: { x: 1 } } });
    expect(typed.statusCode).toBe(400);
    expect(body(typed).code).toBe(11000);
    const repeated = await t.app.inject({ method: 'POST', url: '/api/access/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'username=a&username=b&password=x' });
    expect(body(repeated).code).toBe(11000);
    const badJson = await t.app.inject({ method: 'POST', url: '/api/access/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(badJson.statusCode).toBe(400);
    expect(body(badJson).code).toBe(400);
    const text = await t.app.inject({ method: 'POST', url: '/api/access/login', headers: { 'content-type': 'application/xml' }, payload: '<username>brand</username>' });
    expect(text.statusCode).toBe(415);
    expect(body(text).code).toBe(415);
    // Plain text parses as a string, which carries no fields: the field errors say what is missing.
    const plain = await t.app.inject({ method: 'POST', url: '/api/access/login', headers: { 'content-type': 'text/plain' }, payload: 'username=brand' });
    expect(body(plain).code).toBe(11000);
    const big = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'brand', password: 'x'.repeat(20000) } });
    expect(big.statusCode).toBe(413);
    expect(body(big).code).toBe(413);
    const longName = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'x'.repeat(150), password: 'y' } });
    expect(body(longName).code).toBe(11000);
    const platform = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'brand', password: 'Demo1234', platform_id: 'NOPE' } });
    expect(body<{ errors: Record<string, string> }>(platform).data.errors.platform_id).toBe('平台不存在');
    for (const res of [missing, typed, badJson, text, big]) expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
