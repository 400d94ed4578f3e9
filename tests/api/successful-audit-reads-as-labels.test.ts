import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * Issue 21: the audit log reads as the screens do. A row names its record type and the document's
 * number, the action by its name, each field by its label and each value by its label (a state, a
 * dictionary item), in the caller's language; the stored codes stay beside them.
 */
let t: TestApp;
let maker: string;

type Change = { field: string; old: unknown; new: unknown; label: string; old_text: string | null; new_text: string | null };
type Row = { entity: string; record_id: number; action: string; entity_label: string; record_title: string | null; action_label: string; changes: Change[] };

async function audit(token: string, query: string, lang = 'zh-CN'): Promise<Row[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/adminapi/audit?${query}`, headers: { authorization: `Bearer ${token}`, 'x-lang': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { rows: Row[] } }).data.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
});
afterAll(async () => t?.close());

describe('the audit log in words', () => {
  it('names a vendor change by labels and dictionary names, and the vendor by its code and name', async () => {
    const vendors = resourceClient(t.app, maker, 'mdapi', 'vendor');
    const v = (await vendors.save({ code: 'VAUD01', name: '审计测试工厂', vendor_type: 'garment', currency: 'CNY' })).body.data;
    const changed = await vendors.save({ ...v, vendor_type: 'fabric' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const rows = await audit(maker, `entity=vendor&record_id=${String(v.id)}`);
    const update = rows.find((r) => r.action === 'update')!;
    expect(update).toMatchObject({ entity_label: '供应商', action_label: '修改' });
    expect(update.record_title).toContain('VAUD01');
    const type = update.changes.find((c) => c.field === 'vendor_type')!;
    expect(type).toMatchObject({ old: 'garment', new: 'fabric', label: '供应商类型', old_text: '成衣工厂', new_text: '面料供应商' });
    const en = (await audit(maker, `entity=vendor&record_id=${String(v.id)}`, 'en')).find((r) => r.action === 'update')!;
    expect(en.changes.find((c) => c.field === 'vendor_type')).toMatchObject({ label: 'Vendor type', new_text: 'Fabric supplier' });
  });

  it('names a state-machine action and the states it moved between, on the order\'s number', async () => {
    const orders = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const pending = (await orders.page({ size: 100 })).body.data.rows.find((r) => r.status === 'pending')!;
    expect(pending, 'the demo season leaves the maker an unanswered order').toBeTruthy();
    expect((await orders.action('accept', { id: pending.id })).status).toBe(200);
    const row = (await audit(maker, `entity=customerorder&record_id=${String(pending.id)}`)).find((r) => r.action === 'accept')!;
    expect(row).toMatchObject({ entity_label: '客户订单', action_label: '接单' });
    expect(row.record_title).toContain(String(pending.order_no));
    expect(row.changes.find((c) => c.field === 'status')).toMatchObject({ label: '状态', new_text: '进行中' });
  });
});
