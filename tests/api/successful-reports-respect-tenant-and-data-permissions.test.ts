import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drillFilters, getReport } from '../../src/model';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 13: a report reads the rows its entity's list would show the same user (tenant first, then
 * the data permissions of the list's menu code, in SQL), groups and subtotals them on the server,
 * pivots a dimension into columns, exports the same grouping, and a chart element's drill-down
 * filters give the list exactly the rows behind it.
 */
let t: TestApp;
let maker: string;
let planner: string;
let brand: string;
const auth = (token: string, lang = 'zh-CN') => ({ authorization: `Bearer ${token}`, 'x-lang': lang });

type Row = Record<string, string | number | null> & { _level: number };
async function run(token: string, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/orders-by-status/run?${query}`, headers: auth(token) });
  return { status: res.statusCode, body: res.json() as { data: { rows: Row[]; columns: Array<{ key: string }>; pivot?: { values: Array<string | null>; rows: Array<Record<string, unknown>> } } } };
}
async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { data: Record<string, unknown> } };
}

const BRAND = '报表测试品牌';
const orders = [
  { category: 'knit-top', delivery_date: '2026-05-10', qty: 100 },
  { category: 'knit-top', delivery_date: '2026-05-20', qty: 50 },
  { category: 'knit-top', delivery_date: '2026-06-03', qty: 70 },
  { category: 'woven-shirt', delivery_date: '2026-05-15', qty: 200 },
];

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  brand = await signIn(t.app, 'brand');
  const co = resourceClient(t.app, maker, 'scmapi', 'customerorder');
  for (const [i, o] of orders.entries()) {
    const saved = await co.save({ brand_name: BRAND, pr_type: 'bulk', category: o.category, receive_date: '2026-04-01', delivery_date: o.delivery_date, currency: 'CNY', entries: [{ style_no: `RPT-${i}`, style_name: '报表款', colour: '黑色', size: 'M', qty: o.qty, unit_price: 10, seq: 1 }] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  // The planner reads customer orders of knit tops only.
  const role = await call('POST', '/api/adminapi/roles/save', maker, { code: 'knit_orders', name_zh: '针织订单查看', grants: [{ menu_code: 'scm.customerorder', verbs: ['view'] }] });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const rule = await call('POST', '/api/adminapi/data-permissions/save', maker, { role_id: (role.body.data as { id: number }).id, menu_code: 'scm.customerorder', field: 'category', operator: 'eq', value: 'knit-top' });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  const users = await call('GET', '/api/adminapi/users?q=maker.planner', maker);
  const id = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'maker.planner')!.id;
  expect((await call('POST', '/api/adminapi/users/assign-roles', maker, { id, roles: ['knit_orders'] })).status).toBe(200);
  planner = await signIn(t.app, 'maker.planner');
});
afterAll(async () => t?.close());

const mine = `f.brand_name.eq=${encodeURIComponent(BRAND)}`;

describe('a report reads what the list shows the same user', () => {
  it('groups the tenant’s orders by category and month, and another tenant sees none of them', async () => {
    const own = await run(maker, `${mine}&group=category,month`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.rows.map((r) => [r.category, r.month, r.orders, r.qty])).toEqual([
      ['knit-top', '2026-05', 2, 150],
      ['knit-top', '2026-06', 1, 70],
      ['woven-shirt', '2026-05', 1, 200],
    ]);
    const other = await run(brand, `${mine}&group=category`);
    expect(other.status).toBe(200);
    expect(other.body.data.rows).toEqual([]);
  });

  it('narrows to the user’s data permissions, as the list does', async () => {
    const narrowed = await run(planner, `${mine}&group=category`);
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect(narrowed.body.data.rows.map((r) => [r.category, r.orders])).toEqual([['knit-top', 3]]);
    const list = await resourceClient(t.app, planner, 'scmapi', 'customerorder').page({ 'f.brand_name.eq': BRAND });
    expect(list.body.data.total).toBe(3);
  });

  it('refuses a user without the list’s read permission, and filters the report does not declare', async () => {
    const noRole = await t.app.inject({ method: 'GET', url: '/api/rptapi/report/orders-by-status/run', headers: {} });
    expect(noRole.statusCode).toBe(401);
    expect((await run(maker, 'f.remark.eq=x')).status).toBe(400);
    expect((await run(maker, 'group=nope')).status).toBe(400);
  });
});

describe('grouping, subtotals and pivot are computed on the server', () => {
  it('adds a subtotal after each category and a grand total last', async () => {
    const r = await run(maker, `${mine}&group=category,month&subtotals=1`);
    expect(r.body.data.rows.map((x) => [x._level, x.category, x.month, x.qty])).toEqual([
      [0, 'knit-top', '2026-05', 150],
      [0, 'knit-top', '2026-06', 70],
      [1, 'knit-top', null, 220],
      [0, 'woven-shirt', '2026-05', 200],
      [1, 'woven-shirt', null, 200],
      [2, null, null, 420],
    ]);
  });

  it('pivots months into columns with a row total', async () => {
    const r = await run(maker, `${mine}&group=category&pivot=month`);
    expect(r.body.data.pivot!.values).toEqual(['2026-05', '2026-06']);
    expect(r.body.data.pivot!.rows).toEqual([
      { category: 'knit-top', 'p:2026-05': 2, 'p:2026-06': 1, _total: 3 },
      { category: 'woven-shirt', 'p:2026-05': 1, _total: 1 },
    ]);
  });

  it('exports the same grouping to Excel, subtotals labelled and bold', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/orders-by-status/export?${mine}&group=category,month&subtotals=1`, headers: auth(maker, 'en') });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values = ws.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([
      ['Category', 'Delivery month', 'Orders', 'Total qty'],
      // categories by their dictionary names in the export's language
      ['Knit tops', '2026-05', 2, 150],
      ['Knit tops', '2026-06', 1, 70],
      ['Knit tops', 'Subtotal', 3, 220],
      ['Woven shirts', '2026-05', 1, 200],
      ['Woven shirts', 'Subtotal', 1, 200],
      ['Total', undefined, 4, 420],
    ]);
    expect(ws.getRow(4).font?.bold).toBe(true);
  });
});

