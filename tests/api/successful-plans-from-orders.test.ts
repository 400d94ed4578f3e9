import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardData } from '../../src/model/schedule-board';
import { addDays } from '../../calendars/capacity';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, loadWorkbook, UPLOAD_BASE } from './import-support';

/**
 * Production plans from orders (issue 11, plans half): the maker plans an accepted customer order
 * (one plan for the open quantity, keeping the colour x size matrix, the style's category and the
 * category's minutes) or splits it by delivery batch; more than the open quantity is refused with the
 * same message from the action, the form and an Excel import; every transition of a plan and its
 * refusals; the brand cancelling its order cancels the maker's plans and takes their bars off the
 * board; the board's Excel export (a row per plan and day, and a Gantt sheet with coloured days).
 */
let t: TestApp;
let brand: string;
let maker: string;
let planner: string;
let vendorJoined: number;

type Row = Record<string, unknown>;
type Cell = { style_no?: string; colour: string; size: string; qty: number };

// 2 colours x 3 sizes: 10+20+30 + 20+40+60 = 180 pieces.
const entries = ['黑色', '白色'].flatMap((colour, ci) => ['S', 'M', 'L'].map((size, si) => ({ style_no: 'ST-9901', style_name: '测试卫衣', colour, size, qty: (ci + 1) * (si + 1) * 10, unit_price: 20, seq: ci * 3 + si + 1 })));

/** The brand raises and sends an order, the maker accepts it: the maker's customer order id. */
async function acceptedOrder(po: string, category = 'sportswear'): Promise<{ coId: number; prId: number; orderNo: string }> {
  const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
  const saved = await orders.save({ pr_type: 'bulk', customer_po: po, category, receive_date: '2026-03-02', delivery_date: '2026-12-20', currency: 'CNY', maker_vendor_id: vendorJoined, entries });
  expect(saved.status).toBe(200);
  const prId = Number(saved.body.data.id);
  expect((await orders.action('send', { id: prId })).status).toBe(200);
  const cos = resourceClient(t.app, maker, 'scmapi', 'customerorder');
  const co = (await cos.page({ tab: 'pending', size: 100 })).body.data.rows.find((r) => r.customer_po === po)!;
  expect((await cos.action('accept', { id: co.id })).status).toBe(200);
  return { coId: Number(co.id), prId, orderNo: String(co.order_no) };
}

const plans = () => resourceClient(t.app, planner, 'scmapi', 'prodplan');
const customerOrders = () => resourceClient(t.app, maker, 'scmapi', 'customerorder');
const sumCells = (m: unknown) => (m as Cell[]).reduce((a, c) => a + c.qty, 0);

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
  planner = await signIn(t.app, 'maker.planner');
  const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
  vendorJoined = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
});
afterAll(async () => t?.close());

