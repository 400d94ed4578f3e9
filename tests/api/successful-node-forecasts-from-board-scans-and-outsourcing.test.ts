import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/model/node-tracking';
import { flushNodeRecalc, todayIso } from '../../src/server/services/tracking';
import { nodeTimelines, type Timeline } from '../support/node-timeline';
import { apiCalls, resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Time and action that the floor moves (issue 31), on PGlite and PostgreSQL:
 * - a move on the board slips the order's sewing node (forecast from the board): the timeline, the
 *   critical path, the tower's node-risk figure and one "slipped" notice in the planners' bell, once
 *   per new slip; moving back clears it;
 * - the first scan of a plan running behind slips sewing by its scanned rate (forecast from the scans);
 * - an outsourced washing order whose vendor date is after the node's plan slips washing; its receipt
 *   in full completes the washing node (source outsourced receipt, audited), a part receipt does not;
 *   the node plan's progress moves on, the brand sees it;
 * - another company sees none of it.
 */
let t: TestApp;
let brand: string;
let planner: string;
let supplier: string;
let vendorJoined: number;
let makerId: number;
let plannerId: number;

type Row = Record<string, unknown>;

const today = todayIso();
const entries = [{ style_no: 'ST-FC01', style_name: '节点预测测试', colour: '藏青', size: 'L', qty: 300, unit_price: 52, seq: 1 }];

const { call, q } = apiCalls(() => t.app);
const nodes = nodeTimelines({ call, q });
const timeline = (coId: number) => nodes.timeline(planner, coId);
const { node } = nodes;
const notices = async (kind: string, no: string) =>
  (await q(sql`select title, body, link from notify_notice where user_id = ${plannerId} and kind = ${kind} and doc_no = ${no} order by id`)) as Array<{ title: string; body: string; link: string }>;

/** The brand sends an order, the maker accepts it (node plan on accept), and a fresh scheduled plan with a live bar becomes all of it. */
async function orderWithPlan(po: string): Promise<{ coId: number; prId: number; no: string; plan: number; bar: number }> {
  const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
  const saved = await orders.save({ pr_type: 'bulk', customer_po: po, category: 'sweater', receive_date: addDaysIso(today, -10), delivery_date: addDaysIso(today, 80), currency: 'CNY', maker_vendor_id: vendorJoined, entries });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const prId = Number(saved.body.data.id);
  expect((await orders.action('send', { id: prId })).status).toBe(200);
  const cos = resourceClient(t.app, planner, 'scmapi', 'customerorder');
  const co = (await cos.page({ tab: 'pending', size: 100 })).body.data.rows.find((r) => r.customer_po === po)!;
  expect((await cos.action('accept', { id: co.id })).status).toBe(200);
  const [plan] = await q(sql`select p.id from scm_prodplan p where p.client_id = ${makerId} and p.status = 'scheduled' and p.order_id is distinct from ${co.id}
    and (select count(*) from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null) = 1
    and not exists (select 1 from scm_workorder w where w.client_id = p.client_id and w.plan_id = p.id)
    and not exists (select 1 from scm_outsource_order o where o.client_id = p.client_id and o.plan_id = p.id)
    and not exists (select 1 from scm_order_node n where n.client_id = p.client_id and n.order_id = p.order_id and n.forecast_date is not null)
    order by p.id desc limit 1`);
  const sewing = node(await timeline(Number(co.id)), 'SEWING');
  // The plan becomes this order's, its bar on a line of its own, ending on the sewing node's planned date (on plan).
  const [line] = await q(sql`insert into md_workline (client_id, code, name, workshop_id, operators, efficiency)
    select client_id, ${`FC-${po}`}, ${`预测线 ${po}`}, workshop_id, 30, 85 from md_workline where client_id = ${makerId} order by id limit 1 returning id`);
  await q(sql`update scm_prodplan set order_id = ${co.id}, qty = 300 where client_id = ${makerId} and id = ${plan.id}`);
  const [bar] = await q(sql`update scm_prodplan_bar set line_id = ${line.id}, start_date = ${sewing.plan_start}, end_date = ${sewing.plan_date}, daily = null
    where client_id = ${makerId} and plan_id = ${plan.id} and scenario_id is null returning id`);
  return { coId: Number(co.id), prId, no: String(co.order_no), plan: Number(plan.id), bar: Number(bar.id) };
}

async function moveBar(bar: number, days: number): Promise<void> {
  const [b] = await q(sql`select version, line_id, to_char(start_date, 'YYYY-MM-DD') as start from scm_prodplan_bar where id = ${bar}`);
  const r = await call(planner, 'POST', '/scmapi/schedule/command', { op: 'move', bar_id: bar, version: Number(b.version), line_id: Number(b.line_id), start: addDaysIso(String(b.start), days) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await flushNodeRecalc();
}

/** The tower's node-risk tile (that widget alone): sewing nodes at risk. */
async function towerSewingAtRisk(): Promise<number> {
  const r = await call<{ widgets: Record<string, { result: { rows: Row[] } | null }> }>(planner, 'GET', '/rptapi/tower', { from: addDaysIso(today, -30), to: addDaysIso(today, 365), widgets: 'noderisk' });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return (r.body.data.widgets.noderisk.result?.rows ?? []).filter((x) => x.node === '缝制' && x._level === 0).reduce((n, x) => n + Number(x.at_risk ?? 0), 0);
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  planner = await signIn(t.app, 'maker.planner');
  supplier = await signIn(t.app, 'supplier');
  const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
  vendorJoined = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
  plannerId = Number((await q(sql`select id from users where username = 'maker.planner'`))[0].id);
});
afterAll(async () => t?.close());

describe('node forecasts from the board and the scans', () => {
  let o: Awaited<ReturnType<typeof orderWithPlan>>;

  it('a bar on plan gives sewing its forecast from the board and nothing slips', async () => {
    o = await orderWithPlan('PO-FC-MOVE');
    await moveBar(o.bar, 0);
    const sewing = node(await timeline(o.coId), 'SEWING');
    expect(sewing).toMatchObject({ forecast_date: sewing.plan_date, forecast_source: 'board', state: 'on_track' });
    expect(await notices('node.slip', o.no)).toHaveLength(0);
  });

  it('moving the bar 10 days later slips sewing and every stage after it: critical, the tower counts it, one notice in the bell', async () => {
    const before = await towerSewingAtRisk();
    await moveBar(o.bar, 10);
    const tl = await timeline(o.coId);
    const sewing = node(tl, 'SEWING');
    expect(sewing).toMatchObject({ forecast_date: addDaysIso(sewing.plan_date, 10), forecast_source: 'board', state: 'at_risk', critical: true, projected_date: addDaysIso(sewing.plan_date, 10), delay_days: 10 });
    // Washing (3 days) follows sewing; the order ends 10 days later than delivery.
    expect(node(tl, 'WASHING').projected_date).toBe(addDaysIso(sewing.plan_date, 13));
    expect(tl.tracking.projected_end).toBe(addDaysIso(String(tl.order.delivery_date), 10));
    expect(await towerSewingAtRisk()).toBe(before + 1);
    const told = await notices('node.slip', o.no);
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(`订单 ${o.no} 节点“缝制”预计延误至 ${addDaysIso(sewing.plan_date, 10)}`);
    expect(told[0].body).toContain('依据：排产计划');
    expect(told[0].link).toBe(`/scm/page/node-tracking?order=${o.coId}`);
    // The brand's timeline shows the same projection (its own order, through its share).
    const b = await nodes.brandTimeline(brand, o.prId);
    expect(node(b, 'SEWING')).toMatchObject({ state: 'at_risk', projected_date: addDaysIso(sewing.plan_date, 10) });
  });

  it('recomputing again tells nothing twice; moving back clears the slip; a new slip is told again', async () => {
    await moveBar(o.bar, 0);
    expect(await notices('node.slip', o.no)).toHaveLength(1);
    await moveBar(o.bar, -10);
    const sewing = node(await timeline(o.coId), 'SEWING');
    expect(sewing).toMatchObject({ forecast_date: sewing.plan_date, state: 'on_track', critical: true });
    expect(await notices('node.slip', o.no)).toHaveLength(1);
    await moveBar(o.bar, 4);
    const told = await notices('node.slip', o.no);
    expect(told).toHaveLength(2);
    expect(told[1].title).toContain(addDaysIso(sewing.plan_date, 4));
    await moveBar(o.bar, -4);
  });

  it('the first scan of a plan running six days behind slips sewing by its scanned rate', async () => {
    const s = await orderWithPlan('PO-FC-SCAN');
    // Sewing runs from six days ago to twelve days from now; the stages before it are done.
    await q(sql`update scm_customer_order set delivery_date = ${addDaysIso(today, 12 + 3 + 3 + 2 + 2 + 1)} where id = ${s.coId}`);
    expect((await resourceClient(t.app, planner, 'scmapi', 'customerorder').action('nodeplan', { id: s.coId })).status).toBe(200);
    await q(sql`update scm_order_node set actual_date = least(plan_date, ${today}::date), actual_source = 'maker' where client_id = ${makerId} and order_id = ${s.coId} and seq < 60`);
    const sewingPlan = node(await timeline(s.coId), 'SEWING');
    expect(sewingPlan.plan_date).toBe(addDaysIso(today, 12));
    await q(sql`update scm_prodplan_bar set start_date = ${addDaysIso(today, -6)}, end_date = ${addDaysIso(today, 12)}, daily = null where id = ${s.bar}`);
    const [proc] = await q(sql`select id from md_process where client_id = ${makerId} and process_type = 'sewing' and parent_id is null order by id limit 1`);
    await q(sql`insert into scm_workorder (client_id, wo_no, plan_id, order_id, process_id, sequence, process_type, is_last, qty, done_qty, status)
      values (${makerId}, 'FC-WO-SEW', ${s.plan}, ${s.coId}, ${proc.id}, 30, 'sewing', false, 300, 0, 'released')`);
    await q(sql`insert into scm_wo_bundle (client_id, bundle_no, plan_id, seq, qty, colour, size) values (${makerId}, 'FC-BUNDLE-001', ${s.plan}, 1, 10, '藏青', 'L')`);
    await moveBar(s.bar, 0);
    expect(node(await timeline(s.coId), 'SEWING')).toMatchObject({ forecast_source: 'board', state: 'on_track' });
    const scan = await call(planner, 'POST', '/scmapi/workorder/scan', { barcode: 'FC-BUNDLE-001', process_id: proc.id, direction: 'out' });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    await flushNodeRecalc();
    const sewing = node(await timeline(s.coId), 'SEWING');
    expect(sewing.forecast_source).toBe('scan');
    expect(sewing.forecast_date! > addDaysIso(today, 12)).toBe(true);
    expect(sewing).toMatchObject({ state: 'at_risk', critical: true, projected_date: sewing.forecast_date });
    const told = await notices('node.slip', s.no);
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('依据：扫描进度');
  });
});

describe('outsourced work ties back to the node plan', () => {
  let o: Awaited<ReturnType<typeof orderWithPlan>>;
  let os: number;

  it('a washing order whose vendor date is after the node\'s plan slips washing, told once in the planners\' bell', async () => {
    o = await orderWithPlan('PO-FC-OS');
    await moveBar(o.bar, 0);
    const made = await resourceClient(t.app, planner, 'scmapi', 'prodplan').action('outsource', { id: o.plan, process_code: 'P40', vendor_code: 'VD004' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    os = Number((made.body.data as unknown as { data: Array<{ orders: Array<{ id: number }> }> }).data[0].orders[0].id);
    const washing = node(await timeline(o.coId), 'WASHING');
    const api = resourceClient(t.app, planner, 'scmapi', 'outsourceorder');
    const view = (await api.view(os)).body.data;
    expect((await api.save({ ...view, delivery_date: addDaysIso(washing.plan_date, 6) })).status).toBe(200);
    const submitted = await api.action('submit', { id: os });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    await flushNodeRecalc();
    const w = node(await timeline(o.coId), 'WASHING');
    expect(w).toMatchObject({ forecast_date: addDaysIso(washing.plan_date, 6), forecast_source: 'outsource', state: 'at_risk', critical: true });
    const told = await notices('node.slip', o.no);
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(`订单 ${o.no} 节点“洗水”预计延误至 ${addDaysIso(washing.plan_date, 6)}`);
    expect(told[0].body).toContain('依据：外发交期');
  });

  it('a part receipt leaves the node open; the receipt in full completes it (source outsourced receipt, audited) and the plan moves on', async () => {
    const api = resourceClient(t.app, planner, 'scmapi', 'outsourceorder');
    const lines = (await api.view(os)).body.data.lines as Row[];
    const part = await api.action('receive_part', { id: os, receipt: JSON.stringify({ [String(lines[0].seq)]: 1 }) });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const mid = await timeline(o.coId);
    expect(node(mid, 'WASHING').actual_date).toBeNull();
    const full = await api.action('receive', { id: os });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect((full.body.data as unknown as { data: Array<{ nodes: Array<{ node_code: string; date: string }> }> }).data[0].nodes).toEqual([expect.objectContaining({ node_code: 'WASHING', date: today })]);
    const tl = await timeline(o.coId);
    expect(node(tl, 'WASHING')).toMatchObject({ actual_date: today, actual_source: 'outsource' });
    expect(tl.tracking.done).toBe(mid.tracking.done + 1);
    const audit = await nodes.lastNodeAudit(makerId, o.coId, 'WASHING');
    expect(audit).toMatchObject({ action: 'actual', username: 'maker.planner' });
    const b = await nodes.brandTimeline(brand, o.prId);
    expect(node(b, 'WASHING')).toMatchObject({ actual_date: today, actual_source: 'outsource' });
  });

  it('another company sees none of it: the supplier and the brand cannot read the maker\'s timeline or receive its order', async () => {
    for (const token of [supplier, brand]) {
      expect([403, 404]).toContain((await call(token, 'GET', '/scmapi/nodetrack/timeline', { order_id: o.coId })).status);
      expect([403, 404]).toContain((await resourceClient(t.app, token, 'scmapi', 'outsourceorder').action('receive', { id: os })).status);
    }
    const others = await q(sql`select count(*)::int as n from scm_order_node where client_id <> ${makerId} and forecast_date is not null`);
    expect(Number(others[0].n)).toBe(0);
  });
});

describe('node plan dates moved on the timeline and exported to Excel', () => {
  let o: Awaited<ReturnType<typeof orderWithPlan>>;

  it('moves a node\'s planned date (its duration kept, audited), refuses a stale version, a done node and a bad date; regenerating keeps it', async () => {
    o = await orderWithPlan('PO-FC-DRAG');
    const before = node(await timeline(o.coId), 'CUTTING');
    const to = addDaysIso(before.plan_date, -2);
    // The node line's transition `plan` (ordernode.lineOf), run by the engine's line action.
    const moved = await call<{ data: Timeline[] }>(planner, 'POST', '/scmapi/ordernode/action/plan', { ids: [before.id], plan_date: to, version: before.version });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(node(moved.body.data.data[0], 'CUTTING')).toMatchObject({ plan_date: to, plan_start: addDaysIso(to, -Number(before.plan_days)) });
    const stale = await call(planner, 'POST', '/scmapi/ordernode/action/plan', { ids: [before.id], plan_date: to, version: before.version });
    expect(stale.status).toBe(409);
    // A bad date is refused under its parameter, as a save refuses a field.
    const bad = await call<{ errors: Record<string, unknown> }>(planner, 'POST', '/scmapi/ordernode/action/plan', { ids: [before.id], plan_date: '2026-02-30' }, 'en');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors)).toEqual(['plan_date']);
    const [audit] = await q(sql`select a.action, a.changes from audit_log a join scm_order_node n on n.id = a.record_id
      where a.client_id = ${makerId} and a.entity = 'ordernode' and n.order_id = ${o.coId} and n.node_code = 'CUTTING' order by a.id desc limit 1`);
    expect(audit.action).toBe('plan');
    expect(JSON.stringify(audit.changes)).toContain(to);
    expect((await resourceClient(t.app, planner, 'scmapi', 'customerorder').action('nodeplan', { id: o.coId })).status).toBe(200);
    expect(node(await timeline(o.coId), 'CUTTING').plan_date).toBe(to);
    // A node already done keeps its plan.
    const fab = node(await timeline(o.coId), 'FAB_BOOK');
    expect((await call(planner, 'POST', '/scmapi/ordernode/action/actual', { ids: [fab.id], actual_date: today, version: fab.version })).status).toBe(200);
    const done = await call(planner, 'POST', '/scmapi/ordernode/action/plan', { ids: [fab.id], plan_date: today });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(`节点“面料下单”已于 ${today} 完成，不能再调整计划日期`);
  });

  it('exports the order\'s node plans with the timeline\'s figures, in the reader\'s language; another company gets nothing', async () => {
    const ExcelJS = (await import('exceljs')).default;
    // The list export of the view of the maker's node plans, narrowed to the order (as the drawer's button asks it).
    const query = { 'f.order_no.eq': o.no, sort: 'seq,node_code' };
    const res = await t.app.inject({ method: 'GET', url: '/api/scmapi/trackednode/export', query, headers: { authorization: `Bearer ${planner}`, 'x-lang': 'en' } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Node plans');
    const head = (ws.getRow(1).values as unknown[]).slice(1);
    expect(head).toEqual(expect.arrayContaining(['Order no.', 'Node code', 'Planned date', 'Forecast end', 'Projected end', 'Actual date', 'State', 'Critical path']));
    const tl = await timeline(o.coId);
    expect(ws.rowCount - 1).toBe(tl.tracking.nodes.length);
    const col = (name: string) => head.indexOf(name) + 1;
    const cutting = ws.getRows(2, ws.rowCount - 1)!.find((r) => r.getCell(col('Node code')).value === 'CUTTING')!;
    const planned = cutting.getCell(col('Planned date')).value as Date;
    expect(planned.toISOString().slice(0, 10)).toBe(node(tl, 'CUTTING').plan_date);
    expect(cutting.getCell(col('Set by hand')).value).toBe('Yes');
    expect(cutting.getCell(col('State')).value).toBe('On track');
    for (const token of [brand, supplier]) {
      const other = await t.app.inject({ method: 'GET', url: '/api/scmapi/trackednode/export', query, headers: { authorization: `Bearer ${token}` } });
      // No file: refused, or the view holds nothing of its own company by that number (400 nothing to export).
      expect([400, 403, 404]).toContain(other.statusCode);
      expect(other.headers['content-type']).not.toContain('spreadsheetml');
    }
  });
});
