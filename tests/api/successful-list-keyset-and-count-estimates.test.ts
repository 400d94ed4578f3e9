import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities, FIELD_TYPE_TABLE, type EntityDef, type FieldType } from '../../src/model';
import { EXACT_COUNT_THRESHOLD } from '../../src/server/resources/list-count';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 32, the list at a million rows: pages cut by keyset (the previous page's `cursor` as
 * `after`) are the pages OFFSET cuts, for a sort on every sortable field type, both directions,
 * with NULLs and ties; the count is exact up to the threshold, above it an estimate marked as such,
 * exact on request and equal to the SQL count; a company never counts another's rows.
 */
let t: TestApp;
let brand: string;
let supplier: string;
let brandId: number;
let supplierId: number;

const clientIdOf = async (code: string) => (await sql<{ id: number }>`select id from clients where code = ${code}`.execute(t.database.db)).rows[0].id;

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  supplier = await tokenFor(t.database.db, t.config, 'supplier');
  brandId = await clientIdOf('BRAND01');
  supplierId = await clientIdOf('SUPP01');
}, 120_000);
afterAll(async () => t?.close());

type PageData = { rows: Array<Record<string, unknown>>; total?: number; cursor?: string };
type CountData = { total: number; estimated: boolean; threshold: number; tabs?: Record<string, number>; estimatedTabs?: string[] };

/** Values of a type as SQL text, with ties; every fifth row has none (NULL). */
const SAMPLES: Partial<Record<FieldType, string[]>> = {
  text: ['b', 'a', 'B', '中文', 'a', 'z 1'],
  textarea: ['x', 'y', 'x'],
  email: ['b@x.cn', 'a@x.cn', 'a@x.cn'],
  mobile: ['13900000002', '13900000001', '13900000002'],
  integer: ['3', '-1', '3', '1000000'],
  decimal: ['1.5', '1.5000', '-2.25', '1000.1234'],
  money: ['10', '9.99', '10.0001', '10'],
  date: ['2026-03-01', '2025-12-31', '2026-03-01'],
  month: ['2026-03', '2025-12', '2026-03'],
  datetime: ['2026-03-01 10:00:00.123456', '2026-03-01 10:00:00.123457', '2025-01-01 00:00:00'],
  dict: ['fabric', 'trim', 'fabric'],
  reference: ['3', '1', '3', '2'],
  tree: ['2', '1', '2'],
};

/** One (entity, field) per sortable field type, on an entity the brand may read, its code free to be left empty. */
function cases(): Array<{ entity: EntityDef; field: string; type: FieldType }> {
  const out: Array<{ entity: EntityDef; field: string; type: FieldType }> = [];
  for (const [type, spec] of Object.entries(FIELD_TYPE_TABLE) as Array<[FieldType, (typeof FIELD_TYPE_TABLE)[FieldType]]>) {
    if (!spec.ordered) continue;
    const entity = allEntities().find((e) => !e.childOnly && e.prefix === 'mdapi' && e.fields.some((f) => f.type === type && !f.unique && f.key !== e.codeField))
      ?? allEntities().find((e) => !e.childOnly && e.fields.some((f) => f.type === type && !f.unique && f.key !== e.codeField));
    const field = entity?.fields.find((f) => f.type === type && !f.unique && f.key !== entity.codeField);
    if (entity && field) out.push({ entity, field: field.key, type });
  }
  return out;
}

/** Inserts 37 rows into the entity's table for a company, with the field's samples, NULLs and distinct codes. */
async function fill(entity: EntityDef, field: string, type: FieldType, clientId: number, marker: string): Promise<number> {
  const values = SAMPLES[type] ?? ['m', 'k', 'm'];
  const sqlType = FIELD_TYPE_TABLE[type].sqlType;
  const first = (await sql<{ id: number }>`select coalesce(max(id), 0) + 1 as id from ${sql.table(entity.table)}`.execute(t.database.db)).rows[0].id;
  for (let i = 0; i < 37; i++) {
    const v = i % 5 === 4 ? null : values[i % values.length];
    const cols = [sql.id('client_id'), sql.id(field)];
    const vals = [sql`${clientId}`, sql`cast(${v} as ${sql.raw(sqlType)})`];
    if (entity.codeField && entity.codeField !== field) {
      cols.push(sql.id(entity.codeField));
      vals.push(sql`${`${marker}${String(i).padStart(3, '0')}`}`);
    }
    await sql`insert into ${sql.table(entity.table)} (${sql.join(cols)}) values (${sql.join(vals)})`.execute(t.database.db);
  }
  return Number(first);
}

