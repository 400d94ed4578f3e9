import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Vendor KPI and the vendor scorecard over a period (issue 35), on PGlite and PostgreSQL: `p.from` and
 * `p.to` make the server count only the orders due in the period, the inspections made in it, the
 * capacity of its months and the lines ordered in it; every figure equals the same count taken
 * directly in SQL; a period far in the past has none; a malformed, reversed or half period and a
 * period on a report that takes none are refused naming the parameter; each company reads only its own.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;
const run = async (who: string, name: string, query: Record<string, string>, lang = 'zh-CN') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/${name}/run`, query, headers: { authorization: `Bearer ${tokens[who]}`, 'x-lang': lang } });
  return { status: res.statusCode, body: res.json() as { message: string; data: { rows: Row[] } } };
};
const detail = (rows: Row[]) => rows.filter((r) => !r._level);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let brand: number;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'maker']) tokens[u] = await signIn(t.app, u);
  brand = Number((await q(sql`select id from clients where code = 'BRAND01'`))[0].id);
}, 600_000);
afterAll(async () => t?.close());

describe('vendor KPI over a period', () => {
  const dueIn = async (vendor: number, from: string, to: string) => Number((await q(sql`select count(*)::int as n from pur_order where client_id = ${brand} and vendor_id = ${vendor}
    and status not in ('draft', 'rejected', 'cancelled') and (status = 'received' or delivery_date < current_date) and delivery_date between ${from}::date and ${to}::date`))[0].n);
  const capacityIn = async (vendor: number, from: string, to: string) => Number((await q(sql`select coalesce(sum(capacity), 0)::float8 as n from scm_vendor_capacity
    where client_id = ${brand} and vendor_id = ${vendor} and cycle between ${from.slice(0, 7)} and ${to.slice(0, 7)}`))[0].n);

  it('counts only what falls in the period, as SQL counts it', async () => {
    const all = detail((await run('brand', 'vendor-kpi', { group: 'vendor' })).body.data.rows);
    const from = day(-10);
    const to = day(0);
    const r = await run('brand', 'vendor-kpi', { group: 'vendor', 'p.from': from, 'p.to': to });
    expect(r.status).toBe(200);
    const rows = detail(r.body.data.rows);
    expect(rows.map((x) => x.vendor).sort()).toEqual(all.map((x) => x.vendor).sort());
    let anyDue = 0;
    for (const x of rows) {
      const v = Number(x.vendor);
      expect(Number(x.due), `due of ${v}`).toBe(await dueIn(v, from, to));
      expect(Number(x.capacity), `capacity of ${v}`).toBeCloseTo(await capacityIn(v, from, to), 4);
      expect(Number(x.due)).toBeLessThanOrEqual(Number(all.find((a) => a.vendor === x.vendor)!.due));
      anyDue += Number(x.due);
    }
    expect(anyDue).toBeGreaterThan(0);
    // The whole year's capacity is more than one month's.
    const year = new Date().getFullYear();
    const y = detail((await run('brand', 'vendor-kpi', { group: 'vendor', 'p.from': `${year}-01-01`, 'p.to': `${year}-12-31` })).body.data.rows);
    for (const x of y) expect(Number(x.capacity)).toBeCloseTo(await capacityIn(Number(x.vendor), `${year}-01-01`, `${year}-12-31`), 4);
  });

  it('has nothing in a period long past, and refuses a malformed period naming it', async () => {
    const past = detail((await run('brand', 'vendor-kpi', { group: 'vendor', 'p.from': '2001-01-01', 'p.to': '2001-03-31' })).body.data.rows);
    expect(past.length).toBeGreaterThan(0);
    for (const x of past) for (const k of ['due', 'on_time', 'inspected', 'passed', 'capacity', 'allocated', 'spend']) expect(Number(x[k]), k).toBe(0);
    const half = await run('brand', 'vendor-kpi', { 'p.from': '2026-01-01' });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('无效的筛选条件：p.to');
    expect((await run('brand', 'vendor-kpi', { 'p.from': '2026-02-30', 'p.to': '2026-03-31' })).status).toBe(400);
    const reversed = await run('brand', 'vendor-scorecard', { 'p.from': '2026-03-01', 'p.to': '2026-02-01' }, 'en');
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('Invalid filter: p.to');
    // A report that takes no period refuses one.
    expect((await run('brand', 'stock-by-location', { 'p.from': '2026-01-01', 'p.to': '2026-01-31' })).status).toBe(400);
  });
});

describe('vendor scorecard over a period', () => {
  it('counts the orders due and the inspections made in the period', async () => {
    const from = day(-10);
    const to = day(0);
    const rows = detail((await run('brand', 'vendor-scorecard', { group: 'vendor', 'p.from': from, 'p.to': to })).body.data.rows);
    const due = Number((await q(sql`select count(*)::int as n from pur_order where client_id = ${brand} and status not in ('draft', 'rejected', 'cancelled')
      and (status = 'received' or delivery_date < current_date) and delivery_date between ${from}::date and ${to}::date`))[0].n);
    expect(rows.reduce((s, x) => s + Number(x.due), 0)).toBe(due);
    expect(due).toBeGreaterThan(0);
    const all = detail((await run('brand', 'vendor-scorecard', { group: 'vendor' })).body.data.rows);
    expect(all.reduce((s, x) => s + Number(x.due), 0)).toBeGreaterThanOrEqual(due);
    expect(all.reduce((s, x) => s + Number(x.inspected), 0)).toBeGreaterThan(0);
    // Grouped by month, a period of one month holds only that month.
    const month = day(-3).slice(0, 7);
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
    const byMonth = detail((await run('brand', 'vendor-scorecard', { group: 'month', 'p.from': `${month}-01`, 'p.to': last })).body.data.rows);
    for (const x of byMonth) expect(x.month).toBe(month);
    // Nothing of the brand's in a period long past; the maker reads its own orders only.
    expect(detail((await run('brand', 'vendor-scorecard', { group: 'vendor', 'p.from': '2001-01-01', 'p.to': '2001-12-31' })).body.data.rows)).toEqual([]);
    const makerRows = detail((await run('maker', 'vendor-scorecard', { group: 'vendor', 'p.from': from, 'p.to': to })).body.data.rows);
    const makerVendors = (await q(sql`select id from md_vendor where client_id = (select id from clients where code = 'MAKER01')`)).map((r) => Number(r.id));
    for (const x of makerRows) expect(makerVendors).toContain(Number(x.vendor));
  });
});
