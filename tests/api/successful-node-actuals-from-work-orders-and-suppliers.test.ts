import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/model/node-tracking';
import { todayIso } from '../../src/server/services/tracking';
import { recordTimeline } from '../support/node-timeline';
import { resourceClient, type Reply } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Node actual dates that do not come from the maker's tracking page (issue 12: "actual dates are
 * entered by the maker, the supplier (for its own nodes) or taken from work-order reporting"), on
 * PGlite and PostgreSQL:
 * - work-order reporting: a node whose configuration names a process type is done when every work
 *   order of that type of the order's live plans is finished, by a report or by the scan that
 *   finishes it (source `workorder`); not while a plan of the order has no such work order or one is
 *   open; a date the maker entered stays;
 * - the supplier: the maker sends a supplier node of an order to its supplier's company (refused for
 *   a maker's node, a vendor not on the platform); the supplier sees that order's nodes sent to it and
 *   nothing else, records their dates (source `supplier`), which the maker and the brand see; it
 *   reaches nothing else of the maker, and nothing once the maker takes the node back.
 */
let t: TestApp;
let brand: string;
let maker: string;
let planner: string;
let supplier: string;
let supplierSales: string;
let vendorJoined: number;
let makerId: number;
let supplierId: number;

type Row = Record<string, unknown>;
type Node = Row & { node_code: string; party: string; actual_date: string | null; actual_source: string | null; process_type: string | null; share_id: number | null; version: number };
type Timeline = { order: Row; today: string; tracking: { nodes: Node[]; done: number } };

const today = todayIso();
const entries = [{ style_no: 'ST-NA01', style_name: '节点来源测试', colour: '藏青', size: 'L', qty: 300, unit_price: 52, seq: 1 }];

async function call<T = Row>(token: string, method: 'GET' | 'POST', url: string, body?: Row, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<{ status: number; body: Reply<T> }> {
  const res = await t.app.inject({
    method, url: `/api${url}`, headers: { authorization: `Bearer ${token}`, 'x-lang': lang },
    ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])) } : { payload: body ?? {} }),
  });
  return { status: res.statusCode, body: res.json() };
}
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;

/** The brand sends an order, the maker accepts it (its node plan is generated on accept). */
async function acceptedOrder(po: string): Promise<{ coId: number; prId: number; orderNo: string }> {
  const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
  const saved = await orders.save({ pr_type: 'bulk', customer_po: po, category: 'sweater', receive_date: addDaysIso(today, -10), delivery_date: addDaysIso(today, 80), currency: 'CNY', maker_vendor_id: vendorJoined, entries });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const prId = Number(saved.body.data.id);
  expect((await orders.action('send', { id: prId })).status).toBe(200);
  const cos = resourceClient(t.app, maker, 'scmapi', 'customerorder');
  const co = (await cos.page({ tab: 'pending', size: 100 })).body.data.rows.find((r) => r.customer_po === po)!;
  expect((await cos.action('accept', { id: co.id })).status).toBe(200);
  return { coId: Number(co.id), prId, orderNo: String(co.order_no) };
}

/** Another company's call gets nothing: refused by its menu permissions (403), not found in its own tenant (404), or an empty list. */
function nothing(r: { status: number; body: Reply<unknown> }): void {
  if (r.status === 200) expect((r.body.data as { rows?: unknown[] }).rows ?? null).toEqual([]);
  else expect([403, 404]).toContain(r.status);
}

const timeline = async (coId: number) => (await call<Timeline>(maker, 'GET', '/scmapi/nodetrack/timeline', { order_id: coId })).body.data;
const node = (tl: Timeline, code: string) => tl.tracking.nodes.find((n) => n.node_code === code)!;
/** The brand's record of its requirement order (what its drawer draws) read as a timeline: the order's nodes at the maker as its lines. */
const brandTimeline = async (prId: number) => recordTimeline((await call<Row>(brand, 'GET', '/scmapi/brandnodeorder/view', { id: prId })).body.data) as unknown as Timeline;
/** The supplier's record of its copy (`suppliernodeorder`, what its drawer draws): the nodes sent to it as its lines. */
const supplierRecord = (token: string, taskId: number) => call<Row & { nodes: Timeline['tracking']['nodes'] }>(token, 'GET', '/scmapi/suppliernodeorder/view', { id: taskId });
type Sent = { share_id: number; task_id: number; supplier: string };
/** The node line `send` (ordernode.lineOf) of the nodes `ids`, run by `token`. */
const sendNodes = (token: string, ids: number[], vendorId: number, lang: 'zh-CN' | 'en' = 'zh-CN') =>
  call<{ rows: Row[]; data: Sent[] }>(token, 'POST', '/scmapi/ordernode/action/send', { ids, vendor_id: vendorId }, lang);
