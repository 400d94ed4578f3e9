import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, trackOrder } from '../../src/model/node-tracking';
import { withTenant } from '../../src/server/kernel/rls';
import { demoSeedFingerprint, seedDemo } from '../../src/server/db/seed';
import { flushNodeRecalc, recomputeNodeTracking, todayIso } from '../../src/server/services/tracking';
import { flaggedOrders, nodesOf } from '../../src/server/services/tracking/tracking.service';
import { nodeTimelines } from '../support/node-timeline';
import { apiCalls, resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Purchase receipts complete the material nodes (issue 31), on PGlite and PostgreSQL: a material
 * purchase order bought for a customer order forecasts the order's fabric and trims nodes (面料到厂,
 * 辅料到厂, the demo configuration's material groups) from its delivery date; a part receipt leaves
 * them open; the receipt that brings the last line of a group in full records that node (today,
 * source purchase receipt, audited, the brand's timeline) and the forecast follows the orders still
 * to come; a purchase order of another company naming our order never touches our nodes. A fresh
 * demo has its forecasts from the seed; a company's check reads every order's flags packed.
 */
let t: TestApp;
let brand: string;
let maker: string;
let makerId: number;
let brandId: number;
let vendorJoined: number;

type Row = Record<string, unknown>;

const today = todayIso();
const { call, q } = apiCalls(() => t.app);
const nodes = nodeTimelines({ call, q });
const timeline = (coId: number) => nodes.timeline(maker, coId);
const { node } = nodes;
const po = () => resourceClient(t.app, maker, 'srmapi', 'purorder');
const firstId = async (text: ReturnType<typeof sql>) => Number((await q(text))[0].id);
type Reply = { data: Array<{ nodes: Array<{ node_code: string; date: string }> }> };
const recordedIn = (body: unknown) => ((body as { data: Reply }).data.data ?? [])[0]?.nodes ?? [];

/** The brand sends an order, the maker accepts it: its node plan (the general set) with fabric and trims in-house. */
async function acceptedOrder(customerPo: string): Promise<{ coId: number; prId: number }> {
  const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
  const saved = await orders.save({ pr_type: 'bulk', customer_po: customerPo, category: 'sweater', receive_date: addDaysIso(today, -3), delivery_date: addDaysIso(today, 90), currency: 'CNY', maker_vendor_id: vendorJoined,
    entries: [{ style_no: 'ST-PR01', style_name: '采购收货节点', colour: '黑色', size: 'M', qty: 200, unit_price: 40, seq: 1 }] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const prId = Number(saved.body.data.id);
  expect((await orders.action('send', { id: prId })).status).toBe(200);
  const cos = resourceClient(t.app, maker, 'scmapi', 'customerorder');
  const co = (await cos.page({ tab: 'pending', size: 100 })).body.data.rows.find((r) => r.customer_po === customerPo)!;
  expect((await cos.action('accept', { id: co.id })).status).toBe(200);
  return { coId: Number(co.id), prId };
}

/** A material purchase order of the maker's for that customer order, tracked by hand (its vendor's word). */
async function purchaseFor(coId: number, delivery: string, lines: Array<{ material_id: number; qty: number }>): Promise<{ id: number; lines: Row[] }> {
  const vendor = await firstId(sql`select id from md_vendor where client_id = ${makerId} order by code limit 1`);
  const saved = await po().save({ order_kind: 'material', vendor_id: vendor, customer_order_id: coId, delivery_date: delivery, currency: 'CNY', lines: lines.map((l, i) => ({ ...l, unit: 'KG', unit_price: 10, seq: i + 1 })) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const id = Number(saved.body.data.id);
  const tracked = await po().action('track', { id });
  expect(tracked.status, JSON.stringify(tracked.body)).toBe(200);
  await flushNodeRecalc();
  return { id, lines: (await po().view(id)).body.data.lines as Row[] };
}

let fabric: number;
let trim: number;
let location: string;

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
  const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
  vendorJoined = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
  makerId = await firstId(sql`select id from clients where code = 'MAKER01'`);
  brandId = await firstId(sql`select id from clients where code = 'BRAND01'`);
  fabric = await firstId(sql`select id from md_material where client_id = ${makerId} and material_group = 'fabric' order by code limit 1`);
  trim = await firstId(sql`select id from md_material where client_id = ${makerId} and material_group = 'trim' order by code limit 1`);
  location = String((await q(sql`select code from wms_location where client_id = ${makerId} order by code limit 1`))[0].code);
});
afterAll(async () => t?.close());

describe('a fresh demo has its node forecasts from the seed', () => {
  it('the maker\'s open nodes carry forecasts from the board and the purchase orders; recomputing finds nothing to change; seeding again adds nothing', async () => {
    const kept = async () => q(sql`select forecast_source as source, count(*)::int as n from scm_order_node n join scm_customer_order o on o.id = n.order_id and o.client_id = n.client_id
      where n.client_id = ${makerId} and o.status = 'in_progress' and n.forecast_date is not null group by forecast_source order by forecast_source`);
    const told = async () => Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${makerId} and kind like 'node.%'`))[0].n);
    const seeded = await kept();
    const sources = Object.fromEntries(seeded.map((r) => [String(r.source), Number(r.n)]));
    expect(sources.board).toBeGreaterThan(0);
    // The demo's fabric bought late for an order (late-reasons.seed.ts): its fabric node is forecast from that purchase order.
    expect(sources.purchase).toBeGreaterThan(0);
    const [late] = await q(sql`select n.forecast_date::text as forecast, po.delivery_date::text as delivery from scm_order_node n
      join pur_order po on po.client_id = n.client_id and po.customer_order_id = n.order_id and po.status = 'confirmed'
      where n.client_id = ${makerId} and n.node_code = 'FAB_IN' and n.forecast_source = 'purchase' limit 1`);
    expect(late.forecast).toBe(late.delivery);
    const notices = await told();
    const again = await withTenant(t.app.db, makerId, (tx) => recomputeNodeTracking(tx, makerId, null, { evaluate: 'all' }));
    expect(again).toMatchObject({ nodes: 0, late: 0, at_risk: 0 });
    expect(await told()).toBe(notices);
    // A start with another seed runs every seeder again (the final one too): nothing changes, nothing is told twice.
    await q(sql`update demo_seed set fingerprint = 'an earlier seed'`);
    await seedDemo(t.app.db, t.config);
    expect((await q(sql`select fingerprint from demo_seed`))[0].fingerprint).toBe(demoSeedFingerprint());
    expect(await kept()).toEqual(seeded);
    expect(await told()).toBe(notices);
  });
});

describe('purchase receipts complete the fabric and trims nodes', () => {
  let o: { coId: number; prId: number };
  let a: { id: number; lines: Row[] };
  let b: { id: number; lines: Row[] };
  let fabPlan: string;

  it('the demo configuration names the material groups; an order\'s purchase orders forecast its fabric and trims nodes from their delivery date', async () => {
    const config = await q(sql`select node_code, material_group from scm_node_config where client_id = ${makerId} and node_code in ('FAB_IN', 'TRIM_IN') and category is null and order_type is null order by node_code`);
    expect(config).toEqual([{ node_code: 'FAB_IN', material_group: 'fabric' }, { node_code: 'TRIM_IN', material_group: 'trim' }]);
    o = await acceptedOrder('PO-PR-NODES');
    fabPlan = node(await timeline(o.coId), 'FAB_IN').plan_date;
    // One order with fabric and trims due two days after the fabric node's plan; a second fabric order due five days after.
    a = await purchaseFor(o.coId, addDaysIso(fabPlan, 2), [{ material_id: fabric, qty: 100 }, { material_id: trim, qty: 50 }]);
    b = await purchaseFor(o.coId, addDaysIso(fabPlan, 5), [{ material_id: fabric, qty: 30 }]);
    const tl = await timeline(o.coId);
    expect(node(tl, 'FAB_IN')).toMatchObject({ forecast_date: addDaysIso(fabPlan, 5), forecast_source: 'purchase', actual_date: null, state: 'at_risk' });
    expect(node(tl, 'TRIM_IN')).toMatchObject({ forecast_date: addDaysIso(fabPlan, 2), forecast_source: 'purchase', actual_date: null });
    // Cutting follows the fabric's forecast.
    expect(node(tl, 'CUTTING').projected_date).toBe(addDaysIso(fabPlan, 5 + 3));
  });

  it('a part receipt leaves both nodes open and records nothing', async () => {
    const fabricLine = a.lines.find((l) => Number(l.material_id) === fabric)!;
    const part = await po().action('receive_part', { id: a.id, location_code: location, receipt: JSON.stringify({ [String(fabricLine.seq)]: 40 }) });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(recordedIn(part.body)).toEqual([]);
    const tl = await timeline(o.coId);
    expect(node(tl, 'FAB_IN').actual_date).toBeNull();
    expect(node(tl, 'TRIM_IN').actual_date).toBeNull();
  });

  it('the full receipt of the first order records trims (source purchase receipt, audited, the brand sees it); fabric waits for the second order, its forecast now that order\'s date', async () => {
    const before = await timeline(o.coId);
    const full = await po().action('receive', { id: a.id, location_code: location });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(recordedIn(full.body)).toEqual([expect.objectContaining({ node_code: 'TRIM_IN', date: today })]);
    await flushNodeRecalc();
    const tl = await timeline(o.coId);
    expect(node(tl, 'TRIM_IN')).toMatchObject({ actual_date: today, actual_source: 'purchase', projected_date: today });
    expect(node(tl, 'FAB_IN')).toMatchObject({ actual_date: null, forecast_date: addDaysIso(fabPlan, 5), forecast_source: 'purchase' });
    expect(tl.tracking.done).toBe(before.tracking.done + 1);
    const audit = await nodes.lastNodeAudit(makerId, o.coId, 'TRIM_IN');
    expect(audit).toMatchObject({ action: 'actual', username: 'maker' });
    const seen = await nodes.brandTimeline(brand, o.prId);
    expect(node(seen, 'TRIM_IN')).toMatchObject({ actual_date: today, actual_source: 'purchase' });
  });

  it('the second order received in full records fabric, and the nodes after it are projected from today', async () => {
    const full = await po().action('receive', { id: b.id, location_code: location });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(recordedIn(full.body)).toEqual([expect.objectContaining({ node_code: 'FAB_IN', date: today })]);
    const tl = await timeline(o.coId);
    expect(node(tl, 'FAB_IN')).toMatchObject({ actual_date: today, actual_source: 'purchase' });
    // Cutting (3 days) follows the stages still open before it (booking 3, lab dip 5, pre-production sample 7 days from today),
    // no longer the fabric's forecast 5 days after its plan.
    expect(node(tl, 'CUTTING').projected_date).toBe(addDaysIso(today, 3 + 5 + 7 + 3));
    // A receipt again (nothing left) is refused and records nothing twice.
    expect((await po().action('receive', { id: b.id, location_code: location })).status).toBe(409);
    const recorded = await q(sql`select count(*)::int as n from audit_log a join scm_order_node n on n.id = a.record_id
      where a.client_id = ${makerId} and a.entity = 'ordernode' and a.action = 'actual' and n.order_id = ${o.coId} and n.node_code = 'FAB_IN'`);
    expect(Number(recorded[0].n)).toBe(1);
  });
});

describe('tenants: another company\'s purchase orders never reach our nodes', () => {
  it('a brand\'s purchase order naming our order (open, then received in full) neither forecasts nor records our fabric node; our own receipt does', async () => {
    const o = await acceptedOrder('PO-PR-TENANT');
    const fabPlan = node(await timeline(o.coId), 'FAB_IN').plan_date;
    // The brand's own order, its line fabric, pointed at the maker's order by id (as a forged reference would).
    const brandFabric = await firstId(sql`select id from md_material where client_id = ${brandId} and material_group = 'fabric' order by code limit 1`);
    const brandVendor = await firstId(sql`select id from md_vendor where client_id = ${brandId} order by code limit 1`);
    const brandLocation = String((await q(sql`select code from wms_location where client_id = ${brandId} order by code limit 1`))[0].code);
    const foreign = await firstId(sql`insert into pur_order (client_id, po_no, order_kind, vendor_id, customer_order_id, delivery_date, currency, status, version)
      values (${brandId}, 'PO-FOREIGN-01', 'material', ${brandVendor}, ${o.coId}, ${addDaysIso(fabPlan, 30)}, 'CNY', 'manual', 1) returning id`);
    await q(sql`insert into pur_order_line (client_id, order_id, seq, material_id, unit, qty, dispatched_qty, received_qty) values (${brandId}, ${foreign}, 1, ${brandFabric}, 'KG', 10, 10, 0)`);
    // Our fabric order, due on plan.
    const ours = await purchaseFor(o.coId, fabPlan, [{ material_id: fabric, qty: 20 }]);
    let fab = node(await timeline(o.coId), 'FAB_IN');
    expect(fab).toMatchObject({ forecast_date: fabPlan, forecast_source: 'purchase' });
    // The brand receives its order in full: nothing of ours moves.
    const theirs = await resourceClient(t.app, brand, 'srmapi', 'purorder').action('receive', { id: foreign, location_code: brandLocation });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
    expect(recordedIn(theirs.body)).toEqual([]);
    await flushNodeRecalc();
    fab = node(await timeline(o.coId), 'FAB_IN');
    expect(fab).toMatchObject({ actual_date: null, forecast_date: fabPlan });
    // Its receipt is the brand's: it reopens nothing and our receipt completes our node alone.
    await q(sql`update pur_order_line set received_qty = 0 where client_id = ${brandId} and order_id = ${foreign}`);
    const mine = await po().action('receive', { id: ours.id, location_code: location });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(recordedIn(mine.body)).toEqual([expect.objectContaining({ node_code: 'FAB_IN' })]);
    expect(node(await timeline(o.coId), 'FAB_IN')).toMatchObject({ actual_date: today, actual_source: 'purchase' });
    // The brand cannot receive the maker's order, nor read its timeline.
    expect([403, 404]).toContain((await resourceClient(t.app, brand, 'srmapi', 'purorder').action('receive', { id: ours.id, location_code: brandLocation })).status);
    expect([403, 404]).toContain((await call(brand, 'GET', '/scmapi/nodetrack/timeline', { order_id: o.coId })).status);
    const others = await q(sql`select count(*)::int as n from scm_order_node where client_id <> ${makerId} and actual_source = 'purchase'`);
    expect(Number(others[0].n)).toBe(0);
  });
});

describe('a purchase order re-pointed to another customer order', () => {
  it('re-forecasts both orders at once: the order it left loses the forecast, the order it names gains it', async () => {
    const left = await acceptedOrder('PO-PR-LEFT');
    const named = await acceptedOrder('PO-PR-NAMED');
    const leftPlan = node(await timeline(left.coId), 'FAB_IN').plan_date;
    const due = addDaysIso(leftPlan, 7);
    const bought = await purchaseFor(left.coId, due, [{ material_id: fabric, qty: 40 }]);
    expect(node(await timeline(left.coId), 'FAB_IN')).toMatchObject({ forecast_date: due, forecast_source: 'purchase' });
    const before = (await po().view(bought.id)).body.data as Row;
    const moved = await po().save({ ...before, customer_order_id: named.coId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await flushNodeRecalc();
    const gone = node(await timeline(left.coId), 'FAB_IN');
    expect(gone.forecast_source).not.toBe('purchase');
    expect(node(await timeline(named.coId), 'FAB_IN')).toMatchObject({ forecast_date: due, forecast_source: 'purchase' });
  });
});

describe('a company\'s check of every order (bench B9c\'s read)', () => {
  it('the packed read of every in-progress order names exactly the orders trackOrder flags', async () => {
    const orders = (await q(sql`select id from scm_customer_order where client_id = ${makerId} and status = 'in_progress' order by id`)).map((r) => Number(r.id));
    const { evaluated, flagged } = await withTenant(t.app.db, makerId, (tx) => flaggedOrders(tx, makerId, null, today));
    const nodes = await withTenant(t.app.db, makerId, (tx) => nodesOf(tx, makerId, orders));
    const expected = orders.filter((id) => nodes.has(id) && trackOrder(nodes.get(id)!, today).flagged);
    expect(evaluated).toBe([...nodes.keys()].length);
    expect([...flagged].sort((a, b) => a - b)).toEqual(expected);
    // The demo and this file's orders have both kinds.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(evaluated);
    // The given orders only.
    const some = orders.slice(0, 3);
    const part = await withTenant(t.app.db, makerId, (tx) => flaggedOrders(tx, makerId, some, today));
    expect([...part.flagged].sort((a, b) => a - b)).toEqual(expected.filter((id) => some.includes(id)));
  });
});
