import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGGREGATES, figuresSql, keyColumns, rebuildSql, type AggregateDef } from '../../src/server/services/report-engine/aggregates';
import { withTenant } from '../../src/server/kernel/rls';
import { defaultRange, widgetQuery, WIDGETS } from '../../reports/control-tower';
import { periodRange } from '../../src/model/workspace';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 13, B8: the control tower's order figures come from a pre-aggregated table kept by the
 * database on every write (statement triggers on the orders' table). After any sequence of writes
 * (saves, state actions, removes, bulk statements) the table holds exactly the figures computed from
 * the orders themselves; a report run reads it only when the user's filters and data permissions
 * can be applied to it, with the same tenant and permission scoping as the list, and gives the
 * same rows as the raw table.
 */
let t: TestApp;
let maker: string;
let brand: string;
let planner: string;
let makerId: number;
const agg = AGGREGATES.find((a) => a.name === 'customerorder_month')!;
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'x-lang': 'zh-CN' });

type Row = Record<string, string | number | null> & { _level: number };
type Run = { rows: Row[]; source: { kind: string; why?: string } };
async function run(token: string, report: string, query: string): Promise<{ status: number; data: Run }> {
  const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/${report}/run?${query}`, headers: auth(token) });
  return { status: res.statusCode, data: (res.json() as { data: Run }).data };
}
async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { data: Record<string, unknown> } };
}

/** Every figure of an aggregate, and the same figures computed from its source rows now, per tenant and key. */
async function figures(a: AggregateDef = agg): Promise<{ kept: string[]; computed: string[] }> {
  const db = t.database.db;
  const keys = keyColumns(a);
  const cols = Object.keys(a.measures);
  const line = (r: Record<string, unknown>) =>
    [...keys.map((k) => (r[k] instanceof Date ? (r[k] as Date).toISOString().slice(0, 10) : String(r[k] ?? '∅'))), ...cols.map((c) => Number(r[c]))].join('|');
  const kept = await sql<Record<string, unknown>>`select ${sql.join(keys.map((k) => sql.id(k)))}, ${sql.join(cols.map((c) => sql`${sql.id(c)}::float8 as ${sql.id(c)}`))}
    from ${sql.table(a.table)} where ${sql.id(a.count)} <> 0`.execute(db);
  const computed = await sql<Record<string, unknown>>`${sql.raw(figuresSql(a))}`.execute(db);
  return { kept: kept.rows.map(line).sort(), computed: computed.rows.map(line).sort() };
}

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  brand = await signIn(t.app, 'brand');
  makerId = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.database.db)).rows[0].id);
});
afterAll(async () => t?.close());

const BRANDS = ['聚合品牌甲', '聚合品牌乙', '聚合品牌丙'];
const CATS = ['knit-top', 'woven-shirt', 'denim'];
const DATES = ['2026-03-05', '2026-03-31', '2026-04-01', '2026-04-18', '2026-05-30', '2025-12-31'];

describe('the monthly order aggregate is kept by every write', () => {
  it('holds the demo season’s figures after the seed (built, then kept by the seed’s own writes)', async () => {
    const f = await figures();
    expect(f.kept.length).toBeGreaterThan(0);
    expect(f.kept).toEqual(f.computed);
  });

  it('equals the figures computed from the orders after random saves, state actions and removes (fast-check)', async () => {
    const co = resourceClient(t.app, maker, 'scmapi', 'customerorder');
    const op = fc.oneof(
      fc.record({ kind: fc.constant('create' as const), brand: fc.constantFrom(...BRANDS), cat: fc.constantFrom(...CATS), date: fc.option(fc.constantFrom(...DATES), { nil: null }), qty: fc.integer({ min: 1, max: 500 }), lines: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), brand: fc.constantFrom(...BRANDS), cat: fc.constantFrom(...CATS), date: fc.constantFrom(...DATES), qty: fc.integer({ min: 1, max: 500 }) }),
      fc.record({ kind: fc.constantFrom('accept' as const, 'finish' as const, 'reject' as const, 'remove' as const), pick: fc.nat() }),
    );
    const mine: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'create') {
            const entries = Array.from({ length: o.lines }, (_, i) => ({ style_no: `AGG-${i}`, style_name: '聚合款', colour: '黑色', size: ['S', 'M', 'L'][i], qty: o.qty + i, unit_price: 12.5, seq: i + 1 }));
            const r = await co.save({ brand_name: o.brand, pr_type: 'bulk', category: o.cat, receive_date: '2026-01-10', delivery_date: o.date, currency: 'CNY', entries });
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            mine.push(Number((r.body.data as { id: number }).id));
            continue;
          }
          if (!mine.length) continue;
          const id = mine[o.pick % mine.length];
          const view = await co.view(id);
          const cur = view.body.data as { status: string; version: number; entries: Array<Record<string, unknown>> };
          if (o.kind === 'edit') {
            if (cur.status !== 'pending' && cur.status !== 'in_progress') continue;
            const entries = cur.entries.map((e) => ({ ...e, qty: o.qty }));
            const r = await co.save({ ...cur, id, version: cur.version, brand_name: o.brand, category: o.cat, delivery_date: o.date, entries });
            expect(r.status, JSON.stringify(r.body)).toBe(200);
          } else if (o.kind === 'remove') {
            if (cur.status !== 'pending') continue;
            const r = await co.remove([id]);
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            mine.splice(mine.indexOf(id), 1);
          } else {
            const from = { accept: 'pending', finish: 'in_progress', reject: 'pending' }[o.kind];
            if (cur.status !== from) continue;
            const r = await co.action(o.kind, o.kind === 'reject' ? { id, reject_reason: '产能已满' } : { id });
            expect(r.status, JSON.stringify(r.body)).toBe(200);
          }
        }
        const f = await figures();
        expect(f.kept).toEqual(f.computed);
      }),
      { numRuns: 6 },
    );
    expect(mine.length).toBeGreaterThan(0);
  });

  it('follows bulk statements and a rebuild gives the same table', async () => {
    const db = t.database.db;
    await withTenant(db, makerId, async (tx) => {
      await sql`insert into scm_customer_order (client_id, order_no, brand_name, category, delivery_date, total_qty, total_amount, status, currency)
        select ${makerId}, 'AGGB' || g, '批量品牌', 'denim', date '2026-07-01' + (g % 40), g * 10, g * 100, (array['pending','in_progress','finished'])[1 + g % 3], 'CNY'
        from generate_series(1, 300) g`.execute(tx);
      await sql`update scm_customer_order set delivery_date = delivery_date + 20, total_qty = total_qty + 1 where client_id = ${makerId} and order_no like 'AGGB%' and status = 'pending'`.execute(tx);
      await sql`delete from scm_customer_order where client_id = ${makerId} and order_no like 'AGGB%' and status = 'finished'`.execute(tx);
      // An order without a status (a bare row) counts in no state and breaks nothing.
      await sql`insert into scm_customer_order (client_id, order_no, currency) values (${makerId}, 'AGGB-bare', 'CNY')`.execute(tx);
      await sql`update scm_customer_order set status = null, delivery_date = null where client_id = ${makerId} and order_no = 'AGGB-bare'`.execute(tx);
    });
    let f = await figures();
    expect(f.kept).toEqual(f.computed);
    expect(f.kept.some((l) => l.includes('批量品牌'))).toBe(true);
    // A rebuild from the orders (what a changed definition does at start) gives the same rows.
    const before = f.kept;
    await sql.raw(`delete from ${agg.table}`).execute(db);
    await sql.raw(rebuildSql(agg)).execute(db);
    f = await figures();
    expect(f.kept).toEqual(before);
  });

  it('is protected by row-level security: a tenant reads only its own aggregate rows', async () => {
    const brandId = Number((await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.database.db)).rows[0].id);
    const seen = await withTenant(t.database.db, brandId, async (tx) => (await sql<{ client_id: number }>`select distinct client_id from ${sql.table(agg.table)}`.execute(tx)).rows);
    expect(seen.every((r) => Number(r.client_id) === brandId)).toBe(true);
    const makerRows = await withTenant(t.database.db, makerId, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(agg.table)}`.execute(tx)).rows[0].n);
    expect(makerRows).toBeGreaterThan(0);
  });
});

