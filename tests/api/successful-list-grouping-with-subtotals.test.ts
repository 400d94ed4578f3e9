import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireEntity } from '../../src/model';
import type { ListGroupsReply } from '../../src/model/calls/list-groups';
import { groupFilter, withGroupFilter, type ListGrouping } from '../../src/model/list-groups';
import { resourceClient, tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 32: any registry list grouped by a dictionary, reference or date field, counted and summed
 * by the server under the list's own WHERE. The figures are checked against SQL written here; the
 * groups add up to the grand total, which is the list's total; a group's rows, read through the
 * list call with the group's filter, are as many as the group counts; another company and a data
 * permission narrow the groups as they narrow the list; weeks and months cut at their boundaries.
 */
let t: TestApp;
let maker: string;
let planner: string;
let brand: string;
let makerClient: number;
const BRAND = '分组测试品牌';
const mine = { 'f.brand_name.eq': BRAND };

// Delivery dates on both sides of week, month and year boundaries (2026-03-01 is a Sunday,
// 2026-03-02 a Monday; 2026-12-31 a Thursday in the ISO week of Monday 2026-12-28, as is 2027-01-01).
const orders: Array<{ category: string; delivery_date: string | null; qty: number; price: number }> = [
  { category: 'knit-top', delivery_date: '2026-03-01', qty: 10, price: 2.5 },
  { category: 'knit-top', delivery_date: '2026-03-02', qty: 20, price: 3 },
  { category: 'woven-shirt', delivery_date: '2026-03-08', qty: 30, price: 1.25 },
  { category: 'woven-shirt', delivery_date: '2026-03-09', qty: 40, price: 2 },
  { category: 'knit-top', delivery_date: '2026-03-31', qty: 50, price: 1 },
  { category: 'woven-shirt', delivery_date: '2026-04-01', qty: 60, price: 1.5 },
  { category: 'knit-top', delivery_date: '2026-12-31', qty: 70, price: 2 },
  { category: 'woven-shirt', delivery_date: '2027-01-01', qty: 80, price: 1 },
  { category: 'knit-top', delivery_date: null, qty: 90, price: 1 },
];

const auth = (token: string, lang = 'zh-CN') => ({ authorization: `Bearer ${token}`, 'x-lang': lang });
const db = () => t.app.db as unknown as Kysely<unknown>;

async function groups(token: string, entity: string, query: Record<string, string>, lang = 'zh-CN') {
  const prefix = requireEntity(entity).prefix;
  const res = await t.app.inject({ method: 'GET', url: `/api/${prefix}/${entity}/groups`, query, headers: auth(token, lang) });
  return { status: res.statusCode, data: (res.json() as { data: ListGroupsReply }).data, body: res.body };
}
async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { data: Record<string, unknown> } };
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await tokenFor(t.app.db, t.config, 'maker');
  brand = await tokenFor(t.app.db, t.config, 'brand');
  makerClient = Number((await sql<{ client_id: number }>`select client_id from users where username = 'maker'`.execute(db())).rows[0].client_id);
  const co = resourceClient(t.app, maker, 'scmapi', 'customerorder');
  for (const [i, o] of orders.entries()) {
    const saved = await co.save({ brand_name: BRAND, pr_type: 'bulk', category: o.category, receive_date: '2026-02-01', delivery_date: o.delivery_date, currency: 'CNY', entries: [{ style_no: `GRP-${i}`, style_name: '分组款', colour: '黑色', size: 'M', qty: o.qty, unit_price: o.price, seq: 1 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  // maker.planner reads customer orders of knit tops only.
  const role = await call('POST', '/api/adminapi/roles/save', maker, { code: 'grp_knit', name_zh: '分组针织订单', grants: [{ menu_code: 'scm.customerorder', verbs: ['view'] }] });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const rule = await call('POST', '/api/adminapi/data-permissions/save', maker, { role_id: (role.body.data as { id: number }).id, menu_code: 'scm.customerorder', field: 'category', operator: 'eq', value: 'knit-top' });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  const users = await call('GET', '/api/adminapi/users?q=maker.planner', maker);
  const id = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'maker.planner')!.id;
  expect((await call('POST', '/api/adminapi/users/assign-roles', maker, { id, roles: ['grp_knit'] })).status).toBe(200);
  planner = await tokenFor(t.app.db, t.config, 'maker.planner');
});
afterAll(async () => t?.close());

type SqlGroup = { g: string | null; n: number; qty: number; amount: number };
/** The same figures written by hand: the maker's orders of this test's brand, grouped by `key`. */
async function sqlGroups(key: string, extra = sql``): Promise<SqlGroup[]> {
  const r = await sql<SqlGroup>`select ${sql.raw(key)} as g, count(*)::int as n, coalesce(sum(total_qty), 0)::float8 as qty, coalesce(sum(total_amount), 0)::float8 as amount
    from scm_customer_order where client_id = ${makerClient} and brand_name = ${BRAND} ${extra} group by 1`.execute(db());
  return r.rows;
}
const byKey = (reply: ListGroupsReply) => Object.fromEntries(reply.groups.map((g) => [String(g.key), [g.count, g.values.total_qty, g.values.total_amount]]));
const bySql = (rows: SqlGroup[]) => Object.fromEntries(rows.map((r) => [String(r.g), [r.n, r.qty, r.amount]]));

/** Every group's rows read through the list call with its filter are as many as it counts. */
async function expectDrillsAgree(token: string, reply: ListGroupsReply, grouping: ListGrouping, listQuery: Record<string, string>) {
  const list = resourceClient(t.app, token, 'scmapi', 'customerorder');
  for (const g of reply.groups) {
    const page = await list.page({ ...withGroupFilter(listQuery, groupFilter(requireEntity('customerorder'), grouping, g.key)), size: 500 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.total, `group ${g.key}`).toBe(g.count);
    expect(page.body.data.rows.reduce((s, r) => s + Number(r.total_qty ?? 0), 0), `group ${g.key}`).toBe(g.values.total_qty);
  }
}

describe('a list grouped by a dictionary field', () => {
  it('counts and sums each category as SQL does, and the groups add up to the total and the list', async () => {
    const r = await groups(maker, 'customerorder', { ...mine, group: 'category', opt: 'customerorder' });
    expect(r.status, r.body).toBe(200);
    expect(r.data.measures).toEqual([{ field: 'total_qty', agg: 'sum' }, { field: 'total_amount', agg: 'sum' }]);
    expect(byKey(r.data)).toEqual(bySql(await sqlGroups('category')));
    const sum = (k: 'count' | 'total_qty' | 'total_amount') => r.data.groups.reduce((s, g) => s + (k === 'count' ? g.count : Number(g.values[k])), 0);
    expect(sum('count')).toBe(r.data.total.count);
    expect(sum('total_qty')).toBe(r.data.total.values.total_qty);
    expect(sum('total_amount')).toBeCloseTo(Number(r.data.total.values.total_amount), 6);
    const list = await resourceClient(t.app, maker, 'scmapi', 'customerorder').page(mine);
    expect(r.data.total.count).toBe(list.body.data.total);
    expect(r.data.total.count).toBe(orders.length);
    await expectDrillsAgree(maker, r.data, { field: 'category' }, mine);
  });

  it('names the groups in the caller’s language, in the dictionary’s order', async () => {
    const zh = await groups(maker, 'customerorder', { ...mine, group: 'category' });
    const en = await groups(maker, 'customerorder', { ...mine, group: 'category' }, 'en');
    expect(zh.data.groups.map((g) => g.key)).toEqual(['knit-top', 'woven-shirt']);
    expect(zh.data.groups[0].label).not.toBe('knit-top');
    expect(en.data.groups[0].label).not.toBe(zh.data.groups[0].label);
  });

  it('keeps the list’s state tab and filters', async () => {
    const co = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const knit = await co.page({ ...mine, 'f.category.eq': 'knit-top', sort: 'delivery_date', size: 1 });
    const one = knit.body.data.rows[0];
    expect((await call('POST', '/api/scmapi/customerorder/action/accept', maker, { ids: [one.id], version: one.version })).status).toBe(200);
    const r = await groups(maker, 'customerorder', { ...mine, group: 'status', tab: 'in_progress' });
    expect(r.data.groups.map((g) => [g.key, g.count])).toEqual([['in_progress', 1]]);
    const pending = await groups(maker, 'customerorder', { ...mine, group: 'category', tab: 'pending', 'f.total_qty.gte': '30' });
    expect(byKey(pending.data)).toEqual(bySql(await sqlGroups('category', sql`and status = 'pending' and total_qty >= 30`)));
    await expectDrillsAgree(maker, pending.data, { field: 'category' }, { ...mine, tab: 'pending', 'f.total_qty.gte': '30' });
  });
});

describe('tenant and data permissions', () => {
  it('shows another company none of the rows and a user with a data permission only theirs', async () => {
    const other = await groups(brand, 'customerorder', { ...mine, group: 'category' });
    if (other.status === 200) expect(other.data.total.count).toBe(0);
    else expect(other.status).toBe(403);
    const narrowed = await groups(planner, 'customerorder', { ...mine, group: 'category' });
    expect(narrowed.status, narrowed.body).toBe(200);
    expect(byKey(narrowed.data)).toEqual(bySql(await sqlGroups('category', sql`and category = 'knit-top'`)));
    const list = await resourceClient(t.app, planner, 'scmapi', 'customerorder').page(mine);
    expect(narrowed.data.total.count).toBe(list.body.data.total);
    await expectDrillsAgree(planner, narrowed.data, { field: 'category' }, mine);
  });

  it('refuses a field that cannot group, a bucket on a non-date and a date without one', async () => {
    const refused: Array<Record<string, string>> = [{ group: 'remark' }, { group: 'category', bucket: 'week' }, { group: 'delivery_date' }, { group: 'delivery_date', bucket: 'year' }, {}];
    for (const q of refused) {
      expect((await groups(maker, 'customerorder', q)).status, JSON.stringify(q)).toBe(400);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/customerorder/groups?group=category', headers: auth(maker) });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/scmapi/customerorder/groups?group=category' })).statusCode).toBe(401);
  });
});

