import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 32, column filters per field type and the quick search, through the list endpoint on a
 * real database: each operator of each field type returns exactly the rows the test computes from
 * what it inserted; the quick search looks in the page's declared fields with % and _ taken
 * literally; a bad filter is a typed 400 in the caller's language; another company's rows and rows
 * outside the caller's data permission never come back, whatever the filter; keyset pages and the
 * count follow the filters.
 */
let t: TestApp;
let brand: string;
let brandId: number;
let supplierId: number;

type Material = { id: number; code: string; name: string; spec: string | null; price: number | null; material_group: string; vendor_id: number | null; share: boolean; created_at: string };
const mats: Material[] = [];
const vendorIds: number[] = [];
const GROUPS = ['fabric', 'trim', 'lining', 'packing'];
const SPECS = ['50% 棉', '5x0 棉', 'a_b', 'AxB', null];

const clientIdOf = async (code: string) => (await sql<{ id: number }>`select id from clients where code = ${code}`.execute(t.database.db)).rows[0].id;

async function insertMaterial(clientId: number, m: Omit<Material, 'id'>): Promise<number> {
  const r = await sql<{ id: number }>`insert into md_material (client_id, code, name, spec, price, material_group, unit, validity, vendor_id, share, created_at)
    values (${clientId}, ${m.code}, ${m.name}, ${m.spec}, ${m.price}, ${m.material_group}, 'PCS', '10', ${m.vendor_id}, ${m.share}, ${m.created_at}) returning id`.execute(t.database.db);
  return Number(r.rows[0].id);
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  brandId = await clientIdOf('BRAND01');
  supplierId = await clientIdOf('SUPP01');
  for (const code of ['FLTV1', 'FLTV2']) {
    const r = await sql<{ id: number }>`insert into md_vendor (client_id, code, name, vendor_type, status) values (${brandId}, ${code}, ${`筛选供应商${code}`}, 'fabric', 'active') returning id`.execute(t.database.db);
    vendorIds.push(Number(r.rows[0].id));
  }
  for (let i = 0; i < 30; i++) {
    const m = {
      code: `FLT${String(i).padStart(3, '0')}`,
      name: i % 3 === 0 ? `衬衫面料${i}` : `Trim ${i}`,
      spec: SPECS[i % SPECS.length],
      price: i % 7 === 6 ? null : i * 1.5,
      material_group: GROUPS[i % GROUPS.length],
      vendor_id: i % 3 === 2 ? null : vendorIds[i % 2],
      share: i % 2 === 0,
      created_at: `2026-0${1 + (i % 5)}-1${i % 10} 10:00:00`,
    };
    mats.push({ ...m, id: await insertMaterial(brandId, m) });
  }
  // Another company's materials match every filter below, and must never come back.
  for (let i = 0; i < 30; i++) await insertMaterial(supplierId, { ...mats[i], code: mats[i].code, vendor_id: null });
}, 120_000);
afterAll(async () => t?.close());

const api = () => resourceClient(t.app, brand, 'mdapi', 'material');
/** The ids of the brand's test materials a query returns (every page of 100), checked against the count. */
async function idsOf(query: Record<string, string | number>): Promise<number[]> {
  const r = await api().page({ 'f.code.like': 'FLT', size: 200, sort: 'code', ...query });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const ids = r.body.data.rows.map((x) => Number(x.id));
  expect(r.body.data.total).toBe(ids.length);
  return ids;
}
const expected = (keep: (m: Material) => boolean) => mats.filter(keep).map((m) => m.id);