describe('keyset pages are the OFFSET pages', () => {
  for (const c of cases()) {
    it(`${c.type} (${c.entity.name}.${c.field}), both directions, NULLs and ties`, async () => {
      const firstId = await fill(c.entity, c.field, c.type, brandId, `KS${c.type.toUpperCase()}`);
      const api = resourceClient(t.app, brand, c.entity.prefix, c.entity.name);
      for (const sort of [c.field, `-${c.field}`, 'created_at', '-id', ...(c.entity.codeField ? [c.entity.codeField, `-${c.entity.codeField}`] : [])]) {
        const base = { sort, size: 6, 'f.id.gte': firstId, count: 'none' };
        const offsetPages: unknown[][] = [];
        const keysetPages: unknown[][] = [];
        let after: string | undefined;
        for (let page = 1; page <= 8; page++) {
          const byOffset = await api.page({ ...base, page });
          expect(byOffset.body.code, JSON.stringify(byOffset.body)).toBe(200);
          const offsetData = byOffset.body.data as PageData;
          expect(offsetData.total).toBeUndefined();
          offsetPages.push(offsetData.rows.map((r) => r.id));
          const byKeyset = await api.page({ ...base, page, ...(after ? { after } : {}) });
          expect(byKeyset.body.code, JSON.stringify(byKeyset.body)).toBe(200);
          const keysetData = byKeyset.body.data as PageData;
          keysetPages.push(keysetData.rows.map((r) => r.id));
          after = keysetData.cursor;
          expect(Object.keys(keysetData.rows[0] ?? {})).not.toContain('__key');
        }
        expect(keysetPages, `sort ${sort}`).toEqual(offsetPages);
        // Every inserted row once, in the order SQL gives for the same sort (NULLs as PostgreSQL places them).
        const dir = sort.startsWith('-') ? 'desc' : 'asc';
        const key = sort.replace(/^-/, '');
        const expected = await sql<{ id: number }>`select id from ${sql.table(c.entity.table)} t where client_id = ${brandId} and id >= ${firstId}
          order by ${sql.id('t', key)} ${sql.raw(dir)}, id ${sql.raw(dir)}`.execute(t.database.db);
        const unique = key === 'id' || key === c.entity.codeField;
        expect(offsetPages.flat().map(Number), `sort ${sort}`).toEqual(unique ? expected.rows.map((r) => Number(r.id)) : expect.arrayContaining(expected.rows.map((r) => Number(r.id))));
        expect(offsetPages.flat()).toHaveLength(37);
      }
    });
  }

  it('a cursor of another sort, or one that is not a cursor, is refused in the envelope', async () => {
    const api = resourceClient(t.app, brand, 'mdapi', 'material');
    const first = (await api.page({ sort: 'code', size: 2 })).body.data as PageData;
    expect(first.cursor).toBeTruthy();
    for (const after of [first.cursor!, 'not a cursor', Buffer.from('[1,2]').toString('base64url')]) {
      const other = await api.page({ sort: '-code', size: 2, page: 2, after });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('无效的筛选条件：after');
    }
    // Two sort keys page by OFFSET: no cursor is offered.
    expect(((await api.page({ sort: 'material_group,code', size: 2 })).body.data as PageData).cursor).toBeUndefined();
  });
});