describe('production plans from orders', () => {
  let whole: Row;
  let order: { coId: number; prId: number; orderNo: string };

  it('the demo maker\'s seeded plans are the demo season\'s accepted orders, with their matrix', async () => {
    const linked = await sql<Row>`select p.qty, p.style_no, p.category, p.matrix, p.status, o.total_qty, o.category as order_category from scm_prodplan p
      join scm_customer_order o on o.id = p.order_id and o.client_id = p.client_id join clients c on c.id = p.client_id
      where c.code = 'MAKER01'`.execute(t.app.db);
    expect(linked.rows.length).toBeGreaterThanOrEqual(5);
    for (const r of linked.rows) {
      expect(Number(r.qty)).toBe(Number(r.total_qty));
      expect(r.category).toBe(r.order_category);
      expect(sumCells(r.matrix)).toBe(Number(r.qty));
      expect(['scheduled', 'draft']).toContain(r.status);
    }
  });

  it('plans an accepted customer order: one plan of its open quantity with the matrix, category and minutes', async () => {
    order = await acceptedOrder('PO-PLAN-1');
    const r = await customerOrders().action('plan', { id: order.coId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const made = (r.body.data as unknown as { data: Array<{ plans: Array<{ id: number; qty: number }> }> }).data[0].plans;
    expect(made).toHaveLength(1);
    expect(made[0].qty).toBe(180);
    whole = (await plans().view(made[0].id)).body.data;
    expect(whole).toMatchObject({ order_id: order.coId, style_no: 'ST-9901', style_name: '测试卫衣', category: 'sportswear', qty: 180, status: 'draft', delivery_date: '2026-12-20', batch_no: null });
    // Sportswear's standard minutes per piece.
    expect(Number(whole.minutes_per_piece)).toBe(18);
    const m = whole.matrix as Cell[];
    expect(m).toHaveLength(6);
    expect(m.find((c) => c.colour === '白色' && c.size === 'L')!.qty).toBe(60);
    expect(sumCells(m)).toBe(180);
  });

  it('refuses more than the open quantity, from the action and the form alike, with the numbers', async () => {
    const again = await customerOrders().action('plan', { id: order.coId });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('已全部生成生产计划');
    const form = await plans().save({ order_id: order.coId, qty: 1 });
    expect(form.status).toBe(400);
    expect(form.body.message).toBe(`计划数量 1 超过订单 ${order.orderNo} 的可计划数量 0（订单数量 180，其他计划已占 180）`);
    // In English too.
    const en = resourceClient(t.app, planner, 'scmapi', 'prodplan', 'en');
    expect((await en.save({ order_id: order.coId, qty: 5 })).body.message).toBe(`Plan quantity 5 exceeds the open quantity 0 of order ${order.orderNo} (ordered 180, other plans hold 180)`);
    // Raising the plan's own quantity above the order is refused; lowering it frees quantity for another plan.
    const up = await plans().save({ id: whole.id, version: whole.version, qty: 181 });
    expect(up.status).toBe(400);
    expect(up.body.message).toContain('可计划数量 180');
    const down = await plans().save({ id: whole.id, version: whole.version, qty: 150 });
    expect(down.status).toBe(200);
    expect(sumCells(down.body.data.matrix)).toBe(150);
    const rest = await plans().save({ order_id: order.coId });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    // Left empty in the form: the open quantity, the cells the first plan does not hold.
    expect(rest.body.data).toMatchObject({ qty: 30, style_no: 'ST-9901', category: 'sportswear', status: 'draft' });
    expect(sumCells(rest.body.data.matrix)).toBe(30);
    // A form cannot set the state: the plan starts to be scheduled.
    const forced = await plans().save({ id: rest.body.data.id, version: rest.body.data.version, status: 'scheduled', remark: 'x' });
    expect(forced.status).toBe(200);
    expect(forced.body.data.status).toBe('draft');
    // Cancelling a plan gives its quantity back to the order.
    expect((await plans().action('cancel', { id: rest.body.data.id })).status).toBe(200);
    whole = (await plans().view(whole.id)).body.data;
    expect((await plans().save({ id: whole.id, version: whole.version, qty: 180 })).status).toBe(200);
    whole = (await plans().view(whole.id)).body.data;
  });

  it('refuses an order that is not accepted', async () => {
    const cos = customerOrders();
    const pending = (await cos.page({ tab: 'pending', size: 100 })).body.data.rows[0];
    expect(pending).toBeTruthy();
    const r = await cos.action('plan', { id: pending.id });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`订单 ${pending.order_no} 当前状态为“待接单”，不能生成生产计划（需已接单且未取消、未完成）`);
    expect((await plans().save({ order_id: pending.id })).status).toBe(409);
  });

  it('splits an order by delivery batch: each batch its share of the colour x size cells', async () => {
    const o = await acceptedOrder('PO-PLAN-2', 'knit-top');
    const bad = await customerOrders().action('plan', { id: o.coId, batches: [{ qty: 0 }] });
    expect(bad.status).toBe(400);
    const over = await customerOrders().action('plan', { id: o.coId, batches: [{ qty: 100, delivery_date: '2026-11-01' }, { qty: 81, delivery_date: '2026-12-01' }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('可计划数量 80');
    // Nothing of the refused split was kept.
    expect((await plans().page({ 'f.order_id.eq': o.coId })).body.data.total).toBe(0);
    const r = await customerOrders().action('plan', { id: o.coId, batches: [{ qty: 100, delivery_date: '2026-11-01' }, { qty: 80, delivery_date: '2026-12-01' }], minutes_per_piece: 11.5 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const made = (r.body.data as unknown as { data: Array<{ plans: Array<{ id: number }> }> }).data[0].plans;
    const [a, b] = await Promise.all(made.map(async (p) => (await plans().view(p.id)).body.data));
    expect(a).toMatchObject({ batch_no: 1, qty: 100, delivery_date: '2026-11-01', category: 'knit-top' });
    expect(b).toMatchObject({ batch_no: 2, qty: 80, delivery_date: '2026-12-01' });
    expect(Number(a.minutes_per_piece)).toBe(11.5);
    expect(sumCells(a.matrix)).toBe(100);
    expect(sumCells(b.matrix)).toBe(80);
    // Together the batches are the order's cells, cell by cell.
    for (const e of entries) {
      const q = [a, b].reduce((s, p) => s + ((p.matrix as Cell[]).find((c) => c.colour === e.colour && c.size === e.size)?.qty ?? 0), 0);
      expect(q).toBe(e.qty);
    }
  });

  it('takes a plan through every transition, refusing what its state or its bars do not allow', async () => {
    const p = plans();
    const id = whole.id;
    // Draft: not yet on a line, so it cannot be confirmed; unschedule and finish are not offered.
    expect((await p.action('schedule', { id })).status).toBe(409);
    expect((await p.action('unschedule', { id })).status).toBe(409);
    expect((await p.action('finish', { id })).status).toBe(409);
    // Pre-schedule places it on a line that makes sportswear, in free capacity.
    const pre = await p.action('pre_schedule', { id });
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.data.rows[0].status).toBe('pre_scheduled');
    const live = await sql<Row>`select * from scm_prodplan_bar where plan_id = ${id} and scenario_id is null`.execute(t.app.db);
    expect(live.rows.length).toBeGreaterThan(0);
    expect(live.rows.reduce((a, b) => a + Number(b.qty), 0)).toBe(180);
    const board = await t.app.inject({ method: 'GET', url: '/api/scmapi/schedule/board', headers: api(planner) });
    const data = (board.json() as { data: BoardData }).data;
    const line = data.lines.find((l) => l.id === Number(live.rows[0].line_id))!;
    expect(line.categories.length === 0 || line.categories.includes('sportswear')).toBe(true);
    // The placement never puts a line over its capacity.
    // The placement takes only free minutes: no day of its bars is over the line's capacity, and it works only on working days.
    const placed = data.bars.filter((b) => b.plan_id === id);
    expect(placed.reduce((a, b) => a + b.qty, 0)).toBe(180);
    for (const b of placed) {
      const l = data.lines.find((x) => x.id === b.line_id)!;
      b.daily.forEach((q, k) => {
        const i = data.days.findIndex((d) => d.date === addDays(b.start, k));
        if (i < 0) return;
        expect(l.load[i]).toBeLessThanOrEqual(l.capacity[i] + 1e-6);
        if (q > 0) expect(data.days[i].working).toBe(true);
      });
    }
    const bar = data.bars.find((b) => b.plan_id === id)!;
    expect(bar.order_no).toBe(order.orderNo);

    // Back to draft takes its bars off the board; a locked bar must be unlocked first.
    await sql`update scm_prodplan_bar set locked = true where id = ${live.rows[0].id}`.execute(t.app.db);
    const lockedBack = await p.action('to_draft', { id });
    expect(lockedBack.status).toBe(409);
    expect(lockedBack.body.message).toContain('已锁定');
    await sql`update scm_prodplan_bar set locked = false where id = ${live.rows[0].id}`.execute(t.app.db);
    expect((await p.action('to_draft', { id })).body.data.rows[0].status).toBe('draft');
    expect((await sql<Row>`select count(*)::int as n from scm_prodplan_bar where plan_id = ${id}`.execute(t.app.db)).rows[0].n).toBe(0);

    expect((await p.action('pre_schedule', { id })).status).toBe(200);
    // A bar short of the plan's quantity: confirming is refused with the pieces missing.
    const one = (await sql<Row>`select id, qty from scm_prodplan_bar where plan_id = ${id} and scenario_id is null order by id limit 1`.execute(t.app.db)).rows[0];
    await sql`update scm_prodplan_bar set qty = qty - 5 where id = ${one.id}`.execute(t.app.db);
    const short = await p.action('schedule', { id });
    expect(short.status).toBe(409);
    expect(short.body.message).toContain('还有 5 件未排上产线');
    await sql`update scm_prodplan_bar set qty = qty + 5 where id = ${one.id}`.execute(t.app.db);
    expect((await p.action('schedule', { id })).body.data.rows[0].status).toBe('scheduled');
    // Scheduled: back one step keeps the bars.
    expect((await p.action('pre_schedule', { id })).status).toBe(409);
    expect((await p.action('unschedule', { id })).body.data.rows[0].status).toBe('pre_scheduled');
    expect((await sql<Row>`select count(*)::int as n from scm_prodplan_bar where plan_id = ${id}`.execute(t.app.db)).rows[0].n).toBeGreaterThan(0);
    expect((await p.action('schedule', { id })).status).toBe(200);
    // A plan on a line is not deleted (its bars would point at nothing).
    const removed = await p.remove([id]);
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe(`计划 ${whole.plan_no} 已排上产线，不能删除：请先退回待排产或取消计划`);
    // The history lists it; the pending list does not.
    expect((await p.page({ tab: 'scheduled', size: 500 })).body.data.rows.map((r) => r.id)).toContain(id);
    expect((await p.page({ tab: 'draft', size: 500 })).body.data.rows.map((r) => r.id)).not.toContain(id);
    const history = (await p.history(id)).body.data.rows.map((r) => r.action);
    expect(history).toEqual(expect.arrayContaining(['pre_schedule', 'to_draft', 'schedule', 'unschedule']));
  });

  it('a plan of a category no line makes cannot be pre-scheduled, with the reason', async () => {
    const made = await plans().save({ style_no: 'NOLINE-1', category: 'sweater', qty: 10 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // Sweater's minutes by default.
    expect(Number(made.body.data.minutes_per_piece)).toBe(25);
    // For this test no line of the maker makes sweaters (the knit lines do in the demo).
    const maker = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id;
    const saved = (await sql<Row>`select id, categories from md_workline where client_id = ${maker}`.execute(t.app.db)).rows;
    await sql`update md_workline set categories = coalesce(categories, '[]'::jsonb) - 'sweater' where client_id = ${maker}`.execute(t.app.db);
    await sql`update md_workline set categories = '["knit-top"]'::jsonb where client_id = ${maker} and jsonb_array_length(categories) = 0`.execute(t.app.db);
    try {
      const r = await plans().action('pre_schedule', { id: made.body.data.id });
      expect(r.status).toBe(409);
      // The category by its label in the reply's language, not its code (issue 29: raw codes become labels).
      expect(r.body.message).toBe(`计划 ${made.body.data.plan_no} 无法预排产：没有可生产品类 毛衫 的产线`);
      expect((await plans().view(made.body.data.id)).body.data.status).toBe('draft');
    } finally {
      for (const l of saved) await sql`update md_workline set categories = ${JSON.stringify(l.categories ?? [])}::jsonb where id = ${l.id}`.execute(t.app.db);
    }
    expect((await plans().action('pre_schedule', { id: made.body.data.id })).status).toBe(200);
    expect((await plans().action('cancel', { id: made.body.data.id })).status).toBe(200);
  });

  it('exports the board: a row per plan and day, and a Gantt sheet with the bar days coloured', async () => {
    const bars = (await sql<Row>`select * from scm_prodplan_bar where plan_id = ${whole.id} and scenario_id is null order by start_date`.execute(t.app.db)).rows;
    const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    const from = day(bars[0].start_date);
    const to = day(bars[bars.length - 1].end_date);
    const res = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/export?from=${from}&to=${to}`, headers: api(planner) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [daily, gantt] = wb.worksheets;
    expect(daily.name).toBe('排产明细');
    expect((daily.getRow(1).values as unknown[]).slice(1)).toEqual(['产线', '车间', '计划单号', '订单号', '款号', '品类', '日期', '数量', '标准工时（分钟）']);
    const rows: unknown[][] = [];
    daily.eachRow((r, n) => n > 1 && rows.push((r.values as unknown[]).slice(1)));
    const mine = rows.filter((r) => r[2] === whole.plan_no);
    expect(mine.length).toBeGreaterThan(0);
    // Every day's pieces of the plan add up to its quantity, minutes = pieces x 18, order and category named.
    expect(mine.reduce((a, r) => a + Number(r[7]), 0)).toBe(180);
    for (const r of mine) {
      expect(r[3]).toBe(order.orderNo);
      expect(r[4]).toBe('ST-9901');
      expect(r[5]).toBe('运动服');
      expect(Number(r[8])).toBeCloseTo(Number(r[7]) * 18, 4);
      // The day is a real date, pieces and minutes numbers (architecture-excel.md "Number formats").
      expect(r[6]).toBeInstanceOf(Date);
      const date = (r[6] as Date).toISOString().slice(0, 10);
      expect(date >= from && date <= to).toBe(true);
      expect(typeof r[7]).toBe('number');
      expect(typeof r[8]).toBe('number');
    }
    const first = mine.length && daily.getRow(rows.indexOf(mine[0]) + 2);
    expect(first && [3, 7, 8, 9].map((c) => first.getCell(c).numFmt)).toEqual(['@', 'yyyy-mm-dd', '#,##0', '#,##0.0']);
    expect(gantt.name).toBe('甘特图');
    const head = (gantt.getRow(1).values as unknown[]).slice(1);
    expect(head.slice(0, 3)).toEqual(['产线', '车间', '计划单号']);
    const firstDay = head.indexOf(from.slice(5)) + 1;
    expect(firstDay).toBeGreaterThan(9);
    let found = 0;
    gantt.eachRow((r, n) => {
      if (n === 1 || r.getCell(3).value !== whole.plan_no) return;
      found++;
      const start = day(bars[found - 1].start_date);
      const c = r.getCell(head.indexOf(start.slice(5)) + 1);
      expect((c.fill as ExcelJS.FillPattern).fgColor?.argb).toMatch(/^FF/);
      expect((c.fill as ExcelJS.FillPattern).pattern).toBe('solid');
    });
    expect(found).toBe(bars.length);
    // English headers with the interface language; another company's planner sees none of the maker's bars.
    const en = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/export?from=${from}&to=${to}`, headers: api(planner, 'en') });
    const wbEn = new ExcelJS.Workbook();
    await wbEn.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    expect(wbEn.worksheets.map((w) => w.name)).toEqual(['Plan by day', 'Gantt']);
    const other = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/export?from=${from}&to=${to}`, headers: api(brand) });
    if (other.statusCode === 200) {
      const wbB = new ExcelJS.Workbook();
      await wbB.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
      expect(wbB.worksheets[0].rowCount).toBeLessThanOrEqual(1);
    } else expect(other.statusCode).toBe(403);
  });

  it('imports plans through the import centre with the same open-quantity rule', async () => {
    const o = await acceptedOrder('PO-PLAN-3', 'denim');
    const links = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/page-upload-links?opt=prodplan`, headers: api(planner) });
    expect(links.statusCode).toBe(200);
    const link = (links.json() as { data: Array<{ entity: string; templateUrl: string }> }).data.find((l) => l.entity === 'prodplan')!;
    const tpl = await t.app.inject({ method: 'GET', url: link.templateUrl, headers: api(planner) });
    expect(tpl.statusCode).toBe(200);
    const wb = await loadWorkbook(tpl.rawPayload);
    const sheet = wb.worksheets.find((w) => w.state === 'visible')!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (name: string) => headers.findIndex((h) => h.replace(/^\*/, '') === name) + 1;
    expect(col('客户订单编码'), headers.join('|')).toBeGreaterThan(0);
    const put = (row: number, values: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(values)) sheet.getCell(row, col(k)).value = v as ExcelJS.CellValue;
    };
    // Two rows of the order: 120 + 60 = 180 fits; the third row's 1 piece does not.
    put(2, { 客户订单编码: o.orderNo, 计划数量: 120, 交货日期: '2026-10-15' });
    put(3, { 客户订单编码: o.orderNo, 计划数量: 60 });
    put(4, { 客户订单编码: o.orderNo, 计划数量: 1 });
    const file = { name: 'plans.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) };
    const job = await importFile(t.app, planner, file, { entity: 'prodplan', commit: 'all' });
    const errs = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors?size=100`, headers: api(planner) });
    // The rows checked before it hold their 180 pieces although none is written yet: the third is refused
    // with the form's message, and the file (commit all) writes nothing.
    expect(errs.body).toContain(`计划数量 1 超过订单 ${o.orderNo} 的可计划数量 0（订单数量 180，其他计划已占 180）`);
    expect(job.result).toMatchObject({ total: 3, valid: 2, invalid: 1, committed: false });
    const stored = (await plans().page({ 'f.order_id.eq': o.coId, size: 50 })).body.data.rows;
    const sum = stored.reduce((a, r) => a + Number(r.qty), 0);
    expect(sum).toBe(0);
    const good = await importFile(t.app, planner, await (async () => {
      const w2 = await loadWorkbook(tpl.rawPayload);
      const s2 = w2.worksheets.find((w) => w.state === 'visible')!;
      s2.getCell(2, col('客户订单编码')).value = o.orderNo;
      s2.getCell(2, col('计划数量')).value = 180 - sum;
      return { name: 'plans-ok.xlsx', content: Buffer.from(await w2.xlsx.writeBuffer()) };
    })(), { entity: 'prodplan', commit: 'all' });
    expect(good.status, JSON.stringify(good)).toBe('done');
    const after = (await plans().page({ 'f.order_id.eq': o.coId, size: 50 })).body.data.rows;
    expect(after).toHaveLength(1);
    expect(after.reduce((a, r) => a + Number(r.qty), 0)).toBe(180);
    expect(sumCells((await plans().view(after[0].id)).body.data.matrix)).toBe(180);
    for (const r of after) expect(r).toMatchObject({ style_no: 'ST-9901', category: 'denim', status: 'draft' });
  });

  it('the brand cancelling its order cancels the maker\'s plans and takes their bars off the board', async () => {
    const o = await acceptedOrder('PO-PLAN-4', 'sportswear');
    const r = await customerOrders().action('plan', { id: o.coId, batches: [{ qty: 90 }, { qty: 90 }] });
    expect(r.status).toBe(200);
    const ids = (r.body.data as unknown as { data: Array<{ plans: Array<{ id: number }> }> }).data[0].plans.map((p) => p.id);
    expect((await plans().action('pre_schedule', { id: ids[0] })).status).toBe(200);
    expect((await sql<Row>`select count(*)::int as n from scm_prodplan_bar where plan_id = ${ids[0]}`.execute(t.app.db)).rows[0].n).toBeGreaterThan(0);
    const cancel = await resourceClient(t.app, brand, 'scmapi', 'prorder').action('cancel', { id: o.prId });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect((await customerOrders().view(o.coId)).body.data.status).toBe('cancelled');
    for (const id of ids) expect((await plans().view(id)).body.data.status).toBe('cancelled');
    expect((await sql<Row>`select count(*)::int as n from scm_prodplan_bar where plan_id in (${sql.join(ids)})`.execute(t.app.db)).rows[0].n).toBe(0);
    // A cancelled order takes no new plan; a cancelled plan is read-only.
    expect((await customerOrders().action('plan', { id: o.coId })).status).toBe(409);
    const c = (await plans().view(ids[0])).body.data;
    expect((await plans().save({ id: c.id, version: c.version, remark: 'x' })).status).toBe(409);
  });

  it('plans a requirement order tracked by hand, and its cancel releases the plans', async () => {
    const vendors = (await resourceClient(t.app, maker, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const garment = vendors.find((v) => !v.platform_client_code && v.vendor_type === 'garment')!;
    expect(garment).toBeTruthy();
    const prs = resourceClient(t.app, maker, 'scmapi', 'prorder');
    const saved = await prs.save({ pr_type: 'bulk', customer_po: 'PO-PR-PLAN', category: 'woven-shirt', delivery_date: '2026-12-10', currency: 'CNY', maker_vendor_id: garment.id, entries });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.data.id;
    // A draft order is not accepted yet.
    expect((await prs.action('plan', { id })).status).toBe(409);
    expect((await prs.action('send', { id })).body.data.rows[0].status).toBe('manual');
    const r = await prs.action('plan', { id, batches: [{ qty: 120, delivery_date: '2026-11-20' }, { qty: 60 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const made = (r.body.data as unknown as { data: Array<{ plans: Array<{ id: number }> }> }).data[0].plans;
    const first = (await plans().view(made[0].id)).body.data;
    expect(first).toMatchObject({ prorder_id: id, order_id: null, category: 'woven-shirt', qty: 120, batch_no: 1, delivery_date: '2026-11-20' });
    expect(Number(first.minutes_per_piece)).toBe(16);
    expect((await plans().view(made[1].id)).body.data).toMatchObject({ qty: 60, batch_no: 2, delivery_date: '2026-12-10' });
    // One order per plan.
    expect((await plans().save({ prorder_id: id, order_id: whole.order_id, qty: 1 })).status).toBe(400);
    expect((await plans().action('pre_schedule', { id: made[0].id })).status).toBe(200);
    expect((await prs.action('cancel', { id })).status).toBe(200);
    for (const p of made) expect((await plans().view(p.id)).body.data.status).toBe('cancelled');
    expect((await sql<Row>`select count(*)::int as n from scm_prodplan_bar where plan_id in (${sql.join(made.map((p) => p.id))})`.execute(t.app.db)).rows[0].n).toBe(0);
  });

  it('publishing a scenario marks its plans scheduled, as the plan actions would, and leaves a finished one finished', async () => {
    const o = await acceptedOrder('PO-PLAN-5', 'knit-top');
    const r = await customerOrders().action('plan', { id: o.coId });
    const id = (r.body.data as unknown as { data: Array<{ plans: Array<{ id: number }> }> }).data[0].plans[0].id;
    const auto = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/auto', payload: { name: 'plans test' }, headers: api(planner) });
    expect(auto.statusCode).toBe(200);
    const sid = (auto.json() as { data: { id: number } }).data.id;
    // The export of a scenario shows its bars: the new plan's pieces are in it before it is published.
    const barsOf = await sql<Row>`select qty, start_date, end_date from scm_prodplan_bar where plan_id = ${id} and scenario_id = ${sid}`.execute(t.app.db);
    // A 180-piece knit-top plan fits in the scenario's range.
    expect(barsOf.rows.length).toBeGreaterThan(0);
    {
      const iso = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
      const from = barsOf.rows.map((b) => iso(b.start_date)).sort()[0];
      const to = barsOf.rows.map((b) => iso(b.end_date)).sort().reverse()[0];
      const x = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/export?from=${from}&to=${to}&scenario=${sid}`, headers: api(planner) });
      expect(x.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
      const planNo = (await plans().view(id)).body.data.plan_no;
      let pieces = 0;
      wb.worksheets[0].eachRow((r, n) => {
        if (n > 1 && r.getCell(3).value === planNo) pieces += Number(r.getCell(8).value);
      });
      expect(pieces).toBe(barsOf.rows.reduce((a, b) => a + Number(b.qty), 0));
      // The live board's export does not have it yet.
      const live = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/export?from=${from}&to=${to}`, headers: api(planner) });
      const wl = new ExcelJS.Workbook();
      await wl.xlsx.load(live.rawPayload as unknown as ArrayBuffer);
      let liveRows = 0;
      wl.worksheets[0].eachRow((r, n) => n > 1 && r.getCell(3).value === planNo && liveRows++);
      expect(liveRows).toBe(0);
    }
    const pub = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/scenario/publish', payload: { id: sid }, headers: api(planner) });
    expect(pub.statusCode).toBe(200);
    const placed = (await sql<{ n: number }>`select count(*)::int as n from scm_prodplan_bar where plan_id = ${id} and scenario_id is null`.execute(t.app.db)).rows[0].n;
    expect(placed).toBeGreaterThan(0);
    expect((await plans().view(id)).body.data.status).toBe('scheduled');
    // A finished plan laid again by a later auto-schedule stays finished when that scenario is published.
    expect((await plans().action('finish', { id })).body.data.rows[0].status).toBe('finished');
    const auto2 = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/auto', payload: { name: 'plans test 2' }, headers: api(planner) });
    const sid2 = (auto2.json() as { data: { id: number } }).data.id;
    expect((await sql<{ n: number }>`select count(*)::int as n from scm_prodplan_bar where plan_id = ${id} and scenario_id = ${sid2}`.execute(t.app.db)).rows[0].n).toBeGreaterThan(0);
    const pub2 = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/scenario/publish', payload: { id: sid2 }, headers: api(planner) });
    expect(pub2.statusCode, pub2.body).toBe(200);
    expect((await plans().view(id)).body.data.status).toBe('finished');
    // Cancelled plans stay cancelled and off the board.
    const cancelled = await sql<Row>`select p.id from scm_prodplan p join scm_prodplan_bar b on b.plan_id = p.id where p.status = 'cancelled' limit 1`.execute(t.app.db);
    expect(cancelled.rows).toHaveLength(0);
  });
  it('writes a line name someone typed as a formula as text in both sheets of the board export', async () => {
    const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id);
    const bar = (await sql<Row>`select line_id, start_date from scm_prodplan_bar where client_id = ${maker} and scenario_id is null order by start_date limit 1`.execute(t.app.db)).rows[0];
    const name = '=HYPERLINK("http://example.invalid","点我")';
    await sql`update md_workline set name = ${name} where id = ${Number(bar.line_id)} and client_id = ${maker}`.execute(t.app.db);
    const from = (bar.start_date instanceof Date ? bar.start_date.toISOString() : String(bar.start_date)).slice(0, 10);
    const res = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/export?from=${from}&to=${from}`, headers: api(planner) });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    for (const ws of wb.worksheets) {
      const cells: ExcelJS.Cell[] = [];
      ws.eachRow((r, n) => n > 1 && cells.push(r.getCell(1)));
      const mine = cells.filter((c) => c.text === name);
      expect(mine.length, ws.name).toBeGreaterThan(0);
      for (const c of mine) {
        expect(c.type, ws.name).not.toBe(ExcelJS.ValueType.Formula);
        expect(c.numFmt, ws.name).toBe('@');
      }
    }
  });
});