describe('values are shown by their names, stored by their codes', () => {
  it('labels each status in the reply\'s language and writes the names to the workbook', async () => {
    const zh = await run(maker, `${mine}&group=status`);
    expect(zh.status).toBe(200);
    const data = zh.body.data as unknown as { rows: Row[]; labels: Record<string, Record<string, string>> };
    const codes = data.rows.map((r) => r.status as string);
    expect(codes.length).toBeGreaterThan(0);
    // rows keep the code (what a drill-down filters on); labels name it
    for (const c of codes) expect(data.labels.status[c], c).toBeTruthy();
    expect(data.labels.status[codes[0]]).not.toBe(codes[0]);
    const en = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/orders-by-status/run?${mine}&group=status`, headers: auth(maker, 'en') });
    const enLabels = (en.json() as { data: { labels: Record<string, Record<string, string>> } }).data.labels.status;
    expect(enLabels[codes[0]]).not.toBe(data.labels.status[codes[0]]);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/orders-by-status/export?${mine}&group=status`, headers: auth(maker) });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getCell('A2').value).toBe(data.labels.status[codes[0]]);
  });
});

describe('a chart element drills down to the list of its rows', () => {
  it('gives the list the filters that return exactly the element’s orders', async () => {
    const report = getReport('orders-by-status')!;
    const element = (await run(maker, `${mine}&group=category,month`)).body.data.rows[0];
    const filters = drillFilters(report, { category: element.category, month: element.month }, { 'f.brand_name.eq': BRAND });
    const list = await resourceClient(t.app, maker, 'scmapi', 'customerorder').page(filters);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(element.orders);
    expect(list.body.data.rows.every((r) => String(r.delivery_date).startsWith('2026-05'))).toBe(true);
  });
});
