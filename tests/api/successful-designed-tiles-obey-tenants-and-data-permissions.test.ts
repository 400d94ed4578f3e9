import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { getReport } from '../../src/model';
import type { TileBoardReply, TileListReply, TileResult, TileRow } from '../../src/model/calls/tiles';
import { tileDrillFilters, TILE_CHARTS, type TileChart, type TileSpec } from '../../src/model/tiles';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Tiles a company builds (issue 34, docs/architecture-dashboards.md "Tile designer"), on PGlite and
 * PostgreSQL: a tile composed by the maker's manager over a declared dataset is refused when it names
 * what the dataset does not declare; its figure (for every chart type) is the row count or sum of its
 * drill-down, whose filters are exactly the tile's, and that grid's export has the same rows; another
 * company can neither see, run, change nor remove it; a planner with a narrower data permission sees
 * a smaller figure, equal to the planner's own drill-down; a personal tile is its creator's alone.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const BRAND = 'TILE-测试品牌';
const today = () => new Date().toISOString().slice(0, 10);
const orderBook = () => getReport('order-book')!;

async function call<T>(user: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}`, 'x-lang': 'zh-CN' }, payload: payload as Record<string, unknown> | undefined });
  const body = res.json() as { data: T };
  return { status: res.statusCode, data: body.data, body: body as Record<string, unknown> };
}
const orders = (user: string) => resourceClient(t.app, tokens[user], 'scmapi', 'customerorder');

/** The rows of the customer order list as `user` reads it with `filters`: how many and their quantity. */
async function listed(user: string, filters: Record<string, string>): Promise<{ count: number; qty: number; rows: Record<string, unknown>[] }> {
  const r = await orders(user).page({ ...filters, page: 1, size: 500 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const rows = r.body.data.rows;
  return { count: r.body.data.total, qty: rows.reduce((s, x) => s + Number(x.total_qty ?? 0), 0), rows };
}

async function newOrder(user: string, category: string, qty: number, delivery: string): Promise<void> {
  const entries = [{ style_no: 'TILE-1', style_name: '指标卡款', colour: '黑色', size: 'M', qty, unit_price: 10, seq: 1 }];
  const r = await orders(user).save({ brand_name: BRAND, pr_type: 'bulk', category, receive_date: '2026-01-10', delivery_date: delivery, currency: 'CNY', entries });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const groupings: Record<TileChart, string[]> = { number: [], line: ['month'], bar: ['category'], stacked: ['month', 'category'], pie: ['status'], heatmap: ['category', 'month'], table: ['category'] };
const spec = (chart: TileChart, change: Partial<TileSpec> = {}): TileSpec & { name: string } => ({
  name: `品牌数量-${chart}`, report: 'order-book', measure: 'qty', aggregation: 'sum', group_by: groupings[chart], filters: { 'f.brand_name.eq': BRAND }, period: 'all', period_field: null, chart, thresholds: [{ value: 100, color: '#d13438' }], color: '#0f6cbd', ...change,
});

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'maker.planner', 'brand', 'supplier']) {
    tokens[u] = await signIn(t.app, u);
    ids[u] = Number((await sql<{ id: number }>`select id from users where username = ${u}`.execute(t.app.db)).rows[0].id);
  }
  const year = new Date().getUTCFullYear();
  await newOrder('maker', 'knit-top', 120, `${year}-${String(new Date().getUTCMonth() + 1).padStart(2, '0')}-15`);
  await newOrder('maker', 'knit-top', 80, `${year + 1}-02-10`);
  await newOrder('maker', 'woven-shirt', 50, `${year + 1}-03-20`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('designed tiles', { timeout: 180_000 }, () => {
  const saved: Partial<Record<TileChart, TileRow>> = {};

  it('the demo companies start with tiles of their own that read without error, and none of another company\'s', async () => {
    const demo: Record<string, string[]> = { maker: ['本季度交货订单', '各品类订货数量', '各产线出站件数'], brand: ['本月采购单数', '采购金额月度走势'], supplier: ['各交货月订货数量'] };
    const seen = new Map<number, string>();
    for (const [user, names] of Object.entries(demo)) {
      const board = await call<TileBoardReply>(user, 'GET', '/api/rptapi/tiles/board');
      expect(board.status).toBe(200);
      const mine = board.data.tiles.filter((x) => names.includes(x.tile.name));
      expect(mine.map((x) => x.tile.name).sort()).toEqual([...names].sort());
      for (const x of mine) {
        expect(x.error, `${user} ${x.tile.name}`).toBeUndefined();
        expect(x.run, `${user} ${x.tile.name}`).not.toBeNull();
        // A tile over all time has the demo's figures; one of this month or quarter may be 0 on its first days.
        if (x.tile.period === 'all') expect(x.run!.value, `${user} ${x.tile.name}`).toBeGreaterThan(0);
        expect(seen.has(x.tile.id), `${x.tile.name} shown to ${seen.get(x.tile.id)} and ${user}`).toBe(false);
        seen.set(x.tile.id, user);
      }
    }
  });

  it('refuses a tile naming what its dataset does not declare, field by field, and a designer without the right', async () => {
    const bad = async (change: Record<string, unknown>, field: string) => {
      const r = await call<{ errors: Record<string, unknown> }>('maker', 'POST', '/api/rptapi/tiles/save', { ...spec('bar'), ...change });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.data.errors)).toContain(field);
    };
    await bad({ report: 'pr-order-book' }, 'report'); // the brand's dataset
    await bad({ report: 'capacity-load' }, 'report'); // computed rows: no grid to drill to
    await bad({ measure: 'profit' }, 'measure');
    await bad({ measure: 'orders', aggregation: 'avg' }, 'aggregation');
    await bad({ group_by: ['currency'] }, 'group_by');
    await bad({ filters: { 'f.currency.eq': 'CNY' } }, 'filters');
    await bad({ filters: { 'f.status.eq) or (1=1': 'x' } }, 'filters');
    await bad({ chart: 'heatmap', group_by: ['category'] }, 'group_by');
    await bad({ period: 'month', period_field: 'brand_name' }, 'period_field');
    await bad({ thresholds: [{ value: 'high', color: '#ff0000' }] }, 'thresholds');
    await bad({ share_roles: ['nosuchrole'] }, 'share_roles');
    await bad({ name: '' }, 'name');
    // Not a designer: the planner has no grant of the designer's menu.
    expect((await call('maker.planner', 'POST', '/api/rptapi/tiles/save', spec('bar'))).status).toBe(403);
    const list = await call<TileListReply>('maker', 'GET', '/api/rptapi/tiles');
    expect(list.status).toBe(200);
    expect(list.data.rows.filter((x) => x.name.startsWith('品牌数量'))).toEqual([]);
    expect(list.data.datasets.map((d) => d.report)).toEqual(expect.arrayContaining(['order-book', 'orders-by-status']));
    expect(list.data.datasets.map((d) => d.report)).not.toContain('capacity-load');
  });

  it('for every chart type, the figure and each element equal the rows of their drill-down, whose filters are the tile\'s', async () => {
    expect(TILE_CHARTS.length).toBe(7);
    for (const chart of TILE_CHARTS) {
      const r = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', { ...spec(chart), share_roles: ['planner', 'clientadmin'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      saved[chart] = r.data;
      const run = await call<TileResult>('maker', 'GET', `/api/rptapi/tiles/${r.data.id}/run`);
      expect(run.status, JSON.stringify(run.body)).toBe(200);
      const whole = await listed('maker', { 'f.brand_name.eq': BRAND });
      expect(run.data.value, chart).toBe(whole.qty);
      expect(whole.qty).toBe(250);
      // The tile's link is the grid with exactly its filters.
      const link = new URL(run.data.link, 'http://x');
      expect(link.pathname).toBe('/page/subindex/customerorder');
      expect(Object.fromEntries(link.searchParams)).toEqual({ 'f.brand_name.eq': BRAND });
      // Every element drills to the rows it sums (a number without a grouping has no element but itself).
      if (!r.data.group_by.length) continue;
      const details = run.data.result.rows.filter((x) => x._level === 0);
      expect(details.length, chart).toBeGreaterThan(0);
      for (const row of details) {
        const element = Object.fromEntries(r.data.group_by.map((k) => [k, row[k] === null ? null : String(row[k])]));
        const filters = tileDrillFilters(orderBook(), r.data, today(), element);
        expect(filters['f.brand_name.eq']).toBe(BRAND);
        expect((await listed('maker', filters)).qty, `${chart} ${JSON.stringify(element)}`).toBe(row.qty);
      }
    }
  });

  it('counts, averages and takes extremes equal to its drill-down\'s rows, and follows its period', async () => {
    const rows = (await listed('maker', { 'f.brand_name.eq': BRAND })).rows.map((x) => Number(x.total_qty));
    const measure = async (change: Partial<TileSpec>) => {
      const r = await call<TileResult>('maker', 'POST', '/api/rptapi/tiles/preview', spec('number', change));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.data;
    };
    expect((await measure({ measure: 'orders', aggregation: 'count' })).value).toBe(rows.length);
    expect((await measure({ aggregation: 'avg' })).value).toBeCloseTo(rows.reduce((a, b) => a + b, 0) / rows.length, 6);
    expect((await measure({ aggregation: 'min' })).value).toBe(Math.min(...rows));
    expect((await measure({ aggregation: 'max' })).value).toBe(Math.max(...rows));
    // This month's orders only: the number and the period before, and its link carries the period.
    const month = await measure({ period: 'month', period_field: 'delivery_date' });
    expect(month.value).toBe(120);
    expect(month.previous).toBe(0);
    const link = Object.fromEntries(new URL(month.link, 'http://x').searchParams);
    expect(link['f.delivery_date.between']).toBe(`${month.range!.from},${month.range!.to}`);
    expect((await listed('maker', link)).qty).toBe(120);
  });

  it('exports the grid of its rows: the drill-down\'s workbook holds the figure\'s rows', async () => {
    const tile = saved.bar!;
    const filters = tileDrillFilters(orderBook(), tile, today(), { category: 'knit-top' });
    const res = await t.app.inject({ method: 'GET', url: '/api/scmapi/customerorder/export', query: { ...filters, columns: 'total_qty', lang: 'zh-CN' }, headers: { authorization: `Bearer ${tokens.maker}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    // The one column asked for: every number below its header is an order's quantity.
    const values: number[] = [];
    // The visible sheet (the workbook also keeps a hidden one for its import).
    wb.worksheets.find((w) => w.state !== 'veryHidden')!.eachRow((row) => {
      // A quantity cell is a number (or its text, as the field's format writes it); the header is neither.
      const v = row.getCell(1).value;
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/,/g, '')) : Number.NaN;
      if (Number.isFinite(n)) values.push(n);
    });
    expect(values.length).toBe(2);
    expect(values.reduce((a, b) => a + b, 0)).toBe(200);
  });

  it('stays in its company: another company neither sees, runs, changes nor removes it', async () => {
    const tile = saved.bar!;
    const board = await call<TileBoardReply>('brand', 'GET', '/api/rptapi/tiles/board');
    expect(board.status).toBe(200);
    expect(board.data.tiles.map((x) => x.tile.id)).not.toContain(tile.id);
    expect((await call('brand', 'GET', `/api/rptapi/tiles/${tile.id}/run`)).status).toBe(404);
    const list = await call<TileListReply>('brand', 'GET', '/api/rptapi/tiles');
    expect(list.data.rows.map((x) => x.id)).not.toContain(tile.id);
    // The brand's own dataset, naming the maker's tile: not found, and the tile is unchanged.
    const change = await call('brand', 'POST', '/api/rptapi/tiles/save', { ...spec('bar'), report: 'pr-order-book', filters: {}, group_by: ['status'], id: tile.id, version: tile.version });
    expect(change.status).toBe(404);
    expect((await call('brand', 'POST', '/api/rptapi/tiles/remove', { ids: [tile.id], versions: [tile.version] })).status).toBe(404);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from rpt_tile where id = ${tile.id} and version = ${tile.version} and client_id = (select client_id from users where username = 'maker')`.execute(t.app.db)).rows[0].n)).toBe(1);
  });

  it('runs as the viewer: a planner with a narrower data permission sees a smaller figure, equal to the planner\'s drill-down', async () => {
    const tile = saved.number!;
    const role = await call<{ id: number }>('maker', 'POST', '/api/adminapi/roles/save', { code: 'tile_knit', name_zh: '针织订单（指标卡）', grants: [{ menu_code: 'scm.customerorder', verbs: ['view'] }] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const rule = await call('maker', 'POST', '/api/adminapi/data-permissions/save', { role_id: role.data.id, menu_code: 'scm.customerorder', field: 'category', operator: 'eq', value: 'woven-shirt' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await call('maker', 'POST', '/api/adminapi/users/assign-roles', { id: ids['maker.planner'], roles: ['common', 'planner', 'tile_knit'] })).status).toBe(200);
    tokens['maker.planner'] = await signIn(t.app, 'maker.planner');
    const board = await call<TileBoardReply>('maker.planner', 'GET', '/api/rptapi/tiles/board');
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const mine = board.data.tiles.find((x) => x.tile.id === tile.id)!;
    expect(mine.run!.value).toBe(50);
    const link = Object.fromEntries(new URL(mine.run!.link, 'http://x').searchParams);
    expect((await listed('maker.planner', link)).qty).toBe(50);
    expect((await listed('maker', link)).qty).toBe(250);
    // Every chart's elements, as the planner reads them, equal the planner's drill-downs.
    for (const item of board.data.tiles.filter((x) => x.tile.name.startsWith('品牌数量'))) {
      for (const row of item.tile.group_by.length ? item.run!.result.rows.filter((x) => x._level === 0) : []) {
        const element = Object.fromEntries(item.tile.group_by.map((k) => [k, row[k] === null ? null : String(row[k])]));
        expect((await listed('maker.planner', tileDrillFilters(orderBook(), item.tile, today(), element))).qty).toBe(row.qty);
      }
    }
  });

  it('keeps a personal tile to its creator and a company tile to the roles it is shared with', async () => {
    const personal = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', { ...spec('number'), name: '我的数量', scope: 'personal', share_roles: ['planner'] });
    expect(personal.status, JSON.stringify(personal.body)).toBe(200);
    expect(personal.data.share_roles).toEqual([]);
    const financeOnly = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', { ...spec('pie'), name: '财务数量', share_roles: ['finance'] });
    expect(financeOnly.status).toBe(200);
    const planner = (await call<TileBoardReply>('maker.planner', 'GET', '/api/rptapi/tiles/board')).data.tiles.map((x) => x.tile.id);
    expect(planner).not.toContain(personal.data.id);
    expect(planner).not.toContain(financeOnly.data.id);
    expect(planner).toContain(saved.bar!.id);
    expect((await call('maker.planner', 'GET', `/api/rptapi/tiles/${personal.data.id}/run`)).status).toBe(404);
    const own = (await call<TileBoardReply>('maker', 'GET', '/api/rptapi/tiles/board')).data.tiles.map((x) => x.tile.id);
    expect(own).toContain(personal.data.id);
    // Removed at the version read, stale refused.
    expect((await call('maker', 'POST', '/api/rptapi/tiles/remove', { ids: [personal.data.id], versions: [personal.data.version + 1] })).status).toBe(409);
    expect((await call<{ removed: number }>('maker', 'POST', '/api/rptapi/tiles/remove', { ids: [personal.data.id], versions: [personal.data.version] })).data.removed).toBe(1);
  });
});