describe('the purchase order aggregate (the tower’s purchase orders in flight)', () => {
  const po = () => AGGREGATES.find((a) => a.name === 'purorder_month')!;

  it('equals the purchase orders’ figures after the seed and after bulk statements, and a rebuild gives the same table', async () => {
    let f = await figures(po());
    expect(f.kept.length).toBeGreaterThan(0);
    expect(f.kept).toEqual(f.computed);
    const db = t.database.db;
    await withTenant(db, makerId, async (tx) => {
      const vendor = (await sql<{ vendor_id: number }>`select vendor_id from pur_order where client_id = ${makerId} and vendor_id is not null limit 1`.execute(tx)).rows[0].vendor_id;
      await sql`insert into pur_order (client_id, po_no, vendor_id, order_kind, order_date, total_qty, total_amount, status, currency)
        select ${makerId}, 'AGGPO' || g, ${vendor}, (array['material','accessory'])[1 + g % 2], date '2026-06-01' + (g % 70), g, g * 10, (array['sent','confirmed','dispatched','closed'])[1 + g % 4], 'CNY'
        from generate_series(1, 200) g`.execute(tx);
      await sql`update pur_order set order_date = order_date + 15, total_amount = total_amount + 1 where client_id = ${makerId} and po_no like 'AGGPO%' and status = 'sent'`.execute(tx);
      await sql`update pur_order set status = 'received' where client_id = ${makerId} and po_no like 'AGGPO%' and status = 'dispatched'`.execute(tx);
      await sql`delete from pur_order where client_id = ${makerId} and po_no like 'AGGPO%' and status = 'closed'`.execute(tx);
    });
    f = await figures(po());
    expect(f.kept).toEqual(f.computed);
    const before = f.kept;
    await sql.raw(`delete from ${po().table}`).execute(db);
    await sql.raw(rebuildSql(po())).execute(db);
    expect((await figures(po())).kept).toEqual(before);
  });

  it('answers the purchase widget and the purchase spend report from it, with the raw table’s rows, each tenant its own', async () => {
    const same = (a: Row[], b: Row[]) => expect(a.map((r) => JSON.stringify(r))).toEqual(b.map((r) => JSON.stringify(r)));
    for (const token of [maker, brand]) {
      for (const q of ['group=status&f.status.in=sent,manual,confirmed,dispatched&f.order_date.between=2026-05-01,2026-09-30', 'group=month,vendor&subtotals=1', 'group=kind,status']) {
        const a = await run(token, 'purchase-spend', q);
        const r = await run(token, 'purchase-spend', `${q}&source=raw`);
        expect(a.status, JSON.stringify(a.data)).toBe(200);
        expect(a.data.source.kind, q).toBe('aggregate');
        same(a.data.rows, r.data.rows);
      }
    }
    const inFlight = await run(maker, 'purchase-spend', 'group=status&f.status.in=sent,manual,confirmed,dispatched&f.order_date.between=2026-05-01,2026-09-30');
    expect(inFlight.data.rows.reduce((s, x) => s + Number(x.orders), 0)).toBeGreaterThan(0);
    // A mid-month day reads the orders.
    expect((await run(maker, 'purchase-spend', 'group=status&f.order_date.between=2026-06-05,2026-07-10')).data.source).toEqual({ kind: 'raw', why: 'filter order_date.between' });
    // Row-level security: the brand's session reads no maker row of the aggregate.
    const brandId = Number((await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.database.db)).rows[0].id);
    const seen = await withTenant(t.database.db, brandId, async (tx) => (await sql<{ client_id: number }>`select distinct client_id from ${sql.table(po().table)}`.execute(tx)).rows);
    expect(seen.every((x) => Number(x.client_id) === brandId)).toBe(true);
  });
});

