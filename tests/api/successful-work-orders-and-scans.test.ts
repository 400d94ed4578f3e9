import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onAlertEvaluation, settleAlerts } from '../../src/server/services/reports/alerts.live';
import { resourceClient, type Reply } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Work orders, bundles and scans (issue 12), on PGlite and PostgreSQL: the maker's demo has work
 * orders with progress and bundles; a scheduled plan gets one draft work order per in-house process
 * of its plant's routing (vendor processes skipped), with the spec's refusals (no planned line, no
 * process for the plant, all processes outsourced); unscheduling deletes drafts and is refused once
 * one is released; finished-quantity reports (empty, below 0, over, short asks to confirm) roll up to
 * the plan, the board's bars and the customer order; bundles, their ticket sheet and scans in / out
 * with the force-scan flags naming the skipped process; another company reads and reports nothing.
 */
let t: TestApp;
let maker: string;
let planner: string;
let brand: string;
let makerId: number;

type Row = Record<string, unknown>;
const q = async <T extends Row = Row>(text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<T>>).execute(t.app.db)).rows as T[];

const plans = (token = planner, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'prodplan', lang);
const workorders = (token = planner, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'workorder', lang);

async function call<T = Row>(method: 'GET' | 'POST', url: string, token: string, payload?: Row, lang: 'zh-CN' | 'en' = 'zh-CN') {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'x-lang': lang }, ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(payload ?? {}).map(([k, v]) => [k, String(v)])) } : { payload: payload ?? {} }) });
  return { status: res.statusCode, body: res.json() as Reply<T> };
}
const scan = (barcode: string, processId: number, direction: 'in' | 'out', token = planner, lang: 'zh-CN' | 'en' = 'zh-CN') =>
  call<{ message: string; work_order: { done_qty: number; qty: number; status: string } }>('POST', '/api/scmapi/workorder/scan', token, { barcode, process_id: processId, direction }, lang);

/** Scheduled plans of the maker with live bars and no work orders yet. */
async function freshPlans(): Promise<Row[]> {
  return q(sql`select p.id, p.plan_no, p.qty, p.order_id, p.version from scm_prodplan p where p.client_id = ${makerId} and p.status = 'scheduled'
    and exists (select 1 from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null)
    and not exists (select 1 from scm_workorder w where w.client_id = p.client_id and w.plan_id = p.id) order by p.order_id nulls last, p.id`);
}
async function planWorkOrders(planId: unknown): Promise<Row[]> {
  return q(sql`select w.*, pr.name as process_name, pr.code as process_code from scm_workorder w join md_process pr on pr.id = w.process_id
    where w.client_id = ${makerId} and w.plan_id = ${planId} order by w.sequence, w.id`);
}
async function lineOfPlan(planId: unknown): Promise<number> {
  const r = await q(sql`select line_id from scm_prodplan_bar where client_id = ${makerId} and plan_id = ${planId} and scenario_id is null order by start_date, id limit 1`);
  return Number(r[0].line_id);
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
});
afterAll(async () => t?.close());

