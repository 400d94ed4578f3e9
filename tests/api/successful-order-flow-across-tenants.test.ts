import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * The brand-to-maker order flow (issue 6, spec 4 customer order): the brand enters a colour x size
 * order and sends it; the maker (a separate tenant) sees a customer order pending acceptance, rejects
 * it with a reason the brand sees, accepts the re-sent one and finishes it; the brand's order follows
 * each step. A vendor that has not joined gets spec 8's message and the order is tracked by hand.
 */
let t: TestApp;
let brand: string;
let maker: string;
let vendorJoined: number;
let vendorNotJoined: number;

const entries = (unitPrice: number) =>
  ['黑色', '白色'].flatMap((colour, ci) => ['S', 'M', 'L'].map((size, si) => ({ style_no: 'ST-2601', style_name: '圆领T恤', colour, size, qty: (ci + 1) * (si + 1) * 10, unit_price: unitPrice, seq: ci * 3 + si + 1 })));

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
  const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
  vendorJoined = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
  vendorNotJoined = Number(vendors.find((v) => !v.platform_client_code)!.id);
});
afterAll(async () => t?.close());

describe('orders across the brand and the maker', () => {
  it('sends, rejects with a reason, re-sends, accepts and finishes, each side in its own tenant', async () => {
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const saved = await orders.save({ pr_type: 'bulk', customer_po: 'PO-778', category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', maker_vendor_id: vendorJoined, entries: entries(12.5) });
    expect(saved.status).toBe(200);
    const order = saved.body.data;
    expect(order.pr_no).toMatch(/^PR\d{6}\d{4}$/);
    // Totals and amounts are the server's: 10+20+30 + 20+40+60 = 180 pieces at 12.5.
    expect(order.total_qty).toBe(180);
    expect(order.total_amount).toBe(2250);
    expect((order.entries as Array<{ amount: number }>).map((e) => e.amount)).toContain(125);
    expect(order.status).toBe('draft');
    expect(order.alloc_status).toBe('allocated');

    // Spec 5: an order number that already exists cannot be created.
    const dup = await orders.save({ pr_no: order.pr_no, pr_type: 'bulk', currency: 'CNY' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('单号已存在，无法创建');

    const sent = await orders.action('send', { id: order.id });
    expect(sent.status).toBe(200);
    expect(sent.body.data.rows[0]).toMatchObject({ status: 'sent', alloc_status: 'submitted' });
    // Once sent the order is changed only through its actions.
    expect((await orders.save({ ...sent.body.data.rows[0], remark: 'x' })).status).toBe(409);

    const customerOrders = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    // The demo season has orders of its own waiting at the maker: this test's order is the one from its PR.
    const pending = (await customerOrders.page({ tab: 'pending' })).body.data.rows.filter((r) => r.source_no === order.pr_no);
    expect(pending).toHaveLength(1);
    const co = (await customerOrders.view(pending[0].id)).body.data;
    expect(co).toMatchObject({ source_no: order.pr_no, customer_po: 'PO-778', total_qty: 180, status: 'pending', brand_name: '悦衣品牌' });
    expect(co.entries as unknown[]).toHaveLength(6);
    // Neither side reads the other's document through the generic API.
    expect((await resourceClient(t.app, brand, 'scmapi', 'customerorder').view(co.id)).status).toBe(404);
    expect((await resourceClient(t.app, maker, 'scmapi', 'prorder').view(order.id)).status).toBe(404);

    // Reject needs a reason; the brand sees it.
    expect((await customerOrders.action('reject', { id: co.id })).status).toBe(400);
    const rejected = await customerOrders.action('reject', { id: co.id, reject_reason: '产能已满，交期无法满足' });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.rows[0].status).toBe('rejected');
    const afterReject = (await orders.view(order.id)).body.data;
    expect(afterReject).toMatchObject({ status: 'rejected', reject_reason: '产能已满，交期无法满足', alloc_status: 'allocated' });
    // The closed share no longer lets the maker move the brand's order.
    expect((await customerOrders.action('accept', { id: co.id })).status).toBe(409);

    // Re-sent: a new customer order; accepted and finished, the brand's order follows.
    expect((await orders.action('send', { id: order.id })).status).toBe(200);
    const again = (await customerOrders.page({ tab: 'pending' })).body.data.rows.find((r) => r.source_no === order.pr_no)!;
    expect(again.id).not.toBe(co.id);
    expect((await customerOrders.action('accept', { id: again.id })).status).toBe(200);
    expect((await orders.view(order.id)).body.data).toMatchObject({ status: 'in_progress', reject_reason: null });
    expect((await customerOrders.action('finish', { id: again.id })).status).toBe(200);
    expect((await orders.view(order.id)).body.data.status).toBe('finished');
    const history = (await orders.history(order.id)).body.data.rows.map((r) => r.action);
    expect(history).toEqual(expect.arrayContaining(['send', 'maker-rejected', 'maker-in_progress', 'maker-finished']));
  });

  it('cancelling a sent order cancels the maker copy', async () => {
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const order = (await orders.save({ pr_type: 'bulk', currency: 'CNY', maker_vendor_id: vendorJoined, entries: entries(10) })).body.data;
    expect((await orders.action('send', { id: order.id })).status).toBe(200);
    const customerOrders = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const co = (await customerOrders.page({ tab: 'pending' })).body.data.rows.find((r) => r.source_no === order.pr_no)!;
    expect((await orders.action('cancel', { id: order.id })).status).toBe(200);
    expect((await customerOrders.view(co.id)).body.data.status).toBe('cancelled');
  });

  it('tells the brand when the maker has not joined and tracks the order by hand', async () => {
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const order = (await orders.save({ pr_type: 'sample', currency: 'CNY', receive_date: '2026-03-01', maker_vendor_id: vendorNotJoined, entries: entries(8) })).body.data;
    const before = (await resourceClient(t.app, maker, 'scmapi', 'customerorder').page()).body.data.total;
    const sent = await orders.action('send', { id: order.id });
    expect(sent.status).toBe(200);
    const data = (sent.body.data as unknown as { data: Array<{ manual: boolean; message: string }> }).data[0];
    expect(data).toEqual({ manual: true, message: '该工厂未关联平台企业，大货需求订单无法发送，请手工跟踪；如工厂已加入平台，请在供应商中“关联平台企业”后重新发送' });
    expect(sent.body.data.rows[0]).toMatchObject({ status: 'manual', alloc_status: 'submitted' });
    expect((await resourceClient(t.app, maker, 'scmapi', 'customerorder').page()).body.data.total).toBe(before);
    expect((await orders.action('finish', { id: order.id })).status).toBe(200);
  });

  it('refuses to send an order without a maker or without entries', async () => {
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const noMaker = (await orders.save({ pr_type: 'bulk', currency: 'CNY', entries: entries(1) })).body.data;
    expect(noMaker.alloc_status).toBe('to_allocate');
    const r1 = await orders.action('send', { id: noMaker.id });
    expect(r1.status).toBe(400);
    expect((r1.body.data as unknown as { errors: Record<string, string> }).errors.maker_vendor_id).toBe('请先选择生产工厂');
    const noEntries = (await orders.save({ pr_type: 'bulk', currency: 'CNY', maker_vendor_id: vendorJoined })).body.data;
    expect((await orders.action('send', { id: noEntries.id })).status).toBe(400);
  });

  it("writes the maker's copy as the maker's own document: its SN rule, its totals, a full creation record", async () => {
    const rules = resourceClient(t.app, maker, 'adminapi', 'admin_sn_rule');
    expect((await rules.save({ rule_key: 'customerorder', prefix: 'KD', date_prefix: 'YYYY', length: 3 })).body.code).toBe(200);
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const order = (await orders.save({ pr_type: 'bulk', customer_po: 'PO-WRITER', currency: 'CNY', receive_date: '2026-03-02', maker_vendor_id: vendorJoined, entries: entries(2) })).body.data;
    expect((await orders.action('send', { id: order.id })).status).toBe(200);
    const customerOrders = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const copy = (await customerOrders.page({ 'f.customer_po.eq': 'PO-WRITER' })).body.data.rows[0];
    expect(copy).toMatchObject({ source_no: order.pr_no, total_qty: 180, total_amount: 360, status: 'pending' });
    expect(String(copy.order_no)).toMatch(/^KD\d{4}\d{3}$/);
    const history = (await customerOrders.history(copy.id)).body.data.rows;
    const created = history.find((h) => h.action === 'create')!;
    expect(created.changes.map((c) => c.field)).toEqual(expect.arrayContaining(['customer_po', 'currency']));
    expect(created.changes.some((c) => c.field.startsWith('entries['))).toBe(true);
  });
});