describe('each operator of each field type answers the rows it names', () => {
  it('text: contains (any case), equals, not equal, blank, in and not in', async () => {
    expect(await idsOf({ 'f.name.like': 'trim' })).toEqual(expected((m) => m.name.startsWith('Trim')));
    expect(await idsOf({ 'f.name.eq': '衬衫面料3' })).toEqual(expected((m) => m.name === '衬衫面料3'));
    expect(await idsOf({ 'f.spec.ne': 'a_b' })).toEqual(expected((m) => m.spec !== 'a_b'));
    expect(await idsOf({ 'f.spec.null': 1 })).toEqual(expected((m) => m.spec === null));
    expect(await idsOf({ 'f.spec.like': '50%' })).toEqual(expected((m) => m.spec === '50% 棉'));
    expect(await idsOf({ 'f.spec.like': 'a_b' })).toEqual(expected((m) => m.spec === 'a_b'));
  });

  it('numbers: ranges, comparisons, equals, blank', async () => {
    expect(await idsOf({ 'f.price.between': '6,18' })).toEqual(expected((m) => m.price !== null && m.price >= 6 && m.price <= 18));
    expect(await idsOf({ 'f.price.gt': '30' })).toEqual(expected((m) => m.price !== null && m.price > 30));
    expect(await idsOf({ 'f.price.lte': '4.5' })).toEqual(expected((m) => m.price !== null && m.price <= 4.5));
    expect(await idsOf({ 'f.price.eq': '12' })).toEqual(expected((m) => m.price === 12));
    expect(await idsOf({ 'f.price.ne': '12' })).toEqual(expected((m) => m.price !== 12));
    expect(await idsOf({ 'f.price.null': 1 })).toEqual(expected((m) => m.price === null));
    expect(await idsOf({ 'f.price.gte': '6', 'f.price.lt': '9' })).toEqual(expected((m) => m.price !== null && m.price >= 6 && m.price < 9));
  });

  it('dates and times: a day range, before, after', async () => {
    expect(await idsOf({ 'f.created_at.between': '2026-02-01 00:00:00,2026-03-31 23:59:59' })).toEqual(expected((m) => m.created_at >= '2026-02' && m.created_at < '2026-04'));
    expect(await idsOf({ 'f.created_at.lt': '2026-02-01 00:00:00' })).toEqual(expected((m) => m.created_at < '2026-02'));
    expect(await idsOf({ 'f.created_at.gt': '2026-05-01 00:00:00' })).toEqual(expected((m) => m.created_at > '2026-05-01'));
  });

  it('dictionaries: several values, and every value but some (empty values kept)', async () => {
    expect(await idsOf({ 'f.material_group.in': 'fabric,lining' })).toEqual(expected((m) => m.material_group === 'fabric' || m.material_group === 'lining'));
    expect(await idsOf({ 'f.material_group.nin': 'fabric' })).toEqual(expected((m) => m.material_group !== 'fabric'));
  });

  it('references and yes/no: picked records, excluded records, none', async () => {
    expect(await idsOf({ 'f.vendor_id.in': String(vendorIds[0]) })).toEqual(expected((m) => m.vendor_id === vendorIds[0]));
    expect(await idsOf({ 'f.vendor_id.nin': String(vendorIds[0]) })).toEqual(expected((m) => m.vendor_id !== vendorIds[0]));
    expect(await idsOf({ 'f.vendor_id.null': 1 })).toEqual(expected((m) => m.vendor_id === null));
    expect(await idsOf({ 'f.share.in': 'true' })).toEqual(expected((m) => m.share));
    expect(await idsOf({ 'f.share.eq': 'false', 'f.material_group.in': 'trim' })).toEqual(expected((m) => !m.share && m.material_group === 'trim'));
  });
});

describe('a multi-choice column', () => {
  it('has this option, any of these, none of these (empty lists kept)', async () => {
    const makerId = await clientIdOf('MAKER01');
    const lines = [['tops'], ['tops', 'pants'], ['dress'], null];
    const ids: number[] = [];
    for (const [i, cats] of lines.entries()) {
      const r = await sql<{ id: number }>`insert into md_workline (client_id, code, name, categories)
        values (${makerId}, ${`FLTWL${i}`}, ${`筛选产线${i}`}, ${cats === null ? null : JSON.stringify(cats)}::jsonb) returning id`.execute(t.database.db);
      ids.push(Number(r.rows[0].id));
    }
    const maker = resourceClient(t.app, await tokenFor(t.database.db, t.config, 'maker'), 'mdapi', 'workline');
    const got = async (q: Record<string, string>) => (await maker.page({ 'f.code.like': 'FLTWL', sort: 'code', ...q })).body.data.rows.map((r) => Number(r.id));
    const want = (keep: (c: string[] | null) => boolean) => ids.filter((_, i) => keep(lines[i]));
    expect(await got({ 'f.categories.eq': 'tops' })).toEqual(want((c) => Boolean(c?.includes('tops'))));
    expect(await got({ 'f.categories.in': 'pants,dress' })).toEqual(want((c) => Boolean(c?.some((x) => x === 'pants' || x === 'dress'))));
    expect(await got({ 'f.categories.nin': 'tops' })).toEqual(want((c) => !c?.includes('tops')));
    expect(await got({ 'f.categories.null': '1' })).toEqual(want((c) => c === null));
  });
});