describe('a list grouped by a date, by day, week and month', () => {
  it('cuts ISO weeks on Mondays and months on the first, across a year’s end', async () => {
    const week = await groups(maker, 'customerorder', { ...mine, group: 'delivery_date', bucket: 'week' });
    expect(week.status, week.body).toBe(200);
    expect(week.data.groups.map((g) => [g.key, g.count])).toEqual([
      ['2026-02-23', 1],
      ['2026-03-02', 2],
      ['2026-03-09', 1],
      ['2026-03-30', 2],
      ['2026-12-28', 2],
      [null, 1],
    ]);
    expect(week.data.groups[4].label).toBe('2026 第53周（12-28～01-03）');
    expect(byKey(week.data)).toEqual(bySql(await sqlGroups(`to_char(date_trunc('week', delivery_date::timestamp), 'YYYY-MM-DD')`)));
    await expectDrillsAgree(maker, week.data, { field: 'delivery_date', bucket: 'week' }, mine);
    const month = await groups(maker, 'customerorder', { ...mine, group: 'delivery_date', bucket: 'month' });
    expect(month.data.groups.map((g) => [g.key, g.count])).toEqual([['2026-03', 5], ['2026-04', 1], ['2026-12', 1], ['2027-01', 1], [null, 1]]);
    await expectDrillsAgree(maker, month.data, { field: 'delivery_date', bucket: 'month' }, mine);
    const day = await groups(maker, 'customerorder', { ...mine, group: 'delivery_date', bucket: 'day' });
    expect(day.data.groups.length).toBe(orders.length);
    await expectDrillsAgree(maker, day.data, { field: 'delivery_date', bucket: 'day' }, mine);
  });

  it('keeps a date filter of the list narrower than a group’s bucket', async () => {
    const query = { ...mine, 'f.delivery_date.lt': '2026-03-05' };
    const week = await groups(maker, 'customerorder', { ...query, group: 'delivery_date', bucket: 'week' });
    expect(week.data.groups.map((g) => [g.key, g.count])).toEqual([['2026-02-23', 1], ['2026-03-02', 1]]);
    await expectDrillsAgree(maker, week.data, { field: 'delivery_date', bucket: 'week' }, query);
  });
});

