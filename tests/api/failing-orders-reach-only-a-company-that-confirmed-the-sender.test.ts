import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 20: any company could create customer orders inside any active company whose code it knew,
 * the platform's own company included, by pointing a vendor's platform code at it and sending. Now
 * the receiver must have confirmed the sender: an active customer record of its own carrying the
 * sender's platform code (docs/architecture-orders.md). The platform company never receives.
 */
let t: TestApp;
let supplier: string;
let maker: string;
let brand: string;

const entries = [{ style_no: 'ST-9', style_name: '测试款', colour: '黑色', size: 'M', qty: 10, unit_price: 5, seq: 1 }];

/** The supplier company's own vendor pointing at `code`, and a draft order to it. */
async function orderTo(code: string): Promise<number> {
  const vendors = resourceClient(t.app, supplier, 'mdapi', 'vendor');
  const v = await vendors.save({ name: `外协-${code}`, vendor_type: 'garment', currency: 'CNY', platform_client_code: code });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  const o = await resourceClient(t.app, supplier, 'scmapi', 'prorder').save({ pr_type: 'bulk', category: 'knit-top', currency: 'CNY', maker_vendor_id: v.body.data.id, entries });
  expect(o.status, JSON.stringify(o.body)).toBe(200);
  return Number(o.body.data.id);
}

const customerOrdersOf = async (code: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from scm_customer_order o join clients c on c.id = o.client_id where c.code = ${code}`.execute(t.database.db)).rows[0].n;

beforeAll(async () => {
  t = await createTestApp();
  supplier = await signIn(t.app, 'supplier');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  brand = await tokenFor(t.database.db, t.config, 'brand');
});
afterAll(async () => t?.close());

describe('sending an order needs the receiver to have confirmed the sender', () => {
  it('a company the maker never confirmed cannot put an order into it', async () => {
    const id = await orderTo('MAKER01');
    const before = await customerOrdersOf('MAKER01');
    const sent = await resourceClient(t.app, supplier, 'scmapi', 'prorder').action('send', { id });
    expect(sent.status).toBe(403);
    expect(sent.body.message).toBe('对方企业尚未在其客户资料中确认贵司（需在客户的“平台企业编码”填写 SUPP01 并保持启用），订单无法发送');
    expect(await customerOrdersOf('MAKER01')).toBe(before);
    // The refused send changed nothing on the sender's side either.
    expect((await resourceClient(t.app, supplier, 'scmapi', 'prorder').view(id)).body.data.status).toBe('draft');
  });

  it('the refusal speaks the sender\'s language', async () => {
    const id = await orderTo('MAKER01');
    const sent = await resourceClient(t.app, supplier, 'scmapi', 'prorder', 'en').action('send', { id });
    expect(sent.status).toBe(403);
    expect(sent.body.message).toContain('has not confirmed you as its customer');
    expect(sent.body.message).toContain('SUPP01');
  });

  it('the platform company never receives orders: no partner can even point at it', async () => {
    const vendors = resourceClient(t.app, supplier, 'mdapi', 'vendor');
    const v = await vendors.save({ name: '外协-PLATFORM', vendor_type: 'garment', currency: 'CNY', platform_client_code: 'PLATFORM' });
    expect(v.status).toBe(400);
    expect(JSON.stringify(v.body)).toContain('platform_client_code');
    // an order that names a vendor pointing there by a direct write is still refused on send
    const ok = await vendors.save({ name: '外协-旧数据', vendor_type: 'garment', currency: 'CNY' });
    await sql`update md_vendor set platform_client_code = 'PLATFORM' where id = ${Number(ok.body.data.id)}`.execute(t.database.db);
    const o = await resourceClient(t.app, supplier, 'scmapi', 'prorder').save({ pr_type: 'bulk', category: 'knit-top', currency: 'CNY', maker_vendor_id: ok.body.data.id, entries });
    const sent = await resourceClient(t.app, supplier, 'scmapi', 'prorder').action('send', { id: o.body.data.id });
    expect(sent.status).toBe(403);
    expect(await customerOrdersOf('PLATFORM')).toBe(0);
  });

  it('once the maker keeps an active customer with the sender\'s code the order arrives; frozen, it stops again', async () => {
    const customers = resourceClient(t.app, maker, 'mdapi', 'customer');
    const c = await customers.save({ name: '绍兴锦绣面料有限公司', customer_type: 'brand', currency: 'CNY', platform_client_code: 'supp01' });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    const before = await customerOrdersOf('MAKER01');
    const first = await orderTo('MAKER01');
    const sent = await resourceClient(t.app, supplier, 'scmapi', 'prorder').action('send', { id: first });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.rows[0].status).toBe('sent');
    expect(await customerOrdersOf('MAKER01')).toBe(before + 1);

    expect((await customers.action('freeze', { id: c.body.data.id })).status).toBe(200);
    const second = await orderTo('MAKER01');
    expect((await resourceClient(t.app, supplier, 'scmapi', 'prorder').action('send', { id: second })).status).toBe(403);
    expect(await customerOrdersOf('MAKER01')).toBe(before + 1);
  });

  it('the demo maker has confirmed the demo brand, so the demo brand still sends to it', async () => {
    const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const joined = vendors.find((v) => v.platform_client_code === 'MAKER01')!;
    const o = await resourceClient(t.app, brand, 'scmapi', 'prorder').save({ pr_type: 'bulk', category: 'knit-top', currency: 'CNY', maker_vendor_id: joined.id, entries });
    expect((await resourceClient(t.app, brand, 'scmapi', 'prorder').action('send', { id: o.body.data.id })).status).toBe(200);
  });
});