/** The maker's order's node `code` sent by `token`. */
const sendNode = async (token: string, coId: number, code: string, vendorId: number, lang: 'zh-CN' | 'en' = 'zh-CN') => sendNodes(token, [Number(node(await timeline(coId), code).id)], vendorId, lang);
/** The supplier's save of its editable view `suppliernode`: a node sent to it, by the maker's node's id. */
const saveSupplierNode = (token: string, body: Row) => call<Node>(token, 'POST', '/scmapi/suppliernode/save', body);
/** `token` saves the date of the maker's order's node `code` at its current version as the supplier's node. */
const saveOrderNode = async (token: string, coId: number, code: string, date: string | null) => {
  const n = node(await timeline(coId), code);
  return saveSupplierNode(token, { id: n.id, version: n.version, actual_date: date });
};

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
  planner = await signIn(t.app, 'maker.planner');
  supplier = await signIn(t.app, 'supplier');
  supplierSales = await signIn(t.app, 'supplier.sales');
  const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
  vendorJoined = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
  supplierId = Number((await q(sql`select id from clients where code = 'SUPP01'`))[0].id);
});
afterAll(async () => t?.close());

describe('node actual dates from work-order reporting', () => {
  let order: { coId: number; prId: number; orderNo: string };
  let planA: Row;
  let planB: Row;
  const wos = (planId: unknown) => q(sql`select w.id, w.status, w.qty, w.process_type, w.process_id, pr.code from scm_workorder w join md_process pr on pr.id = w.process_id
    where w.client_id = ${makerId} and w.plan_id = ${planId} order by w.sequence`);

  it('the node configuration declares which process type completes a node, and the order\'s nodes carry it', async () => {
    const cfg = (await resourceClient(t.app, maker, 'scmapi', 'nodeconfig').page({ size: 200 })).body.data.rows.filter((r) => !r.category && !r.order_type);
    const typeOf = Object.fromEntries(cfg.map((r) => [r.node_code, r.process_type ?? null]));
    expect(typeOf).toMatchObject({ CUTTING: 'cutting', SEWING: 'sewing', FINISHING: 'finishing', PACKING: 'packing', FAB_IN: null, EX_FACTORY: null });
    order = await acceptedOrder('PO-NA-WO');
    const tl = await timeline(order.coId);
    expect(node(tl, 'CUTTING').process_type).toBe('cutting');
    expect(node(tl, 'CUTTING').actual_date).toBeNull();
    // Two scheduled plans of the maker's season become this order's two halves (150 + 150 = 300).
    const fresh = await q(sql`select p.id, p.plan_no from scm_prodplan p where p.client_id = ${makerId} and p.status = 'scheduled'
      and exists (select 1 from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null)
      and not exists (select 1 from scm_workorder w where w.client_id = p.client_id and w.plan_id = p.id)
      and not exists (select 1 from scm_outsource_order o where o.client_id = p.client_id and o.plan_id = p.id) order by p.id desc limit 2`);
    expect(fresh).toHaveLength(2);
    [planA, planB] = fresh;
    await sql`update scm_prodplan set order_id = ${order.coId}, qty = 150 where client_id = ${makerId} and id = any(${[Number(planA.id), Number(planB.id)]}::bigint[])`.execute(t.app.db);
  });

  it('a report finishing a process does not complete the node while another plan of the order has no work order of it', async () => {
    const prodplans = resourceClient(t.app, planner, 'scmapi', 'prodplan');
    expect((await prodplans.action('work_orders', { id: planA.id })).status).toBe(200);
    const a = await wos(planA.id);
    expect((await resourceClient(t.app, planner, 'scmapi', 'workorder').action('release', { ids: a.map((w) => w.id) })).status).toBe(200);
    const cutA = a.find((w) => w.process_type === 'cutting')!;
    const r = await resourceClient(t.app, planner, 'scmapi', 'workorder').action('report', { id: cutA.id, report_qty: 150 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await wos(planA.id)).find((w) => w.id === cutA.id)!.status).toBe('finished');
    // Plan B (the other half) has no work orders yet: cutting is not done for the order.
    expect(node(await timeline(order.coId), 'CUTTING').actual_date).toBeNull();
  });

  it('the scan that finishes the last cutting work order records the node\'s date, source work order, audited; the brand sees it', async () => {
    expect((await resourceClient(t.app, planner, 'scmapi', 'prodplan').action('work_orders', { id: planB.id })).status).toBe(200);
    const b = await wos(planB.id);
    expect((await resourceClient(t.app, planner, 'scmapi', 'workorder').action('release', { ids: b.map((w) => w.id) })).status).toBe(200);
    const made = await resourceClient(t.app, planner, 'scmapi', 'workorder').action('bundles', { id: b[0].id, bundle_size: 10000 });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const bundles = await q(sql`select bundle_no from scm_wo_bundle where client_id = ${makerId} and plan_id = ${planB.id} order by id`);
    const cutB = b.find((w) => w.process_type === 'cutting')!;
    for (const bundle of bundles) {
      for (const direction of ['in', 'out'] as const) {
        const s = await call(planner, 'POST', '/scmapi/workorder/scan', { barcode: bundle.bundle_no, process_id: cutB.process_id, direction });
        expect(s.status, JSON.stringify(s.body)).toBe(200);
      }
      if ((await wos(planB.id)).find((w) => w.id === cutB.id)!.status === 'finished') break;
    }
    expect((await wos(planB.id)).find((w) => w.id === cutB.id)!.status).toBe('finished');
    const tl = await timeline(order.coId);
    expect(node(tl, 'CUTTING')).toMatchObject({ actual_date: today, actual_source: 'workorder' });
    // Sewing, the next process, is not done.
    expect(node(tl, 'SEWING').actual_date).toBeNull();
    const audit = await q(sql`select changes from audit_log where client_id = ${makerId} and entity = 'ordernode' and action = 'actual' and record_id = ${node(tl, 'CUTTING').id as number}`);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].changes)).toContain('workorder');
    const seen = await brandTimeline(order.prId);
    expect(node(seen, 'CUTTING')).toMatchObject({ actual_date: today, actual_source: 'workorder' });
  });

  it('a short report confirmed completes finishing once both plans\' finishing work orders are finished; a date the maker entered stays', async () => {
    const wo = resourceClient(t.app, planner, 'scmapi', 'workorder');
    // The maker entered sewing's date itself (yesterday): finishing sewing by reports keeps it.
    const sewing = node(await timeline(order.coId), 'SEWING');
    const yesterday = addDaysIso(today, -1);
    expect((await call(maker, 'POST', '/scmapi/ordernode/action/actual', { ids: [sewing.id], actual_date: yesterday, version: sewing.version })).status).toBe(200);
    for (const plan of [planA, planB]) {
      const w = (await wos(plan.id)).find((x) => x.process_type === 'sewing')!;
      expect((await wo.action('report', { id: w.id, report_qty: 150 })).status).toBe(200);
    }
    expect(node(await timeline(order.coId), 'SEWING')).toMatchObject({ actual_date: yesterday, actual_source: 'maker' });

    const finA = (await wos(planA.id)).find((x) => x.process_type === 'finishing')!;
    const finB = (await wos(planB.id)).find((x) => x.process_type === 'finishing')!;
    expect((await wo.action('report', { id: finA.id, report_qty: 150 })).status).toBe(200);
    expect(node(await timeline(order.coId), 'FINISHING').actual_date).toBeNull();
    // Short: asked first (nothing recorded), then confirmed.
    const ask = await wo.action('report', { id: finB.id, report_qty: 148 });
    expect(ask.status).toBe(409);
    expect(node(await timeline(order.coId), 'FINISHING').actual_date).toBeNull();
    expect((await wo.action('report', { id: finB.id, report_qty: 148, confirm_short: true })).status).toBe(200);
    const tl = await timeline(order.coId);
    expect(node(tl, 'FINISHING')).toMatchObject({ actual_date: today, actual_source: 'workorder' });
    // Nodes no process type names stay the maker's to enter.
    expect(node(tl, 'INSPECTION').actual_date).toBeNull();
    expect(node(tl, 'PACKING').actual_date).toBeNull();
  });

  it('a plan cancelled out of the order no longer holds the node; an order not in progress is left alone', async () => {
    const wo = resourceClient(t.app, planner, 'scmapi', 'workorder');
    // Packing: plan B's work order stays open. B is cancelled and A takes the whole quantity: A's
    // packing report completes the node.
    await sql`update scm_prodplan set status = 'cancelled' where client_id = ${makerId} and id = ${planB.id}`.execute(t.app.db);
    await sql`update scm_prodplan set qty = 300 where client_id = ${makerId} and id = ${planA.id}`.execute(t.app.db);
    const packA = (await wos(planA.id)).find((x) => x.process_type === 'packing')!;
    expect((await wo.action('report', { id: packA.id, report_qty: 150 })).status).toBe(200);
    expect(node(await timeline(order.coId), 'PACKING')).toMatchObject({ actual_date: today, actual_source: 'workorder' });

    // A finished order's nodes are not touched by a report (no error either).
    const other = await acceptedOrder('PO-NA-CLOSED');
    const [planC] = await q(sql`select p.id from scm_prodplan p where p.client_id = ${makerId} and p.status = 'scheduled'
      and exists (select 1 from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null)
      and not exists (select 1 from scm_workorder w where w.client_id = p.client_id and w.plan_id = p.id) order by p.id desc limit 1`);
    await sql`update scm_prodplan set order_id = ${other.coId}, qty = 300 where client_id = ${makerId} and id = ${planC.id}`.execute(t.app.db);
    expect((await resourceClient(t.app, planner, 'scmapi', 'prodplan').action('work_orders', { id: planC.id })).status).toBe(200);
    const c = await wos(planC.id);
    expect((await wo.action('release', { ids: c.map((w) => w.id) })).status).toBe(200);
    await sql`update scm_customer_order set status = 'finished' where client_id = ${makerId} and id = ${other.coId}`.execute(t.app.db);
    const r = await wo.action('report', { id: c.find((w) => w.process_type === 'cutting')!.id, report_qty: 300 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const n = await q(sql`select actual_date from scm_order_node where client_id = ${makerId} and order_id = ${other.coId} and node_code = 'CUTTING'`);
    expect(n[0].actual_date).toBeNull();
  });
});

