import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/** Spec 7 "Profile and workspace": bad input is refused field by field and changes nothing. */
type Errors = { errors: Record<string, string> };

describe('failing user profile and settings', () => {
  let t: TestApp;
  let d: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    d = await loginOk(t.app, 'brand.buyer');
  });
  afterAll(async () => t.close());

  const post = (call: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/clientinfoapi/user-profile/${call}`, headers: { ...bearer(d.access_token), ...headers }, payload: payload as Record<string, unknown> });
  const row = async () =>
    (await sql<{ language: string; settings: unknown; saved_tables: unknown; fullname: string; email: string; mobile: string | null; version: number }>`
      select language, settings, saved_tables, fullname, email, mobile, version from users where username = 'brand.buyer'`.execute(t.database.db)).rows[0];

  it('refuses calls without a valid token', async () => {
    for (const [method, call] of [['POST', 'save-setting'], ['POST', 'save-profile'], ['POST', 'save-favourite-menus'], ['GET', 'my-dash-setting'], ['GET', 'my-workspace-home-setting']] as const) {
      const res = await t.app.inject({ method, url: `/api/clientinfoapi/user-profile/${call}`, headers: { authorization: 'Bearer not-a-token' }, ...(method === 'POST' ? { payload: { language: 'en' } } : {}) });
      expect(res.statusCode, call).toBe(401);
      expect(body(res).code).toBe(401);
    }
  });

  it('refuses bad settings with the field and keeps the stored ones', async () => {
    const before = await row();
    const res = await post('save-setting', {
      language: 'fr',
      rpt_theme: 'dark theme!',
      vf_qty_amount: 'both',
      dash_layout: 'not json [',
      saved_tables: { nosuchpage: { columns: [] }, vendor: { columns: [{ colId: 'name', width: 5 }] }, material: { columns: [{ colId: 'a' }, { colId: 'a' }] }, customer: { columns: 'x' } },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe(11000);
    expect(body<Errors>(res).data.errors).toEqual({
      language: '值的格式不正确',
      rpt_theme: '值的格式不正确',
      vf_qty_amount: '值的格式不正确',
      dash_layout: '值的格式不正确',
      'saved_tables.nosuchpage': '列表不存在',
      'saved_tables.vendor.columns[0]': '值的格式不正确',
      'saved_tables.material.columns[1]': '值的格式不正确',
      'saved_tables.customer': '值的格式不正确',
    });
    expect(await row()).toEqual(before);
  });

  it('refuses a saved table given as broken JSON text, an empty save and too many layout items, in English too', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/clientinfoapi/user-profile/save-setting',
      headers: { ...bearer(d.access_token), 'content-type': 'application/x-www-form-urlencoded', 'x-lang': 'en' },
      payload: 'saved_tables=%7Bvendor',
    });
    expect(body<Errors>(form).data.errors).toEqual({ saved_tables: 'Invalid value' });
    const empty = await post('save-setting', {});
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('没有需要保存的设置');
    const many = await post('save-setting', { home_layout: Array.from({ length: 51 }, (_, i) => `b${i}`) }, { 'x-lang': 'en' });
    expect(body<Errors>(many).data.errors).toEqual({ home_layout: 'At most 50 items' });
    const tooMany = await post('save-setting', { saved_tables: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, null])) });
    expect(body<Errors>(tooMany).data.errors).toEqual({ saved_tables: '保存的列表设置过多（最多50个）' });
  });

  it('refuses favourites the user cannot see, malformed codes, an empty list and too many', async () => {
    const before = await row();
    // A platform screen of the super administrator, and a code that names nothing.
    for (const menus of [['admin.sys.client'], ['nothing.here']]) {
      const res = await post('save-favourite-menus', { menus });
      expect(res.statusCode).toBe(400);
      expect(body<Errors>(res).data.errors).toEqual({ menus: '菜单不存在或您无权访问' });
    }
    expect(body<Errors>(await post('save-favourite-menus', { menus: ['<script>'] })).data.errors).toEqual({ menus: '值的格式不正确' });
    expect(body<Errors>(await post('save-favourite-menus', { menus: '' })).data.errors).toEqual({ menus: '必填项' });
    expect(body<Errors>(await post('remove-favourite-menus', {})).data.errors).toEqual({ menus: '必填项' });
    expect(body<Errors>(await post('save-favourite-menus', { menus: Array.from({ length: 31 }, (_, i) => `m${i}`) }, { 'x-lang': 'en' })).data.errors).toEqual({ menus: 'At most 30 favourite menus' });
    expect(await row()).toEqual(before);
  });

  it('refuses a bad own profile with the spec 5 messages in zh and en, and a taken e-mail', async () => {
    const before = await row();
    const zh = await post('save-profile', { fullname: '   ', email: 'not-an-email', mobile: '12345678901' });
    expect(zh.statusCode).toBe(400);
    expect(body<Errors>(zh).data.errors).toEqual({ fullname: '必填项', email: '不是有效的邮箱地址', mobile: '不是有效的手机号码' });
    const en = await post('save-profile', { email: 'a@b', mobile: '1381234567' }, { 'x-lang': 'en' });
    expect(body<Errors>(en).data.errors).toEqual({ email: 'Not a valid e-mail address', mobile: 'Not a valid mobile number' });
    const long = await post('save-profile', { fullname: 'x'.repeat(51) });
    expect(body<Errors>(long).data.errors).toEqual({ fullname: '最多50个字符' });
    // Another account's e-mail, in another case.
    const other = (await sql<{ email: string }>`select email from users where username = 'brand'`.execute(t.database.db)).rows[0].email;
    const taken = await post('save-profile', { email: other.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(body<Errors>(taken).data.errors).toEqual({ email: '该邮箱已被其他账号使用' });
    const takenEn = await post('save-profile', { email: other }, { 'x-lang': 'en' });
    expect(body<Errors>(takenEn).data.errors).toEqual({ email: 'This e-mail is already used by another account' });
    expect(body(await post('save-profile', {})).message).toBe('没有需要保存的设置');
    // An id in the body never redirects the save to another user.
    const res = await post('save-profile', { id: 1, username: 'admin', fullname: '李采购' });
    expect(res.statusCode).toBe(200);
    const admin = (await sql<{ fullname: string }>`select fullname from users where username = 'admin'`.execute(t.database.db)).rows[0];
    expect(admin.fullname).not.toBe('李采购');
    expect({ ...(await row()), version: 0 }).toEqual({ ...before, version: 0 });
  });
});
