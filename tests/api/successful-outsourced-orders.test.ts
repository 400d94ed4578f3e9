import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * Outsourced orders (issue 12) on the demo companies: the maker MAKER01 outsources a vendor process of
 * a scheduled plan (lines = the plan's colour x size matrix, price = the process's estimated rate) to
 * vendor VD-OS01, which is the supplier company SUPP01 on the platform. Lock and unlock before
 * submission only; submit sends an outsourced task to the supplier, who accepts or rejects with a
 * reason, reports progress and dispatches per line; the maker receives per line, over-receipt refused.
 * A vendor not on the platform: spec 8's message and manual tracking; matching fails: spec 8's "no
 * vendor matches". Each company sees only its side.
 */
let t: TestApp;
let maker: string;
let supplier: string;
let sales: string;
let brand: string;
const ids: Record<string, number> = {};
type Row = Record<string, unknown>;
type Err = { errors?: Record<string, string> };

const scm = (token: string, entity: string) => resourceClient(t.app, token, 'scmapi', entity);
const md = (token: string, entity: string) => resourceClient(t.app, token, 'mdapi', entity);
const idByCode = async (token: string, entity: string, code: string) => Number((await md(token, entity).page({ 'f.code.eq': code })).body.data.rows[0]?.id);
const notices = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-msg/index', query: { size: '50' }, headers: { authorization: `Bearer ${token}` } })).json().data.rows as Array<{ title: string; body: string }>;
const sumQty = (lines: Row[], k = 'qty') => lines.reduce((s, l) => s + Number(l[k] ?? 0), 0);

/** A scheduled plan with no outsourced order yet, with a colour x size matrix when one is left. */
async function freshPlan(skip: number[] = []): Promise<Row> {
  const plans = (await scm(maker, 'prodplan').page({ 'f.status.eq': 'scheduled', size: 200 })).body.data.rows;
  const used = new Set((await scm(maker, 'outsourceorder').page({ size: 500 })).body.data.rows.map((o) => Number(o.plan_id)));
  const free = plans.filter((r) => !used.has(Number(r.id)) && !skip.includes(Number(r.id)));
  expect(free.length).toBeGreaterThan(0);
  const views = await Promise.all(free.slice(0, 30).map(async (r) => (await scm(maker, 'prodplan').view(r.id)).body.data));
  return views.find((v) => Array.isArray(v.matrix) && (v.matrix as unknown[]).length > 1) ?? views[0];
}
/** The lines a plan gives: its matrix cells, or one line of its quantity. */
const cellsOf = (plan: Row) =>
  Array.isArray(plan.matrix) && (plan.matrix as unknown[]).length
    ? (plan.matrix as Array<{ colour: string; size: string; qty: number }>).filter((c) => c.qty > 0).map((c) => `${c.colour}/${c.size}/${c.qty}`)
    : [`null/null/${plan.qty}`];

beforeAll(async () => {
  t = await createTestApp();
  [maker, supplier, sales, brand] = await Promise.all([signIn(t.app, 'maker'), signIn(t.app, 'supplier'), signIn(t.app, 'supplier.sales'), signIn(t.app, 'brand')]);
  ids.vendorOs = await idByCode(maker, 'vendor', 'VD-OS01');
  ids.vendorOff = await idByCode(maker, 'vendor', 'VD004');
});
afterAll(async () => t?.close());

