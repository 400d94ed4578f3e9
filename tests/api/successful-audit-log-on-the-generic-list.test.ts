import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the audit log is the engine's read-only list of the view entity `audit` (audit_log): a
 * company administrator reads their company's rows, the super administrator every company's (read in
 * the system scope) with the company's name; the columns read in words (record type, record, action,
 * the changes as lines) while filters and the quick search read the stored codes; a member is
 * refused, nothing is written. The old address answers through the same reader.
 */
let t: TestApp;
let admin: string;
let brand: string;
let maker: string;
let buyer: string;
const audit = (token: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'adminapi', 'audit', lang);
let vendorId = 0;
let makerClient = 0;

beforeAll(async () => {
  t = await createTestApp();
  [admin, brand, maker, buyer] = await Promise.all(['admin', 'brand', 'maker', 'brand.buyer'].map((u) => tokenFor(t.database.db, t.config, u)));
  const vendors = resourceClient(t.app, maker, 'mdapi', 'vendor');
  const v = (await vendors.save({ code: 'VAUDL1', name: '日志列表工厂', vendor_type: 'garment', currency: 'CNY' })).body.data;
  vendorId = Number(v.id);
  makerClient = (await sql<{ client_id: number }>`select client_id from users where username = 'maker'`.execute(t.database.db)).rows[0].client_id;
  expect((await vendors.save({ ...v, vendor_type: 'fabric' })).status).toBe(200);
});
afterAll(async () => t?.close());

describe('the audit log on the engine', () => {
  it('lists the company\'s changes in words, newest first, found by the codes they store', async () => {
    const page = await audit(maker).page({ 'f.entity.eq': 'vendor', 'f.record_id.eq': vendorId, size: 10 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.total).toBe(2);
    const [update, create] = page.body.data.rows;
    expect(update).toMatchObject({ action: 'update', action_label: '修改', entity_label: '供应商', entity: 'vendor', company_id: makerClient });
    expect(String(update.record_title)).toContain('VAUDL1');
    expect(update.changes_text).toContain('供应商类型：成衣工厂 → 面料供应商');
    expect(create).toMatchObject({ action: 'create', action_label: '新建' });
    const en = await audit(maker, 'en').view(update.id);
    expect(en.body.data).toMatchObject({ entity_label: 'Vendor', record_title: update.record_title });
    expect(en.body.data.changes_text).toContain('Vendor type：Garment maker → Fabric supplier');
    // The quick search and a filter on the changes read the stored codes.
    const byCode = await audit(maker).page({ q: 'fabric', opt: 'audit', 'f.record_id.eq': vendorId });
    expect(byCode.body.data.rows.map((r) => r.id)).toEqual([update.id]);
    const contains = await audit(maker).page({ 'f.changes_text.like': 'fabric', 'f.entity.eq': 'vendor', 'f.record_id.eq': vendorId });
    expect(contains.body.data.total).toBe(1);
    const all = await audit(maker).page({ size: 100 });
    expect(new Set(all.body.data.rows.map((r) => r.company_id))).toEqual(new Set([makerClient]));
    expect((await audit(maker).page({ sort: 'nope' })).status).toBe(400);
  });

  it('keeps another company\'s rows out, refuses a member and takes no writes', async () => {
    const mine = (await audit(maker).page({ 'f.record_id.eq': vendorId, 'f.entity.eq': 'vendor' })).body.data.rows[0];
    expect((await audit(brand).view(mine.id)).status).toBe(404);
    expect((await audit(brand).page({ 'f.record_id.eq': vendorId, 'f.entity.eq': 'vendor' })).body.data.total).toBe(0);
    expect((await audit(buyer).page()).status).toBe(403);
    expect((await audit(maker).save({ id: mine.id, version: 1, username: 'x' })).status).toBe(404);
    expect((await audit(maker).remove([Number(mine.id)], [1])).status).toBe(404);
  });

  it('gives the super administrator every company\'s rows with the company\'s name', async () => {
    const page = await audit(admin).page({ size: 200 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(new Set(page.body.data.rows.map((r) => r.company_id)).size).toBeGreaterThan(1);
    const row = (await audit(admin).page({ 'f.record_id.eq': vendorId, 'f.entity.eq': 'vendor', 'f.company_id.eq': makerClient })).body.data.rows[0];
    expect(row).toMatchObject({ action_label: '修改', company_id: makerClient });
    expect(String(row.company)).not.toBe('');
    expect(String(row.record_title)).toContain('VAUDL1');
    expect((await audit(admin).view(row.id)).body.data).toMatchObject({ record_title: row.record_title, company: row.company });
  });

  it('answers the old address on the caller\'s company, or the one the super administrator names', async () => {
    const get = async (token: string, query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/adminapi/audit?${query}`, headers: { authorization: `Bearer ${token}` } });
      return res.json() as { code: number; data: { rows: Array<Record<string, unknown>>; total: number } };
    };
    const own = await get(maker, `entity=vendor&record_id=${String(vendorId)}`);
    expect(own.data.total).toBe(2);
    expect(own.data.rows[0]).toMatchObject({ action: 'update', entity_label: '供应商' });
    expect((await get(brand, `entity=vendor&record_id=${String(vendorId)}`)).data.total).toBe(0);
    expect((await get(admin, `entity=vendor&record_id=${String(vendorId)}`)).data.total).toBe(0);
    expect((await get(admin, `entity=vendor&record_id=${String(vendorId)}&client_id=${String(makerClient)}`)).data.total).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(maker, `entity=vendor&record_id=${String(vendorId)}&from=${today}&to=${today}`)).data.total).toBe(2);
    expect((await get(maker, `entity=vendor&record_id=${String(vendorId)}&to=2000-01-01`)).data.total).toBe(0);
    expect((await get(maker, 'from=yesterday')).code).toBe(11000);
  });
});