describe('the quick search', () => {
  it('looks in the page\'s fields, contains, any case, wildcards taken literally', async () => {
    expect(await idsOf({ q: 'trim 1', opt: 'material' })).toEqual(expected((m) => m.name.toLowerCase().includes('trim 1') || m.code.toLowerCase().includes('trim 1')));
    expect(await idsOf({ q: 'flt02' })).toEqual(expected((m) => m.code.startsWith('FLT02')));
    // A % or _ in the search is that character, not a wildcard: no material is named with one.
    expect(await idsOf({ q: 'FLT0_1' })).toEqual([]);
    expect(await idsOf({ q: '%', opt: 'material' })).toEqual([]);
  });

  it('searches a page\'s declared quick fields (the customer orders: PO and brand name too)', async () => {
    const maker = await tokenFor(t.database.db, t.config, 'maker');
    const orders = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const makerId = await clientIdOf('MAKER01');
    const r = await sql<{ id: number }>`insert into scm_customer_order (client_id, order_no, brand_name, customer_po, status)
      values (${makerId}, 'FLTCO001', '快搜品牌_甲', 'PO-FLT-77', 'pending') returning id`.execute(t.database.db);
    const id = Number(r.rows[0].id);
    for (const q of ['po-flt-77', '快搜品牌_甲']) {
      const found = await orders.page({ q, opt: 'customerorder', size: 500 });
      expect(found.body.data.rows.map((x) => Number(x.id)), q).toEqual([id]);
    }
    const po = 'PO-FLT-77';
    // Without the page, the entity's code and title only.
    expect((await orders.page({ q: po, size: 500 })).body.data.rows).toEqual([]);
    expect((await orders.page({ q: 'fltco0', size: 500 })).body.data.rows.map((x) => Number(x.id))).toEqual([id]);
  });
});

