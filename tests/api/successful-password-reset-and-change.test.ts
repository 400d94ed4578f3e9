import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, lastMessageTo, login, loginOk, type LoginData } from './access-test-helpers';

type Errors = { errors: Record<string, string> };

describe('password reset by mailed link, password change and the first-login change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/access/profile', headers: bearer(token) });
  const outboxCount = async () => (await sql<{ n: number }>`select count(*)::int as n from outbox`.execute(t.database.db)).rows[0].n;

  it('mails a link that resets the password once and ends every session', async () => {
    const session = await loginOk(t.app, 'brand.buyer');
    const res = await t.app.inject({ method: 'POST', url: '/api/access/request-password-reset-link', payload: { email: 'Brand.Buyer@demo.local' } });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ message: 'OK', data: { sent: true, expire: 1800 } });
    const mail = await lastMessageTo(t.database.db, 'brand.buyer@demo.local');
    expect(mail!.subject).toBe('【供应链协同平台】重置密码');
    expect(mail!.link).toMatch(new RegExp(`^${t.config.publicUrl}/forgotpwd/newpwd\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail!.body).toContain(mail!.link!);
    const token = new URL(mail!.link!).searchParams.get('token')!;
    const stored = await sql<{ n: number }>`select count(*)::int as n from password_resets where token_hash = ${token}`.execute(t.database.db);
    expect(stored.rows[0].n).toBe(0);

    const state = await t.app.inject({ method: 'GET', url: `/api/access/reset-link-state?token=${token}` });
    expect(body(state).data).toMatchObject({ valid: true, expired: false });
    const reset = await t.app.inject({ method: 'POST', url: '/api/access/reset-password', payload: { token, password: 'Newpass123', repeat: 'Newpass123' } });
    expect(reset.statusCode).toBe(200);
    expect((await profile(session.access_token)).statusCode).toBe(401);
    expect((await login(t.app, 'brand.buyer')).statusCode).toBe(400);
    expect((await login(t.app, 'brand.buyer', 'Newpass123')).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/access/reset-password', payload: { token, password: 'Other1234', repeat: 'Other1234' } });
    expect(again.statusCode).toBe(400);
    expect(body(again)).toMatchObject({ code: 11000, message: '链接无效或已被使用，请重新发送', data: { invalid: true } });
    expect(body((await t.app.inject({ method: 'GET', url: `/api/access/reset-link-state?token=${token}` }))).data).toMatchObject({ valid: false, expired: false });
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const before = await outboxCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/access/request-password-reset-link', payload: { email: 'nobody@nowhere.example' } });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ sent: true, expire: 1800 });
    expect(await outboxCount()).toBe(before);
    const bad = await t.app.inject({ method: 'POST', url: '/api/access/request-password-reset-link', payload: { email: 'not-an-email' } });
    expect(body<Errors>(bad).data.errors.email).toBe('不是有效的邮箱地址');
  });

  it('change-password checks the old password and the rule, then ends every other session', async () => {
    const current = await loginOk(t.app, 'maker.planner');
    const other = await loginOk(t.app, 'maker.planner');
    const change = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/access/change-password', headers: bearer(current.access_token), payload });
    const wrongOld = await change({ old_password: 'Nope1234', new_password: 'Fresh1234', repeat_password: 'Fresh1234' });
    expect(body<Errors>(wrongOld).data.errors.old_password).toBe('原密码不正确');
    const weak = await change({ old_password: 'Demo1234', new_password: 'short', repeat_password: 'shorter' });
    expect(body<Errors>(weak).data.errors).toEqual({ new_password: '密码须为6到20位，且同时包含字母和数字', repeat_password: '两次输入的密码不一致' });
    const same = await change({ old_password: 'Demo1234', new_password: 'Demo1234', repeat_password: 'Demo1234' });
    expect(body<Errors>(same).data.errors.new_password).toBe('新密码不能与原密码相同');
    const noOld = await change({ new_password: 'Fresh1234', repeat_password: 'Fresh1234' });
    expect(body<Errors>(noOld).data.errors.old_password).toBe('必填项');
    // None of the refusals changed anything.
    expect((await profile(other.access_token)).statusCode).toBe(200);

    const ok = await change({ old_password: 'Demo1234', new_password: 'Fresh1234', repeat_password: 'Fresh1234' });
    expect(ok.statusCode).toBe(200);
    expect(body(ok).data).toEqual({ ended_sessions: 1 });
    expect((await profile(current.access_token)).statusCode).toBe(200);
    expect((await profile(other.access_token)).statusCode).toBe(401);
    expect((await lastMessageTo(t.database.db, 'maker.planner@demo.local'))!.subject).toBe('【供应链协同平台】密码已修改');
    expect((await login(t.app, 'maker.planner', 'Fresh1234')).statusCode).toBe(200);
  });

  it('the first-login change needs only the new password and clears must_change_password', async () => {
    await sql`update users set must_change_password = true where username = 'supplier.sales'`.execute(t.database.db);
    const d = await loginOk(t.app, 'supplier.sales');
    expect(d.must_change_password).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/access/change-password', headers: bearer(d.access_token), payload: { new_password: 'First1234', repeat_password: 'First1234' } });
    expect(res.statusCode).toBe(200);
    const info = body<{ userinfo: LoginData }>(await profile(d.access_token)).data.userinfo;
    expect(info.must_change_password).toBe(false);
    expect((await loginOk(t.app, 'supplier.sales', 'First1234')).must_change_password).toBe(false);
  });
});
