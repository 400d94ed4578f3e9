import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/model/node-tracking';
import { recordNodeActual, todayIso } from '../../src/server/services/tracking';
import { withTenant } from '../../src/server/kernel/rls';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Node tracking (issue 12): the maker's node follow configuration, node plans counted back from the
 * delivery date when an order is accepted (and again by "regenerate node plan", keeping actual
 * dates), actual dates with their refusals, late and at-risk flags that raise one notice each, the
 * brand's view of its own orders' nodes through the share, and nothing for another company.
 */
let t: TestApp;
let brand: string;
let maker: string;
let supplier: string;
let vendorJoined: number;
let makerId: number;
let plannerId: number;

type Row = Record<string, unknown>;
type Node = Row & { node_code: string; plan_start: string; plan_date: string; actual_date: string | null; state: string; late: boolean; at_risk: boolean; critical: boolean; version: number; projected_date: string };
type Timeline = { order: Row; today: string; tracking: { nodes: Node[]; late: number; at_risk: number; done: number; projected_end: string } };

const today = todayIso();
const entries = [{ style_no: 'ST-NT01', style_name: '节点测试毛衫', colour: '黑色', size: 'M', qty: 300, unit_price: 40, seq: 1 }];

/** The node calendar's window of days as its view's filters (what the calendar asks: calendars/node-tracking.calendar.ts). */
const calendarWindow = (from: string, to: string): Row => ({ 'f.last_date.gte': from, 'f.first_date.lte': to, size: '500' });

async function call<T = Row>(token: string, method: 'GET' | 'POST', url: string, body?: Row): Promise<{ status: number; body: { code: number; message: string; data: T } }> {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${token}` }, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() };
}

/** The brand sends an order of the test category, the maker accepts it. */
async function acceptedOrder(po: string, delivery: string, category = 'sweater'): Promise<{ coId: number; prId: number; orderNo: string }> {
  const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
  const saved = await orders.save({ pr_type: 'bulk', customer_po: po, category, receive_date: addDaysIso(today, -10), delivery_date: delivery, currency: 'CNY', maker_vendor_id: vendorJoined, entries });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const prId = Number(saved.body.data.id);
  expect((await orders.action('send', { id: prId })).status).toBe(200);
  const cos = resourceClient(t.app, maker, 'scmapi', 'customerorder');
  const co = (await cos.page({ tab: 'pending', size: 100 })).body.data.rows.find((r) => r.customer_po === po)!;
  const accepted = await cos.action('accept', { id: co.id });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { coId: Number(co.id), prId, orderNo: String(co.order_no) };
}

/** Another kind of company's list answers nothing: refused by its menu right, or no row. */
const none = (r: { status: number; body: { data: { rows?: Row[] } } }) => (r.status === 200 ? expect(r.body.data.rows).toEqual([]) : expect(r.status).toBe(403));
const timeline = async (coId: number) => (await call<Timeline>(maker, 'GET', '/scmapi/nodetrack/timeline', { order_id: String(coId) })).body.data;
const node = (tl: Timeline, code: string) => tl.tracking.nodes.find((n) => n.node_code === code)!;
/** A node line's transition (`ordernode.lineOf`: actual, plan, recall) through the engine's line action; its data is the order's timeline. */
const lineAction = (token: string, action: 'actual' | 'plan' | 'recall', n: Row, body: Row) =>
  call<{ rows: Row[]; data: Timeline[] }>(token, 'POST', `/scmapi/ordernode/action/${action}`, { ids: [n.id], ...body });
const notices = async (kind: string, no: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from notify_notice where user_id = ${plannerId} and kind = ${kind} and doc_no = ${no}`.execute(t.app.db)).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
  supplier = await signIn(t.app, 'supplier');
  const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
  vendorJoined = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
  makerId = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id;
  plannerId = (await sql<{ id: number }>`select id from users where username = 'maker.planner'`.execute(t.app.db)).rows[0].id;
});
afterAll(async () => t?.close());

