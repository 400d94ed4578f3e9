import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEntityFile, type RowMaker } from '../../fixtures/xlsx/large';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, UPLOAD_BASE } from './import-support';

/**
 * Issue 10's two side doors: an Excel import went around the rules a form save keeps. Both run
 * through the import centre as a user would, and each refusal must carry the form's own message.
 * - demand lines into a published allocation version were committed (month outside the range,
 *   `year` empty, the version's totals stale);
 * - an update-by-key import changed a maker's copy of an order a brand sent.
 */
let t: TestApp;
let brand: string;
let maker: string;
const tmp = resolve('.tmp/import-side-doors');

type ErrorRow = { row: number; column: string; message: string };

async function fileOf(name: string, entity: string, rows: Array<Record<string, unknown>>) {
  const path = join(tmp, name);
  const make: RowMaker = (i) => rows[i] as Record<string, string | number | null>;
  await writeEntityFile(path, entity, rows.length, make);
  return { name, content: readFileSync(path) };
}

async function errorsOf(token: string, jobId: number): Promise<ErrorRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${jobId}/errors?page=1&size=100`, headers: api(token) });
  return (res.json() as { data: { rows: ErrorRow[] } }).data.rows;
}

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
  maker = await signIn(t.app, 'maker');
});
afterAll(async () => t?.close());

describe('demand lines: the import keeps the version rules of the form', () => {
  it('refuses lines of a published version with the form message and leaves its totals alone', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const v = (await versions.save({ version_code: 'V-SIDE-PUB', name: 'published', month_from: '2026-01', month_to: '2026-03' })).body.data;
    expect((await versions.action('publish', { id: v.id })).status).toBe(200);
    const demand = resourceClient(t.app, brand, 'scmapi', 'demand');
    const formSave = await demand.save({ version_id: v.id, month: '2026-02', category: 'knit-top', plan_qty: 100 });
    expect(formSave.status).toBe(409);
    expect(formSave.body.message).toBe('该版本已发布或已归档，只读');

    const file = await fileOf('published.xlsx', 'demand', [
      { version_id: 'V-SIDE-PUB', month: '2026-02', category: 'knit-top', plan_qty: 100 },
      { version_id: 'V-SIDE-PUB', month: '2026-03', category: 'knit-top', plan_qty: 50 },
    ]);
    const job = await importFile(t.app, brand, file, { entity: 'demand', commit: 'all' });
    expect(job.result).toMatchObject({ total: 2, invalid: 2, committed: false, inserted: 0 });
    const errors = await errorsOf(brand, job.id);
    expect(errors.map((e) => [e.row, e.message])).toEqual([
      [2, formSave.body.message],
      [3, formSave.body.message],
    ]);
    expect((await demand.page({ 'f.version_id.eq': Number(v.id) })).body.data.total).toBe(0);
    expect(Number((await versions.view(v.id)).body.data.demand_qty)).toBe(0);
  });

  it('refuses a month outside a draft version as the form does, and derives year and totals as the form does', async () => {
    const versions = resourceClient(t.app, brand, 'scmapi', 'allocationversion');
    const v = (await versions.save({ version_code: 'V-SIDE-DRAFT', name: 'draft', month_from: '2026-01', month_to: '2026-03' })).body.data;
    const demand = resourceClient(t.app, brand, 'scmapi', 'demand');
    const formSave = await demand.save({ version_id: v.id, month: '2026-07', category: 'knit-top', plan_qty: 10 });
    expect(formSave.status).toBe(400);
    const formMessage = (formSave.body.data as unknown as { errors: Record<string, string> }).errors.month;
    expect(formMessage).toBe('需求月份不在版本范围内');

    const outside = await fileOf('outside.xlsx', 'demand', [{ version_id: 'V-SIDE-DRAFT', month: '2026-07', category: 'knit-top', plan_qty: 10 }]);
    const refused = await importFile(t.app, brand, outside, { entity: 'demand', commit: 'all' });
    expect(refused.result).toMatchObject({ invalid: 1, committed: false });
    expect(await errorsOf(brand, refused.id)).toEqual([expect.objectContaining({ row: 2, message: formMessage })]);

    const inside = await fileOf('inside.xlsx', 'demand', [
      { version_id: 'V-SIDE-DRAFT', month: '2026-02', category: 'knit-top', plan_qty: 120 },
      { version_id: 'V-SIDE-DRAFT', month: '2026-03', category: 'knit-top', plan_qty: 80 },
    ]);
    const done = await importFile(t.app, brand, inside, { entity: 'demand', commit: 'all' });
    expect(done.result).toMatchObject({ inserted: 2, committed: true });
    const lines = (await demand.page({ 'f.version_id.eq': Number(v.id) })).body.data.rows;
    expect(lines.map((l) => l.year)).toEqual([2026, 2026]);
    expect(Number((await versions.view(v.id)).body.data.demand_qty)).toBe(200);
  });
});

describe('customer orders: a shared copy changes by import no more than by form', () => {
  it('refuses an update by key of an order the brand sent, with the form message, and changes nothing', async () => {
    const vendors = (await resourceClient(t.app, brand, 'mdapi', 'vendor').page({ size: 100 })).body.data.rows;
    const joined = vendors.find((x) => x.platform_client_code === 'MAKER01')!;
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder');
    const entries = [{ style_no: 'ST-SIDE', style_name: '测试款', colour: '黑色', size: 'M', qty: 30, unit_price: 10, seq: 1 }];
    const saved = (await orders.save({ pr_type: 'bulk', customer_po: 'PO-SIDE', category: 'knit-top', receive_date: '2026-03-02', delivery_date: '2026-04-20', currency: 'CNY', maker_vendor_id: joined.id, entries })).body.data;
    expect((await orders.action('send', { id: saved.id })).status).toBe(200);

    const customerOrders = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const copy = (await customerOrders.page({ 'f.customer_po.eq': 'PO-SIDE' })).body.data.rows[0];
    expect(copy).toBeTruthy();
    const formSave = await customerOrders.save({ ...(await customerOrders.view(copy.id)).body.data, customer_po: 'PO-CHANGED' });
    expect(formSave.status).toBe(409);
    expect(formSave.body.message).toBe('客户在平台上发送的订单只能通过接单、拒绝、完成操作');

    const file = await fileOf('shared-order.xlsx', 'customerorder', [{ order_no: copy.order_no, customer_po: 'PO-CHANGED', delivery_date: '2026-12-31' }]);
    const job = await importFile(t.app, maker, file, { entity: 'customerorder', mode: 'upsert', commit: 'all' });
    expect(job.result).toMatchObject({ invalid: 1, committed: false, updated: 0 });
    expect(await errorsOf(maker, job.id)).toEqual([expect.objectContaining({ row: 2, message: formSave.body.message })]);
    const after = (await customerOrders.view(copy.id)).body.data;
    expect(after).toMatchObject({ customer_po: 'PO-SIDE', delivery_date: copy.delivery_date, version: copy.version });
  });
});

describe('an entity is imported only where a page offers import', () => {
  it('lists and accepts entities whose page offers import, refuses others', async () => {
    const links = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/page-upload-links`, headers: api(brand) });
    const offered = (links.json() as { data: Array<{ entity: string }> }).data.map((l) => l.entity);
    expect(offered).toEqual(expect.arrayContaining(['vendor', 'material', 'demand']));
    // Allocation versions are worked in the workbench; their list offers no import.
    expect(offered).not.toContain('allocationversion');
    const template = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/template?entity=allocationversion`, headers: api(brand) });
    expect(template.statusCode).toBe(403);
    expect((template.json() as { message: string }).message).toContain('该页面不提供导入');
  });
});

describe('an import numbers as the form numbers', () => {
  it("uses the company's own SN rule for records the sheet leaves without a number", async () => {
    const rules = resourceClient(t.app, brand, 'adminapi', 'admin_sn_rule');
    expect((await rules.save({ rule_key: 'customer', prefix: 'KH', date_prefix: 'YYYY', length: 3, suffix: 'X' })).body.code).toBe(200);
    const customers = resourceClient(t.app, brand, 'mdapi', 'customer');
    const viaForm = await customers.save({ name: '表单客户', customer_type: 'brand', currency: 'CNY' });
    expect(viaForm.body.data.code).toMatch(/^KH\d{4}\d{3}X$/);
    const file = await fileOf('customers.xlsx', 'customer', [{ name: '导入客户', customer_type: 'brand', currency: 'CNY' }]);
    const job = await importFile(t.app, brand, file, { entity: 'customer', commit: 'all' });
    expect(job.result, JSON.stringify(job.result)).toMatchObject({ inserted: 1, committed: true });
    const imported = (await customers.page({ 'f.name.eq': '导入客户' })).body.data.rows[0];
    expect(imported.code).toMatch(/^KH\d{4}\d{3}X$/);
    expect(imported.code).not.toBe(viaForm.body.data.code);
  });
});
