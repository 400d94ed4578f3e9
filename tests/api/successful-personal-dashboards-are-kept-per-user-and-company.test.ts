import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Issue 13, the personal dashboard (`/mydash`) and the workspace home: each user's arrangement of
 * widgets and subscribed apps is kept on the server per user and per company (save-dash-layout,
 * subscribe-apps, unsubscribe-apps; read back by spec 7's my-dash-setting, my-workspace-setting and
 * my-workspace-home-setting); a board holds only widgets the user's dashboard roles offer and an
 * app only a module the user sees. One user's layout or subscriptions are never seen by another.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
type Item = { key: string; hidden: boolean };
type Module = { CODE: string; TITLE: string; FURL: string; entries: number };
type Errors = { errors: Record<string, string> };

describe('personal dashboards are kept per user and per company', () => {
  let t: TestApp;
  let brand: LoginData;
  let buyer: LoginData;
  let maker: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    brand = await loginOk(t.app, 'brand');
    buyer = await loginOk(t.app, 'brand.buyer');
    maker = await loginOk(t.app, 'maker');
  });
  afterAll(async () => t.close());

  const post = (who: LoginData, call: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/clientinfoapi/user-profile/${call}`, headers: { ...bearer(who.access_token), ...headers }, payload });
  const get = async <T>(who: LoginData, call: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/clientinfoapi/user-profile/${call}`, headers: bearer(who.access_token) });
    expect(res.statusCode).toBe(200);
    return body<T>(res).data;
  };
  const dash = (who: LoginData) => get<{ board: Item[] | null; layout: string[] }>(who, 'my-dash-setting');
  const home = (who: LoginData) => get<{ board: Item[] | null; apps: Module[] }>(who, 'my-workspace-home-setting');
  const workspace = (who: LoginData) => get<{ modules: Module[]; apps: string[] }>(who, 'my-workspace-setting');

  it('keeps a manager\'s arranged dashboard and home apart, and shows them to nobody else', async () => {
    expect((await dash(brand)).board).toBeNull();
    const board: Item[] = [
      { key: 'tower.ontime', hidden: false },
      { key: 'todo', hidden: false },
      { key: 'tower.funnel', hidden: false },
      { key: 'announcements', hidden: true },
    ];
    const saved = await post(brand, 'save-dash-layout', { board: 'mydash', items: board });
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual({ board: 'mydash', items: board });
    expect((await dash(brand)).board).toEqual(board);
    // The home board is its own arrangement; form-encoded bodies carry the list as JSON text (spec 7).
    const form = await t.app.inject({
      method: 'POST',
      url: `/api/clientinfoapi/user-profile/save-dash-layout?token=${brand.access_token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ board: 'home', items: JSON.stringify([{ key: 'favourites', hidden: false }, { key: 'todo', hidden: true }]) }).toString(),
    });
    expect(form.statusCode).toBe(200);
    expect((await home(brand)).board).toEqual([{ key: 'favourites', hidden: false }, { key: 'todo', hidden: true }]);
    expect((await dash(brand)).board).toEqual(board);
    // Rearranged: the whole list replaces the former one.
    const moved = [board[2], board[0], board[1], board[3]];
    await post(brand, 'save-dash-layout', { board: 'mydash', items: moved });
    expect((await dash(brand)).board).toEqual(moved);

    // Another user of the same company, and the administrator of another company, see none of it.
    expect((await dash(buyer)).board).toBeNull();
    expect((await home(buyer)).board).toBeNull();
    expect((await dash(maker)).board).toBeNull();
    // Another sign-in of the same user (another device) sees it.
    expect((await dash(await loginOk(t.app, 'brand'))).board).toEqual(moved);
  });

  it('keeps one arrangement per company: a row of the same user under another company is not read', async () => {
    const own = (await dash(maker)).board;
    const brandClient = brand.client_id as number;
    // The maker's administrator's user id, stored under the brand's company (as if the user belonged to both).
    await sql`insert into user_workspace_board (client_id, user_id, board, items) values (${brandClient}, ${maker.id as number}, 'mydash', ${JSON.stringify([{ key: 'todo', hidden: false }])}::jsonb)`.execute(t.database.db);
    expect((await dash(maker)).board).toEqual(own);
    await post(maker, 'save-dash-layout', { board: 'mydash', items: [{ key: 'toread', hidden: false }] });
    expect((await dash(maker)).board).toEqual([{ key: 'toread', hidden: false }]);
    const rows = await sql<{ client_id: number; items: unknown }>`select client_id, items from user_workspace_board where user_id = ${maker.id as number} and board = 'mydash' order by client_id`.execute(t.database.db);
    expect(rows.rows.length).toBe(2);
    const brandRow = rows.rows.find((r) => r.client_id === brandClient)!;
    expect(typeof brandRow.items === 'string' ? JSON.parse(brandRow.items) : brandRow.items).toEqual([{ key: 'todo', hidden: false }]);
  });

  it('refuses widgets the dashboard roles do not offer, unknown widgets, boards and shapes, and keeps the stored board', async () => {
    await post(buyer, 'save-dash-layout', { board: 'mydash', items: [{ key: 'todo', hidden: false }] });
    // A common user is offered no control tower widget.
    const tower = await post(buyer, 'save-dash-layout', { board: 'mydash', items: [{ key: 'todo', hidden: false }, { key: 'tower.funnel', hidden: false }] });
    expect(tower.statusCode).toBe(400);
    expect(body(tower).code).toBe(11000);
    expect(body<Errors>(tower).data.errors).toEqual({ items: '看板组件不存在或您的角色不能使用' });
    const unknown = await post(brand, 'save-dash-layout', { board: 'mydash', items: [{ key: 'nosuchwidget', hidden: false }] }, { 'x-lang': 'en' });
    expect(body<Errors>(unknown).data.errors).toEqual({ items: 'The dashboard widget does not exist or your roles do not offer it' });
    const board = await post(brand, 'save-dash-layout', { board: 'wall', items: [] });
    expect(body<Errors>(board).data.errors).toEqual({ board: '值的格式不正确' });
    for (const items of ['not json [', [{ key: 'todo' }, { key: 'todo' }], [{ key: 'todo', hidden: 'no' }], { key: 'todo' }]) {
      const res = await post(brand, 'save-dash-layout', { board: 'mydash', items });
      expect(res.statusCode, JSON.stringify(items)).toBe(400);
      expect(body<Errors>(res).data.errors).toEqual({ items: '值的格式不正确' });
    }
    expect((await dash(buyer)).board).toEqual([{ key: 'todo', hidden: false }]);
    expect((await dash(brand)).board?.length).toBe(4);
    // Without a token: 401, nothing written.
    const anon = await t.app.inject({ method: 'POST', url: '/api/clientinfoapi/user-profile/save-dash-layout', payload: { board: 'mydash', items: [] } });
    expect(anon.statusCode).toBe(401);
  });

  it('subscribes a user to the company\'s modules (menu groups) for the home\'s apps, per user', async () => {
    const market = await workspace(brand);
    expect(market.apps).toEqual([]);
    expect(market.modules.length).toBeGreaterThan(1);
    expect(market.modules.map((m) => m.CODE)).not.toContain('workspace');
    const groups = new Set(brand.menus.map((g) => (g as unknown as { CODE: string }).CODE));
    for (const m of market.modules) {
      expect(groups.has(m.CODE)).toBe(true);
      expect(m.FURL).toBe(`/workspace/menuindex/${m.CODE}`);
      expect(m.entries).toBeGreaterThan(0);
    }
    const [a, b] = market.modules;
    // Two tabs subscribing at once both count (row lock).
    const [r1, r2] = await Promise.all([post(brand, 'subscribe-apps', { modules: [a.CODE] }), post(brand, 'subscribe-apps', { modules: b.CODE })]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(new Set((await workspace(brand)).apps)).toEqual(new Set([a.CODE, b.CODE]));
    expect((await home(brand)).apps.map((m) => m.CODE).sort()).toEqual([a.CODE, b.CODE].sort());
    // Subscribing twice keeps one; unsubscribing takes it off.
    await post(brand, 'subscribe-apps', { modules: [a.CODE] });
    const off = await post(brand, 'unsubscribe-apps', { modules: [a.CODE] });
    expect(body<{ apps: string[]; modules: Module[] }>(off).data.apps).toEqual([b.CODE]);
    expect(body<{ apps: string[]; modules: Module[] }>(off).data.modules.map((m) => m.CODE)).toEqual([b.CODE]);

    // Nobody else sees the subscription.
    expect((await workspace(buyer)).apps).toEqual([]);
    expect((await home(maker)).apps).toEqual([]);
    // A module the user does not see (another company's kind, or none) is refused.
    const makerOnly = (await workspace(maker)).modules.map((m) => m.CODE).find((c) => !market.modules.some((m) => m.CODE === c));
    for (const code of [makerOnly, 'nosuchmodule'].filter((c): c is string => !!c)) {
      const res = await post(brand, 'subscribe-apps', { modules: [code] });
      expect(res.statusCode, code).toBe(400);
      expect(body<Errors>(res).data.errors).toEqual({ modules: '应用模块不存在或您无权访问' });
    }
    expect((await workspace(brand)).apps).toEqual([b.CODE]);
    const empty = await post(brand, 'subscribe-apps', { modules: [] });
    expect(body<Errors>(empty).data.errors).toEqual({ modules: '必填项' });
  });

  it('answers the old dashboard fields beside the board', async () => {
    const d = await dash(maker);
    expect(Object.keys(d).sort()).toEqual(['board', 'cr_dash', 'layout', 'rpt_theme', 'vf_qty_amount']);
  });
});
