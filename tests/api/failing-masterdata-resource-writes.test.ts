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

const errorsOf = (body: { data: unknown }) => (body.data as { errors: Record<string, string> }).errors;

describe('refused writes of the generic resource API', () => {
  it('form-encoded save: child rows as JSON text, errors of a child row keyed lines[i].field, empty list as an empty string', async () => {
    const m = resourceClient(t.app, brand, 'mdapi', 'material');
    const vendorId = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 1 })).body.data.rows[0].id;
    const bad = await m.saveForm({
      name: '表单物料', material_group: 'fabric', unit: 'M', validity: '10', vendor_id: String(vendorId),
      price_history: JSON.stringify([{ effective_date: '2026-01-01', price: '1.5' }, { effective_date: '2026-02-30', price: '1.23456' }]),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(11000);
    expect(errorsOf(bad.body)).toEqual({ 'price_history[1].effective_date': '不是有效的日期（YYYY-MM-DD）', 'price_history[1].price': '最多四位小数' });
    const good = await m.saveForm({ name: '表单物料', material_group: 'fabric', unit: 'M', validity: '10', vendor_id: String(vendorId), price_history: '' });
    expect(good.body.code, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.price_history).toEqual([]);
  });

  it('spec 5: a material with both a vendor and a customer, and one with neither', async () => {
    const m = resourceClient(t.app, brand, 'mdapi', 'material');
    const vendorId = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 1 })).body.data.rows[0].id;
    const customerId = (await resourceClient(t.app, brand, 'mdapi', 'customer').page({ size: 1 })).body.data.rows[0].id;
    const both = await m.save({ name: 'x', material_group: 'fabric', unit: 'M', vendor_id: vendorId, customer_id: customerId });
    expect(errorsOf(both.body).vendor_id).toBe('物料只能归属于供应商或客户其中之一，不能同时选择');
    const none = await m.save({ name: 'x', material_group: 'fabric', unit: 'M' });
    expect(errorsOf(none.body).customer_id).toBe('物料必须归属于供应商或客户其中之一');
  });

  it('spec 5: a domestic bank branch code must be numeric', async () => {
    const res = await resourceClient(t.app, brand, 'mdapi', 'vendor').save({ name: '银行测试', vendor_type: 'fabric', bank_branch_code: '10233-7000' });
    expect(res.body.code).toBe(11000);
    expect(errorsOf(res.body).bank_branch_code).toBe('国内银行联行号必须为数字');
  });

  it('a reference to another tenant\'s row is refused as missing', async () => {
    const maker = await tokenFor(t.database.db, t.config, 'maker');
    const foreignVendor = (await resourceClient(t.app, maker, 'mdapi', 'vendor').page({ size: 1 })).body.data.rows[0].id;
    const res = await resourceClient(t.app, brand, 'mdapi', 'material').save({ name: 'x', material_group: 'fabric', unit: 'M', vendor_id: foreignVendor });
    expect(errorsOf(res.body).vendor_id).toBe('引用的记录不存在');
  });

  it('a tree parent cannot be the record itself or its descendant', async () => {
    const org = resourceClient(t.app, brand, 'mdapi', 'org');
    const root = (await org.page({ 'f.code.eq': 'ORG' })).body.data.rows[0];
    const child = (await org.page({ 'f.code.eq': 'ORG-PROD' })).body.data.rows[0];
    const res = await org.save({ ...root, parent_id: child.id });
    expect(errorsOf(res.body).parent_id).toBe('上级不能是自身或其下级');
    const self = await org.save({ ...root, parent_id: root.id });
    expect(errorsOf(self.body).parent_id).toBe('上级不能是自身或其下级');
  });

  it('a typed document number that exists: "单号已存在，无法创建"', async () => {
    const v = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const res = await v.save({ code: 'VD001', name: '重复', vendor_type: 'fabric' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 11001, message: '单号已存在，无法创建', data: { errors: { code: '单号已存在，无法创建' } } });
  });

  it('a record other records use is refused with its own code (11006), not the duplicate number\'s 11001', async () => {
    const v = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const used = (await v.page({ 'f.code.eq': 'VD001' })).body.data.rows[0];
    const res = await v.remove([Number(used.id)]);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(11006);
    expect(res.body.message).toMatch(/^该记录已被.+引用，无法删除$/);
  });

  it('removal of a vendor that materials use is refused; a frozen vendor can be neither saved nor removed until activated', async () => {
    const v = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const used = (await v.page({ 'f.code.eq': 'VD001' })).body.data.rows[0];
    const refused = await v.remove([used.id]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('该记录已被物料引用，无法删除');

    const fresh = (await v.save({ name: '冻结测试', vendor_type: 'trim' })).body.data;
    const frozen = await v.action('freeze', { ids: [fresh.id] });
    expect(frozen.body.code, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.data.rows[0].status).toBe('frozen');
    const again = await v.action('freeze', { ids: [fresh.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('当前状态不允许执行“冻结”');
    const save = await v.save({ ...frozen.body.data.rows[0], name: '改名' });
    expect(save.body).toMatchObject({ code: 11002, message: '当前状态的单据不能修改或删除' });
    expect((await v.remove([fresh.id])).body.code).toBe(11002);
    const active = await v.action('activate', { ids: [fresh.id] });
    expect(active.body.data.rows[0].status).toBe('active');
    expect((await v.remove([fresh.id])).body.code).toBe(200);
    const history = await v.history(fresh.id);
    expect(history.body.data.rows.map((r) => r.action)).toEqual(['remove', 'activate', 'freeze', 'create']);
    expect((await v.view(fresh.id)).status).toBe(404);
  });

  it('bad list queries are a 400, not a silent full list', async () => {
    const v = resourceClient(t.app, brand, 'mdapi', 'vendor');
    const queries: Array<Record<string, string | number>> = [{ 'f.nope.eq': 1 }, { 'f.name.gt2': 'x' }, { 'f.valid_from.eq': '2026-02-31' }, { sort: 'nope' }, { size: 501 }, { tab: 'nope' }, { 'f.bank_name.lt': 'x', 'f.status.between': 'a' }];
    for (const q of queries) {
      const res = await v.page(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
    const tabs = await v.page({ tabs: 1 });
    expect(tabs.body.data.tabs).toMatchObject({ all: tabs.body.data.total, active: expect.any(Number), frozen: expect.any(Number) });
  });

  it('a child row id that belongs to another document is refused', async () => {
    const m = resourceClient(t.app, brand, 'mdapi', 'material');
    const rows = (await m.page({ size: 2, sort: 'code' })).body.data.rows;
    const a = (await m.view(rows[0].id)).body.data as Record<string, unknown> & { price_history: Array<{ id: number }> };
    const b = (await m.view(rows[1].id)).body.data as Record<string, unknown> & { price_history: Array<{ id: number }> };
    const res = await m.save({ ...a, price_history: [{ ...b.price_history[0] }] });
    expect(errorsOf(res.body)['price_history[0].id']).toBe('明细行不存在或不属于该单据');
  });
});
