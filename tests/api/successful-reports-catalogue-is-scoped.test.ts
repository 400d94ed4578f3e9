import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { reportCalls, type Row } from './report-support';

/**
 * Issue 13, the report catalogue: every report reads only its caller's tenant, through the same
 * WHERE as the entity's list (so a data permission narrows it the same way), and a server query
 * report's arithmetic holds (on-time rate from the orders' finish actions, capacity load against the
 * schedule's minutes). Each report's grand total is compared with a count or sum the test computes
 * in SQL for the caller's tenant: both demo companies are measured, so a report that leaked another
 * tenant's rows, or lost its own, would disagree with one of them.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const clients: Record<string, number> = {};
const { auth, run, total, one, call } = reportCalls<Record<string, unknown>>(() => t, tokens);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'brand']) {
    tokens[u] = await signIn(t.app, u);
    clients[u] = await one(sql<{ n: number }>`select client_id as n from users where username = ${u}`);
  }
  // The demo brand has a version and demand but no allocation yet: place 120 on one of its vendors.
  await sql`insert into scm_alloc_cell (client_id, version_id, demand_id, vendor_id, cycle, qty)
    select d.client_id, d.version_id, d.id, (select id from md_vendor where client_id = d.client_id order by id limit 1), d.month, 120
    from scm_demand d where d.client_id = ${clients.brand} order by d.id limit 1`.execute(t.app.db);
}, 120_000);
afterAll(async () => t?.close());

/** Per report: the measure compared and its SQL for one tenant (the rows the report should read). */
const EXPECTED: Array<{ report: string; measure: string; query?: Record<string, string>; sql: (c: number) => ReturnType<typeof sql<{ n: number }>> }> = [
  { report: 'order-book', measure: 'orders', sql: (c) => sql`select count(*)::int as n from scm_customer_order where client_id = ${c}` },
  { report: 'pr-order-book', measure: 'qty', sql: (c) => sql`select coalesce(sum(total_qty), 0)::float8 as n from scm_pr_order where client_id = ${c}` },
  { report: 'on-time-delivery', measure: 'finished', sql: (c) => sql`select count(*)::int as n from scm_customer_order where client_id = ${c} and status = 'finished'` },
  { report: 'allocation-by-vendor', measure: 'qty', sql: (c) => sql`select coalesce(sum(qty), 0)::float8 as n from scm_alloc_cell where client_id = ${c}` },
  { report: 'allocation-coverage', measure: 'demand', sql: (c) => sql`select coalesce(sum(demand_qty), 0)::float8 as n from scm_alloc_version where client_id = ${c}` },
  { report: 'vendor-capacity-vs-allocated', measure: 'capacity', sql: (c) => sql`select coalesce(sum(capacity), 0)::float8 as n from scm_vendor_capacity where client_id = ${c} and vendor_id is not null` },
  { report: 'purchase-spend', measure: 'amount', sql: (c) => sql`select coalesce(sum(total_amount), 0)::float8 as n from pur_order where client_id = ${c}` },
  {
    report: 'material-price-trend',
    measure: 'qty',
    sql: (c) => sql`select coalesce(sum(l.qty), 0)::float8 as n from pur_order_line l join pur_order o on o.id = l.order_id
      where o.client_id = ${c} and l.material_id is not null and l.unit_price is not null and o.status not in ('cancelled', 'rejected')`,
  },
  { report: 'stock-by-location', measure: 'qty', sql: (c) => sql`select coalesce(sum(qty), 0)::float8 as n from wms_stock where client_id = ${c}` },
  { report: 'import-history', measure: 'jobs', sql: (c) => sql`select count(*)::int as n from jobs j join users u on u.id = j.user_id where j.client_id = ${c} and j.kind = 'import' and u.username in ('maker', 'brand')` },
];