describe('the plan aggregate (the tower’s late plans)', () => {
  const pp = () => AGGREGATES.find((a) => a.name === 'prodplan_month')!;
  const same = (a: Row[], b: Row[]) => expect(a.map((r) => JSON.stringify(r))).toEqual(b.map((r) => JSON.stringify(r)));

  it('equals the scheduled plans’ figures after the seed and after bulk statements (a plan scheduled, made late, unscheduled, removed), and a rebuild gives the same table', async () => {
    let f = await figures(pp());
    expect(f.kept.length).toBeGreaterThan(0);
    expect(f.kept).toEqual(f.computed);
    const db = t.database.db;
    await withTenant(db, makerId, async (tx) => {
      const ids = (await sql<{ id: number }>`select id from scm_prodplan where client_id = ${makerId} order by id limit 12`.execute(tx)).rows.map((r) => Number(r.id));
      expect(ids.length).toBeGreaterThan(6);
      // Scheduled with days late, then one unscheduled, one moved to another month, one removed.
      await sql`update scm_prodplan set planned_end = coalesce(planned_end, delivery_date), late_days = (id % 4) * 3, qty = coalesce(qty, 0) + 5 where id in (${sql.join(ids)})`.execute(tx);
      await sql`update scm_prodplan set planned_end = null where id = ${ids[0]}`.execute(tx);
      await sql`update scm_prodplan set delivery_date = delivery_date + 40, category = 'aggregate-cat' where id = ${ids[1]}`.execute(tx);
      await sql`update scm_prodplan set late_days = 0 where id = ${ids[2]}`.execute(tx);
    });
    f = await figures(pp());
    expect(f.kept).toEqual(f.computed);
    expect(f.kept.some((l) => l.includes('aggregate-cat'))).toBe(true);
    const before = f.kept;
    await sql.raw(`delete from ${pp().table}`).execute(db);
    await sql.raw(rebuildSql(pp())).execute(db);
    expect((await figures(pp())).kept).toEqual(before);
  });

  it('answers plan lateness from it with the raw table’s rows; a mid-month range reads the plans', async () => {
    for (const q of ['group=month', 'group=month,category&subtotals=1', 'group=category&f.delivery_date.between=2026-01-01,2027-12-31']) {
      const a = await run(maker, 'plan-lateness', q);
      const r = await run(maker, 'plan-lateness', `${q}&source=raw`);
      expect(a.status, JSON.stringify(a.data)).toBe(200);
      expect(a.data.source.kind, q).toBe('aggregate');
      same(a.data.rows, r.data.rows);
    }
    const late = await run(maker, 'plan-lateness', 'group=month');
    expect(late.data.rows.reduce((s, x) => s + Number(x.late), 0)).toBeGreaterThan(0);
    expect((await run(maker, 'plan-lateness', 'group=month&f.delivery_date.between=2026-01-05,2027-12-31')).data.source).toEqual({ kind: 'raw', why: 'filter delivery_date.between' });
  });
});

