import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * Issue 30: the personal dashboard (`/mydash`) and the workspace home are declared dashboards their
 * users compose (reports/dashboards/personal.board.ts): the dashboards' layout call
 * (`GET|POST /api/rptapi/dashboard/mydash|home/layout`) reads and saves them under the store keys
 * they always had (`mydash`, `home`), so a board saved before, by save-dash-layout, opens unchanged,
 * and spec 7's reads answer what the layout call saved. What a save may hold is read from the
 * declaration: its blocks, the control tower's widgets for the tower's roles, the designed tiles on
 * the caller's dashboard. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
type Item = { key: string; hidden: boolean; settings?: Record<string, unknown> };
type Errors = { errors: Record<string, string> };

describe('the personal boards are declared dashboards', () => {
  let t: TestApp;
  let brand: LoginData;
  let buyer: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    brand = await loginOk(t.app, 'brand');
    buyer = await loginOk(t.app, 'brand.buyer');
  }, 120_000);
  afterAll(async () => t.close());

  const layout = async (who: LoginData, name: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/dashboard/${name}/layout`, headers: bearer(who.access_token) });
    expect(res.statusCode, res.body).toBe(200);
    return body<{ items: Item[] | null }>(res).data.items;
  };
  const save = (who: LoginData, name: string, items: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/rptapi/dashboard/${name}/layout`, headers: { ...bearer(who.access_token), 'x-lang': 'zh-CN' }, payload: { items } });
  const setting = async (who: LoginData, call: 'my-dash-setting' | 'my-workspace-home-setting') =>
    body<{ board: Item[] | null }>(await t.app.inject({ method: 'GET', url: `/api/clientinfoapi/user-profile/${call}`, headers: bearer(who.access_token) })).data.board;

  it('opens a board saved before by save-dash-layout, and spec 7 reads what the layout call saves', async () => {
    expect(await layout(brand, 'mydash')).toBeNull();
    const before: Item[] = [{ key: 'tower.ontime', hidden: false, settings: { period: 'quarter' } }, { key: 'todo', hidden: false }, { key: 'toread', hidden: true }];
    const old = await t.app.inject({ method: 'POST', url: '/api/clientinfoapi/user-profile/save-dash-layout', headers: bearer(brand.access_token), payload: { board: 'mydash', items: before } });
    expect(old.statusCode, old.body).toBe(200);
    expect(await layout(brand, 'mydash')).toEqual(before);

    const home: Item[] = [{ key: 'favourites', hidden: false }, { key: 'apps', hidden: false }, { key: 'todo', hidden: true }];
    const r = await save(brand, 'home', home);
    expect(r.statusCode, r.body).toBe(200);
    expect(body<{ items: Item[] }>(r).data.items).toEqual(home);
    expect(await setting(brand, 'my-workspace-home-setting')).toEqual(home);
    expect(await setting(brand, 'my-dash-setting')).toEqual(before);
    // Kept under the boards' own keys, no second copy.
    const rows = await sql<{ board: string }>`select board from user_workspace_board where user_id = ${brand.id as number} order by board`.execute(t.database.db);
    expect(rows.rows.map((x) => x.board)).toEqual(['home', 'mydash']);
    // Another user of the company keeps their own (none yet).
    expect(await layout(buyer, 'home')).toBeNull();
  });

  it('holds only what the declaration offers the caller, and keeps the stored board when refused', async () => {
    const refusals: Array<[LoginData, unknown]> = [
      // A common user is offered no control tower widget.
      [buyer, [{ key: 'todo', hidden: false }, { key: 'tower.funnel', hidden: false }]],
      // No widget of the tower, no block of the board, a designed tile not on the caller's dashboard.
      [brand, [{ key: 'tower.nosuch', hidden: false }]],
      [brand, [{ key: 'orderbook', hidden: false }]],
      [brand, [{ key: 'tile.999999', hidden: false }]],
      // Settings belong to tower widgets; keys once; at most the board's limit.
      [brand, [{ key: 'todo', hidden: false, settings: { period: 'year' } }]],
      [brand, [{ key: 'todo', hidden: false }, { key: 'todo', hidden: true }]],
      [brand, Array.from({ length: 51 }, (_, n) => ({ key: `tower.w${n}`, hidden: false }))],
    ];
    for (const [who, items] of refusals) {
      const r = await save(who, 'mydash', items);
      expect(r.statusCode, JSON.stringify(items)).toBe(400);
      expect(body(r).code).toBe(11000);
      expect(Object.keys(body<Errors>(r).data.errors)).toEqual(['items']);
    }
    expect(body<Errors>(await save(buyer, 'mydash', [{ key: 'tower.funnel', hidden: false }])).data.errors).toEqual({ items: '看板组件不存在或您的角色不能使用' });
    expect((await layout(brand, 'mydash'))?.[0]).toEqual({ key: 'tower.ontime', hidden: false, settings: { period: 'quarter' } });
    expect(await layout(buyer, 'mydash')).toBeNull();
    // The buyer's own blocks are the buyer's to arrange.
    expect((await save(buyer, 'mydash', [{ key: 'toread', hidden: false }, { key: 'todo', hidden: false }])).statusCode).toBe(200);
    expect(await layout(buyer, 'mydash')).toEqual([{ key: 'toread', hidden: false }, { key: 'todo', hidden: false }]);
  });

  it('has no organisation filter of a wall, and asks for a signed-in user', async () => {
    const orgs = await t.app.inject({ method: 'GET', url: '/api/rptapi/dashboard/mydash/orgs', headers: bearer(brand.access_token) });
    expect(orgs.statusCode).toBe(404);
    const anon = await t.app.inject({ method: 'GET', url: '/api/rptapi/dashboard/home/layout' });
    expect(anon.statusCode).toBe(401);
  });
});
