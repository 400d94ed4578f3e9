import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allDictionaries } from '../../src/model/dictionaries';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the system dictionary is the engine's read-only list of the view entity `sysdict`, whose
 * rows are the dictionaries declared in src/model (one per item), read through the list query of
 * every list: the super administrator's alone, with quick search, column filters, sort and paging,
 * a record's view, and no write. The old address answers through the same reader.
 */
let t: TestApp;
let admin: string;
let brand: string;
const dict = (token: string) => resourceClient(t.app, token, 'adminapi', 'sysdict');
const declaredItems = () => allDictionaries().reduce((n, d) => n + d.items.length, 0);

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.database.db, t.config, 'admin');
  brand = await tokenFor(t.database.db, t.config, 'brand');
});
afterAll(async () => t?.close());

describe('the system dictionary on the engine', () => {
  it('lists every declared item, finds by quick search and filters by dictionary', async () => {
    const page = await dict(admin).page({ size: 20 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.total).toBe(declaredItems());
    expect(page.body.data.rows).toHaveLength(20);
    const licence = await dict(admin).page({ 'f.dict_code.eq': 'licence_type', size: 100, sort: 'value' });
    expect(licence.body.data.rows.map((r) => r.value)).toEqual(allDictionaries().find((d) => d.code === 'licence_type')!.items.map((i) => i.value).sort());
    const found = await dict(admin).page({ q: '人民币', opt: 'sysdict', size: 100 });
    expect(found.body.data.rows.some((r) => r.dict_code === 'currency' && r.value === 'CNY')).toBe(true);
    const row = licence.body.data.rows[0];
    const view = await dict(admin).view(row.id);
    expect(view.body.data).toMatchObject({ dict_code: 'licence_type', value: row.value, label_zh: row.label_zh });
    expect((await dict(admin).page({ sort: 'nope' })).status).toBe(400);
  });

  it('is refused to a company administrator and takes no writes', async () => {
    expect((await dict(brand).page()).status).toBe(403);
    expect((await dict(brand).view(1)).status).toBe(403);
    expect((await dict(admin).save({ id: 1, version: 1, value: 'x' })).status).toBe(404);
    expect((await dict(admin).remove([1], [1])).status).toBe(404);
  });

  it('answers the old address grouped by dictionary, through the same reader', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/adminapi/sys/dictionaries', headers: { authorization: `Bearer ${admin}` } });
    const dicts = (res.json() as { data: Array<{ code: string; label: { zh: string }; items: Array<{ value: string }> }> }).data;
    expect(dicts.map((d) => d.code).sort()).toEqual(allDictionaries().filter((d) => d.items.length).map((d) => d.code).sort());
    const currency = allDictionaries().find((d) => d.code === 'currency')!;
    expect(dicts.find((d) => d.code === 'currency')).toEqual({ code: 'currency', label: currency.label, items: currency.items.map((i) => ({ value: i.value, label: i.label })) });
  });
});