describe('every report reads its caller’s tenant only', () => {
  it.each(EXPECTED.map((e) => [e.report, e] as const))('%s: each company’s total is its own rows’ total', async (_name, e) => {
    const seen: number[] = [];
    for (const user of ['maker', 'brand']) {
      const data = await run(user, e.report, e.query);
      const expected = await one(e.sql(clients[user]));
      expect(total(data.rows, e.measure), `${e.report} as ${user}`).toBeCloseTo(expected, 2);
      seen.push(expected);
    }
    // Not an empty comparison: at least one company has rows the report must count (import history's own test below).
    if (e.report !== 'import-history') expect(Math.max(...seen), e.report).toBeGreaterThan(0);
  });

  it('import history counts the caller’s own imports: one started by the maker shows for the maker only', async () => {
    const before = total((await run('maker', 'import-history')).rows, 'jobs');
    await sql`insert into jobs (client_id, user_id, kind, status, title, params, result)
      select client_id, id, 'import', 'done', 'vendors.xlsx', '{"entity":"vendor"}'::jsonb, '{"total":3,"inserted":2,"updated":1,"committed":true,"errorCount":0}'::jsonb
      from users where username = 'maker'`.execute(t.app.db);
    const after = await run('maker', 'import-history', { group: 'entity' });
    expect(total(after.rows, 'jobs')).toBe(before + 1);
    expect(after.rows.find((r) => r.entity === 'vendor')).toMatchObject({ jobs: 1, total: 3, imported: 3, errors: 0 });
    expect(after.labels.entity.vendor).toBe('Vendor');
    expect(total((await run('brand', 'import-history')).rows, 'jobs')).toBe(0);
  });

  it('refuses a filter the report does not declare and a report without the list’s read grant', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/rptapi/report/purchase-spend/run?f.remark.like=x', headers: auth(tokens.maker) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('allocation by season', () => {
  it('groups each company’s cells by their demand line’s season, labelled from the season dictionary', async () => {
    for (const user of ['brand', 'maker']) {
      const bySeason = await run(user, 'allocation-by-vendor', { group: 'season' });
      const expected = (await sql<{ season: string | null; qty: number }>`select d.season, sum(t.qty)::float8 as qty from scm_alloc_cell t
        join scm_demand d on d.id = t.demand_id where t.client_id = ${clients[user]} group by 1`.execute(t.app.db)).rows;
      expect(bySeason.rows.map((r) => [r.season, r.qty]).sort(), user).toEqual(expected.map((r) => [r.season, Number(r.qty)]).sort());
      for (const r of bySeason.rows) if (r.season) expect(bySeason.labels.season[String(r.season)]).toBeTruthy();
    }
  });
});

describe('a data permission narrows the reports as it narrows the lists', () => {
  let planner: string;
  const picked: Record<string, string> = {};

  beforeAll(async () => {
    const maker = tokens.maker;
    const c = clients.maker;
    const top = async (q: ReturnType<typeof sql<{ v: string }>>) => String((await q.execute(t.app.db)).rows[0].v);
    picked.category = await top(sql<{ v: string }>`select category as v from scm_customer_order where client_id = ${c} and category is not null group by 1 order by count(*) desc limit 1`);
    picked.vendor = await top(sql<{ v: string }>`select vendor_id::text as v from pur_order where client_id = ${c} group by 1 order by count(*) desc limit 1`);
    picked.location = await top(sql<{ v: string }>`select location_id::text as v from wms_stock where client_id = ${c} group by 1 order by count(*) desc limit 1`);
    const grants = ['scm.customerorder', 'pur.order', 'wms.stock'].map((m) => ({ menu_code: m, verbs: ['view'] }));
    const role = await call('POST', '/api/adminapi/roles/save', maker, { code: 'rpt_narrow', name_zh: '报表数据权限', grants });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const roleId = (role.body.data as { id: number }).id;
    for (const [menu, field, value] of [
      ['scm.customerorder', 'category', picked.category],
      ['pur.order', 'vendor_id', picked.vendor],
      ['wms.stock', 'location_id', picked.location],
    ]) {
      const rule = await call('POST', '/api/adminapi/data-permissions/save', maker, { role_id: roleId, menu_code: menu, field, operator: 'eq', value });
      expect(rule.status, `${menu}: ${JSON.stringify(rule.body)}`).toBe(200);
    }
    const users = await call('GET', '/api/adminapi/users?q=maker.planner', maker);
    const id = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'maker.planner')!.id;
    expect((await call('POST', '/api/adminapi/users/assign-roles', maker, { id, roles: ['rpt_narrow'] })).status).toBe(200);
    planner = await signIn(t.app, 'maker.planner');
    tokens.planner = planner;
  }, 120_000);

  it('order book and on-time delivery: the permitted category only', async () => {
    const c = clients.maker;
    const book = await run('planner', 'order-book', { group: 'category' });
    expect(book.rows.map((r) => r.category)).toEqual([picked.category]);
    expect(total(book.rows, 'orders')).toBe(await one(sql`select count(*)::int as n from scm_customer_order where client_id = ${c} and category = ${picked.category}`));
    const list = await resourceClient(t.app, planner, 'scmapi', 'customerorder').page({});
    expect(list.body.data.total).toBe(total(book.rows, 'orders'));
    const onTime = await run('planner', 'on-time-delivery');
    expect(total(onTime.rows, 'finished')).toBe(await one(sql`select count(*)::int as n from scm_customer_order where client_id = ${c} and category = ${picked.category} and status = 'finished'`));
  });

  it('purchase spend and material prices: the permitted supplier only', async () => {
    const spend = await run('planner', 'purchase-spend', { group: 'vendor' });
    expect(spend.rows.map((r) => r.vendor)).toEqual([picked.vendor]);
    const prices = await run('planner', 'material-price-trend', { group: 'vendor' });
    expect(prices.rows.every((r) => r.vendor === picked.vendor)).toBe(true);
    expect(total(spend.rows, 'amount')).toBeLessThanOrEqual(total((await run('maker', 'purchase-spend')).rows, 'amount'));
  });

  it('stock: the permitted location only; capacity load is refused without the planning grant', async () => {
    const stock = await run('planner', 'stock-by-location');
    expect(stock.rows.map((r) => r.location)).toEqual([picked.location]);
    const load = await t.app.inject({ method: 'GET', url: '/api/rptapi/report/capacity-load/run', headers: auth(planner) });
    expect(load.statusCode).toBe(403);
  });
});

