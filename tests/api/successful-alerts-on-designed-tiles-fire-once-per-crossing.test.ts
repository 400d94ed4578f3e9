import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { getReport } from '../../src/model';
import type { AlertListReply, AlertRow } from '../../src/model/calls/alerts';
import type { TileRow } from '../../src/model/calls/tiles';
import { tileDrillUrl, type TileSpec } from '../../src/model/tiles';
import { settleAlerts } from '../../src/server/services/reports/alerts.live';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Alerts on designed tiles (issue 34, docs/architecture-alerts.md "Alerts on designed tiles"), on
 * PGlite and PostgreSQL: the maker's manager builds a tile (quantity of one customer's orders in
 * progress) and sets an alert on it; the planner's order actions (writes through the writer) are
 * measured through the tile as its owner sees it; it fires once when a write crosses the line, not
 * again while across, re-arms when the figure goes back and fires again on the next crossing; the
 * notice opens the tile's own drill-down, whose rows sum to the figure; a tile the caller does not
 * see and "late by" on a tile are refused; a removed tile puts the alert in error.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const BRAND = 'TILEALERT-品牌';

const headers = (user: string) => ({ authorization: `Bearer ${tokens[user]}`, 'x-lang': 'zh-CN' });
async function call<T>(user: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const res = await t.app.inject({ method, url, headers: headers(user), payload: payload as Record<string, unknown> | undefined });
  const body = res.json() as { data: T };
  return { status: res.statusCode, data: body.data, body: body as Record<string, unknown> };
}
const orders = (user: string) => resourceClient(t.app, tokens[user], 'scmapi', 'customerorder');
const one = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(t.app.db)).rows[0]?.n ?? 0);
const notices = (user: string) => one(sql<{ n: number }>`select count(*)::int as n from notify_notice where user_id = ${ids[user]} and kind = 'alert.fired'`);
const lastLink = async (user: string) => String((await sql<{ link: string }>`select link from notify_notice where user_id = ${ids[user]} and kind = 'alert.fired' order by id desc limit 1`.execute(t.app.db)).rows[0]?.link ?? '');

async function newOrder(): Promise<number> {
  const entries = [{ style_no: 'TA-1', style_name: '指标卡预警款', colour: '黑色', size: 'M', qty: 100, unit_price: 18, seq: 1 }];
  const r = await orders('maker.planner').save({ brand_name: BRAND, pr_type: 'bulk', category: 'knit-top', receive_date: '2026-01-10', delivery_date: '2027-06-30', currency: 'CNY', entries });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number((r.body.data as { id: number }).id);
}
async function act(action: 'accept' | 'finish', id: number) {
  const r = await orders('maker.planner').action(action, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await settleAlerts();
}
async function alertOf(id: number): Promise<AlertRow> {
  const r = await call<AlertListReply>('maker', 'GET', '/api/rptapi/alerts');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.data.rows.find((a) => a.id === id)!;
}

const tileSpec: TileSpec & { name: string } = {
  name: '品牌进行中件数', report: 'order-book', measure: 'qty', aggregation: 'sum', group_by: [], filters: { 'f.brand_name.eq': BRAND, 'f.status.eq': 'in_progress' },
  period: 'all', period_field: null, chart: 'number', thresholds: [{ value: 150, color: '#d13438' }], color: '#0f6cbd',
};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'maker.planner', 'brand']) {
    tokens[u] = await signIn(t.app, u);
    ids[u] = await one(sql<{ n: number }>`select id as n from users where username = ${u}`);
  }
}, 120_000);
afterAll(async () => t?.close());

