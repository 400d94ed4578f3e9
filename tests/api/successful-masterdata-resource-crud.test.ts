import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

let t: TestApp;
let brand: string;
beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
});
afterAll(async () => t?.close());

describe('master data through the generic resource API', () => {
  it('creates a vendor with a generated code, lists, filters, views, edits and shows its history', async () => {
    const v = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const created = await v.save({ name: '测试面料厂', vendor_type: 'fabric', grade: 'A', bank_branch_code: '012345678901', contact_mobile: '13912345678' });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const doc = created.body.data;
    expect(doc.code).toMatch(/^V\d{4}\d{4}$/);
    expect(doc.status).toBe('active');
    expect(doc.version).toBe(1);
    expect(doc.bank_branch_code).toBe('012345678901');
    expect(typeof doc.valid_from).toBe('string');
    expect(doc.valid_from).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const page = await v.page({ 'f.name.like': '面料厂', sort: '-code', size: 10 });
    expect(page.body.code).toBe(200);
    expect(page.body.data.rows.map((r) => r.id)).toContain(doc.id);

    const edited = await v.save({ ...doc, grade: 'B' });
    expect(edited.body.code, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.version).toBe(2);

    const stale = await v.save({ ...doc, grade: 'C' });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(11409);
    expect(stale.body.message).toBe('该单据已被他人操作，请刷新后重试');

    const history = await v.history(doc.id);
    expect(history.body.code).toBe(200);
    expect(history.body.data.rows[0].action).toBe('update');
    expect(history.body.data.rows[0].changes).toEqual([expect.objectContaining({ field: 'grade', old: 'A', new: 'B', label: '等级' })]);
    expect(history.body.data.rows[1].action).toBe('create');
  });

  it('saves a material with its price history in one document and replaces child rows by id', async () => {
    const vendors = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const vendor = (await vendors.save({ name: '价格测试供应商', vendor_type: 'trim' })).body.data;
    const m = resourceClient(t.app, brand, 'mdapi', 'material');
    const saved = await m.save({
      name: '全棉汗布 40S', material_group: 'fabric', unit: 'M', vendor_id: vendor.id, price: '12.3456', min_dos: 5, target_dos: 10, max_dos: 20,
      price_history: [{ effective_date: '2026-01-01', price: 11.5 }, { effective_date: '2026-03-01', price: '12.3456' }],
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const doc = saved.body.data as Record<string, unknown> & { price_history: Array<Record<string, unknown>> };
    expect(doc.price).toBe(12.3456);
    expect(doc.vendor_id__label).toBe('价格测试供应商');
    expect(doc.price_history).toHaveLength(2);
    const [first, second] = doc.price_history;
    const again = await m.save({ ...doc, price_history: [{ ...first, price: 11.8 }, { effective_date: '2026-06-01', price: 13 }] });
    expect(again.body.code, JSON.stringify(again.body)).toBe(200);
    const lines = (again.body.data as { price_history: Array<Record<string, unknown>> }).price_history;
    expect(lines.map((l) => l.price)).toEqual([11.8, 13]);
    expect(lines[0].id).toBe(first.id);
    expect(lines.some((l) => l.id === second.id)).toBe(false);
    const history = await m.history(doc.id);
    const fields = history.body.data.rows[0].changes.map((c) => c.field);
    expect(fields).toContain(`price_history[#${first.id}].price`);
    expect(fields).toContain(`price_history[#${second.id}].price`);
  });
});
