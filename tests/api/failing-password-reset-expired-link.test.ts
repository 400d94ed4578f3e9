import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { clock, resetClock } from '../../src/server/access/clock';
import { createTestApp, type TestApp } from '../support/test-app';
import { body, lastMessageTo, login } from './access-test-helpers';

describe('failing password reset: expired, replaced and invalid links', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterEach(() => resetClock());
  afterAll(async () => t.close());

  async function requestLink(email: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/access/request-password-reset-link', payload: { email } });
    expect(res.statusCode).toBe(200);
    return new URL((await lastMessageTo(t.database.db, email))!.link!).searchParams.get('token')!;
  }
  const reset = (token: string, lang = 'zh-CN') => t.app.inject({ method: 'POST', url: '/api/access/reset-password', headers: { 'x-lang': lang }, payload: { token, password: 'Later1234', repeat: 'Later1234' } });

  it('a link older than 30 minutes says "链接已过期，请重新发送" and changes nothing', async () => {
    const base = Date.now();
    const token = await requestLink('brand@demo.local');
    clock.now = () => base + 29 * 60_000;
    expect(body((await t.app.inject({ method: 'GET', url: `/api/access/reset-link-state?token=${token}` }))).data).toMatchObject({ valid: true });
    clock.now = () => base + 30 * 60_000 + 1000;
    const state = await t.app.inject({ method: 'GET', url: `/api/access/reset-link-state?token=${token}` });
    expect(body(state).data).toMatchObject({ valid: false, expired: true });
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ code: 11000, message: '链接已过期，请重新发送', data: { expired: true } });
    expect(body(await reset(token, 'en')).message).toBe('Link expired, please resend');
    expect((await login(t.app, 'brand')).statusCode).toBe(200);
    expect((await login(t.app, 'brand', 'Later1234')).statusCode).toBe(400);
  });

  it('a new link retires the previous one; a second request within a minute sends nothing', async () => {
    const base = Date.now();
    const first = await requestLink('maker@demo.local');
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from outbox where to_address = 'maker@demo.local'`.execute(t.database.db)).rows[0].n;
    const before = await count();
    await t.app.inject({ method: 'POST', url: '/api/access/request-password-reset-link', payload: { email: 'maker@demo.local' } });
    expect(await count()).toBe(before);
    clock.now = () => base + 61_000;
    const second = await requestLink('maker@demo.local');
    expect(second).not.toBe(first);
    expect(body(await reset(first))).toMatchObject({ code: 11000, data: { invalid: true } });
    expect((await reset(second)).statusCode).toBe(200);
  });

  it('invalid tokens and bad passwords are refused in the envelope', async () => {
    for (const token of ['', 'nope', 'x'.repeat(43)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/access/reset-password', payload: { token, password: 'Later1234', repeat: 'Later1234' } });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe('链接无效或已被使用，请重新发送');
    }
    const token = await requestLink('supplier@demo.local');
    const weak = await t.app.inject({ method: 'POST', url: '/api/access/reset-password', payload: { token, password: 'abc', repeat: 'abd' } });
    expect(body<{ errors: Record<string, string> }>(weak).data.errors).toEqual({ password: '密码须为6到20位，且同时包含字母和数字', repeat: '两次输入的密码不一致' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/access/reset-password', payload: { token } });
    expect(body<{ errors: Record<string, string> }>(missing).data.errors).toEqual({ password: '必填项', repeat: '必填项' });
    // The refused attempts did not spend the link.
    expect((await reset(token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/access/reset-link-state' })).statusCode).toBe(200);
  });
});
