import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Spec 7 "Profile and workspace": settings, saved table info, favourite menus, the workspace and
 * dashboard settings and the own profile, kept on the server so they follow the user to another
 * device; and the first-login rule (spec 2) enforced on the server.
 */
type Entry = { CODE: string; FURL: string; TITLE: string; GROUP: string };
type SettingsReply = { language_code: string; settings: Record<string, unknown>; saved_tables: Record<string, { columns: unknown[] }> };

describe('successful user profile and settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (token: string, call: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/clientinfoapi/user-profile/${call}`, headers: { ...bearer(token), ...headers }, payload });
  const get = (token: string, call: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/clientinfoapi/user-profile/${call}`, headers: { ...bearer(token), ...headers } });
  const profileOf = async (token: string) => body<{ userinfo: LoginData }>(await t.app.inject({ method: 'GET', url: '/api/access/profile', headers: bearer(token) })).data.userinfo;

  it('saves the language, theme and saved table info, merged page by page, and another sign-in sees them', async () => {
    const d = await loginOk(t.app, 'brand.buyer');
    const vendorLayout = { columns: [{ colId: 'name', width: 240, hide: false, pinned: 'left' }, { colId: 'code', width: 90, hide: true, pinned: null }] };
    const first = await post(d.access_token, 'save-setting', { rpt_theme: 'dark', saved_tables: { vendor: vendorLayout } });
    expect(first.statusCode).toBe(200);
    expect(body<SettingsReply>(first).data.saved_tables.vendor).toEqual(vendorLayout);

    // A second page and the language, form-encoded with the token in the query as spec 7 marks it.
    const form = new URLSearchParams({ language: 'en', saved_tables: JSON.stringify({ material: { columns: [{ colId: 'price', width: 120 }] } }) }).toString();
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/clientinfoapi/user-profile/save-setting?token=${d.access_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(second.statusCode).toBe(200);
    const merged = body<SettingsReply>(second).data;
    expect(merged.language_code).toBe('en');
    expect(merged.settings.rpt_theme).toBe('dark');
    expect(Object.keys(merged.saved_tables).sort()).toEqual(['material', 'vendor']);
    expect(merged.saved_tables.material).toEqual({ columns: [{ colId: 'price', width: 120, hide: false, pinned: null }] });

    // Another device: the login reply carries the saved table info and the language.
    const other = await loginOk(t.app, 'brand.buyer');
    expect(other.language_code).toBe('en');
    expect(other.rpt_theme).toBe('dark');
    expect((other.saved_tables as SettingsReply['saved_tables']).vendor).toEqual(vendorLayout);
    // The server now speaks English to this user when the page does not say otherwise.
    const refused = await post(other.access_token, 'save-profile', { fullname: '' });
    expect(body(refused).message).toBe('Please correct the fields that do not meet requirements');
    expect(body<{ errors: Record<string, string> }>(refused).data.errors.fullname).toBe('Required');

    // "Reset columns": null drops one page and keeps the other.
    const reset = await post(other.access_token, 'save-setting', { saved_tables: { vendor: null } });
    expect(Object.keys(body<SettingsReply>(reset).data.saved_tables)).toEqual(['material']);
    expect(Object.keys((await profileOf(d.access_token)).saved_tables as object)).toEqual(['material']);
    await post(other.access_token, 'save-setting', { language: 'zh-CN' });
  });

  it('stars and unstars menus; the workspace and home settings list them as entries in the user\'s order', async () => {
    const d = await loginOk(t.app, 'brand');
    const codes = d.menus.flatMap((g) => g.children.map((e) => (e as unknown as { CODE: string }).CODE));
    expect(codes.length).toBeGreaterThan(3);
    const [a, b, c] = [codes[2], codes[0], codes[3]];
    expect(body<{ favourite_menus: string[] }>(await post(d.access_token, 'save-favourite-menus', { menus: [a, b] })).data.favourite_menus).toEqual([a, b]);
    // Form-encoded, comma-separated, with a repeat: appended once, order kept.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/clientinfoapi/user-profile/save-favourite-menus',
      headers: { ...bearer(d.access_token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `menus=${encodeURIComponent(`${b},${c}`)}`,
    });
    expect(body<{ favourite_menus: string[] }>(form).data.favourite_menus).toEqual([a, b, c]);

    const ws = body<{ favourite_menus: string[]; favourites: Entry[]; language_code: string }>(await get(d.access_token, 'my-workspace-setting')).data;
    expect(ws.favourite_menus).toEqual([a, b, c]);
    expect(ws.favourites.map((e) => e.CODE)).toEqual([a, b, c]);
    const declared = d.menus.flatMap((g) => g.children as unknown as Entry[]).find((e) => e.CODE === a)!;
    expect(ws.favourites[0]).toMatchObject({ FURL: declared.FURL, TITLE: declared.TITLE });

    expect(body<{ favourite_menus: string[] }>(await post(d.access_token, 'remove-favourite-menus', { menus: [b] })).data.favourite_menus).toEqual([a, c]);
    const home = body<{ favourites: Entry[]; layout: string[] }>(await get(d.access_token, 'my-workspace-home-setting', { 'x-lang': 'en' })).data;
    expect(home.favourites.map((e) => e.CODE)).toEqual([a, c]);
    expect(home.layout).toEqual([]);
    // Titles follow the page's language (x-lang en here; the login above was in Chinese).
    const enLogin = await loginOk(t.app, 'brand', undefined, {});
    expect(enLogin.language_code).toBe('zh-CN');
    expect(home.favourites[0].TITLE).toMatch(/^[\x20-\x7e]+$/);

    // The login reply's settings carry the favourites (spec 3: settings with favourite menus).
    expect((await loginOk(t.app, 'brand')).settings).toMatchObject({ favourite_menus: [a, c] });
    // Another user's favourites are their own.
    const buyer = await loginOk(t.app, 'brand.buyer');
    expect(body<{ favourite_menus: string[] }>(await get(buyer.access_token, 'my-workspace-setting')).data.favourite_menus).toEqual([]);
  });

  it('keeps a favourite the user can no longer see out of the entries, and lets it be removed', async () => {
    const d = await loginOk(t.app, 'maker');
    const code = d.menus.flatMap((g) => g.children.map((e) => (e as unknown as { CODE: string }).CODE))[0];
    await post(d.access_token, 'save-favourite-menus', { menus: [code] });
    await sql`update users set settings = jsonb_set(settings, '{favourite_menus}', ${JSON.stringify([code, 'gone.menu'])}::jsonb) where username = 'maker'`.execute(t.database.db);
    const ws = body<{ favourite_menus: string[]; favourites: Entry[] }>(await get(d.access_token, 'my-workspace-setting')).data;
    expect(ws.favourite_menus).toEqual([code, 'gone.menu']);
    expect(ws.favourites.map((e) => e.CODE)).toEqual([code]);
    expect(body<{ favourite_menus: string[] }>(await post(d.access_token, 'remove-favourite-menus', { codes: 'gone.menu' })).data.favourite_menus).toEqual([code]);
  });

  it('answers the dashboard setting from what save-setting stored', async () => {
    const d = await loginOk(t.app, 'supplier');
    const before = body<Record<string, unknown>>(await get(d.access_token, 'my-dash-setting')).data;
    expect(before).toEqual({ cr_dash: '', rpt_theme: 'default', vf_qty_amount: 'qty', layout: [], board: null });
    await post(d.access_token, 'save-setting', { cr_dash: 'supply', vf_qty_amount: 'amount', dash_layout: ['kpi', 'orders', 'capacity'] });
    const token = d.access_token;
    const after = await t.app.inject({ method: 'GET', url: `/api/clientinfoapi/user-profile/my-dash-setting?token=${token}` });
    expect(body(after).data).toEqual({ cr_dash: 'supply', rpt_theme: 'default', vf_qty_amount: 'amount', layout: ['kpi', 'orders', 'capacity'], board: null });
    expect((await loginOk(t.app, 'supplier')).cr_dash).toBe('supply');
  });

  it('saves the own name, e-mail and mobile, audited, and the profile shows them', async () => {
    const d = await loginOk(t.app, 'maker.planner');
    const res = await post(d.access_token, 'save-profile', { fullname: '  王小计 ', email: 'Wang.Plan@demo.local', mobile: '13912345678' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ fullname: '王小计', names: '王小计', email: 'Wang.Plan@demo.local', mobile: '13912345678' });
    const info = await profileOf(d.access_token);
    expect(info).toMatchObject({ fullname: '王小计', email: 'Wang.Plan@demo.local', mobile: '13912345678' });
    const audit = await sql<{ action: string; changes: Array<{ field: string; new: unknown }> | string }>`
      select action, changes from audit_log where entity = 'user' and record_id = ${d.id} order by id desc limit 1`.execute(t.database.db);
    const changes = audit.rows[0].changes;
    expect(audit.rows[0].action).toBe('update-own-profile');
    expect((typeof changes === 'string' ? JSON.parse(changes) : changes).map((c: { field: string }) => c.field).sort()).toEqual(['email', 'fullname', 'mobile']);
    // An empty mobile clears it; an absent field stays.
    const cleared = await post(d.access_token, 'save-profile', { mobile: '' });
    expect(body(cleared).data).toMatchObject({ fullname: '王小计', email: 'Wang.Plan@demo.local', mobile: null });
    // The own e-mail in another case is not "taken".
    expect((await post(d.access_token, 'save-profile', { email: 'wang.plan@DEMO.local' })).statusCode).toBe(200);
  });

  it('holds a user who must change the password to the first-login calls until it is changed', async () => {
    await sql`update users set must_change_password = true where username = 'supplier.sales'`.execute(t.database.db);
    const d = await loginOk(t.app, 'supplier.sales');
    expect(d.must_change_password).toBe(true);
    const blocked = await get(d.access_token, 'my-workspace-setting');
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked)).toMatchObject({ code: 403, message: '首次登录或密码已被重置，请先修改密码后再继续操作' });
    const blockedEn = await t.app.inject({ method: 'GET', url: '/api/mdapi/material/page', headers: { ...bearer(d.access_token), 'x-lang': 'en' } });
    expect(blockedEn.statusCode).toBe(403);
    expect(body(blockedEn).message).toBe('This is your first sign-in or your password was reset: change your password before you continue');
    // The token as the `token` query is held the same way.
    expect((await t.app.inject({ method: 'POST', url: `/api/clientinfoapi/user-profile/save-setting?token=${d.access_token}`, payload: { language: 'en' } })).statusCode).toBe(403);
    // What the first-login step needs still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/access/profile', headers: bearer(d.access_token) })).statusCode).toBe(200);
    expect(body<{ valid: boolean }>(await t.app.inject({ method: 'GET', url: `/api/access/user-state?token=${d.access_token}` })).data.valid).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: bearer(d.access_token) })).statusCode).toBe(200);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/access/refresh-token', headers: bearer(d.access_token), payload: { username: 'supplier.sales', refresh_token: d.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    const token = body<{ userinfo: LoginData }>(refreshed).data.userinfo.access_token;

    const changed = await t.app.inject({ method: 'POST', url: '/api/access/change-password', headers: bearer(token), payload: { new_password: 'First1234', repeat_password: 'First1234' } });
    expect(changed.statusCode).toBe(200);
    // The same session works at once.
    expect((await get(token, 'my-workspace-setting')).statusCode).toBe(200);
  });

  it('lets a user who must change the password sign out', async () => {
    await sql`update users set must_change_password = true where username = 'brand.buyer'`.execute(t.database.db);
    const d = await loginOk(t.app, 'brand.buyer');
    expect((await t.app.inject({ method: 'POST', url: '/api/access/logout', headers: bearer(d.access_token), payload: {} })).statusCode).toBe(200);
    await sql`update users set must_change_password = false where username = 'brand.buyer'`.execute(t.database.db);
  });
});
