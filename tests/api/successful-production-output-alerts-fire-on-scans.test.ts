import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { getReport } from '../../src/model';
import type { AlertListReply, AlertRow } from '../../src/model/calls/alerts';
import type { TileBoardReply, TileResult, TileRow } from '../../src/model/calls/tiles';
import { tileDrillFilters, type TileSpec } from '../../src/model/tiles';
import { onAlertEvaluation, settleAlerts } from '../../src/server/services/reports/alerts.live';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * A scan makes a tile's alert fire (issue 34, docs/architecture-alerts.md "Production output"), on
 * PGlite and PostgreSQL: the maker's manager builds a tile over the declared dataset of production
 * output (pieces scanned out, reports/production-output) for one plan and sets an alert above a line;
 * the planner's scans out through the real scan route move it: the scan marks the report, the alert
 * fires once when a scan crosses the line (to the bell, and by mail and workplace chat for a manager
 * who chose them for alerts: the outbox), not again on the next scan while across, and again after
 * undone scans take it back and a scan crosses again. The notice opens the tile's drill-down (the
 * scan records), whose pieces add up to the figure, element by element too (by day and line); another
 * company sees none of it; a planner kept to another line by a data permission reads 0 and is no
 * longer told.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
let makerId = 0;
type Row = Record<string, unknown>;
const today = () => new Date().toISOString().slice(0, 10);
const output = () => getReport('production-output')!;