describe('the supplier records its own nodes', () => {
  let order: { coId: number; prId: number; orderNo: string };
  let other: { coId: number; prId: number; orderNo: string };
  let osVendor: number;
  let manualVendor: number;
  let taskId: number;

  it('the maker sends a supplier node to its supplier\'s company; a maker\'s node and a vendor not on the platform are refused', async () => {
    order = await acceptedOrder('PO-NA-SUP');
    other = await acceptedOrder('PO-NA-SUP-OTHER');
    const vendors = (await resourceClient(t.app, maker, 'mdapi', 'vendor').page({ size: 200 })).body.data.rows;
    osVendor = Number(vendors.find((v) => v.code === 'VD-OS01')!.id);
    manualVendor = Number(vendors.find((v) => !v.platform_client_code)!.id);

    // Sending is the node line's transition `send` (ordernode.lineOf), run on the node's row.
    let r = await sendNode(maker, order.coId, 'CUTTING', osVendor);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('节点“裁剪”的责任方是工厂，不能发送给供应商');
    r = await sendNode(maker, order.coId, 'CUTTING', osVendor, 'en');
    expect(r.body.message).toBe('Node "裁剪" is the maker\'s: it cannot be sent to a supplier');
    // A vendor not on the platform is not among the transition's vendors (its reference's `where`): refused under the field.
    r = await sendNode(maker, order.coId, 'FAB_IN', manualVendor);
    expect(r.status).toBe(400);
    expect(Object.keys((r.body.data as unknown as { errors?: Row }).errors ?? {})).toEqual(['vendor_id']);
    // No node, and a node that is not there.
    expect((await sendNodes(maker, [], osVendor)).status).toBe(400);
    expect((await sendNodes(maker, [2_000_000_000], osVendor)).status).toBe(404);
    // The supplier cannot send the maker's nodes; the brand neither.
    nothing(await sendNode(supplier, order.coId, 'FAB_IN', osVendor));
    nothing(await sendNode(brand, order.coId, 'FAB_IN', osVendor));
    expect(await q(sql`select id from scm_order_share where source_entity = 'customerorder' and source_id = ${order.coId}`)).toEqual([]);

    const before = Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${supplierId} and kind = 'nodetrack.sent'`))[0].n);
    const reply = await sendNode(maker, order.coId, 'FAB_IN', osVendor);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const sent = reply.body.data.data[0];
    taskId = sent.task_id;
    expect(sent.supplier).toBe('锦绣面料');
    // The share in the maker's company, the copy in the supplier's, the node naming the share, a notice to the supplier's users.
    const share = await q(sql`select * from scm_order_share where id = ${sent.share_id}`);
    expect(share[0]).toMatchObject({ client_id: makerId, from_client: makerId, to_client: supplierId, source_entity: 'customerorder', target_entity: 'nodetask', state: 'active' });
    expect(Number(share[0].source_id)).toBe(order.coId);
    const copy = await q(sql`select * from scm_node_task where id = ${taskId}`);
    expect(Number(copy[0].client_id)).toBe(supplierId);
    expect(copy[0].source_no).toBe(order.orderNo);
    const tl = await timeline(order.coId);
    expect(node(tl, 'FAB_IN').share_id).toBe(sent.share_id);
    expect(node(tl, 'TRIM_IN').share_id).toBeNull();
    // The maker's record's node lines name the supplier company a sent node went to.
    const lines = (await call<{ nodes: Node[] }>(maker, 'GET', '/scmapi/trackedorder/view', { id: order.coId })).body.data.nodes;
    expect([lines.find((n) => n.node_code === 'FAB_IN')!.sent_to, lines.find((n) => n.node_code === 'TRIM_IN')!.sent_to]).toEqual(['锦绣面料', null]);
    const after = Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${supplierId} and kind = 'nodetrack.sent'`))[0].n);
    expect(after).toBeGreaterThan(before);
    // Sending again keeps one share and one copy.
    const again = await sendNode(maker, order.coId, 'FAB_IN', osVendor);
    expect(again.body.data.data[0]).toMatchObject({ share_id: sent.share_id, task_id: taskId });
  });

  it('the supplier sees that order with only the nodes sent to it, and nothing of the maker\'s customer or other orders', async () => {
    // Exactly the orders whose nodes the maker sent to this supplier (the demo sent two before this one).
    const sentOrders = await q(sql`select o.order_no from scm_order_share s join scm_customer_order o on o.id = s.source_id and o.client_id = s.client_id
      where s.to_client = ${supplierId} and s.target_entity = 'nodetask' and s.state = 'active' order by o.order_no`);
    expect(sentOrders).toHaveLength(3);
    expect(sentOrders.map((r) => r.order_no)).toContain(order.orderNo);
    expect(sentOrders.map((r) => r.order_no)).not.toContain(other.orderNo);
    for (const token of [supplier, supplierSales]) {
      const list = await call<{ rows: Row[] }>(token, 'GET', '/scmapi/suppliernodeorder/page?size=500');
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const rows = list.body.data.rows;
      expect(rows.map((r) => r.source_no).sort()).toEqual(sentOrders.map((r) => r.order_no));
      expect(rows.find((r) => r.source_no === order.orderNo)).toMatchObject({ id: taskId, maker_name: '华纺制衣', nodes: 1, done: 0 });
      for (const r of rows) expect(Object.keys(r)).not.toEqual(expect.arrayContaining(['brand_name']));
      expect(JSON.stringify(rows)).not.toMatch(/PO-NA-SUP|悦衣|customer_po/);
    }
    const tl = await supplierRecord(supplier, taskId);
    expect(tl.status).toBe(200);
    expect(tl.body.data.nodes.map((n) => n.node_code)).toEqual(['FAB_IN']);
    expect(JSON.stringify(tl.body.data)).not.toMatch(/PO-NA-SUP|悦衣|customer_po|brand_name/);
    // The maker's own calls answer the supplier nothing.
    nothing(await call(supplier, 'GET', '/scmapi/nodetrack/timeline', { order_id: order.coId }));
    nothing(await call(supplier, 'GET', '/scmapi/trackedorder/page?size=500'));
    nothing(await call(supplier, 'POST', '/scmapi/ordernode/action/actual', { ids: [node(await timeline(order.coId), 'FAB_IN').id], actual_date: today }));
    nothing(await call(supplier, 'GET', '/scmapi/brandnodeorder/page?size=500'));
    // The brand and the maker have no supplier view of it.
    nothing(await call(brand, 'GET', '/scmapi/suppliernodeorder/page?size=500'));
    nothing(await supplierRecord(brand, taskId));
    nothing(await call(maker, 'GET', '/scmapi/suppliernodeorder/page?size=500'));
    nothing(await supplierRecord(maker, taskId));
    nothing(await saveOrderNode(brand, order.coId, 'FAB_IN', today));
    expect(node(await timeline(order.coId), 'FAB_IN').actual_date).toBeNull();
  });

  it('the supplier records its node\'s date (source supplier); the maker and the brand see it; other nodes and orders are not found', async () => {
    const fab = (await supplierRecord(supplier, taskId)).body.data.nodes[0];
    // The supplier's date is a save of its editable view `suppliernode` (the node's id and version): a real date, not after today.
    expect((await saveSupplierNode(supplier, { id: fab.id, version: fab.version, actual_date: '2026-02-30' })).status).toBe(400);
    const future = await saveSupplierNode(supplier, { id: fab.id, version: fab.version, actual_date: addDaysIso(today, 2) });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(`实际日期 ${addDaysIso(today, 2)} 不能晚于今天`);
    const r = await saveSupplierNode(supplierSales, { id: fab.id, version: fab.version, actual_date: today });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ node_code: 'FAB_IN', task_id: taskId, actual_date: today, actual_source: 'supplier' });
    const mine = (await supplierRecord(supplier, taskId)).body.data.nodes[0];
    expect(mine).toMatchObject({ node_code: 'FAB_IN', actual_date: today, actual_source: 'supplier' });
    expect(mine).not.toHaveProperty('actual_by');
    // A stale version is refused; a save without the date is never read as a clear.
    expect((await saveSupplierNode(supplier, { id: fab.id, version: fab.version, actual_date: today })).status).toBe(409);
    expect((await saveSupplierNode(supplier, { id: fab.id, version: fab.version + 1 })).status).toBe(200);
    expect(node(await timeline(order.coId), 'FAB_IN')).toMatchObject({ actual_date: today, actual_source: 'supplier' });
    const seen = await brandTimeline(order.prId);
    expect(node(seen, 'FAB_IN')).toMatchObject({ actual_date: today, actual_source: 'supplier', share_id: null });
    expect(node(seen, 'FAB_IN')).not.toHaveProperty('actual_by');
    // Audited in the maker's company under the supplier's user.
    const salesId = Number((await q(sql`select id from users where username = 'supplier.sales'`))[0].id);
    const audit = await q(sql`select user_id from audit_log where client_id = ${makerId} and entity = 'ordernode' and action = 'actual' and record_id = ${node(await timeline(order.coId), 'FAB_IN').id as number}`);
    expect(audit.map((a) => Number(a.user_id))).toContain(salesId);
    // The order's other supplier node (not sent), the maker's nodes, another order, a made-up copy: not found.
    for (const code of ['TRIM_IN', 'CUTTING']) {
      const x = await saveOrderNode(supplier, order.coId, code, today);
      expect(x.status).toBe(404);
    }
    expect(node(await timeline(order.coId), 'TRIM_IN').actual_date).toBeNull();
    expect((await saveOrderNode(supplier, other.coId, 'FAB_IN', today)).status).toBe(404);
    expect((await supplierRecord(supplier, order.coId)).status).toBe(404);
    expect(node(await timeline(other.coId), 'FAB_IN').actual_date).toBeNull();
  });

  it('regenerating the plan keeps the node sent; once the maker takes it back the supplier sees and records nothing', async () => {
    expect((await resourceClient(t.app, maker, 'scmapi', 'customerorder').action('nodeplan', { id: order.coId })).status).toBe(200);
    const tl = await timeline(order.coId);
    expect(node(tl, 'FAB_IN').share_id).not.toBeNull();
    expect(node(tl, 'FAB_IN').actual_date).toBe(today);
    expect((await supplierRecord(supplier, taskId)).body.data.nodes.map((n) => n.node_code)).toEqual(['FAB_IN']);

    // Taking a node back is the node line's transition `recall` (ordernode.lineOf); a node never sent is refused.
    expect((await call(maker, 'POST', '/scmapi/ordernode/action/recall', { ids: [node(tl, 'TRIM_IN').id] })).status).toBe(404);
    const back = await call<{ data: Array<{ closed: boolean }> }>(maker, 'POST', '/scmapi/ordernode/action/recall', { ids: [node(tl, 'FAB_IN').id] });
    expect(back.status).toBe(200);
    expect(back.body.data.data[0].closed).toBe(true);
    expect((await call<{ rows: Row[] }>(supplier, 'GET', '/scmapi/suppliernodeorder/page?size=500')).body.data.rows.map((r) => r.source_no)).not.toContain(order.orderNo);
    expect((await supplierRecord(supplier, taskId)).status).toBe(404);
    expect((await saveOrderNode(supplier, order.coId, 'FAB_IN', null)).status).toBe(404);
    // The date the supplier recorded stays the order's.
    expect(node(await timeline(order.coId), 'FAB_IN')).toMatchObject({ actual_date: today, actual_source: 'supplier', share_id: null });
  });
});