describe('filters keep the paging, the count and the walls', () => {
  it('pages by keyset under a filter as OFFSET does, and counts the same rows', async () => {
    const query = { 'f.code.like': 'FLT', 'f.material_group.in': 'fabric,trim,lining', sort: 'code', size: 4, count: 'none' };
    const byOffset: number[] = [];
    const byKeyset: number[] = [];
    let after: string | undefined;
    for (let page = 1; page <= 7; page++) {
      byOffset.push(...(await api().page({ ...query, page })).body.data.rows.map((r) => Number(r.id)));
      const r = (await api().page({ ...query, page, ...(after ? { after } : {}) })).body.data as { rows: Array<Record<string, unknown>>; cursor?: string };
      byKeyset.push(...r.rows.map((x) => Number(x.id)));
      after = r.cursor;
    }
    const want = expected((m) => m.material_group !== 'packing');
    expect(byKeyset).toEqual(byOffset);
    expect(byOffset).toEqual(want);
    const count = await t.app.inject({ method: 'GET', url: '/api/mdapi/material/count', query: { 'f.code.like': 'FLT', 'f.material_group.in': 'fabric,trim,lining', q: 'flt', opt: 'material' }, headers: { authorization: `Bearer ${brand}` } });
    expect(count.json().data).toMatchObject({ total: want.length, estimated: false });
  });

  it('never answers another company\'s rows', async () => {
    const supplier = await tokenFor(t.database.db, t.config, 'supplier');
    const other = resourceClient(t.app, supplier, 'mdapi', 'material');
    const theirs = await other.page({ 'f.code.like': 'FLT', size: 200 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.rows).toHaveLength(30);
    const ours = new Set(mats.map((m) => m.id));
    expect(theirs.body.data.rows.some((r) => ours.has(Number(r.id)))).toBe(false);
    // A filter naming the brand's vendor finds nothing of the brand's on the supplier's side.
    expect((await other.page({ 'f.vendor_id.in': String(vendorIds[0]) })).body.data.rows).toEqual([]);
    // And the brand never sees the supplier's copies, whatever it asks.
    expect(await idsOf({ 'f.id.nin': mats.map((m) => m.id).join(',') })).toEqual([]);
  });

  it('keeps a user\'s data permission under every filter', async () => {
    const admin = await signIn(t.app, 'brand');
    const call = async (url: string, payload: Record<string, unknown>) => (await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${admin}` }, payload })).json() as { code: number; data: { id: number; rows?: Array<{ id: number; username: string }> } };
    const role = await call('/api/adminapi/roles/save', { code: 'mat_fabric', name_zh: '面料查看', name_en: 'Fabric viewer', grants: JSON.stringify([{ menu_code: 'md.material', verbs: ['view'] }]) });
    expect(role.code).toBe(200);
    expect((await call('/api/adminapi/data-permissions/save', { role_id: role.data.id, menu_code: 'md.material', field: 'material_group', operator: 'eq', value: 'fabric' })).code).toBe(200);
    const users = (await t.app.inject({ method: 'GET', url: '/api/adminapi/users?q=brand.buyer', headers: { authorization: `Bearer ${admin}` } })).json() as { data: { rows: Array<{ id: number; username: string }> } };
    const buyerId = users.data.rows.find((u) => u.username === 'brand.buyer')!.id;
    expect((await call('/api/adminapi/users/assign-roles', { id: buyerId, roles: ['mat_fabric'] })).code).toBe(200);
    const buyer = resourceClient(t.app, await signIn(t.app, 'brand.buyer'), 'mdapi', 'material');
    const fabric = expected((m) => m.material_group === 'fabric');
    const ids = async (q: Record<string, string>) => (await buyer.page({ 'f.code.like': 'FLT', sort: 'code', size: 200, ...q })).body.data.rows.map((r) => Number(r.id));
    expect(await ids({ 'f.material_group.in': 'fabric,trim' })).toEqual(fabric);
    expect(await ids({ 'f.material_group.nin': 'trim' })).toEqual(fabric);
    expect(await ids({ 'f.material_group.eq': 'trim' })).toEqual([]);
    expect(await ids({ q: 'trim', opt: 'material' })).toEqual(expected((m) => m.material_group === 'fabric' && m.name.startsWith('Trim')));
  });
});

describe('a bad filter is a typed error in the caller\'s language', () => {
  it('names the column and what is wrong', async () => {
    const en = resourceClient(t.app, brand, 'mdapi', 'material', 'en');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'f.ghost.eq': '1' }, '列表不能按“ghost”筛选', 'The list cannot be filtered by "ghost"'],
      [{ 'f.price.like': '1' }, '“单价”不支持筛选方式“like”', '"Unit price" cannot be filtered with "like"'],
      [{ 'f.price.between': '1,x' }, '“x”不是“单价”的有效筛选值', '"x" is not a valid filter value for "Unit price"'],
      [{ 'f.share.gt': 'true' }, '“共享”不支持筛选方式“gt”', '"Shared" cannot be filtered with "gt"'],
      [{ 'f.created_at.gte': 'yesterday' }, '“yesterday”不是“创建时间”的有效筛选值', '"yesterday" is not a valid filter value for "Created at"'],
    ];
    for (const [query, zh, english] of cases) {
      const a = await api().page(query);
      expect(a.status).toBe(400);
      expect(a.body.code).toBe(400);
      expect(a.body.message).toBe(zh);
      expect((await en.page(query)).body.message).toBe(english);
    }
    expect((await en.page({ q: 'x', opt: 'customerorder' })).body.message).toBe('Invalid filter: opt');
  });
});