describe('the tower’s reports read the aggregate with the list’s scoping', () => {
  const range = 'f.delivery_date.between=2026-03-01,2026-05-31';
  const same = (a: Row[], b: Row[]) => expect(a.map((r) => JSON.stringify(r))).toEqual(b.map((r) => JSON.stringify(r)));

  it('answers the funnel, the order book and on-time delivery from the aggregate, equal to the raw tables', async () => {
    for (const [report, q] of [
      ['orders-by-status', `group=status&${range}&f.status.in=pending,in_progress,finished`],
      ['order-book', `group=month,customer&subtotals=1&${range}`],
      ['order-book', 'group=category,status&f.brand_name.eq=' + encodeURIComponent(BRANDS[0])],
      ['on-time-delivery', `group=customer&${range}`],
      ['on-time-delivery', 'group=customer,month&subtotals=1'],
    ] as const) {
      const a = await run(maker, report, q);
      const r = await run(maker, report, `${q}&source=raw`);
      expect(a.status, JSON.stringify(a.data)).toBe(200);
      expect(a.data.source.kind, `${report} ${q}`).toBe('aggregate');
      expect(r.data.source).toEqual({ kind: 'raw', why: 'asked' });
      same(a.data.rows, r.data.rows);
    }
    const funnel = await run(maker, 'orders-by-status', `group=status&${range}`);
    expect(funnel.data.rows.reduce((s, x) => s + Number(x.orders), 0)).toBeGreaterThan(0);
  });

  it('falls back to the raw table when a date is not on month boundaries, with the same rows', async () => {
    const q = 'group=status&f.delivery_date.between=2026-03-05,2026-04-18';
    const a = await run(maker, 'orders-by-status', q);
    expect(a.data.source).toEqual({ kind: 'raw', why: 'filter delivery_date.between' });
    const listed = await resourceClient(t.app, maker, 'scmapi', 'customerorder').page({ 'f.delivery_date.between': '2026-03-05,2026-04-18', size: 1 });
    expect(a.data.rows.reduce((s, x) => s + Number(x.orders), 0)).toBe(listed.body.data.total);
  });

  it('keeps tenants apart: the brand’s run never counts the maker’s orders', async () => {
    const r = await run(brand, 'orders-by-status', `group=status&f.brand_name.eq=${encodeURIComponent(BRANDS[0])}`);
    // The brand has no customer-order list of its own: refused, or nothing.
    if (r.status === 200) expect(r.data.rows).toEqual([]);
    else expect(r.status).toBe(403);
  });

  it('applies a data permission on a kept field to the aggregate, and one on another field on the raw table', async () => {
    const role = await call('POST', '/api/adminapi/roles/save', maker, { code: 'agg_knit', name_zh: '针织订单（聚合）', grants: [{ menu_code: 'scm.customerorder', verbs: ['view'] }] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const roleId = (role.body.data as { id: number }).id;
    const rule = await call('POST', '/api/adminapi/data-permissions/save', maker, { role_id: roleId, menu_code: 'scm.customerorder', field: 'category', operator: 'eq', value: 'knit-top' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const users = await call('GET', '/api/adminapi/users?q=maker.planner', maker);
    const id = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'maker.planner')!.id;
    expect((await call('POST', '/api/adminapi/users/assign-roles', maker, { id, roles: ['agg_knit'] })).status).toBe(200);
    planner = await signIn(t.app, 'maker.planner');

    const q = 'group=category,status';
    const narrowed = await run(planner, 'order-book', q);
    expect(narrowed.data.source.kind).toBe('aggregate');
    expect(new Set(narrowed.data.rows.map((r) => r.category))).toEqual(new Set(['knit-top']));
    const listed = await resourceClient(t.app, planner, 'scmapi', 'customerorder').page({ size: 1 });
    expect(narrowed.data.rows.reduce((s, x) => s + Number(x.orders), 0)).toBe(listed.body.data.total);
    same(narrowed.data.rows, (await run(planner, 'order-book', `${q}&source=raw`)).data.rows);

    // A rule on a field the aggregate does not keep (the order's currency): that user's runs read the orders.
    const other = await call('POST', '/api/adminapi/data-permissions/save', maker, { role_id: roleId, menu_code: 'scm.customerorder', field: 'currency', operator: 'eq', value: 'USD' });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    planner = await signIn(t.app, 'maker.planner');
    const fallback = await run(planner, 'order-book', q);
    expect(fallback.data.source).toEqual({ kind: 'raw', why: 'data permission on currency' });
    const listedUsd = await resourceClient(t.app, planner, 'scmapi', 'customerorder').page({ size: 1 });
    expect(fallback.data.rows.reduce((s, x) => s + Number(x.orders), 0)).toBe(listedUsd.body.data.total);
    // The manager without rules still reads the aggregate.
    expect((await run(maker, 'order-book', q)).data.source.kind).toBe('aggregate');
  });
});

describe('the tower in one call (GET /api/rptapi/tower) and its widgets’ own settings', () => {
  type Tower = { range: { from: string; to: string }; settings: Record<string, unknown>; widgets: Record<string, { report: string; range: { from: string; to: string }; result: Run | null; error?: string }> };
  const tower = async (token: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/tower${query}`, headers: auth(token) });
    return { status: res.statusCode, data: (res.json() as { data: Tower }).data };
  };
  const today = new Date().toISOString().slice(0, 10);

  it('answers every widget with the same rows as its own report run, each widget’s source by the user’s menu entries', async () => {
    for (const [token, funnel] of [
      [maker, 'orders-by-status'],
      [brand, 'pr-order-book'],
    ] as const) {
      const all = await tower(token);
      expect(all.status, JSON.stringify(all.data)).toBe(200);
      expect(all.data.range).toEqual(defaultRange(today));
      expect(all.data.widgets.funnel?.report).toBe(funnel);
      expect(Object.keys(all.data.widgets).length).toBeGreaterThan(4);
      for (const [key, w] of Object.entries(all.data.widgets)) {
        const source = WIDGETS.find((x) => x.key === key)!.sources.find((s) => s.report === w.report)!;
        const single = await run(token, w.report, new URLSearchParams(widgetQuery(source, all.data.range)).toString());
        expect(w.error, `${key} ${w.error}`).toBeUndefined();
        expect(w.result!.rows, key).toEqual(single.data.rows);
        expect(w.result!.source, key).toEqual(single.data.source);
      }
    }
    // source=raw: every widget from the raw tables, the same rows.
    const agg = await tower(maker);
    const raw = await tower(maker, '?source=raw');
    expect(agg.data.widgets.funnel.result!.source.kind).toBe('aggregate');
    expect(raw.data.widgets.funnel.result!.source).toEqual({ kind: 'raw', why: 'asked' });
    for (const key of Object.keys(agg.data.widgets)) expect(raw.data.widgets[key].result!.rows, key).toEqual(agg.data.widgets[key].result!.rows);
    // A range of its own, and a bad date refused.
    const own = await tower(maker, '?from=2026-03-01&to=2026-05-31');
    expect(own.data.widgets.funnel.range).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    expect((await tower(maker, '?from=2026-13-45')).status).toBe(400);
  });

  it('keeps a widget’s period and top N per user and company, applies the period, refuses anything else', async () => {
    const save = (token: string, items: unknown) => call('POST', '/api/rptapi/tower/settings', token, { items });
    const saved = await save(maker, [{ key: 'tower.funnel', hidden: false, settings: { period: 'quarter', top: 5 } }, { key: 'tower.ontime', hidden: false }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settings).toEqual({ funnel: { period: 'quarter', top: 5 } });
    const after = await tower(maker);
    expect(after.data.settings).toEqual({ funnel: { period: 'quarter', top: 5 } });
    expect(after.data.widgets.funnel.range).toEqual(periodRange('quarter', today));
    expect(after.data.widgets.ontime.range).toEqual(defaultRange(today));
    const quarter = await run(maker, 'orders-by-status', new URLSearchParams(widgetQuery(WIDGETS[0].sources[0], periodRange('quarter', today)!)).toString());
    expect(after.data.widgets.funnel.result!.rows).toEqual(quarter.data.rows);
    // Another user of the company and another company's user keep their own (none).
    const other = await signIn(t.app, 'maker.planner');
    expect((await tower(other)).data.settings).toEqual({});
    expect((await tower(brand)).data.settings).toEqual({});
    // Not a tower widget, a value off the lists, a personal board's block: refused, the stored settings unchanged.
    for (const items of [[{ key: 'tower.nope', settings: { period: 'month' } }], [{ key: 'tower.funnel', settings: { period: 'week' } }], [{ key: 'todo', hidden: false }], [{ key: 'tower.funnel', settings: { top: 7 } }]]) {
      const r = await save(maker, items);
      expect(r.status, JSON.stringify(items)).toBe(400);
    }
    expect((await tower(maker)).data.settings).toEqual({ funnel: { period: 'quarter', top: 5 } });
    // Cleared: the tower's range again.
    expect((await save(maker, [])).status).toBe(200);
    expect((await tower(maker)).data.widgets.funnel.range).toEqual(defaultRange(today));
  });

  it('narrows to an organisation: the records its members entered, charts without authors whole and marked, no other company’s organisation', async () => {
    type Org = { id: number; name: string; users: number[] };
    const orgsRes = await t.app.inject({ method: 'GET', url: '/api/rptapi/tower/orgs', headers: auth(maker) });
    expect(orgsRes.statusCode, orgsRes.body).toBe(200);
    const orgs = (orgsRes.json() as { data: Org[] }).data;
    expect(orgs.length).toBeGreaterThan(0);
    // The maker's administrator entered the demo orders: an organisation with them as a member sees
    // the company's funnel; one without sees none of it.
    const adminId = (await sql<{ id: number }>`select id from users where username = 'maker'`.execute(t.app.db)).rows[0].id;
    const whole = (await tower(maker)).data.widgets;
    const withOrg = async (o: Org) => {
      const r = await tower(maker, `?org=${o.id}`);
      expect(r.status, JSON.stringify(r.data)).toBe(200);
      return r.data as Tower & { org: number; widgets: Record<string, { byOrg: boolean }> };
    };
    const without = orgs.find((o) => !o.users.includes(adminId))!;
    expect(without, 'a demo organisation the administrator is not in').toBeDefined();
    const narrowed = await withOrg(without);
    expect(narrowed.org).toBe(without.id);
    expect(narrowed.widgets.funnel.byOrg).toBe(true);
    // The funnel counts only its members' orders, exactly what the report gives for those authors.
    const source = WIDGETS[0].sources[0];
    const single = await run(maker, 'orders-by-status', new URLSearchParams(widgetQuery(source, narrowed.range, without.users)).toString());
    expect(narrowed.widgets.funnel.result!.rows).toEqual(single.data.rows);
    const count = (rows: Array<Record<string, unknown>>) => rows.reduce((n, r) => n + Number(r.orders ?? 0), 0);
    expect(count(narrowed.widgets.funnel.result!.rows as Array<Record<string, unknown>>)).toBeLessThan(count(whole.funnel.result!.rows as Array<Record<string, unknown>>));
    // Node risk has no author: the whole company, marked as not following the organisation.
    expect(narrowed.widgets.noderisk.byOrg).toBe(false);
    expect(narrowed.widgets.noderisk.result!.rows).toEqual(whole.noderisk.result!.rows);
    // Another company's organisation, or no number: refused.
    const brandOrg = (await sql<{ id: number }>`select o.id::int as id from md_org o join clients c on c.id = o.client_id where c.code = 'BRAND01' limit 1`.execute(t.app.db)).rows[0];
    if (brandOrg) expect((await tower(maker, `?org=${brandOrg.id}`)).status).toBe(400);
    expect((await tower(maker, '?org=abc')).status).toBe(400);
    // Each company lists its own organisations only.
    const brandOrgs = (await t.app.inject({ method: 'GET', url: '/api/rptapi/tower/orgs', headers: auth(brand) })).json() as { data: Org[] };
    const makerIds = new Set(orgs.map((o) => o.id));
    expect(brandOrgs.data.some((o) => makerIds.has(o.id))).toBe(false);
  });
});
