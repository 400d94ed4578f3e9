import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { defineMenuGroup, menusFor } from '../../src/model/menus';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, login, loginOk, type LoginData } from './access-test-helpers';

/** spec 7 "A login reply carries ..." plus the userinfo fields the shell shows. */
const LOGIN_FIELDS = [
  'access_token', 'expire', 'refresh_token', 'refresh_expire', 'username', 'language_code', 'platform_id', 'cr_dash', 'menus',
  'menu_modules', 'dashroles', 'settings', 'jointgroups', 'hasnewversion', 'vf_qty_amount', 'client_name', 'license_type',
  'platform_list', 'shop_id', 'unread_msg', 'rpt_theme', 'avatar', 'names', 'id', 'client_id',
  'fullname', 'mobile', 'email', 'must_change_password',
];
const TOKEN_FIELDS = ['access_token', 'expire', 'refresh_token', 'refresh_expire'];

// A menu group only the print centre shows, so switching platform visibly changes the menus.
defineMenuGroup({ code: 'test.print', platforms: ['SFPRINT'], title: { zh: '打印测试', en: 'Print test' }, entries: [{ code: 'test.print.labels', furl: '/page/print-labels', title: { zh: '标签', en: 'Labels' } }] });

describe('successful sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const profile = (token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/access/profile', headers: { ...bearer(token), ...headers } });
  const sessionCount = async (userId: number) =>
    (await sql<{ n: number }>`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is null`.execute(t.database.db)).rows[0].n;

  it('login replies with every field of the spec, a token pair and a new session each time', async () => {
    const res = await login(t.app, 'brand.buyer');
    expect(res.statusCode).toBe(200);
    const b = body<LoginData>(res);
    expect(b).toMatchObject({ code: 200, message: 'OK' });
    for (const f of LOGIN_FIELDS) expect(b.data, f).toHaveProperty(f);
    const d = b.data;
    expect(d).toMatchObject({ username: 'brand.buyer', fullname: '李采购', names: '李采购', client_name: '悦衣品牌', license_type: 'standard', language_code: 'zh-CN', platform_id: 'SRM', email: 'brand.buyer@demo.local', must_change_password: false, hasnewversion: false, unread_msg: 0 });
    expect(d.expire).toBe(t.config.tokenTtl);
    expect(d.refresh_expire).toBe(t.config.refreshTtl);
    expect(d.dashroles).toEqual(['common']);
    expect(d.platform_list).toEqual([
      { id: 'SRM', name: '供应链协同', ui: 'srmui' },
      { id: 'SFCENTER', name: '智造中心', ui: 'sfcenterui' },
      { id: 'SFPRINT', name: '打印中心', ui: 'printui' },
    ]);
    expect(d.menus.length).toBeGreaterThan(0);
    for (const g of d.menus) {
      expect(typeof g.CODE).toBe('string');
      expect(typeof g.TITLE).toBe('string');
      for (const c of g.children) expect(c).toEqual(expect.objectContaining({ FURL: expect.stringMatching(/^\//), TITLE: expect.any(String) }));
    }
    expect(d.menus).toEqual(menusFor('SRM', ['common'], false, 'zh-CN', 'brand'));
    // The outbox entry is for administrators only.
    expect(d.menus.flatMap((g) => g.children.map((c) => c.FURL))).not.toContain('/page/outbox');
    expect(d.settings).toEqual({ favourite_menus: [] });
    expect(d.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const again = await loginOk(t.app, 'brand.buyer');
    expect(again.access_token).not.toBe(d.access_token);
    expect(again.refresh_token).not.toBe(d.refresh_token);
    expect(await sessionCount(d.id)).toBe(2);
    // Only the hash of a refresh token is stored.
    const stored = await sql<{ n: number }>`select count(*)::int as n from refresh_tokens where token_hash = ${d.refresh_token}`.execute(t.database.db);
    expect(stored.rows[0].n).toBe(0);
  });

  it('accepts a form-encoded body, the English menus and tells a stale page build', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/access/login', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'en' },
      payload: 'username=brand&password=Demo1234&build=some-old-build',
    });
    expect(res.statusCode).toBe(200);
    const d = body<LoginData>(res).data;
    expect(d.hasnewversion).toBe(true);
    expect(d.menus[0].TITLE).toBe('Workspace');
    expect(d.dashroles).toEqual(['clientadmin', 'common']);
    expect(d.menus.flatMap((g) => g.children.map((c) => c.FURL))).toContain('/page/outbox');
    const current = await loginOk(t.app, 'brand', undefined, { build: t.config.buildId });
    expect(current.hasnewversion).toBe(false);
  });

  it('profile answers the same shape without new tokens, with the Bearer header or the token query', async () => {
    const d = await loginOk(t.app, 'maker.planner');
    const res = await profile(d.access_token);
    expect(res.statusCode).toBe(200);
    const info = body<{ userinfo: LoginData }>(res).data.userinfo;
    for (const f of LOGIN_FIELDS.filter((x) => !TOKEN_FIELDS.includes(x))) expect(info, f).toHaveProperty(f);
    for (const f of TOKEN_FIELDS) expect(info).not.toHaveProperty(f);
    expect(info).toMatchObject({ username: 'maker.planner', client_name: '华纺制衣', dashroles: ['common', 'planner'] });
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/access/profile?token=${d.access_token}` });
    expect(body<{ userinfo: LoginData }>(viaQuery).data.userinfo.id).toBe(info.id);
  });

  it('user-state tells whether a token is valid and when it expires', async () => {
    const d = await loginOk(t.app, 'supplier.sales');
    const res = await t.app.inject({ method: 'GET', url: `/api/access/user-state?token=${d.access_token}` });
    const s = body<{ valid: boolean; username: string; expires_in: number; expire_at: number }>(res).data;
    expect(s.valid).toBe(true);
    expect(s.username).toBe('supplier.sales');
    expect(s.expires_in).toBeGreaterThan(t.config.tokenTtl - 5);
    expect(s.expires_in).toBeLessThanOrEqual(t.config.tokenTtl);
    const bad = await t.app.inject({ method: 'GET', url: '/api/access/user-state', headers: bearer('not-a-token') });
    expect(bad.statusCode).toBe(200);
    expect(body(bad).data).toMatchObject({ valid: false });
  });

  it('refresh rotates the pair: data.userinfo with new tokens, and the new refresh token works next', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    const r1 = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', payload: { username: 'brand.buyer', refresh_token: d.refresh_token } });
    expect(r1.statusCode).toBe(200);
    const b1 = body<{ userinfo: LoginData }>(r1);
    expect(b1.message).toBe('OK');
    for (const f of LOGIN_FIELDS) expect(b1.data.userinfo, f).toHaveProperty(f);
    expect(b1.data.userinfo.refresh_token).not.toBe(d.refresh_token);
    expect(b1.data.userinfo.access_token).not.toBe(d.access_token);
    expect((await profile(b1.data.userinfo.access_token)).statusCode).toBe(200);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `username=brand.buyer&refresh_token=${b1.data.userinfo.refresh_token}` });
    expect(r2.statusCode).toBe(200);
    // Still one session: refreshing continues the family, it does not open a new one.
    const sid = await sql<{ n: number }>`select count(distinct session_id)::int as n from refresh_tokens where session_id in (select session_id from refresh_tokens where used_at is not null)`.execute(t.database.db);
    expect(sid.rows[0].n).toBeGreaterThanOrEqual(1);
    const family = await sql<{ n: number; used: number }>`select count(*)::int as n, count(used_at)::int as used from refresh_tokens t join sessions s on s.id = t.session_id
      where s.user_id = ${d.id} and t.session_id = (select session_id from refresh_tokens where used_at is not null order by used_at desc limit 1)`.execute(t.database.db);
    expect(family.rows[0]).toEqual({ n: 3, used: 2 });
  });

  it('logout ends the session: its access and refresh tokens stop working', async () => {
    const d = await loginOk(t.app, 'supplier');
    const out = await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(d.access_token) });
    expect(out.statusCode).toBe(200);
    expect((await profile(d.access_token)).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', payload: { username: 'supplier', refresh_token: d.refresh_token } });
    expect(r.statusCode).toBe(401);
    const row = await sql<{ revoked_reason: string }>`select revoked_reason from sessions where user_id = ${d.id} order by created_at desc limit 1`.execute(t.database.db);
    expect(row.rows[0].revoked_reason).toBe('logout');
  });

  it('logout-all signs out every session of the user and no one else', async () => {
    const a = await loginOk(t.app, 'maker');
    const b = await loginOk(t.app, 'maker');
    const other = await loginOk(t.app, 'maker.planner');
    const res = await t.app.inject({ method: 'POST', url: '/api/access/logout-all', headers: bearer(a.access_token) });
    expect(body<{ ended_sessions: number }>(res).data.ended_sessions).toBeGreaterThanOrEqual(2);
    expect((await profile(a.access_token)).statusCode).toBe(401);
    expect((await profile(b.access_token)).statusCode).toBe(401);
    expect((await profile(other.access_token)).statusCode).toBe(200);
    expect(await sessionCount(a.id)).toBe(0);
  });

  it('switch-plt changes platform and menus without signing in again, and is remembered', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    expect(d.menus.map((g) => g.CODE)).not.toContain('test.print');
    const res = await t.app.inject({ method: 'POST', url: '/api/access/switch-plt', headers: bearer(d.access_token), payload: { platform_id: 'SFPRINT' } });
    expect(res.statusCode).toBe(200);
    const s = body<LoginData>(res).data;
    expect(s.platform_id).toBe('SFPRINT');
    expect(s.menus.map((g) => g.CODE)).toContain('test.print');
    expect(s.menus).toEqual(menusFor('SFPRINT', ['common'], false, 'zh-CN', 'brand'));
    expect(s.access_token).not.toBe(d.access_token);
    // The session follows: the profile of the new token shows the platform; the old refresh token is gone.
    expect(body<{ userinfo: LoginData }>(await profile(s.access_token)).data.userinfo.platform_id).toBe('SFPRINT');
    const old = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', payload: { username: 'brand.buyer', refresh_token: d.refresh_token } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', payload: { username: 'brand.buyer', refresh_token: s.refresh_token } });
    expect(fresh.statusCode).toBe(200);
    expect((await loginOk(t.app, 'brand.buyer')).platform_id).toBe('SFPRINT');
    expect((await loginOk(t.app, 'brand.buyer', undefined, { platform_id: 'SRM' })).platform_id).toBe('SRM');
    const bad = await t.app.inject({ method: 'POST', url: '/api/access/switch-plt', headers: bearer(s.access_token), payload: { platform_id: 'NOPE' } });
    expect(bad.statusCode).toBe(400);
    expect(body<{ errors: Record<string, string> }>(bad).data.errors.platform_id).toBe('平台不存在');
  });

  it('switch-token moves to another company the user belongs to, and refuses the others', async () => {
    const ids = await sql<{ code: string; id: number }>`select code, id from clients`.execute(t.database.db);
    const idOf = (code: string) => ids.rows.find((r) => r.code === code)!.id;
    const d = await loginOk(t.app, 'brand.buyer');
    const refused = await t.app.inject({ method: 'POST', url: '/api/access/switch-token', headers: bearer(d.access_token), payload: { client_id: idOf('MAKER01') } });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('您不属于该企业');
    await sql`insert into user_clients (user_id, client_id) values (${d.id}, ${idOf('MAKER01')})`.execute(t.database.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/access/switch-token', headers: bearer(d.access_token), payload: { client_id: idOf('MAKER01') } });
    expect(res.statusCode).toBe(200);
    const s = body<LoginData>(res).data;
    expect(s).toMatchObject({ client_id: idOf('MAKER01'), client_name: '华纺制衣' });
    expect(body<{ userinfo: LoginData }>(await profile(s.access_token)).data.userinfo.client_id).toBe(idOf('MAKER01'));
    const back = await t.app.inject({ method: 'POST', url: '/api/access/switch-token', headers: bearer(s.access_token), payload: { client_id: idOf('BRAND01') } });
    expect(body<LoginData>(back).data.client_id).toBe(idOf('BRAND01'));
    const third = await t.app.inject({ method: 'POST', url: '/api/access/switch-token', headers: bearer(s.access_token), payload: { client_id: idOf('SUPP01') } });
    expect(third.statusCode).toBe(403);
    const garbage = await t.app.inject({ method: 'POST', url: '/api/access/switch-token', headers: bearer(s.access_token), payload: { client_id: 'x' } });
    expect(garbage.statusCode).toBe(400);
  });

  it('the outbox page lists a tenant its own rows, the super administrator all, newest first, paged', async () => {
    const ids = await sql<{ code: string; id: number }>`select code, id from clients`.execute(t.database.db);
    const brandId = ids.rows.find((r) => r.code === 'BRAND01')!.id;
    const makerId = ids.rows.find((r) => r.code === 'MAKER01')!.id;
    for (let i = 0; i < 3; i++) await sql`insert into outbox (client_id, channel, to_address, subject, body) values (${brandId}, 'email', 'x@demo.local', ${`brand ${i}`}, 'b')`.execute(t.database.db);
    await sql`insert into outbox (client_id, channel, to_address, subject, body) values (${makerId}, 'sms', '13800000009', 'maker', 'm')`.execute(t.database.db);
    const brand = await loginOk(t.app, 'brand');
    const page = await t.app.inject({ method: 'GET', url: '/api/utilsapi/outbox?page=1&size=2', headers: bearer(brand.access_token) });
    const data = body<{ rows: { subject: string; client_id: number }[]; total: number }>(page).data;
    expect(data.total).toBeGreaterThanOrEqual(3);
    expect(data.rows.map((r) => r.subject)).toEqual(['brand 2', 'brand 1']);
    const all = await t.app.inject({ method: 'GET', url: `/api/utilsapi/outbox?size=100&token=${brand.access_token}` });
    expect(body<{ rows: { client_id: number }[] }>(all).data.rows.every((r) => r.client_id === brandId)).toBe(true);
    const admin = await loginOk(t.app, 'admin');
    const superRows = body<{ rows: { client_id: number }[] }>(await t.app.inject({ method: 'GET', url: '/api/utilsapi/outbox?size=100&channel=sms', headers: bearer(admin.access_token) })).data.rows;
    expect(superRows.some((r) => r.client_id === makerId)).toBe(true);
    const buyer = await loginOk(t.app, 'brand.buyer');
    expect((await t.app.inject({ method: 'GET', url: '/api/utilsapi/outbox', headers: bearer(buyer.access_token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/utilsapi/outbox' })).statusCode).toBe(401);
  });
});
