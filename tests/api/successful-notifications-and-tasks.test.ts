import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseNotice } from '../../src/server/services/notify';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

type Page = { rows: { id: number; kind: string; title: string; body: string; link: string | null; doc_no: string | null; read_at: string | null }[]; total: number };

describe('notifications: raised per tenant, counted unread, read by their own user only', () => {
  let t: TestApp;
  let buyer: LoginData;
  let admin: LoginData;
  let supplier: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    [buyer, admin, supplier] = await Promise.all([loginOk(t.app, 'brand.buyer'), loginOk(t.app, 'brand'), loginOk(t.app, 'supplier.sales')]);
  });
  afterAll(async () => t.close());

  const get = async <T>(who: LoginData, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(who.access_token) });
    expect(res.statusCode).toBe(200);
    return body<T>(res).data;
  };
  const unread = async (who: LoginData) => (await get<{ unread: number }>(who, '/api/notifyapi/notify-msg/unread-index')).unread;

  it('raises a notice only to users of the given company, even when another company\'s user id is passed', async () => {
    // Demo data may already hold notices (a version published by the seed): count from here.
    const start = { buyer: await unread(buyer), supplier: await unread(supplier), admin: await unread(admin), total: (await get<Page>(buyer, '/api/notifyapi/notify-msg/index')).total };
    const supplierTotal = (await get<Page>(supplier, '/api/notifyapi/notify-msg/index')).total;
    const sent = await raiseNotice(t.app.db, {
      clientId: buyer.client_id!, userIds: [buyer.id, supplier.id], kind: 'order.received',
      title: '收到订单 PO-2026-0001', body: '供应商已确认', doc_no: 'PO-2026-0001', link: '/orders/PO-2026-0001',
    });
    expect(sent).toEqual([buyer.id]);
    expect(await unread(buyer)).toBe(start.buyer + 1);
    expect(await unread(supplier)).toBe(start.supplier);
    expect(await unread(admin)).toBe(start.admin);
    const page = await get<Page>(buyer, '/api/notifyapi/notify-msg/index');
    expect(page.total).toBe(start.total + 1);
    expect(page.rows[0]).toMatchObject({ title: '收到订单 PO-2026-0001', doc_no: 'PO-2026-0001', read_at: null });
    expect((await get<Page>(supplier, '/api/notifyapi/notify-msg/index')).total).toBe(supplierTotal);
  });

  it('marks read only the caller\'s own notices', async () => {
    const [mine] = (await get<Page>(buyer, '/api/notifyapi/notify-msg/index')).rows;
    const was = await unread(buyer);
    const other = await t.app.inject({ method: 'POST', url: '/api/notifyapi/notify-msg/read', headers: bearer(supplier.access_token), payload: { ids: [mine.id] } });
    expect(body<{ changed: number }>(other).data.changed).toBe(0);
    expect(await unread(buyer)).toBe(was);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifyapi/notify-msg/read', headers: bearer(buyer.access_token), payload: { ids: [mine.id] } });
    expect(body<{ changed: number }>(res).data.changed).toBe(1);
    expect(await unread(buyer)).toBe(was - 1);
    expect((await get<Page>(buyer, '/api/notifyapi/notify-msg/index?unread=1')).total).toBe(was - 1);
    // Empty ids: all of the caller's own.
    const all = await t.app.inject({ method: 'POST', url: '/api/notifyapi/notify-msg/read', headers: bearer(buyer.access_token), payload: { ids: [] } });
    expect(body<{ changed: number }>(all).data.changed).toBe(was - 1);
    expect(await unread(buyer)).toBe(0);
  });

  it('sending an order tells every user of the maker, in each one\'s language, naming the maker\'s order number; a rejection tells the sender', async () => {
    const [maker, planner] = await Promise.all([loginOk(t.app, 'maker'), loginOk(t.app, 'maker.planner')]);
    await sql`update users set language = 'en' where id = ${planner.id}`.execute(t.app.db);
    const before = { maker: await unread(maker), planner: await unread(planner), buyer: await unread(buyer), supplier: await unread(supplier) };
    const vendors = (await resourceClient(t.app, admin.access_token, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const vendorId = Number(vendors.find((v) => v.platform_client_code === 'MAKER01')!.id);
    const orders = resourceClient(t.app, admin.access_token, 'scmapi', 'prorder');
    const saved = await orders.save({ pr_type: 'bulk', customer_po: 'PO-N15', category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', maker_vendor_id: vendorId,
      entries: [{ style_no: 'ST-N15', style_name: '圆领T恤', colour: '黑色', size: 'M', qty: 30, unit_price: 10, seq: 1 }] });
    expect(saved.status).toBe(200);
    const prNo = String(saved.body.data.pr_no);
    const sent = await orders.action('send', { id: saved.body.data.id });
    expect(sent.status).toBe(200);
    const coId = Number((sent.body.data as { data?: { customerOrderId?: number } }).data?.customerOrderId ?? 0) || Number((await resourceClient(t.app, maker.access_token, 'scmapi', 'customerorder').page({ tab: 'pending' })).body.data.rows.find((r) => r.source_no === prNo)!.id);
    const co = (await resourceClient(t.app, maker.access_token, 'scmapi', 'customerorder').view(coId)).body.data;
    const coNo = String(co.order_no);
    expect(coNo).toMatch(/^CO/);

    expect(await unread(maker)).toBe(before.maker + 1);
    expect(await unread(planner)).toBe(before.planner + 1);
    // Nobody outside the maker hears of it.
    expect(await unread(buyer)).toBe(before.buyer);
    expect(await unread(supplier)).toBe(before.supplier);
    const [zh] = (await get<Page>(maker, '/api/notifyapi/notify-msg/index')).rows;
    expect(zh).toMatchObject({ kind: 'order.received', doc_no: coNo, title: `收到新订单 ${coNo}`, link: `/page/document/customerorder?id=${coId}` });
    expect(zh.body).toContain(prNo);
    expect(zh.body).toContain('悦衣品牌');
    expect(zh.body).toBe(`悦衣品牌 发来订单 ${coNo}（品牌单号 ${prNo}），请确认接单或拒绝。`);
    const [en] = (await get<Page>(planner, '/api/notifyapi/notify-msg/index')).rows;
    expect(en).toMatchObject({ kind: 'order.received', doc_no: coNo, title: `New order ${coNo} received` });

    // The maker rejects: the brand's sender (and only they) hears it, by the brand's own number.
    const adminBefore = await unread(admin);
    const rejected = await resourceClient(t.app, maker.access_token, 'scmapi', 'customerorder').action('reject', { id: coId, reject_reason: '产能已满' });
    expect(rejected.status).toBe(200);
    expect(await unread(admin)).toBe(adminBefore + 1);
    expect(await unread(buyer)).toBe(before.buyer);
    const [rej] = (await get<Page>(admin, '/api/notifyapi/notify-msg/index')).rows;
    expect(rej).toMatchObject({ kind: 'order.rejected', doc_no: prNo, title: `大货需求订单 ${prNo}：工厂已拒绝` });
    expect(rej.body).toContain('产能已满');
    expect(rej.body).toContain('华纺制衣');
  });

  it('publishing an allocation version tells the company\'s users, naming the version by its code', async () => {
    const before = { admin: await unread(admin), buyer: await unread(buyer), supplier: await unread(supplier) };
    const versions = resourceClient(t.app, admin.access_token, 'scmapi', 'allocationversion');
    const draft = (await versions.page()).body.data.rows.find((r) => r.status === 'draft')!;
    expect(draft).toBeTruthy();
    expect((await versions.action('publish', { id: draft.id })).status).toBe(200);
    expect(await unread(admin)).toBe(before.admin + 1);
    expect(await unread(buyer)).toBe(before.buyer + 1);
    expect(await unread(supplier)).toBe(before.supplier);
    const [n] = (await get<Page>(buyer, '/api/notifyapi/notify-msg/index')).rows;
    expect(n).toMatchObject({ kind: 'allocation.published', doc_no: String(draft.version_code), title: `分配版本 ${String(draft.version_code)} 已发布` });
  });

  it('refuses the calls without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-msg/unread-index' });
    expect(res.statusCode).toBe(401);
  });
});
