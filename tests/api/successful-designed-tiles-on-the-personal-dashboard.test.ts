import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import type { TileResult, TileRow } from '../../src/model/calls/tiles';
import { tileDrillFilters, type TileSpec } from '../../src/model/tiles';
import { getReport } from '../../src/model';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Designed tiles on the personal dashboard (issue 34, docs/architecture-workspace.md "Designed tiles
 * on /mydash"), on PGlite and PostgreSQL: a tile the company shares with the planner's role, and a
 * user's own personal tile, are offered to that user (`/rptapi/tiles/mine`) and kept on the user's
 * board as `tile.<id>` in the order the user gives, removed by hiding; a tile not on the user's
 * dashboard (another user's personal tile, one shared with other roles, another company's) is
 * refused by the save; the tile on the board runs as the viewer and its figure is the sum of the
 * rows its drill-down lists.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const BRAND = 'MYDASH-指标卡品牌';
type Item = { key: string; hidden: boolean };

async function call<T>(user: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}`, 'x-lang': 'zh-CN' }, payload: payload as Record<string, unknown> | undefined });
  const body = res.json() as { data: T };
  return { status: res.statusCode, data: body.data, body: body as Record<string, unknown> };
}
const saveBoard = (user: string, items: Item[]) => call<{ board: string; items: Item[] }>(user, 'POST', '/api/clientinfoapi/user-profile/save-dash-layout', { board: 'mydash', items });
const dash = async (user: string) => (await call<{ board: Item[] | null }>(user, 'GET', '/api/clientinfoapi/user-profile/my-dash-setting')).data.board;
const mine = async (user: string) => (await call<{ tiles: TileRow[] }>(user, 'GET', '/api/rptapi/tiles/mine')).data.tiles.map((x) => x.id);

const spec = (name: string, change: Partial<TileSpec> & Record<string, unknown> = {}) => ({
  name, report: 'order-book', measure: 'qty', aggregation: 'sum', group_by: [], filters: { 'f.brand_name.eq': BRAND }, period: 'all', period_field: null, chart: 'number', thresholds: [], color: null, scope: 'company', ...change,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'maker.planner', 'brand']) tokens[u] = await signIn(t.app, u);
  const entries = [{ style_no: 'MD-1', style_name: '看板款', colour: '白色', size: 'L', qty: 70, unit_price: 9, seq: 1 }];
  for (const d of ['2027-03-10', '2027-04-12']) {
    const r = await resourceClient(t.app, tokens.maker, 'scmapi', 'customerorder').save({ brand_name: BRAND, pr_type: 'bulk', category: 'knit-top', receive_date: '2026-01-10', delivery_date: d, currency: 'CNY', entries });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
}, 120_000);
afterAll(async () => t?.close());

describe('designed tiles on the personal dashboard', { timeout: 180_000 }, () => {
  const tiles: Record<string, TileRow> = {};

  it("offers the tiles on the user's dashboard and no other", async () => {
    for (const [k, s] of Object.entries({
      planners: spec('计划员看的件数', { share_roles: ['planner'] }),
      everyone: spec('全员看的订单数', { measure: 'orders', aggregation: 'count', chart: 'bar', group_by: ['month'] }),
      finance: spec('财务看的金额', { measure: 'amount', share_roles: ['finance'] }),
      personal: spec('管理员自己的', { scope: 'personal' }),
    })) {
      const r = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', s);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      tiles[k] = r.data;
    }
    const planner = await mine('maker.planner');
    expect(planner).toEqual(expect.arrayContaining([tiles.planners.id, tiles.everyone.id]));
    expect(planner).not.toContain(tiles.finance.id);
    expect(planner).not.toContain(tiles.personal.id);
    expect(await mine('maker')).toEqual(expect.arrayContaining([tiles.everyone.id, tiles.personal.id]));
    const brand = await call<{ tiles: TileRow[] }>('brand', 'GET', '/api/rptapi/tiles/mine');
    expect(brand.status).toBe(200);
    expect(brand.data.tiles.map((x) => x.id)).not.toContain(tiles.everyone.id);
  });

  it("keeps the tiles a user adds in the user's order, and removes one by hiding it", async () => {
    const board: Item[] = [
      { key: 'todo', hidden: false },
      { key: `tile.${tiles.planners.id}`, hidden: false },
      { key: `tile.${tiles.everyone.id}`, hidden: false },
    ];
    const saved = await saveBoard('maker.planner', board);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await dash('maker.planner')).toEqual(board);
    // Reordered: the second tile first (as the up button or a drag sends it).
    const reordered = [board[2], board[0], board[1]];
    expect((await saveBoard('maker.planner', reordered)).status).toBe(200);
    expect(await dash('maker.planner')).toEqual(reordered);
    // Removed from the board: hidden, back in the market.
    const removed = reordered.map((i) => (i.key === `tile.${tiles.planners.id}` ? { ...i, hidden: true } : i));
    expect((await saveBoard('maker.planner', removed)).status).toBe(200);
    expect(await dash('maker.planner')).toEqual(removed);
    // Another user's board is not touched.
    expect((await dash('maker'))?.some((i) => i.key.startsWith('tile.')) ?? false).toBe(false);
  });

  it("refuses a tile that is not on the user's dashboard, leaving the board as it was", async () => {
    const before = await dash('maker.planner');
    for (const [user, id] of [['maker.planner', tiles.personal.id], ['maker.planner', tiles.finance.id], ['maker.planner', 99999999], ['brand', tiles.everyone.id]] as const) {
      const r = await saveBoard(user, [{ key: `tile.${id}`, hidden: false }]);
      expect(r.status, `${user} tile.${id}`).toBe(400);
      expect(Object.keys((r.data as unknown as { errors: Record<string, unknown> }).errors)).toContain('items');
    }
    expect(await dash('maker.planner')).toEqual(before);
    expect((await saveBoard('maker.planner', [{ key: 'tile.x1', hidden: false }])).status).toBe(400);
  });

  it('runs the tile as the viewer, and its figure is the sum of the rows its drill-down lists', async () => {
    const run = await call<TileResult>('maker.planner', 'GET', `/api/rptapi/tiles/${tiles.planners.id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.data.value).toBe(140);
    const filters = tileDrillFilters(getReport('order-book')!, tiles.planners, new Date().toISOString().slice(0, 10));
    const listed = await resourceClient(t.app, tokens['maker.planner'], 'scmapi', 'customerorder').page({ ...filters, page: 1, size: 100 });
    expect(listed.status).toBe(200);
    expect(listed.body.data.rows.reduce((s, x) => s + Number(x.total_qty ?? 0), 0)).toBe(run.data.value);
    expect(run.data.link).toBe(`/page/subindex/customerorder?${new URLSearchParams(filters).toString()}`);
    // Another company's user cannot run it.
    expect((await call('brand', 'GET', `/api/rptapi/tiles/${tiles.planners.id}/run`)).status).toBe(404);
    // The row is the planner's own: keyed by company and user.
    const rows = await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      return (await sql<{ n: number }>`select count(*)::int as n from user_workspace_board b join users u on u.id = b.user_id where u.username = 'maker.planner' and b.board = 'mydash'`.execute(tx)).rows[0].n;
    });
    expect(rows).toBe(1);
  });
});