describe('alerts on designed tiles', { timeout: 240_000 }, () => {
  let tile: TileRow;
  let alert: AlertRow;

  it('is set on a tile of the manager\'s dashboard, measured through the tile and armed without telling', async () => {
    const saved = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', { ...tileSpec, scope: 'company' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    tile = saved.data;
    const list = await call<AlertListReply>('maker', 'GET', '/api/rptapi/alerts');
    expect(list.data.tiles.map((x) => x.id)).toContain(tile.id);

    const base = { name: '品牌进行中超过 150 件', tile_id: tile.id, report: '', measure: '', filters: {}, condition: 'above', threshold: 150, recipient_users: [ids.maker], recipient_roles: ['planner'], enabled: true };
    // A tile the caller does not see (another user's personal tile, or none), and "late by" on a tile, are refused.
    const personal = await call<TileRow>('maker.planner', 'POST', '/api/rptapi/tiles/save', { ...tileSpec, name: '计划员自己的', scope: 'personal' });
    if (personal.status === 200) {
      const r = await call<{ errors: Record<string, unknown> }>('maker', 'POST', '/api/rptapi/alerts/save', { ...base, tile_id: personal.data.id });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.data.errors)).toContain('tile_id');
    } else expect(personal.status).toBe(403); // the planner is no designer: nothing of hers to refuse
    for (const [change, field] of [[{ tile_id: 99999999 }, 'tile_id'], [{ condition: 'late_by', days: 3 }, 'condition']] as const) {
      const r = await call<{ errors: Record<string, unknown> }>('maker', 'POST', '/api/rptapi/alerts/save', { ...base, ...change });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.data.errors)).toContain(field);
    }

    const r = await call<AlertRow>('maker', 'POST', '/api/rptapi/alerts/save', base);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    alert = r.data;
    expect(alert).toMatchObject({ tile_id: tile.id, tile_name: tileSpec.name, report: 'order-book', measure: 'qty', filters: tileSpec.filters, alert_state: 'armed', last_value: 0, fired_count: 0 });
    expect(alert.link).toBe(tileDrillUrl(getReport('order-book')!, tile, new Date().toISOString().slice(0, 10)));
    expect(await notices('maker')).toBe(0);
  });

  it('fires once when the planner\'s action crosses the line, not again while across, and again after going back', async () => {
    const [a, b, c, d] = [await newOrder(), await newOrder(), await newOrder(), await newOrder()];
    await settleAlerts();
    await act('accept', a);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 100, alert_state: 'armed', fired_count: 0 });

    await act('accept', b);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 200, alert_state: 'crossed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);
    expect(await notices('maker.planner')).toBe(1);
    expect(await notices('brand')).toBe(0);

    await act('accept', c);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 300, alert_state: 'crossed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);

    await act('finish', b);
    await act('finish', c);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 100, alert_state: 'armed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);

    await act('accept', d);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 200, alert_state: 'crossed', fired_count: 2 });
    expect(await notices('maker')).toBe(2);
  });

  it("tells with the tile's name and opens the tile's drill-down, whose rows add up to the figure", async () => {
    const notice = (await sql<{ title: string; body: string | null; link: string }>`select title, body, link from notify_notice where user_id = ${ids.maker} and kind = 'alert.fired' order by id desc limit 1`.execute(t.app.db)).rows[0];
    expect(JSON.stringify(notice)).toContain(tileSpec.name);
    const link = await lastLink('maker');
    expect(link).toBe(alert.link);
    expect(link.startsWith('/page/subindex/customerorder?')).toBe(true);
    const filters = Object.fromEntries(new URLSearchParams(link.split('?')[1]));
    expect(filters).toMatchObject(tileSpec.filters);
    const listed = await orders('maker').page({ ...filters, page: 1, size: 100 });
    expect(listed.status).toBe(200);
    expect(listed.body.data.rows.reduce((s, x) => s + Number(x.total_qty ?? 0), 0)).toBe(200);
  });

  it('follows the tile as the designer changes it, and is in error once the tile is removed', async () => {
    // The tile now counts orders instead of pieces: the next write measures 2 orders in progress, across 150? no: armed.
    const changed = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', { ...tileSpec, id: tile.id, version: tile.version, measure: 'orders', aggregation: 'count', scope: 'company' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const e = await newOrder();
    await act('accept', e);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 3, alert_state: 'armed' });

    const removed = await call('maker', 'POST', '/api/rptapi/tiles/remove', { ids: [tile.id], versions: [changed.data.version] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await act('finish', e);
    expect(await alertOf(alert.id)).toMatchObject({ alert_state: 'error', fired_count: 2 });
  });
});