describe('the count apart from the rows', () => {
  const ROWS = 2 * EXACT_COUNT_THRESHOLD + 5_000;
  const customer = allEntities().find((e) => e.name === 'customer')!;

  /** GET .../count as a caller. */
  const count = async (token: string, query: Record<string, string | number>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/customer/count', query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: { authorization: `Bearer ${token}` } });
    const body = res.json() as { code: number; data: CountData };
    expect(body.code, res.body).toBe(200);
    return body.data;
  };

  beforeAll(async () => {
    const db = t.database.db;
    // Customers in bulk for the brand (a quarter frozen, two types), 40 for the supplier's company.
    const bulk = (clientId: number, prefix: string, n: number) => sql`insert into md_customer (client_id, code, name, customer_type, currency, status)
      select ${clientId}, ${prefix} || lpad(g::text, 6, '0'), 'Count ' || g, (array['brand','retail'])[1 + g % 2], 'CNY', case when g % 4 = 0 then 'frozen' else 'active' end
      from generate_series(1, ${n}) g`.execute(db);
    await bulk(brandId, 'CNT', ROWS);
    await bulk(supplierId, 'CNS', 40);
    await sql`analyze md_customer`.execute(db);
  }, 120_000);

  const sqlCount = async (clientId: number, extra = sql`true`) =>
    (await sql<{ n: number }>`select count(*)::int as n from md_customer t where client_id = ${clientId} and ${extra}`.execute(t.database.db)).rows[0].n;

  it('above the threshold the figure is an estimate marked as such; exact on request it is the SQL count', async () => {
    const estimate = await count(brand, {});
    expect(estimate.estimated).toBe(true);
    expect(estimate.threshold).toBe(EXACT_COUNT_THRESHOLD);
    expect(estimate.total).toBeGreaterThan(EXACT_COUNT_THRESHOLD);
    expect(await count(brand, { exact: 1 })).toMatchObject({ estimated: false, total: await sqlCount(brandId) });
    // A filter under the threshold is exact without asking, and equals the SQL count.
    expect(await count(brand, { 'f.code.like': 'CNT00012' })).toMatchObject({ estimated: false, total: await sqlCount(brandId, sql`code ilike '%CNT00012%'`) });
    // A filter matching half the rows is estimated near its count.
    const half = await count(brand, { 'f.customer_type.eq': 'retail' });
    const truth = await sqlCount(brandId, sql`customer_type = 'retail'`);
    expect(truth).toBeGreaterThan(EXACT_COUNT_THRESHOLD);
    expect(half.estimated).toBe(true);
    expect(Math.abs(half.total - truth) / truth).toBeLessThan(0.5);
    expect(await count(brand, { 'f.customer_type.eq': 'retail', exact: 1 })).toMatchObject({ estimated: false, total: truth });
    // The rows of a page never wait for the count; the page with its count still answers it exactly.
    const api = resourceClient(t.app, brand, 'mdapi', 'customer');
    const rowsOnly = (await api.page({ size: 5, count: 'none', tabs: 1 })).body.data as PageData & { tabs?: unknown };
    expect(rowsOnly.rows).toHaveLength(5);
    expect(rowsOnly.total).toBeUndefined();
    expect(rowsOnly.tabs).toBeUndefined();
    expect(((await api.page({ size: 5 })).body.data as PageData).total).toBe(await sqlCount(brandId));
  });

  it('state tabs are counted the same way: a large state estimated, a small one exact, all exact on request', async () => {
    const states = customer.states!;
    const estimated = await count(brand, { tabs: 1 });
    expect(estimated.estimatedTabs).toEqual(expect.arrayContaining(['all', 'active']));
    expect(estimated.estimatedTabs).not.toContain('frozen');
    expect(estimated.tabs!.frozen).toBe(await sqlCount(brandId, sql`status = 'frozen'`));
    expect(estimated).toMatchObject({ total: estimated.tabs!.all, estimated: true });
    // The chosen tab's figure is the list's total.
    expect(await count(brand, { tabs: 1, tab: 'frozen' })).toMatchObject({ total: estimated.tabs!.frozen, estimated: false });
    const exact = await count(brand, { tabs: 1, exact: 1 });
    expect(exact.estimatedTabs).toEqual([]);
    expect(exact.tabs!.all).toBe(await sqlCount(brandId));
    for (const st of states.states) expect(exact.tabs![st.code], st.code).toBe(await sqlCount(brandId, sql`status = ${st.code}`));
  });

  it('a company never counts another company’s rows, estimated or exact', async () => {
    const own = await sqlCount(supplierId);
    expect(own).toBeLessThan(EXACT_COUNT_THRESHOLD);
    for (const query of [{}, { exact: 1 }, { tabs: 1 }, { 'f.code.like': 'CN' }] as Array<Record<string, string | number>>) {
      const data = await count(supplier, query);
      expect(data.estimated).toBe(false);
      expect(data.total).toBe('f.code.like' in query ? await sqlCount(supplierId, sql`code ilike '%CN%'`) : own);
    }
    // The brand's estimate is its own rows', not the table's (the planner reads the company's share).
    const table = (await sql<{ n: number }>`select count(*)::int as n from md_customer`.execute(t.database.db)).rows[0].n;
    const mine = await sqlCount(brandId);
    expect((await count(brand, {})).total).toBeLessThanOrEqual(Math.round(mine * 1.5));
    expect(table).toBeGreaterThan(mine);
  });
});