async function call<T>(user: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}`, 'x-lang': 'zh-CN' }, payload: payload as Record<string, unknown> | undefined });
  const body = res.json() as { data: T };
  return { status: res.statusCode, data: body.data, body: body as Record<string, unknown> };
}
const q = async <T extends Row = Row>(text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<T>>).execute(t.app.db)).rows as T[];
const notices = async (user: string) => Number((await q(sql`select count(*)::int as n from notify_notice where user_id = ${ids[user]} and kind = 'alert.fired'`))[0].n);
const mailed = (user: string) => q<{ channel: string; subject: string; body: string; link: string }>(sql`select channel, subject, body, link from outbox where origin = 'notice' and user_id = ${ids[user]} order by id`);
const resource = (user: string, entity: string) => resourceClient(t.app, tokens[user], 'scmapi', entity);

/** The scan records as `user` lists them under `filters`: how many and their pieces. */
async function scansListed(user: string, filters: Record<string, string>): Promise<{ status: number; count: number; pieces: number }> {
  const r = await resource(user, 'wo_scan').page({ ...filters, page: 1, size: 500 });
  if (r.status !== 200) return { status: r.status, count: 0, pieces: 0 };
  return { status: 200, count: r.body.data.total, pieces: r.body.data.rows.reduce((s, x) => s + Number(x.qty ?? 0), 0) };
}
async function scan(user: string, barcode: string, processId: number, direction: 'in' | 'out'): Promise<number> {
  const r = await call<{ scan_id: number }>(user, 'POST', '/api/scmapi/workorder/scan', { barcode, process_id: processId, direction });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await settleAlerts();
  return r.data.scan_id;
}
async function undo(user: string, scanId: number): Promise<void> {
  // The scan's declared line transition (issue 30; before, POST /api/scmapi/workorder/scan-undo { scan_id, reason }).
  const r = await call(user, 'POST', '/api/scmapi/wo_scan/action/undo', { ids: [scanId], reason: '扫错扎' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await settleAlerts();
}
async function alertOf(id: number): Promise<AlertRow> {
  const r = await call<AlertListReply>('maker', 'GET', '/api/rptapi/alerts');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.data.rows.find((a) => a.id === id)!;
}

let plan: Row;
let wo: Row;
let bundles: Array<{ bundle_no: string; qty: number }> = [];
let threshold = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'maker.planner', 'brand']) {
    tokens[u] = await signIn(t.app, u);
    ids[u] = Number((await q(sql`select id from users where username = ${u}`))[0].id);
  }
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
  // A scheduled plan of the maker without work orders: its work orders made, released, its bundles cut.
  [plan] = await q(sql`select p.id, p.plan_no, p.qty from scm_prodplan p where p.client_id = ${makerId} and p.status = 'scheduled' and p.qty >= 120
    and exists (select 1 from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null)
    and not exists (select 1 from scm_workorder w where w.client_id = p.client_id and w.plan_id = p.id) order by p.id limit 1`);
  expect((await resource('maker.planner', 'prodplan').action('work_orders', { id: plan.id })).status).toBe(200);
  const wos = await q(sql`select id, process_id, line_id, style_no from scm_workorder where client_id = ${makerId} and plan_id = ${plan.id} order by sequence, id`);
  expect((await resource('maker.planner', 'workorder').action('release', { ids: wos.map((w) => w.id) })).status).toBe(200);
  expect((await resource('maker.planner', 'workorder').action('bundles', { id: wos[0].id, bundle_size: 40 })).status).toBe(200);
  wo = wos[0];
  bundles = (await q<{ bundle_no: string; qty: number }>(sql`select bundle_no, qty from scm_wo_bundle where client_id = ${makerId} and plan_id = ${plan.id} order by seq`)).map((b) => ({ bundle_no: b.bundle_no, qty: Number(b.qty) }));
  expect(bundles.length).toBeGreaterThanOrEqual(3);
  // Above the first bundle, below the first two: the second scan out crosses.
  threshold = bundles[0].qty + Math.floor(bundles[1].qty / 2);
  // The manager chose mail and workplace chat (WeCom, the company's application) besides the bell for alerts.
  await t.app.outboxSender.stop();
  await sql`insert into thirdparty_apps (client_id, provider, corp_id, agent_id, app_key, app_secret, api_base) values (${makerId}, 'wecom', 'ww-alert', '1000009', 'ww-alert', 'secret', 'http://127.0.0.1:9')`.execute(t.app.db);
  await sql`update users set wecom_id = 'maker-wx', email = 'maker@demo.local' where id = ${ids.maker}`.execute(t.app.db);
  const chose = await call('maker', 'POST', '/api/notifyapi/notify-setting/save', { event: 'alert', channels: ['site', 'email', 'workchat'] });
  expect(chose.status, JSON.stringify(chose.body)).toBe(200);
}, 180_000);
afterAll(async () => t?.close());

const spec = (change: Partial<TileSpec> = {}): TileSpec & { name: string; scope: 'company'; share_roles: string[] } => ({
  name: '本计划出站件数', report: 'production-output', measure: 'pieces', aggregation: 'sum', group_by: [], filters: { 'f.plan_id.eq': String(plan.id) },
  period: 'all', period_field: null, chart: 'number', thresholds: [], color: '#0f6cbd', scope: 'company', share_roles: ['clientadmin', 'planner'], ...change,
});

describe('production output alerts fire on scans', { timeout: 240_000 }, () => {
  let tile: TileRow;
  let alert: AlertRow;
  const scans: number[] = [];

  it('is a dataset of the tile designer and the alerts, for the maker only', async () => {
    const list = await call<{ datasets: Array<{ report: string }> }>('maker', 'GET', '/api/rptapi/tiles');
    expect(list.data.datasets.map((d) => d.report)).toContain('production-output');
    const alerts = await call<AlertListReply>('maker', 'GET', '/api/rptapi/alerts');
    expect(alerts.data.datasets.map((d) => d.report)).toContain('production-output');
    const brand = await call<{ datasets: Array<{ report: string }> }>('brand', 'GET', '/api/rptapi/tiles');
    expect((brand.data?.datasets ?? []).map((d) => d.report)).not.toContain('production-output');
  });

  it('the manager builds the tile and sets the alert on it: armed at 0, nobody told', async () => {
    const saved = await call<TileRow>('maker', 'POST', '/api/rptapi/tiles/save', spec());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    tile = saved.data;
    const r = await call<AlertRow>('maker', 'POST', '/api/rptapi/alerts/save', {
      name: '本计划出站超线', tile_id: tile.id, report: '', measure: '', filters: {}, condition: 'above', threshold, recipient_users: [ids.maker], recipient_roles: ['planner'], enabled: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    alert = r.data;
    expect(alert).toMatchObject({ report: 'production-output', measure: 'pieces', alert_state: 'armed', last_value: 0, fired_count: 0 });
    expect(alert.link.startsWith('/page/subindex/woscan?')).toBe(true);
  });

  it("fires once when the planner's scan out crosses the line, not on a scan in, nor again while across", async () => {
    const evaluated: string[] = [];
    const off = onAlertEvaluation((e) => void (e.clientId === makerId && evaluated.push(...e.reports)));
    const [a, b, c] = bundles;
    await scan('maker.planner', a.bundle_no, Number(wo.process_id), 'in');
    expect(await alertOf(alert.id)).toMatchObject({ last_value: 0, alert_state: 'armed', fired_count: 0 });
    scans.push(await scan('maker.planner', a.bundle_no, Number(wo.process_id), 'out'));
    // The scan marked the dataset: its alerts were evaluated (and its live tiles told) without any timer.
    expect(evaluated).toContain('production-output');
    expect(await alertOf(alert.id)).toMatchObject({ last_value: a.qty, alert_state: 'armed', fired_count: 0 });

    await scan('maker.planner', b.bundle_no, Number(wo.process_id), 'in');
    scans.push(await scan('maker.planner', b.bundle_no, Number(wo.process_id), 'out'));
    expect(await alertOf(alert.id)).toMatchObject({ last_value: a.qty + b.qty, alert_state: 'crossed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);
    expect(await notices('maker.planner')).toBe(1);
    expect(await notices('brand')).toBe(0);

    await scan('maker.planner', c.bundle_no, Number(wo.process_id), 'in');
    scans.push(await scan('maker.planner', c.bundle_no, Number(wo.process_id), 'out'));
    expect(await alertOf(alert.id)).toMatchObject({ last_value: a.qty + b.qty + c.qty, alert_state: 'crossed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);
    off();
  });

  it('reaches the manager by mail and workplace chat too, with the link to the drill-down', async () => {
    const out = await mailed('maker');
    expect(out.map((x) => x.channel).sort()).toEqual(['email', 'workchat']);
    for (const m of out) {
      expect(m.subject).toBe('预警：本计划出站超线');
      expect(m.body).toContain('本计划出站件数');
      expect(m.link).toBe(alert.link);
    }
    // The planner chose nothing: the bell only.
    expect(await mailed('maker.planner')).toEqual([]);
  });

  it("opens the tile's drill-down from the bell: the scans out it sums, whose pieces are the figure, element by element too", async () => {
    const [notice] = await q<{ link: string; title: string }>(sql`select link, title from notify_notice where user_id = ${ids.maker} and kind = 'alert.fired' order by id desc limit 1`);
    expect(notice.link).toBe(alert.link);
    const filters = Object.fromEntries(new URLSearchParams(notice.link.split('?')[1]));
    expect(filters).toMatchObject({ 'f.plan_id.eq': String(plan.id), 'f.direction.eq': 'out' });
    const run = await call<TileResult>('maker', 'GET', `/api/rptapi/tiles/${tile.id}/run`);
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const total = bundles.slice(0, 3).reduce((s, x) => s + x.qty, 0);
    expect(run.data.value).toBe(total);
    expect(await scansListed('maker', filters)).toEqual({ status: 200, count: 3, pieces: total });
    // By day and line, each element's drill-down (a day of a date-and-time field) holds its pieces.
    const table = await call<TileResult>('maker', 'POST', '/api/rptapi/tiles/preview', spec({ chart: 'table', group_by: ['day', 'line'] }));
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const details = table.data.result.rows.filter((x) => x._level === 0);
    expect(details.length).toBeGreaterThan(0);
    for (const row of details) {
      const element = { day: String(row.day), line: row.line === null ? null : String(row.line) };
      expect(element.line).toBe(wo.line_id === null ? null : String(wo.line_id));
      const f = tileDrillFilters(output(), spec({ chart: 'table', group_by: ['day', 'line'] }), today(), element);
      expect(f[`f.scanned_at.between`]).toBe(`${element.day} 00:00:00,${element.day} 23:59:59`);
      expect((await scansListed('maker', f)).pieces).toBe(row.pieces);
    }
    // The scans keep where they were made: the work order's line and the bundle's style.
    const kept = await q(sql`select distinct line_id, style_no from scm_wo_scan where client_id = ${makerId} and plan_id = ${plan.id}`);
    expect(kept.map((x) => String(x.line_id))).toEqual([String(wo.line_id)]);
    expect(kept.every((x) => x.style_no !== null)).toBe(true);
  });

  it('stays in its company: another company neither sees the tile, nor the alert, nor runs the dataset, nor lists the scans', async () => {
    const board = await call<TileBoardReply>('brand', 'GET', '/api/rptapi/tiles/board');
    expect(board.status).toBe(200);
    expect(board.data.tiles.map((x) => x.tile.id)).not.toContain(tile.id);
    expect((await call('brand', 'GET', `/api/rptapi/tiles/${tile.id}/run`)).status).toBe(404);
    const alerts = await call<AlertListReply>('brand', 'GET', '/api/rptapi/alerts');
    expect((alerts.data?.rows ?? []).map((a) => a.id)).not.toContain(alert.id);
    // The dataset run by another company reads that company's own scans only (the tenant first in its WHERE): none of the maker's.
    const run = await call<{ rows: Row[] }>('brand', 'GET', `/api/rptapi/report/production-output/run?group=workorder&subtotals=1&f.plan_id.eq=${plan.id}`);
    if (run.status === 200) expect(run.data.rows.filter((x) => x._level === 0)).toEqual([]);
    else expect([403, 404]).toContain(run.status);
    expect((await scansListed('brand', { 'f.plan_id.eq': String(plan.id) })).count).toBe(0);
  });

  it('runs as the viewer: a planner kept to another line reads 0 and an empty drill-down, and is no longer told', async () => {
    const [other] = await q(sql`select id from md_workline where client_id = ${makerId} and id <> ${wo.line_id} order by id limit 1`);
    const role = await call<{ id: number }>('maker', 'POST', '/api/adminapi/roles/save', { code: 'out_line', name_zh: '另一产线（产出）', grants: [{ menu_code: 'scm.workorder', verbs: ['view'] }] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const rule = await call('maker', 'POST', '/api/adminapi/data-permissions/save', { role_id: role.data.id, menu_code: 'scm.workorder', field: 'line_id', operator: 'eq', value: String(other.id) });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await call('maker', 'POST', '/api/adminapi/users/assign-roles', { id: ids['maker.planner'], roles: ['common', 'planner', 'out_line'] })).status).toBe(200);
    tokens['maker.planner'] = await signIn(t.app, 'maker.planner');

    const board = await call<TileBoardReply>('maker.planner', 'GET', '/api/rptapi/tiles/board');
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    const mine = board.data.tiles.find((x) => x.tile.id === tile.id)!;
    expect(mine.run!.value).toBe(0);
    const link = Object.fromEntries(new URL(mine.run!.link, 'http://x').searchParams);
    expect(await scansListed('maker.planner', link)).toEqual({ status: 200, count: 0, pieces: 0 });
    const report = await call<{ rows: Row[] }>('maker.planner', 'GET', `/api/rptapi/report/production-output/run?group=line&subtotals=1&f.plan_id.eq=${plan.id}`);
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.data.rows.filter((x) => x._level === 0)).toEqual([]);

    // Undone scans take the figure back below the line; the manager's next scan out crosses again:
    // the manager is told, the planner (who reads none of these scans now) is not.
    await undo('maker', scans[2]);
    await undo('maker', scans[1]);
    expect(await alertOf(alert.id)).toMatchObject({ last_value: bundles[0].qty, alert_state: 'armed', fired_count: 1 });
    await scan('maker', bundles[1].bundle_no, Number(wo.process_id), 'out');
    expect(await alertOf(alert.id)).toMatchObject({ last_value: bundles[0].qty + bundles[1].qty, alert_state: 'crossed', fired_count: 2 });
    expect(await notices('maker')).toBe(2);
    expect(await notices('maker.planner')).toBe(1);
  });
});
