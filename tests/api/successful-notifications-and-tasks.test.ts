import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseNotice } from '../../src/server/services/notify';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

type Page = { rows: { id: number; title: string; doc_no: string | null; read_at: string | null }[]; total: number };

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
    expect(await unread(buyer)).toBe(0);
    const sent = await raiseNotice(t.app.db, {
      clientId: buyer.client_id!, userIds: [buyer.id, supplier.id], kind: 'order.received',
      title: '收到订单 PO-2026-0001', body: '供应商已确认', doc_no: 'PO-2026-0001', link: '/orders/PO-2026-0001',
    });
    expect(sent).toEqual([buyer.id]);
    expect(await unread(buyer)).toBe(1);
    expect(await unread(supplier)).toBe(0);
    expect(await unread(admin)).toBe(0);
    const page = await get<Page>(buyer, '/api/notifyapi/notify-msg/index');
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({ title: '收到订单 PO-2026-0001', doc_no: 'PO-2026-0001', read_at: null });
    expect((await get<Page>(supplier, '/api/notifyapi/notify-msg/index')).total).toBe(0);
  });

  it('marks read only the caller\'s own notices', async () => {
    const [mine] = (await get<Page>(buyer, '/api/notifyapi/notify-msg/index')).rows;
    const other = await t.app.inject({ method: 'POST', url: '/api/notifyapi/notify-msg/read', headers: bearer(supplier.access_token), payload: { ids: [mine.id] } });
    expect(body<{ changed: number }>(other).data.changed).toBe(0);
    expect(await unread(buyer)).toBe(1);
    const res = await t.app.inject({ method: 'POST', url: '/api/notifyapi/notify-msg/read', headers: bearer(buyer.access_token), payload: { ids: [mine.id] } });
    expect(body<{ changed: number }>(res).data.changed).toBe(1);
    expect(await unread(buyer)).toBe(0);
    expect((await get<Page>(buyer, '/api/notifyapi/notify-msg/index?unread=1')).total).toBe(0);
  });

  it('refuses the calls without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifyapi/notify-msg/unread-index' });
    expect(res.statusCode).toBe(401);
  });
});