describe('outsourced orders from the maker to the supplier company', () => {
  it('the demo shows the maker orders in each state and the supplier the tasks sent to it', async () => {
    const tabs = (await scm(maker, 'outsourceorder').page({ tabs: 1 })).body.data.tabs!;
    for (const s of ['draft', 'submitted', 'accepted', 'dispatched', 'rejected']) expect(tabs[s], s).toBeGreaterThan(0);
    const locked = (await scm(maker, 'outsourceorder').page({ 'f.plan_lock.eq': 'received' })).body.data.rows;
    expect(locked.some((o) => o.status === 'draft')).toBe(true);
    const manual = (await scm(maker, 'outsourceorder').page({ 'f.tracking.eq': 'manual' })).body.data.rows;
    expect(manual.length).toBeGreaterThan(0);
    const taskTabs = (await scm(sales, 'outsourcetask').page({ tabs: 1 })).body.data.tabs!;
    for (const s of ['pending', 'accepted', 'dispatched', 'rejected']) expect(taskTabs[s], s).toBeGreaterThan(0);
  });

  it('outsources a plan process: matrix lines at the estimated rate, spec messages for a non-vendor process, no vendor match and a process already outsourced', async () => {
    const plan = await freshPlan();
    const planApi = scm(maker, 'prodplan');
    const notVendor = await planApi.action('outsource', { id: plan.id, process_code: 'P30', vendor_code: 'VD-OS01' });
    expect(notVendor.status).toBe(400);
    expect((notVendor.body.data as Err).errors?.process_code).toBe('工序“缝制”不是外发工序，不能外发');
    const unknownVendor = await planApi.action('outsource', { id: plan.id, process_code: 'P40', vendor_code: 'NOPE' });
    expect(unknownVendor.status).toBe(400);
    expect((unknownVendor.body.data as Err).errors?.vendor_code).toBe('没有匹配的供应商，请手动选择');
    // A new vendor process without history, and several processing vendors: no match.
    const p90 = await md(maker, 'process').save({ code: 'P90', name: '绣花', sequence: 90, process_type: 'embroidery', is_vendor: true, estimated_rate: 3 });
    expect(p90.status).toBe(200);
    const noMatch = await planApi.action('outsource', { id: plan.id, process_code: 'P90' });
    expect(noMatch.status).toBe(400);
    expect(noMatch.body.message).toBe('没有匹配的供应商，请手动选择');

    const made = await planApi.action('outsource', { id: plan.id, process_code: 'P40', vendor_code: 'VD-OS01' });
    expect(made.status).toBe(200);
    const orderId = Number((made.body.data as unknown as { data: Array<{ orders: Array<{ id: number }> }> }).data[0].orders[0].id);
    const order = (await scm(maker, 'outsourceorder').view(orderId)).body.data;
    expect(order).toMatchObject({ status: 'draft', plan_lock: 'pending_receipt', vendor_id: ids.vendorOs, plan_id: plan.id, style_no: plan.style_no, currency: 'CNY' });
    expect(order.os_no).toMatch(/^WF\d{10}$/);
    const lines = order.lines as Row[];
    expect(sumQty(lines)).toBe(Number(plan.qty));
    expect(lines.map((l) => `${l.colour}/${l.size}/${l.qty}`).sort()).toEqual(cellsOf(plan).sort());
    // Washing's estimated rate 2; tax 13 % by default.
    expect(lines.every((l) => Number(l.unit_price) === 2)).toBe(true);
    expect(Number(order.total_amount)).toBe(Number(plan.qty) * 2);
    expect(Number(order.total_with_tax)).toBeCloseTo(Number(plan.qty) * 2 * 1.13, 4);

    const again = await planApi.action('outsource', { id: plan.id, process_code: 'P40', vendor_code: 'VD-OS01' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`计划 ${plan.plan_no} 的工序“洗水”已有外发单 ${order.os_no}`);
    // Matching: printing goes to the vendor of the latest printing order (the demo's last: VD004).
    const matched = await planApi.action('outsource', { id: plan.id, process_code: 'P20' });
    expect(matched.status).toBe(200);
    const printId = Number((matched.body.data as unknown as { data: Array<{ orders: Array<{ id: number }> }> }).data[0].orders[0].id);
    expect((await scm(maker, 'outsourceorder').view(printId)).body.data.vendor_id).toBe(ids.vendorOff);
    // A plan not scheduled is not outsourced.
    const draftPlan = (await planApi.page({ 'f.status.eq': 'draft' })).body.data.rows[0];
    if (draftPlan) expect((await planApi.action('outsource', { id: draftPlan.id })).status).toBe(409);
    ids.order = orderId;
    ids.plan = Number(plan.id);
  });

  it('an order made by hand takes the plan lines; percentages and the exchange rate are checked', async () => {
    const plan = await freshPlan([ids.plan]);
    const p20 = await idByCode(maker, 'process', 'P20');
    const p30 = await idByCode(maker, 'process', 'P30');
    const api = scm(maker, 'outsourceorder');
    const bad = await api.save({ plan_id: plan.id, process_id: p30, vendor_id: ids.vendorOs, tax_rate: 120, exchange_rate: 0 });
    expect(bad.status).toBe(400);
    const errors = (bad.body.data as Err).errors!;
    expect(errors.process_id).toBe('工序“缝制”不是外发工序，不能外发');
    expect(errors.tax_rate).toBe('百分比不能大于100');
    expect(errors.exchange_rate).toBe('汇率须大于0');
    const ok = await api.save({ plan_id: plan.id, process_id: p20, vendor_id: ids.vendorOs, discount: 10, tax_rate: 6, currency: 'USD', exchange_rate: 7.1 });
    expect(ok.status).toBe(200);
    const order = (await api.view(ok.body.data.id)).body.data;
    expect(sumQty(order.lines as Row[])).toBe(Number(plan.qty));
    expect(Number(order.total_amount)).toBeCloseTo(Number(plan.qty) * 1.2 * 0.9, 4);
    expect(Number(order.total_with_tax)).toBeCloseTo(Number(plan.qty) * 1.2 * 0.9 * 1.06, 4);
    expect(order).toMatchObject({ style_no: plan.style_no, currency: 'USD' });
    ids.handMade = Number(order.id);
    // A cancelled plan makes nothing.
    const draftPlan = (await scm(maker, 'prodplan').page({ 'f.status.eq': 'draft' })).body.data.rows[0];
    expect((await scm(maker, 'prodplan').action('cancel', { id: draftPlan.id })).status).toBe(200);
    const cancelled = await api.save({ plan_id: draftPlan.id, process_id: p20, vendor_id: ids.vendorOs });
    expect((cancelled.body.data as Err).errors?.plan_id).toBe(`计划 ${draftPlan.plan_no} 已取消，不能外发`);
  });

  it('locks and unlocks only before submission; a locked order is not edited', async () => {
    const api = scm(maker, 'outsourceorder');
    expect((await api.action('unlock', { id: ids.order })).body.message).toBe('外发单未锁定');
    const locked = await api.action('lock', { id: ids.order });
    expect(locked.status).toBe(200);
    expect(locked.body.data.rows[0]).toMatchObject({ plan_lock: 'received', status: 'draft' });
    expect((await api.action('lock', { id: ids.order })).body.message).toBe('外发单已锁定');
    const v = (await api.view(ids.order)).body.data;
    const edit = await api.save({ id: ids.order, version: v.version, remark: '改' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('外发单已锁定（已收货），请先解锁再修改');
    const unlocked = await api.action('unlock', { id: ids.order });
    expect(unlocked.body.data.rows[0]).toMatchObject({ plan_lock: 'pending_receipt', status: 'draft' });
    const v2 = (await api.view(ids.order)).body.data;
    expect((await api.save({ id: ids.order, version: v2.version, remark: '洗水：酵素洗' })).status).toBe(200);
  });

  it('submits to the supplier, who accepts, reports progress and dispatches per line; the maker receives per line without over-receipt', async () => {
    const api = scm(maker, 'outsourceorder');
    const before = (await notices(sales)).length;
    const sent = await api.action('submit', { id: ids.order });
    expect(sent.status).toBe(200);
    const order = sent.body.data.rows[0];
    expect(order).toMatchObject({ status: 'submitted', tracking: 'platform' });
    expect((sent.body.data as unknown as { data: Array<{ message: string; manual: boolean }> }).data[0]).toMatchObject({ manual: false, message: '外发单已发送给供应商' });
    // Spec 4: no lock or unlock after submission; no edit either.
    expect((await api.action('lock', { id: ids.order })).body.message).toBe('外发单已提交，只能在提交前锁定或解锁');
    expect((await api.action('unlock', { id: ids.order })).body.message).toBe('外发单已提交，只能在提交前锁定或解锁');
    expect((await api.save({ id: ids.order, version: order.version, remark: 'x' })).status).toBe(409);
    // Receipt waits for the supplier's dispatch.
    expect((await api.action('receive', { id: ids.order })).body.message).toBe('外发单在平台上协同，供应商发货后才能收货');

    const tasks = scm(sales, 'outsourcetask');
    const task = (await tasks.page({ 'f.source_no.eq': String(order.os_no) })).body.data.rows[0];
    expect(task).toMatchObject({ status: 'pending', maker_name: '华纺制衣', process_name: '洗水', total_qty: order.total_qty });
    const taskView = (await tasks.view(task.id)).body.data;
    const makerLines = ((await api.view(ids.order)).body.data.lines as Row[]);
    expect((taskView.lines as Row[]).map((l) => `${l.seq}:${l.colour}/${l.size}/${l.qty}`)).toEqual(makerLines.map((l, i) => `${i + 1}:${l.colour}/${l.size}/${l.qty}`));
    const got = await notices(sales);
    expect(got.length).toBe(before + 1);
    expect(got[0].title).toBe(`收到外发加工单 ${task.task_no}`);
    // The supplier cannot edit what it was sent.
    expect((await tasks.save({ id: task.id, version: taskView.version, remark: 'x' })).body.message).toBe('客户发来的外发加工单只能通过操作变更');

    expect((await tasks.action('progress', { id: task.id, done_qty: 1 })).status).toBe(409);
    expect((await tasks.action('accept', { id: task.id })).status).toBe(200);
    expect((await api.view(ids.order)).body.data.status).toBe('accepted');
    expect((await notices(maker)).map((n) => n.title)).toContain(`外发单 ${order.os_no}：供应商已接单`);
    const total = Number(task.total_qty);
    const over = await tasks.action('progress', { id: task.id, done_qty: total + 1 });
    expect(over.status).toBe(400);
    expect((over.body.data as Err).errors?.done_qty).toBe(`完成数量须为 0 到订单数量 ${total} 之间的整数`);
    expect((await tasks.action('progress', { id: task.id, done_qty: 10 })).body.data.rows[0]).toMatchObject({ status: 'accepted', done_qty: 10 });
    expect((await api.view(ids.order)).body.data.done_qty).toBe(10);

    const first = (taskView.lines as Row[])[0];
    const q1 = Number(first.qty);
    const tooMuch = await tasks.action('dispatch', { id: task.id, shipment: JSON.stringify({ 1: q1 + 1 }) });
    expect((tooMuch.body.data as Err).errors?.shipment).toBe('发货数量须为不超过订单数量的非负整数');
    const shipped = await tasks.action('dispatch', { id: task.id, shipment: JSON.stringify({ 1: q1 - 1 }) });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.rows[0].status).toBe('dispatched');
    const dispatched = (await api.view(ids.order)).body.data;
    expect(dispatched.status).toBe('dispatched');
    const dl = dispatched.lines as Row[];
    expect(Number(dl[0].dispatched_qty)).toBe(q1 - 1);
    expect(sumQty(dl, 'dispatched_qty')).toBe(Number(dispatched.total_qty) - 1);
    // Among the maker's notices, not always the newest: the dispatch can also move an order's node
    // forecast (a slip notice raised by the same action, depending on today's date).
    expect((await notices(maker)).map((n) => n.title)).toContain(`外发单 ${order.os_no}：供应商已发货`);

    const overReceipt = await api.action('receive_part', { id: ids.order, receipt: JSON.stringify({ 1: q1 }) });
    expect(overReceipt.status).toBe(400);
    expect((overReceipt.body.data as Err).errors?.receipt).toBe(`第 1 行收货数量 ${q1} 超过待收数量 ${q1 - 1}，不能超收`);
    const part = await api.action('receive_part', { id: ids.order, receipt: JSON.stringify({ 1: 5 }) });
    expect(part.body.data.rows[0]).toMatchObject({ status: 'part_received', received_qty: 5, plan_lock: 'pending_receipt' });
    const rest = await api.action('receive', { id: ids.order });
    expect(rest.body.data.rows[0]).toMatchObject({ status: 'received', received_qty: Number(dispatched.total_qty) - 1, plan_lock: 'received' });
    expect((await tasks.view(task.id)).body.data.status).toBe('received');
  });

  it('a rejected order carries the reason back, is submitted again, and a cancel reaches the supplier copy', async () => {
    const api = scm(maker, 'outsourceorder');
    const made = await scm(maker, 'prodplan').action('outsource', { id: ids.plan, process_code: 'P90', vendor_code: 'VD-OS01' });
    const id = Number((made.body.data as unknown as { data: Array<{ orders: Array<{ id: number }> }> }).data[0].orders[0].id);
    const no = (await api.action('submit', { id })).body.data.rows[0].os_no;
    const tasks = scm(supplier, 'outsourcetask');
    const task = (await tasks.page({ 'f.source_no.eq': String(no) })).body.data.rows[0];
    expect((await tasks.action('reject', { id: task.id })).status).toBe(400);
    expect((await tasks.action('reject', { id: task.id, reject_reason: '绣花机检修' })).status).toBe(200);
    expect((await api.view(id)).body.data).toMatchObject({ status: 'rejected', reject_reason: '绣花机检修' });
    const n = (await notices(maker)).find((x) => x.title === `外发单 ${no}：供应商已拒绝`);
    expect(n, 'the maker is told of the rejection').toBeTruthy();
    expect(n!.body).toContain('绣花机检修');
    // The closed share no longer lets the old copy move the maker's order.
    expect((await tasks.action('accept', { id: task.id })).status).toBe(409);
    expect((await api.action('submit', { id })).body.data.rows[0].status).toBe('submitted');
    const copies = (await tasks.page({ 'f.source_no.eq': String(no) })).body.data.rows;
    expect(copies.map((c) => c.status).sort()).toEqual(['pending', 'rejected']);
    const fresh = copies.find((c) => c.status === 'pending')!;
    expect((await api.action('cancel', { id })).body.data.rows[0].status).toBe('cancelled');
    expect((await tasks.view(fresh.id)).body.data.status).toBe('cancelled');
    expect((await tasks.action('accept', { id: fresh.id })).status).toBe(409);
  });

  it('a vendor not on the platform: spec 8 message, tracked and received by hand; a company that did not confirm the maker: refused', async () => {
    const api = scm(maker, 'outsourceorder');
    const order = (await api.view(ids.handMade)).body.data;
    const v = await api.save({ id: ids.handMade, version: order.version, vendor_id: ids.vendorOff });
    expect(v.status).toBe(200);
    const sent = await api.action('submit', { id: ids.handMade });
    expect(sent.status).toBe(200);
    expect((sent.body.data as unknown as { data: Array<{ message: string; manual: boolean }> }).data[0]).toMatchObject({ manual: true, message: '供应商未加入平台，外协单数据无法发送，请手工跟踪' });
    expect(sent.body.data.rows[0]).toMatchObject({ status: 'submitted', tracking: 'manual' });
    const part = await api.action('receive_part', { id: ids.handMade, receipt: JSON.stringify({ 1: 1 }) });
    expect(part.body.data.rows[0].status).toBe('part_received');
    const all = await api.action('receive', { id: ids.handMade });
    expect(all.body.data.rows[0]).toMatchObject({ status: 'received', received_qty: order.total_qty, plan_lock: 'received' });

    // The brand company is on the platform but has not confirmed the maker as a customer.
    const vb = await md(maker, 'vendor').save({ code: 'VD-BR', name: '品牌方（测试）', vendor_type: 'process', platform_client_code: 'BRAND01' });
    expect(vb.status).toBe(200);
    const p20 = await idByCode(maker, 'process', 'P20');
    const o = await api.save({ plan_id: ids.plan, process_id: p20, vendor_id: vb.body.data.id });
    const refused = await api.action('submit', { id: o.body.data.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('MAKER01');
    expect((await api.view(o.body.data.id)).body.data.status).toBe('draft');
  });

  it('menus: the maker plans and receives, the supplier answers, the brand sees neither', async () => {
    const furls = async (username: string) => {
      const r = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username, password: 'Demo1234' } });
      const menus = r.json().data.menus as Array<{ children: Array<{ FURL: string }> }>;
      return menus.flatMap((g) => g.children.map((c) => c.FURL));
    };
    const m = await furls('maker.planner');
    expect(m).toContain('/scm/masterdetail/outsourceorder');
    expect(m).not.toContain('/scm/masterdetail/outsourcetask');
    const s = await furls('supplier.sales');
    expect(s).toContain('/scm/masterdetail/outsourcetask');
    expect(s).not.toContain('/scm/masterdetail/outsourceorder');
    const b = await furls('brand');
    expect(b.filter((f) => f.includes('outsource'))).toEqual([]);
  });

  it('each company sees only its side', async () => {
    const makerOrders = (await scm(maker, 'outsourceorder').page({ size: 500 })).body.data.rows;
    const tasks = (await scm(supplier, 'outsourcetask').page({ size: 500 })).body.data.rows;
    expect(tasks.length).toBeGreaterThan(0);
    // Every task the supplier sees names one of the maker's orders sent to VD-OS01.
    const sentNos = new Set(makerOrders.filter((o) => o.vendor_id === ids.vendorOs && o.tracking === 'platform').map((o) => o.os_no));
    for (const task of tasks) expect(sentNos.has(task.source_no)).toBe(true);
    // Hand-tracked and other vendors' orders never reach it.
    const manualNos = makerOrders.filter((o) => o.tracking === 'manual').map((o) => o.os_no);
    expect(tasks.some((x) => manualNos.includes(x.source_no))).toBe(false);
    // The supplier cannot read or act on the maker's orders, the brand on neither side.
    const sView = await scm(supplier, 'outsourceorder').view(makerOrders[0].id);
    expect([403, 404]).toContain(sView.status);
    expect([403, 404]).toContain((await scm(supplier, 'outsourceorder').action('receive', { id: makerOrders[0].id })).status);
    const bTasks = await scm(brand, 'outsourcetask').page();
    expect(bTasks.status === 403 || bTasks.body.data.total === 0).toBe(true);
    expect([403, 404]).toContain((await scm(brand, 'outsourcetask').view(tasks[0].id)).status);
    expect([403, 404]).toContain((await scm(brand, 'outsourcetask').action('accept', { id: tasks[0].id })).status);
    const bOrders = await scm(brand, 'outsourceorder').page();
    expect(bOrders.status === 403 || bOrders.body.data.total === 0).toBe(true);
    // The maker cannot act on the supplier's copy.
    expect([403, 404]).toContain((await scm(maker, 'outsourcetask').action('dispatch', { id: tasks[0].id })).status);
  });
});