describe('server query arithmetic', () => {
  it('on-time rate: finished on or before the delivery date over finished, late open orders counted, rates of subtotals from their sums', async () => {
    const brandName = '准时率测试品牌';
    const co = resourceClient(t.app, tokens.maker, 'scmapi', 'customerorder');
    const make = async (delivery: string) => {
      const saved = await co.save({ brand_name: brandName, pr_type: 'bulk', category: 'knit-top', receive_date: '2026-01-01', delivery_date: delivery, currency: 'CNY', entries: [{ style_no: `OT-${delivery}`, style_name: '准时', colour: '黑色', size: 'M', qty: 10, unit_price: 1, seq: 1 }] });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return (saved.body.data as { id: number }).id;
    };
    // Finished today: late against a past date, on time against a future one; one open and late.
    const late = await make('2026-01-10');
    const onTime = await make('2099-01-20');
    const onTime2 = await make('2099-02-20');
    const open = await make('2026-01-05');
    for (const id of [late, onTime, onTime2, open]) expect((await co.action('accept', { id })).status).toBe(200);
    for (const id of [late, onTime, onTime2]) expect((await co.action('finish', { id })).status).toBe(200);
    const r = await run('maker', 'on-time-delivery', { 'f.brand_name.eq': brandName, group: 'customer,month', subtotals: '1' });
    const byMonth = Object.fromEntries(r.rows.filter((x) => x._level === 0).map((x) => [x.month, x]));
    expect(byMonth['2026-01']).toMatchObject({ finished: 1, on_time: 0, late_open: 1, rate: 0 });
    expect(byMonth['2099-01']).toMatchObject({ finished: 1, on_time: 1, rate: 1 });
    const grand = r.rows.find((x) => x._level === 2)!;
    expect(grand).toMatchObject({ finished: 3, on_time: 2, late_open: 1 });
    expect(grand.rate).toBeCloseTo(2 / 3, 6);
  });

  it('capacity load: the week loads add up to the published schedule’s minutes; utilisation is load over capacity', async () => {
    const c = clients.maker;
    const r = await run('maker', 'capacity-load', { subtotals: '1' });
    const details = r.rows.filter((x) => x._level === 0);
    const minutes = await one(sql`select coalesce(sum(minutes), 0)::float8 as n from scm_prodplan_bar where client_id = ${c} and scenario_id is null`);
    expect(minutes).toBeGreaterThan(0);
    expect(total(details, 'load')).toBeCloseTo(minutes, 0);
    for (const x of details) {
      expect(Number(x.capacity)).toBeGreaterThanOrEqual(0);
      if (Number(x.capacity) > 0) expect(x.utilisation).toBeCloseTo(Number(x.load) / Number(x.capacity), 9);
    }
    // Every line of the company, loaded or not, and a week is seven days from a Monday.
    const lines = await one(sql`select count(*)::int as n from md_workline where client_id = ${c}`);
    expect(new Set(details.map((x) => x.line)).size).toBe(lines);
    expect(details.every((x) => new Date(`${x.week}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    const grand = r.rows.find((x) => x._level === 2)!;
    expect(grand.utilisation).toBeCloseTo(total(details, 'load') / total(details, 'capacity'), 9);
    expect(Object.keys(r.labels.line).length).toBe(lines);
  });
});

describe('the reports of node tracking, outsourcing, vendors and exceptions', () => {
  it('node risk: every node of the maker’s live orders, late ones as SQL counts them, at risk as the timeline says', async () => {
    const c = clients.maker;
    const data = await run('maker', 'node-risk');
    const nodes = await one(sql<{ n: number }>`select count(*)::int as n from scm_order_node t join scm_customer_order o on o.id = t.order_id
      where t.client_id = ${c} and o.status not in ('cancelled', 'rejected')`);
    expect(nodes).toBeGreaterThan(0);
    expect(total(data.rows, 'nodes')).toBe(nodes);
    const late = await one(sql<{ n: number }>`select count(*)::int as n from scm_order_node t join scm_customer_order o on o.id = t.order_id
      where t.client_id = ${c} and o.status not in ('cancelled', 'rejected') and t.actual_date is null and t.plan_date < current_date`);
    expect(total(data.rows, 'late')).toBe(late);
    // At risk and late never count one node twice; flagged is their sum.
    expect(total(data.rows, 'flagged')).toBe(total(data.rows, 'late') + total(data.rows, 'at_risk'));
    // The brand has no node tracking of its own: refused, or nothing of the maker's.
    const res = await t.app.inject({ method: 'GET', url: '/api/rptapi/report/node-risk/run', headers: auth(tokens.brand) });
    if (res.statusCode === 200) expect(total((res.json() as { data: { rows: Row[] } }).data.rows, 'nodes')).toBe(0);
    else expect(res.statusCode).toBe(403);
  });

  it('outsourced work in progress: pieces sent and still out of the maker’s submitted outsourced orders', async () => {
    const c = clients.maker;
    const data = await run('maker', 'outsourced-wip');
    const sent = await one(sql<{ n: number }>`select coalesce(sum(total_qty), 0)::float8 as n from scm_outsource_order where client_id = ${c} and status not in ('draft', 'rejected', 'cancelled')`);
    const out = await one(sql<{ n: number }>`select coalesce(sum(greatest(coalesce(total_qty, 0) - coalesce(received_qty, 0), 0)), 0)::float8 as n from scm_outsource_order where client_id = ${c} and status not in ('draft', 'rejected', 'cancelled')`);
    expect(sent).toBeGreaterThan(0);
    expect(total(data.rows, 'qty')).toBe(sent);
    expect(total(data.rows, 'open_qty')).toBe(out);
    expect(total(data.rows, 'received') + total(data.rows, 'open_qty')).toBeGreaterThanOrEqual(sent);
  });

  it('vendor scorecard: each company’s due purchase orders, on time and late adding up, rates from their sums', async () => {
    const seen: number[] = [];
    for (const user of ['maker', 'brand']) {
      const c = clients[user];
      const data = await run(user, 'vendor-scorecard', { subtotals: '1' });
      const due = await one(sql<{ n: number }>`select count(*)::int as n from pur_order where client_id = ${c} and status not in ('draft', 'rejected', 'cancelled') and (status = 'received' or delivery_date < current_date)`);
      expect(total(data.rows, 'due'), user).toBe(due);
      expect(total(data.rows, 'on_time') + total(data.rows, 'late')).toBe(due);
      const grand = data.rows.find((r) => r._level === 1);
      if (due) expect(Number(grand?.on_time_rate)).toBeCloseTo(total(data.rows, 'on_time') / due, 6);
      seen.push(due);
    }
    expect(Math.max(...seen)).toBeGreaterThan(0);
  });

  it('open exceptions: each company’s own tickets in progress or closing, in age bands', async () => {
    const seen: number[] = [];
    for (const user of ['maker', 'brand']) {
      const c = clients[user];
      const data = await run(user, 'open-exceptions');
      const open = await one(sql<{ n: number }>`select count(*)::int as n from collab_ticket where client_id = ${c} and status in ('0', '50')`);
      expect(total(data.rows, 'tickets'), user).toBe(open);
      for (const r of data.rows.filter((x) => !x._level)) expect(['1', '2', '3', '4']).toContain(String(r.age));
      seen.push(open);
    }
    expect(Math.max(...seen)).toBeGreaterThan(0);
  });
});