describe('work orders and scans', () => {
  let planA: Row;
  let planB: Row;
  let wosA: Row[];

  it('the demo maker has work orders with progress rolled up to its plans, and bundles with scans', async () => {
    const wos = await q(sql`select status, count(*)::int as n from scm_workorder where client_id = ${makerId} group by status`);
    const by = Object.fromEntries(wos.map((r) => [r.status, Number(r.n)]));
    expect(by.released).toBeGreaterThan(0);
    expect(by.draft).toBeGreaterThan(0);
    // The plan's done pieces are its last process's finished pieces.
    const rolled = await q(sql`select p.done_qty, w.done_qty as last_done from scm_prodplan p join scm_workorder w on w.client_id = p.client_id and w.plan_id = p.id and w.is_last
      where p.client_id = ${makerId}`);
    expect(rolled.length).toBeGreaterThan(0);
    for (const r of rolled) expect(Number(r.done_qty)).toBe(Number(r.last_done));
    expect(rolled.some((r) => Number(r.done_qty) > 0)).toBe(true);
    expect(Number((await q(sql`select count(*)::int as n from scm_wo_bundle where client_id = ${makerId}`))[0].n)).toBeGreaterThan(0);
    expect(Number((await q(sql`select count(*)::int as n from scm_wo_scan where client_id = ${makerId}`))[0].n)).toBeGreaterThan(0);
    // The list answers the planner.
    const page = await workorders().page({ tab: 'released', size: 100 });
    expect(page.status).toBe(200);
    expect(page.body.data.rows.length).toBe(by.released);
  });

  it('generates one draft work order per in-house process of the plant\'s routing, vendor processes skipped', async () => {
    const fresh = await freshPlans();
    expect(fresh.length).toBeGreaterThanOrEqual(4);
    [planA, planB] = fresh;
    const r = await plans().action('work_orders', { id: planA.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    wosA = await planWorkOrders(planA.id);
    const line = await lineOfPlan(planA.id);
    const routing = await q(sql`select pr.code, pr.is_vendor from md_process pr join md_workline l on l.client_id = pr.client_id and l.plant_id = pr.plant_id
      where pr.client_id = ${makerId} and l.id = ${line} and pr.parent_id is null order by pr.sequence`);
    expect(routing.some((p) => p.is_vendor === true)).toBe(true);
    expect(wosA.map((w) => w.process_code)).toEqual(routing.filter((p) => p.is_vendor !== true).map((p) => p.code));
    for (const w of wosA) {
      expect(w.status).toBe('draft');
      expect(Number(w.qty)).toBe(Number(planA.qty));
      expect(w.wo_no).toBe(`${planA.plan_no}-${w.process_code}`);
    }
    expect(wosA.filter((w) => w.is_last === true).map((w) => w.process_code)).toEqual([wosA[wosA.length - 1].process_code]);
    // Audited as created.
    const audit = await q(sql`select count(*)::int as n from audit_log where client_id = ${makerId} and entity = 'workorder' and action = 'create' and record_id = ${wosA[0].id}`);
    expect(Number(audit[0].n)).toBe(1);
    // A second time: already generated.
    const again = await plans().action('work_orders', { id: planA.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`计划 ${planA.plan_no} 已生成工单`);
  });

  it('refuses with the spec\'s messages: no planned line, no process for the plant, all processes outsourced', async () => {
    const [, , c] = await freshPlans();
    // No planned line: a scheduled plan without live bars.
    const noLine = await q(sql`select id, plan_no from scm_prodplan p where client_id = ${makerId} and status = 'draft'
      and not exists (select 1 from scm_prodplan_bar b where b.plan_id = p.id and b.scenario_id is null) order by id limit 1`);
    expect(noLine.length).toBe(1);
    await sql`update scm_prodplan set status = 'scheduled' where id = ${noLine[0].id}`.execute(t.app.db);
    let r = await plans().action('work_orders', { id: noLine[0].id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`计划 ${noLine[0].plan_no} 未设置计划产线，请先排产`);
    r = await plans(planner, 'en').action('work_orders', { id: noLine[0].id });
    expect(r.body.message).toBe(`No planned line set for plan ${noLine[0].plan_no}: schedule it first`);
    await sql`update scm_prodplan set status = 'draft' where id = ${noLine[0].id}`.execute(t.app.db);

    // No process for the plant: the plan's line moves to a plant without processes (none company-wide either).
    const plantsApi = resourceClient(t.app, maker, 'mdapi', 'plant');
    const bare = await plantsApi.save({ code: 'PL-WO-EMPTY', name: '无工序工厂' });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const line = await lineOfPlan(c.id);
    const oldPlant = (await q(sql`select plant_id from md_workline where id = ${line}`))[0].plant_id;
    await sql`update md_workline set plant_id = ${bare.body.data.id} where id = ${line}`.execute(t.app.db);
    r = await plans().action('work_orders', { id: c.id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('工厂 无工序工厂 未维护工序，请先在工序资料中维护工艺路线');
    r = await plans(planner, 'en').action('work_orders', { id: c.id });
    expect(r.body.message).toBe('No process maintained for the plant 无工序工厂: maintain the routing in process information first');

    // All processes outsourced: that plant gets vendor processes only.
    const processes = resourceClient(t.app, maker, 'mdapi', 'process');
    for (const [i, code] of ['WOV1', 'WOV2'].entries()) {
      const p = await processes.save({ code, name: `外发${i + 1}`, sequence: 10 + i, plant_id: bare.body.data.id, is_vendor: true });
      expect(p.status, JSON.stringify(p.body)).toBe(200);
    }
    r = await plans().action('work_orders', { id: c.id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('工艺路线全部为外发工序，无需生成工单');
    r = await plans(planner, 'en').action('work_orders', { id: c.id });
    expect(r.body.message).toBe('All processes are outsourced, no work order needed');
    expect(await planWorkOrders(c.id)).toHaveLength(0);
    await sql`update md_workline set plant_id = ${oldPlant} where id = ${line}`.execute(t.app.db);
  });

  it('unscheduling deletes the drafts; once one is released it is refused (zh and en) and nothing changes', async () => {
    let r = await plans().action('unschedule', { id: planA.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await planWorkOrders(planA.id)).toHaveLength(0);
    expect((await plans().view(planA.id)).body.data.status).toBe('pre_scheduled');
    expect((await plans().action('schedule', { id: planA.id })).status).toBe(200);
    expect((await plans().action('work_orders', { id: planA.id })).status).toBe(200);
    wosA = await planWorkOrders(planA.id);
    r = await workorders().action('release', { ids: wosA.map((w) => w.id) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    wosA = await planWorkOrders(planA.id);
    expect(wosA.every((w) => w.status === 'released' && w.released_at)).toBe(true);
    r = await plans().action('unschedule', { id: planA.id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`计划 ${planA.plan_no} 的工单已下达产线，不能撤销排产`);
    r = await plans(planner, 'en').action('unschedule', { id: planA.id });
    expect(r.body.message).toBe(`The work orders of plan ${planA.plan_no} are released to the line: the plan can no longer be unscheduled`);
    expect((await plans().view(planA.id)).body.data.status).toBe('scheduled');
    expect(await planWorkOrders(planA.id)).toHaveLength(wosA.length);
  });

  it('reports finished pieces: empty, below 0 and over refused; short asks to confirm; progress rolls up to plan and order', async () => {
    const first = wosA[0];
    const last = wosA[wosA.length - 1];
    const ordered = Number(first.qty);
    let r = await workorders().action('report', { id: first.id, report_qty: '' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请填写完工数量');
    r = await workorders(planner, 'en').action('report', { id: first.id, report_qty: -1 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The finished quantity cannot be below 0');
    r = await workorders().action('report', { id: first.id, report_qty: -1 });
    expect(r.body.message).toBe('完工数量不能小于 0');
    r = await workorders().action('report', { id: first.id, report_qty: ordered + 1 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`完工数量 ${ordered + 1} 超过工单数量 ${ordered}`);
    r = await workorders().action('report', { id: first.id, report_qty: ordered - 5 });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`完工数量 ${ordered - 5} 少于工单数量 ${ordered}，确认按此数量完工？`);
    expect((r.body.data as Row).needsConfirm).toBe(true);
    expect((await workorders().view(first.id)).body.data).toMatchObject({ status: 'released', done_qty: 0 });
    r = await workorders().action('report', { id: first.id, report_qty: ordered });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await workorders().view(first.id)).body.data).toMatchObject({ status: 'finished', done_qty: ordered });
    // A finished work order takes no more reports.
    expect((await workorders().action('report', { id: first.id, report_qty: ordered })).status).toBe(409);

    // The last process finishes short, confirmed: the plan, its bars on the board and its order follow.
    const short = Number(last.qty) - 7;
    r = await workorders().action('report', { id: last.id, report_qty: short, confirm_short: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const plan = (await plans().view(planA.id)).body.data;
    expect(Number(plan.done_qty)).toBe(short);
    const board = await call<{ bars: Array<{ plan_id: number; done_qty: number; qty: number }> }>('GET', '/api/scmapi/schedule/board', planner, { from: '2020-01-01', to: '2020-01-02' });
    expect(board.status).toBe(200);
    const range = await q(sql`select min(start_date)::text as f, max(end_date)::text as e from scm_prodplan_bar where plan_id = ${planA.id} and scenario_id is null`);
    const board2 = await call<{ bars: Array<{ plan_id: number; done_qty: number; qty: number }> }>('GET', '/api/scmapi/schedule/board', planner, { from: String(range[0].f), to: String(range[0].e) });
    const bars = board2.body.data.bars.filter((b) => b.plan_id === Number(planA.id));
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.reduce((a, b) => a + b.done_qty, 0)).toBeGreaterThan(0);
    if (planA.order_id) {
      const sum = await q(sql`select coalesce(sum(done_qty), 0)::int as s from scm_prodplan where order_id = ${planA.order_id} and status <> 'cancelled'`);
      const co = (await resourceClient(t.app, maker, 'scmapi', 'customerorder').view(planA.order_id)).body.data;
      expect(Number(co.done_qty)).toBe(Number(sum[0].s));
      expect(Number(co.done_qty)).toBeGreaterThanOrEqual(short);
    }
    // The report is in the work order's history.
    const h = await workorders().history(last.id);
    expect(h.body.data.rows.some((x) => x.action === 'report' && x.changes.some((c) => c.field === 'done_qty' && Number(c.new) === short))).toBe(true);
  });

  it('cuts bundles, prints their ticket sheet and scans them in and out, refusing a skipped forced process by name', async () => {
    expect((await plans().action('work_orders', { id: planB.id })).status).toBe(200);
    const wos = await planWorkOrders(planB.id);
    // 分扎 is a declared transition of a work order that keeps its state; a bad size is refused.
    const cutFrom = wos[0];
    expect((await workorders().action('bundles', { id: cutFrom.id, bundle_size: 0 })).body.message).toBe('每扎件数须为 1 到 10000 的整数');
    expect((await workorders(planner, 'en').action('bundles', { id: cutFrom.id, bundle_size: 'x' })).status).toBe(400);
    const cut = await workorders().action('bundles', { id: cutFrom.id, bundle_size: 40 });
    expect(cut.status, JSON.stringify(cut.body)).toBe(200);
    const made = (cut.body.data as { data?: Array<{ bundles: number }> }).data![0];
    expect(cut.body.data.rows[0].status).toBe('draft');
    expect((await workorders().history(cutFrom.id)).body.data.rows.some((x) => x.action === 'bundles')).toBe(true);
    // The ticket sheet is the bundle page's labels (issue 30): the plan's bundles through the generic list, as the labels page reads them
    // (before, GET /api/scmapi/workorder/tickets?plan_id=, which also listed the routing's names).
    const sheet = await call<{ rows: Array<{ bundle_no: string; qty: number; colour: string; size: string }> }>('GET', '/api/scmapi/wo_bundle/page', planner, { 'f.plan_id.eq': planB.id, size: 500 });
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.rows).toHaveLength(made.bundles);
    expect(sheet.body.data.rows.reduce((a, b) => a + b.qty, 0)).toBe(Number(planB.qty));
    expect(sheet.body.data.rows.every((b) => b.qty <= 40)).toBe(true);
    const bundle = sheet.body.data.rows[0];
    const code = bundle.bundle_no;
    expect(code).toBe(`${planB.plan_no}-001`);

    const proc = (c: string) => Number(wos.find((w) => w.process_code === c)!.process_id);
    const name = (c: string) => String(wos.find((w) => w.process_code === c)!.process_name);
    // The maker's routing: cutting (force in), sewing (force in and out), finishing (force out), packing (force out).
    expect(wos.map((w) => w.process_code)).toEqual(['P10', 'P30', 'P50', 'P60']);
    const setup = await call<{ processes: Array<{ id: number }> }>('GET', '/api/scmapi/workorder/scan-setup', planner);
    expect(setup.body.data.processes.map((p) => p.id)).toEqual(expect.arrayContaining(wos.map((w) => Number(w.process_id))));

    // Not released yet.
    let r = await scan(code, proc('P10'), 'in');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`工序“${name('P10')}”的工单 ${planB.plan_no}-P10 未下达产线`);
    expect((await workorders().action('release', { ids: wos.map((w) => w.id) })).status).toBe(200);

    r = await scan('NO-SUCH-CODE', proc('P10'), 'in');
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('条码 NO-SUCH-CODE 不存在');
    r = await scan('', proc('P10'), 'in');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请扫描或输入条码');
    // Out of cutting without scanning in (cutting forces scan in).
    r = await scan(code, proc('P10'), 'out');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`扎 ${code} 未在工序“${name('P10')}”扫描进站（该工序强制扫描进站）`);
    // Into sewing, skipping cutting.
    r = await scan(code, proc('P30'), 'in', planner, 'en');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`Bundle ${code} was not scanned in at "${name('P10')}" (that process forces scan in)`);
    r = await scan(code.toLowerCase(), proc('P10'), 'in');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.message).toBe(`扎 ${code}（${bundle.colour} / ${bundle.size}，${bundle.qty} 件）已进站：${name('P10')}`);
    r = await scan(code, proc('P10'), 'in');
    expect(r.body.message).toBe(`扎 ${code} 已在工序“${name('P10')}”扫描进站`);
    r = await scan(code, proc('P10'), 'out');
    expect(r.status).toBe(200);
    expect(r.body.data.work_order).toMatchObject({ done_qty: bundle.qty, status: 'released' });
    r = await scan(code, proc('P10'), 'out');
    expect(r.body.message).toBe(`扎 ${code} 已在工序“${name('P10')}”扫描出站`);
    // Finishing before sewing: sewing forces scan in.
    r = await scan(code, proc('P50'), 'in');
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`扎 ${code} 未在工序“${name('P30')}”扫描进站（该工序强制扫描进站）`);
    expect((await scan(code, proc('P30'), 'in')).status).toBe(200);
    // Sewing forces scan out too.
    r = await scan(code, proc('P50'), 'in');
    expect(r.body.message).toBe(`扎 ${code} 未在工序“${name('P30')}”扫描出站（该工序强制扫描出站）`);
    expect((await scan(code, proc('P30'), 'out')).status).toBe(200);
    // Packing while finishing (force out) is skipped.
    r = await scan(code, proc('P60'), 'out');
    expect(r.body.message).toBe(`扎 ${code} 未在工序“${name('P50')}”扫描出站（该工序强制扫描出站）`);
    // Finishing does not force scan in: out directly.
    expect((await scan(code, proc('P50'), 'out')).status).toBe(200);
    const before = Number((await plans().view(planB.id)).body.data.done_qty);
    await settleAlerts();
    const evaluated: string[] = [];
    const off = onAlertEvaluation((e) => void (e.clientId === makerId && evaluated.push(...e.reports)));
    r = await scan(code, proc('P60'), 'out');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The last process's scan rolls the pieces up to the customer order: the reports reading customer
    // orders are marked, so their live tiles reload and their alerts are evaluated (issue 34).
    await settleAlerts();
    off();
    expect(planB.order_id).toBeTruthy();
    expect(evaluated).toEqual(expect.arrayContaining(['orders-by-status', 'order-book']));
    expect(r.body.data.message).toContain(`工单完工 ${bundle.qty} / ${planB.qty}`);
    // The last process's scans are the plan's progress.
    expect(Number((await plans().view(planB.id)).body.data.done_qty)).toBe(before + bundle.qty);
    expect(Number((await plans().view(planB.id)).body.data.done_qty)).toBe(bundle.qty);
    const stored = await q(sql`select direction, count(*)::int as n from scm_wo_scan where client_id = ${makerId} and bundle_id = (select id from scm_wo_bundle where bundle_no = ${code} and client_id = ${makerId}) group by direction`);
    expect(Object.fromEntries(stored.map((s) => [s.direction, Number(s.n)]))).toEqual({ in: 2, out: 4 });
    // Bundles cannot be cut again once scanned.
    expect((await workorders().action('bundles', { id: wos[1].id, bundle_size: 10 })).body.message).toBe(`计划 ${planB.plan_no} 的扎已有扫描记录，不能重新生成`);
    // Reporting after scans: the scanned pieces are the finished quantity so far.
    expect((await workorders().view(wos.find((w) => w.process_code === 'P10')!.id)).body.data.done_qty).toBe(bundle.qty);
  });

  it('another company can neither read nor report nor scan the maker\'s work orders', async () => {
    const wo = wosA[1];
    expect((await workorders(brand).view(wo.id)).status).toBe(404);
    const page = await workorders(brand).page({ size: 100 });
    expect(page.status).toBe(200);
    expect(page.body.data.rows).toHaveLength(0);
    const r = await workorders(brand).action('report', { id: wo.id, report_qty: 1, confirm_short: true });
    expect(r.status).toBe(404);
    expect((await workorders().view(wo.id)).body.data.status).toBe('released');
    expect((await call<{ rows: unknown[] }>('GET', '/api/scmapi/wo_bundle/page', brand, { 'f.plan_id.eq': planB.id })).body.data.rows ?? []).toHaveLength(0);
    expect((await workorders(brand).action('bundles', { id: wo.id, bundle_size: 10 })).status).toBe(404);
    const code = `${planB.plan_no}-002`;
    const s = await scan(code, Number(wo.process_id), 'in', brand);
    expect(s.status).toBe(404);
    expect((await plans(brand).action('work_orders', { id: planB.id })).status).toBe(404);
    const scans = await q(sql`select count(*)::int as n from scm_wo_scan s join scm_wo_bundle b on b.id = s.bundle_id where b.bundle_no = ${code}`);
    expect(Number(scans[0].n)).toBe(0);
  });
});
