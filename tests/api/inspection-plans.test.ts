import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Inspection plans (issue 18): the most specific active plan for a record's stage, order and process
 * decides its level and AQL on the server (one order > a customer > a category > a process), and a
 * plan required before shipment holds the order's finish until a final inspection passed. On PGlite
 * and PostgreSQL.
 */
let t: TestApp;
let maker: string;
let planner: string;
let brand: string;
let makerId: number;
type Row = Record<string, unknown>;
const q = async <T = Row>(text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<T>>).execute(t.app.db)).rows;
const plans = () => resourceClient(t.app, maker, 'scmapi', 'inspectionplan');
const inspections = (lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, planner, 'scmapi', 'inspection', lang);
const orders = (lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, planner, 'scmapi', 'customerorder', lang);

beforeAll(async () => {
  t = await createTestApp();
  [maker, planner, brand] = await Promise.all([signIn(t.app, 'maker'), signIn(t.app, 'maker.planner'), signIn(t.app, 'brand')]);
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
});
afterAll(async () => t?.close());

/** An order in progress sent by the demo brand, with no inspection yet. */
async function freshBrandOrder(skip: number[] = []): Promise<Row> {
  const rows = await q(sql`select c.id::int as id, c.order_no, c.category from scm_customer_order c join clients s on s.id = c.source_client_id
    where c.client_id = ${makerId} and c.status = 'in_progress' and s.code = 'BRAND01'
      and not exists (select 1 from qm_inspection i where i.client_id = c.client_id and i.order_id = c.id) order by c.id`);
  const row = rows.find((r) => !skip.includes(Number(r.id)));
  expect(row).toBeTruthy();
  return row!;
}

describe('inspection plans', () => {
  it('the demo maker has plans at sewing and one required before shipment; the brand reads none of them', async () => {
    const rows = (await plans().page({ size: 50 })).body.data.rows;
    expect(rows.map((r) => r.code)).toEqual(expect.arrayContaining(['QP-SEW-IL', 'QP-SEW-EL', 'QP-FIN-B']));
    expect(rows.find((r) => r.code === 'QP-FIN-B')).toMatchObject({ stage: 'final', required: true });
    const other = await resourceClient(t.app, brand, 'scmapi', 'inspectionplan').page({ size: 50 });
    expect(other.body.data?.rows?.length ?? 0).toBe(0);
  });

  it('refuses "required before shipment" on a stage other than final', async () => {
    const r = await plans().save({ code: 'QP-BAD', name: '错误', stage: 'inline', level: 'II', aql: '2.5', required: true });
    expect(r.status).toBe(400);
    expect((r.body.data as { errors: Record<string, string> }).errors.required).toBe('只有出货检验方案可以设为出货前必检');
  });

  it('gives a record the level and AQL of the most specific plan, whatever the inspector sent', async () => {
    const order = await freshBrandOrder();
    const customer = Number((await q(sql`select id from md_customer where client_id = ${makerId} and upper(platform_client_code) = 'BRAND01' order by id limit 1`))[0].id);
    const byCustomer = await plans().save({ code: 'QP-BRAND-F', name: '悦衣出货检验', stage: 'final', customer_id: customer, level: 'II', aql: '1.5', status: 'active' });
    expect(byCustomer.status).toBe(200);
    // Lot 2000, level II: letter K, 125 pieces; AQL 1.5: Ac 5, Re 6 (AQL 4.0 would be 10 / 11).
    const a = await inspections().save({ stage: 'final', order_id: order.id, lot_size: 2000, level: 'II', aql: '4.0' });
    expect(a.status).toBe(200);
    const viewA = (await inspections().view(a.body.data.id)).body.data;
    expect(viewA).toMatchObject({ aql: '1.5', level: 'II', sample_size: 125, ac: 5, re: 6, insp_plan_id: byCustomer.body.data.id });
    const forOrder = await t.app.inject({ method: 'GET', url: `/api/scmapi/inspection/plan-for?stage=final&order_id=${String(order.id)}`, headers: { authorization: `Bearer ${planner}` } });
    expect(forOrder.json().data.plan).toMatchObject({ code: 'QP-BRAND-F', aql: '1.5' });

    // One order's plan is more specific than its customer's.
    const byOrder = await plans().save({ code: 'QP-ORDER-F', name: '单独约定', stage: 'final', order_id: order.id, level: 'III', aql: '2.5', status: 'active' });
    expect(byOrder.status).toBe(200);
    const b = await inspections().save({ stage: 'final', order_id: order.id, lot_size: 2000, level: 'I', aql: '6.5' });
    expect((await inspections().view(b.body.data.id)).body.data).toMatchObject({ level: 'III', aql: '2.5', insp_plan_id: byOrder.body.data.id });
    // An inactive plan does not apply: back to the customer's.
    const v = (await plans().view(byOrder.body.data.id)).body.data;
    expect((await plans().save({ id: v.id, version: v.version, status: 'inactive' })).status).toBe(200);
    const c = await inspections().save({ stage: 'final', order_id: order.id, lot_size: 2000, level: 'I', aql: '6.5' });
    expect((await inspections().view(c.body.data.id)).body.data).toMatchObject({ aql: '1.5', insp_plan_id: byCustomer.body.data.id });
    // Another stage of that order: no plan, the inspector's own values stay.
    const d = await inspections().save({ stage: 'endline', order_id: order.id, lot_size: 2000, level: 'II', aql: '4.0' });
    expect((await inspections().view(d.body.data.id)).body.data).toMatchObject({ aql: '4.0', insp_plan_id: null, re: 11 });
  });

  it('a required final plan holds the order\'s finish until a final inspection passed', async () => {
    const order = await freshBrandOrder((await q<{ order_id: number }>(sql`select order_id::int as order_id from qm_inspection where client_id = ${makerId} and order_id is not null`)).map((r) => r.order_id));
    const plan = await plans().save({ code: 'QP-MUST', name: '客户验货', stage: 'final', order_id: order.id, level: 'II', aql: '2.5', required: true, status: 'active' });
    expect(plan.status).toBe(200);
    let r = await orders().action('finish', { ids: [order.id] });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`订单 ${String(order.order_no)} 按检验方案 QP-MUST 客户验货 须先通过出货检验，才能完成出货`);
    r = await orders('en').action('finish', { ids: [order.id] });
    expect(r.body.message).toContain('must pass a final inspection first');
    const ok = await inspections().save({ stage: 'final', order_id: order.id, lot_size: 500, level: 'II', aql: '2.5' });
    await inspections().action('submit', { ids: [ok.body.data.id] });
    expect((await inspections().view(ok.body.data.id)).body.data).toMatchObject({ status: 'submitted', result: 'pass' });
    r = await orders().action('finish', { ids: [order.id] });
    expect(r.status).toBe(200);
  });
});