describe('a list grouped by a reference field', () => {
  it('names each vendor, averages the declared average column and agrees with SQL', async () => {
    const r = await groups(maker, 'material', { group: 'vendor_id', opt: 'material' });
    expect(r.status, r.body).toBe(200);
    expect(r.data.measures).toEqual([{ field: 'price', agg: 'avg' }]);
    const rows = await sql<{ g: string | null; n: number; price: number | null; name: string | null }>`select m.vendor_id::text as g, count(*)::int as n, avg(m.price)::float8 as price, max(v.name) as name
      from md_material m left join md_vendor v on v.id = m.vendor_id and v.client_id = m.client_id where m.client_id = ${makerClient} group by 1`.execute(db());
    expect(rows.rows.length).toBeGreaterThan(1);
    expect(Object.fromEntries(r.data.groups.map((g) => [String(g.key), [g.count, g.values.price, g.label]]))).toEqual(
      Object.fromEntries(rows.rows.map((x) => [String(x.g), [x.n, x.price, x.g === null ? '（空）' : x.name]])),
    );
    expect(r.data.groups.reduce((s, g) => s + g.count, 0)).toBe(r.data.total.count);
  });
});

describe('the list export with the same grouping', () => {
  it('writes group rows, subtotal rows and a grand total, outlined so Excel folds them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/scmapi/customerorder/export', query: { ...mine, group: 'category', columns: 'order_no,category,total_qty,total_amount', lang: 'en', opt: 'customerorder' }, headers: auth(maker, 'en') });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets.find((w) => w.state !== 'veryHidden')!;
    const expected = bySql(await sqlGroups('category'));
    const values = ws.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    const header = values.findIndex((v) => String(v[0]).startsWith('Knit tops'));
    expect(header).toBe(0);
    expect(ws.getRow(2).outlineLevel ?? 0).toBe(0);
    expect(ws.getRow(3).outlineLevel).toBe(1);
    const subtotal = values.find((v) => v[0] === 'Subtotal: Knit tops')!;
    expect(subtotal.slice(2)).toEqual([expected['knit-top'][1], expected['knit-top'][2]]);
    const total = values[values.length - 1];
    expect(total[0]).toBe('Total');
    expect(total.slice(2)).toEqual([orders.reduce((s, o) => s + o.qty, 0), Object.values(expected).reduce((s, g) => s + Number(g[2]), 0)]);
    // every order once, under its group
    expect(values.filter((v) => typeof v[0] === 'string' && String(v[0]).startsWith('CO')).length).toBe(orders.length);
  });
});