describe('node tracking', () => {
  let order: { coId: number; prId: number; orderNo: string };
  let risky: { coId: number; prId: number; orderNo: string };

  it('the demo maker has its T&A nodes configured and its accepted demo orders carry node plans', async () => {
    const cfg = resourceClient(t.app, maker, 'scmapi', 'nodeconfig');
    const rows = (await cfg.page({ size: 100 })).body.data.rows;
    const general = rows.filter((r) => !r.category && !r.order_type).map((r) => r.node_code);
    expect(general).toEqual(expect.arrayContaining(['FAB_IN', 'CUTTING', 'SEWING', 'WASHING', 'FINISHING', 'INSPECTION', 'PACKING', 'EX_FACTORY']));
    const demo = (await call<{ rows: Row[] }>(maker, 'GET', '/scmapi/trackedorder/page?size=500')).body.data.rows;
    expect(demo.length).toBeGreaterThan(0);
    for (const r of demo) expect(Number(r.nodes)).toBeGreaterThanOrEqual(12);
    // Another company has no configuration of the maker's.
    expect((await resourceClient(t.app, brand, 'scmapi', 'nodeconfig').page({ size: 100 })).body.data.rows).toHaveLength(0);
  });

  it('configures a category\'s nodes: a node twice in one category and type, or an impossible duration, is refused', async () => {
    const cfg = resourceClient(t.app, maker, 'scmapi', 'nodeconfig');
    for (const r of [
      { node_code: 'YARN_IN', node_name: '纱线到厂', plan_days: 5, seq: 10, party: 'supplier' },
      { node_code: 'KNIT', node_name: '织片', plan_days: 4, seq: 20 },
      { node_code: 'LINK', node_name: '套口', plan_days: 6, seq: 20 },
      { node_code: 'SHIP', node_name: '出货', plan_days: 3, seq: 30 },
    ]) {
      const s = await cfg.save({ category: 'sweater', ...r });
      expect(s.status, JSON.stringify(s.body)).toBe(200);
    }
    const dup = await cfg.save({ category: 'sweater', node_code: 'knit', node_name: '织片2', plan_days: 1, seq: 25 });
    expect(dup.status).toBe(400);
    // Refused on the field (the declared uniqueWith key), as the form and the import show it.
    expect((dup.body.data as unknown as { errors: Record<string, string> }).errors.node_code).toBe('品类“sweater”、订单类型“*”下已有节点 KNIT');
    const long = await cfg.save({ category: 'sweater', node_code: 'LONG', node_name: '太长', plan_days: 400, seq: 40 });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('计划周期须在 0 到 365 天之间');
    // The same code in another category is another node.
    expect((await cfg.save({ category: 'denim', order_type: 'sample', node_code: 'KNIT', node_name: '织片', plan_days: 1, seq: 10 })).status).toBe(200);
  });

  it('accepting an order counts its nodes back from delivery, stage by stage (side-by-side nodes share a stage)', async () => {
    const delivery = addDaysIso(today, 30);
    order = await acceptedOrder('PO-NT-1', delivery);
    const tl = await timeline(order.coId);
    // The sweater set wins over the general set: only its four nodes.
    expect(tl.tracking.nodes.map((n) => n.node_code)).toEqual(['YARN_IN', 'KNIT', 'LINK', 'SHIP']);
    expect(node(tl, 'SHIP')).toMatchObject({ plan_date: delivery, plan_start: addDaysIso(delivery, -3) });
    // Knitting and linking run side by side: the stage ends when shipping starts and lasts 6 days (its longest node).
    expect(node(tl, 'KNIT')).toMatchObject({ plan_date: addDaysIso(delivery, -3), plan_start: addDaysIso(delivery, -7), critical: false });
    expect(node(tl, 'LINK')).toMatchObject({ plan_date: addDaysIso(delivery, -3), plan_start: addDaysIso(delivery, -9), critical: true });
    expect(node(tl, 'YARN_IN')).toMatchObject({ plan_date: addDaysIso(delivery, -9), plan_start: addDaysIso(delivery, -14), state: 'on_track' });
    const rows = await sql<{ n: number }>`select count(*)::int as n from scm_order_node where client_id = ${makerId} and order_id = ${order.coId}`.execute(t.app.db);
    expect(rows.rows[0].n).toBe(4);
  });

  it('records actual dates: a future date, an unknown node, a stale version and another company are refused', async () => {
    const before = node(await timeline(order.coId), 'YARN_IN');
    const future = await lineAction(maker, 'actual', before, { actual_date: addDaysIso(today, 1) });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe(`实际日期 ${addDaysIso(today, 1)} 不能晚于今天`);
    const bad = await lineAction(maker, 'actual', before, { actual_date: '2026-02-30' });
    expect(bad.status).toBe(400);
    // A node id the company does not have (the line action takes the node's id, not its code).
    const unknown = await lineAction(maker, 'actual', { id: 987_654_321 }, { actual_date: today });
    expect(unknown.status).toBe(404);
    const stale = await lineAction(maker, 'actual', before, { actual_date: today, version: before.version + 5 });
    expect(stale.status).toBe(409);
    // The brand and the supplier cannot write the maker's nodes: the order is not theirs.
    for (const other of [brand, supplier]) expect((await lineAction(other, 'actual', before, { actual_date: today })).status).toBe(404);

    const ok = await lineAction(maker, 'actual', before, { actual_date: today, version: before.version });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(node(ok.body.data.data[0], 'YARN_IN')).toMatchObject({ actual_date: today, state: 'done', actual_source: 'maker' });
    expect(ok.body.data.data[0].tracking.done).toBe(1);
    const audit = await sql<{ n: number }>`select count(*)::int as n from audit_log where client_id = ${makerId} and entity = 'ordernode' and record_id = ${before.id as number} and action = 'actual'`.execute(t.app.db);
    expect(audit.rows[0].n).toBe(1);
  });

  it('other modules record an actual date through recordNodeActual (work-order reporting)', async () => {
    const tl = await withTenant(t.app.db, makerId, (tx) => recordNodeActual(tx, { clientId: makerId, orderId: order.coId, nodeCode: 'KNIT', date: today, source: 'workorder' }));
    expect(node(tl as unknown as Timeline, 'KNIT')).toMatchObject({ actual_date: today, actual_source: 'workorder', state: 'done' });
  });

  it('regenerating the node plan after the delivery moved keeps the actual dates', async () => {
    await sql`update scm_customer_order set delivery_date = ${addDaysIso(today, 40)} where id = ${order.coId} and client_id = ${makerId}`.execute(t.app.db);
    const r = await resourceClient(t.app, maker, 'scmapi', 'customerorder').action('nodeplan', { id: order.coId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tl = await timeline(order.coId);
    expect(node(tl, 'SHIP').plan_date).toBe(addDaysIso(today, 40));
    expect(node(tl, 'YARN_IN').actual_date).toBe(today);
    expect(node(tl, 'KNIT').actual_source).toBe('workorder');
  });

  it('flags late and at-risk nodes and raises one notice per late node and one for the first node at risk, not on every read', async () => {
    // Delivery in 5 days, 14 days of nodes: yarn was due 4 days ago (late), the rest cannot fit (at risk).
    risky = await acceptedOrder('PO-NT-2', addDaysIso(today, 5));
    const tl = await timeline(risky.coId);
    expect(node(tl, 'YARN_IN')).toMatchObject({ plan_date: addDaysIso(today, -4), state: 'late', late: true });
    for (const c of ['KNIT', 'LINK', 'SHIP']) expect(node(tl, c)).toMatchObject({ state: 'at_risk', at_risk: true });
    // Counted from today: yarn 5 days, then linking 6, shipping 3.
    expect(node(tl, 'LINK').projected_date).toBe(addDaysIso(today, 11));
    expect(tl.tracking.projected_end).toBe(addDaysIso(today, 14));
    expect(await notices('node.late', risky.orderNo)).toBe(1);
    // Every node after yarn is at risk with it; the notice names the first of them, the one to act on.
    expect(await notices('node.risk', risky.orderNo)).toBe(1);
    const risk = await sql<{ title: string }>`select title from notify_notice where user_id = ${plannerId} and kind = 'node.risk' and doc_no = ${risky.orderNo}`.execute(t.app.db);
    expect(risk.rows[0].title).toBe(`订单 ${risky.orderNo} 节点“织片”有延误风险`);
    const text = await sql<{ title: string; body: string; link: string }>`select title, body, link from notify_notice where user_id = ${plannerId} and kind = 'node.late' and doc_no = ${risky.orderNo}`.execute(t.app.db);
    expect(text.rows[0].title).toBe(`订单 ${risky.orderNo} 节点“纱线到厂”已逾期`);
    expect(text.rows[0].link).toBe(`/scm/page/node-tracking?order=${risky.coId}`);
    // Reading again, the list, and recording a date elsewhere raise nothing new.
    await timeline(risky.coId);
    await call(maker, 'GET', '/scmapi/trackedorder/page?size=500');
    await lineAction(maker, 'actual', node(await timeline(risky.coId), 'YARN_IN'), { actual_date: today });
    expect(await notices('node.late', risky.orderNo)).toBe(1);
    expect(await notices('node.risk', risky.orderNo)).toBe(1);
    // The brand's users are not the maker's to warn.
    const brandNotices = await sql<{ n: number }>`select count(*)::int as n from notify_notice n join users u on u.id = n.user_id where u.username like 'brand%' and n.kind like 'node.%'`.execute(t.app.db);
    expect(brandNotices.rows[0].n).toBe(0);
    // The list shows the order's counts.
    const list = (await call<{ rows: Row[] }>(maker, 'GET', '/scmapi/trackedorder/page?size=500')).body.data.rows;
    expect(list.find((r) => Number(r.id) === risky.coId)).toMatchObject({ nodes: 4, done: 1, late: 0, at_risk: 3 });
  });

  it('the brand sees its own order\'s timeline through the share, without who recorded what', async () => {
    const rows = (await call<{ rows: Row[] }>(brand, 'GET', '/scmapi/brandnodeorder/page?size=500')).body.data.rows;
    const mine = rows.find((r) => Number(r.id) === order.prId)!;
    expect(mine).toMatchObject({ maker_name: '华纺制衣', nodes: 4, done: 2 });
    // Its record (what its drawer draws): the order's nodes at the maker as its lines.
    const rec = (await call<Row & { nodes: Timeline['tracking']['nodes'] }>(brand, 'GET', '/scmapi/brandnodeorder/view', { id: String(order.prId) })).body.data;
    const makerTl = await timeline(order.coId);
    expect(rec.nodes.map((n) => [n.node_code, n.plan_date, n.actual_date])).toEqual(makerTl.tracking.nodes.map((n) => [n.node_code, n.plan_date, n.actual_date]));
    expect(rec.nodes.every((n) => !('actual_by' in n))).toBe(true);
    expect(rec).toMatchObject({ id: order.prId, maker_order_no: order.orderNo });
    // Every order the brand sees is its own (a share from it); none of the maker's other customers.
    const brandId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
    const shared = await sql<{ id: number }>`select source_id as id from scm_order_share where client_id = ${brandId}`.execute(t.app.db);
    const sharedIds = new Set(shared.rows.map((r) => Number(r.id)));
    expect(rows.every((r) => sharedIds.has(Number(r.id)))).toBe(true);
  });

  it('nothing for a company without a share: an unshared order, another company, the maker\'s ids', async () => {
    const draft = await resourceClient(t.app, brand, 'scmapi', 'prorder').save({ pr_type: 'bulk', customer_po: 'PO-NT-DRAFT', category: 'sweater', receive_date: today, delivery_date: addDaysIso(today, 20), currency: 'CNY', maker_vendor_id: vendorJoined, entries });
    expect((await call(brand, 'GET', '/scmapi/brandnodeorder/view', { id: String(draft.body.data.id) })).status).toBe(404);
    // The supplier: no orders, and the brand's order id or the maker's order id lead nowhere.
    none(await call<{ rows: Row[] }>(supplier, 'GET', '/scmapi/brandnodeorder/page?size=500'));
    expect([403, 404]).toContain((await call(supplier, 'GET', '/scmapi/brandnodeorder/view', { id: String(order.prId) })).status);
    none(await call<{ rows: Row[] }>(supplier, 'GET', '/scmapi/trackedorder/page?size=500'));
    expect((await call(supplier, 'GET', '/scmapi/nodetrack/timeline', { order_id: String(order.coId) })).status).toBe(404);
    // The brand cannot read the maker's side by the maker's id either.
    expect((await call(brand, 'GET', '/scmapi/nodetrack/timeline', { order_id: String(order.coId) })).status).toBe(404);
    // Nor the calendar (the view nodecalendar, in the window it asks): the supplier's is empty, the maker's shows the order's nodes.
    const range = calendarWindow(addDaysIso(today, -30), addDaysIso(today, 60));
    expect((await call<{ rows: Row[] }>(supplier, 'GET', '/scmapi/nodecalendar/page', range)).body.data.rows).toHaveLength(0);
    const events = (await call<{ rows: Row[] }>(maker, 'GET', '/scmapi/nodecalendar/page', range)).body.data.rows;
    expect(events.filter((e) => Number(e.order_id) === order.coId).map((e) => e.node_code).sort()).toEqual(['KNIT', 'LINK', 'SHIP', 'YARN_IN']);
    // No token, no reply.
    expect((await t.app.inject({ method: 'GET', url: '/api/scmapi/trackedorder/page' })).statusCode).toBe(401);
  });

  it('the maker\'s data permissions on customer orders narrow every tracking call, read in the tenant\'s transaction', async () => {
    // maker.planner may see only an order number nobody has: the order is outside its scope.
    const rule = await sql<{ id: number }>`insert into data_permissions (client_id, user_id, menu_code, field, operator, value)
      values (${makerId}, ${plannerId}, 'scm.customerorder', 'order_no', 'eq', 'NO-SUCH-ORDER') returning id`.execute(t.app.db);
    try {
      const planner = await signIn(t.app, 'maker.planner');
      const rows = (await call<{ rows: Row[] }>(planner, 'GET', '/scmapi/trackedorder/page?size=500')).body.data.rows;
      expect(rows).toHaveLength(0);
      expect((await call(planner, 'GET', '/scmapi/nodetrack/timeline', { order_id: String(order.coId) })).status).toBe(404);
      const tl = await timeline(order.coId);
      const open = tl.tracking.nodes.find((n) => !n.actual_date)!;
      const actual = await lineAction(planner, 'actual', open, { actual_date: today, version: open.version });
      expect(actual.status).toBe(404);
      expect((await lineAction(planner, 'plan', open, { plan_date: addDaysIso(today, 3), version: open.version })).status).toBe(404);
      expect((await lineAction(planner, 'recall', open, {})).status).toBe(404);
      // The node plans' workbook (the list export of the view trackednode) holds no row of it: nothing to export.
      const file = await call(planner, 'GET', '/scmapi/trackednode/export', { 'f.order_no.eq': order.orderNo });
      expect([file.status, file.body.message]).toEqual([400, '没有可导出的数据']);
      const range = calendarWindow(addDaysIso(today, -30), addDaysIso(today, 60));
      expect((await call<{ rows: Row[] }>(planner, 'GET', '/scmapi/nodecalendar/page', range)).body.data.rows).toHaveLength(0);
      // Nothing was written: the node keeps its date and version.
      expect(node(await timeline(order.coId), open.node_code)).toMatchObject({ actual_date: null, version: open.version });
      // The checks of the calendar's input still come first (a range over 400 days); a node line's
      // transition, as every engine action, answers 404 for a line out of scope whatever its body.
      const wide = await call(planner, 'GET', '/scmapi/nodecalendar/page', calendarWindow(today, addDaysIso(today, 401)));
      expect([wide.status, wide.body.message]).toEqual([400, '节点日历须给出日期范围：最晚日期不早于起始日，最早日期不晚于截止日，最多 400 天']);
      // The window is the view's filters: a day that is not real is refused naming it, a window ending before it starts and none at all too.
      const badDay = await call(planner, 'GET', '/scmapi/nodecalendar/page', calendarWindow('2026-13-01', today));
      expect([badDay.status, badDay.body.message]).toEqual([400, '“2026-13-01”不是“最晚日期”的有效筛选值']);
      expect((await call(planner, 'GET', '/scmapi/nodecalendar/page', calendarWindow(today, addDaysIso(today, -1)))).status).toBe(400);
      expect((await call(planner, 'GET', '/scmapi/nodecalendar/page')).status).toBe(400);
      expect((await lineAction(planner, 'actual', open, { actual_date: '2026-02-30' })).status).toBe(404);
    } finally {
      await sql`delete from data_permissions where id = ${rule.rows[0].id}`.execute(t.app.db);
    }
    // Without the rule the same planner reads the order again.
    const planner = await signIn(t.app, 'maker.planner');
    expect((await call(planner, 'GET', '/scmapi/nodetrack/timeline', { order_id: String(order.coId) })).status).toBe(200);
  });

  it('a finished order\'s nodes no longer change', async () => {
    expect((await resourceClient(t.app, maker, 'scmapi', 'customerorder').action('finish', { id: risky.coId })).status).toBe(200);
    const r = await lineAction(maker, 'actual', node(await timeline(risky.coId), 'KNIT'), { actual_date: today });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`订单 ${risky.orderNo} 已完成，不能再修改节点`);
  });
});
