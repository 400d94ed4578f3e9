import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { controlTower } from '../../reports/dashboards';
import { defaultRange } from '../../reports/tower-range';
import { dashboardDrill, dashboardQuery, getReport, visibleWidgets, type DashboardFilters, type DashboardWidget } from '../../src/model';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, body, loginOk, type LoginData } from './access-test-helpers';

/**
 * The stock alerts widget (库存预警, the control tower's `stock`, offered on the personal dashboard as
 * `tower.stock`) for the demo maker, on PGlite and PostgreSQL with TEST_DATABASE_URL. It used to read
 * balances with on hand ≤ 0, which the demo (and a real store, which sets reorder levels) never
 * has: an always-empty chart while two materials were under their reorder level. Now its figure is
 * the materials under their reorder level per location, as the database counts them; each bar's
 * drill-down (the report of materials below reorder level narrowed to that location) shows exactly
 * that many rows, and a company's widget holds only its own locations.
 */
type Row = Record<string, string | number | null> & { _level: number };
type RunReply = { rows: Row[]; labels: Record<string, Record<string, string>> };

describe('the stock alerts widget of the demo maker', () => {
  let t: TestApp;
  let maker: LoginData;
  let brand: LoginData;
  beforeAll(async () => {
    t = await createTestApp();
    maker = await loginOk(t.app, 'maker');
    brand = await loginOk(t.app, 'brand');
  }, 120_000);
  afterAll(async () => t.close());

  const today = new Date().toISOString().slice(0, 10);
  // As the personal dashboard's borrowed widget reads it: the tower's default range, the whole company.
  const filters: DashboardFilters = { ...defaultRange(today), users: null };
  const menuCodes = (who: LoginData) => new Set(who.menus.flatMap((g) => (g.children as unknown as Array<{ CODE: string }>).map((c) => c.CODE)));
  const stockWidget = (who: LoginData): DashboardWidget => {
    const w = visibleWidgets(controlTower, menuCodes(who)).find((x) => x.key === 'stock');
    expect(w, 'the stock alerts widget is offered').toBeDefined();
    return w!;
  };
  const run = async (who: LoginData, report: string, query: Record<string, string>): Promise<RunReply> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/rptapi/report/${report}/run?${new URLSearchParams(query).toString()}`, headers: bearer(who.access_token) });
    expect(res.statusCode, res.body).toBe(200);
    return body<RunReply>(res).data;
  };
  const detail = (r: RunReply) => r.rows.filter((x) => x._level === 0);
  /** The company's material-locations whose on-hand quantity is under their reorder level, counted in SQL from the balances and levels. */
  const belowInDatabase = async (who: LoginData) =>
    (await sql<{ location_id: number; n: number }>`
      select l.location_id, count(*)::int as n from wms_stock_level l
      where l.client_id = ${who.client_id} and coalesce((select sum(b.qty) from wms_stock b where b.client_id = l.client_id and b.material_id = l.material_id and b.location_id = l.location_id), 0) < l.reorder_qty
      group by l.location_id`.execute(t.database.db)).rows;

  it('is on the maker’s personal dashboard and its figure is the materials under their reorder level', async () => {
    const w = stockWidget(maker);
    const saved = await t.app.inject({ method: 'POST', url: '/api/rptapi/dashboard/mydash/layout', headers: bearer(maker.access_token), payload: { items: [{ key: 'todo', hidden: false }, { key: 'tower.stock', hidden: false }] } });
    expect(saved.statusCode, saved.body).toBe(200);

    const rows = detail(await run(maker, w.report, dashboardQuery(w, filters)));
    expect(rows.length).toBeGreaterThan(0);
    const expected = await belowInDatabase(maker);
    expect(expected.length).toBeGreaterThan(0);
    const figure = (r: Row) => w.measures.reduce((s, m) => s + Number(r[m] ?? 0), 0);
    expect(Object.fromEntries(rows.map((r) => [String(r.location), figure(r)]))).toEqual(Object.fromEntries(expected.map((e) => [String(e.location_id), e.n])));
  });

  it('each bar opens a drill-down with exactly its rows', async () => {
    const w = stockWidget(maker);
    const report = getReport(w.report)!;
    const rows = detail(await run(maker, w.report, dashboardQuery(w, filters)));
    for (const row of rows) {
      const url = new URL(dashboardDrill(report, w, filters, { location: row.location == null ? null : String(row.location), _measure: w.measures[0] }), 'http://board');
      // The report's own page, narrowed to the bar's location, opened with its default grouping.
      expect(url.pathname).toBe(`/rpt/dsrptindex/${w.report}`);
      expect(url.searchParams.get('f.id.eq')).toBe(String(row.location));
      const drilled = detail(await run(maker, w.report, Object.fromEntries(url.searchParams)));
      expect(drilled.length).toBe(Number(row.items));
      for (const d of drilled) expect(String(d.location)).toBe(String(row.location));
    }
  });

  it('holds only the company’s own locations', async () => {
    const w = stockWidget(brand);
    const rows = detail(await run(brand, w.report, dashboardQuery(w, filters)));
    const makers = (await sql<{ id: number }>`select id from wms_location where client_id = ${maker.client_id}`.execute(t.database.db)).rows.map((x) => String(x.id));
    for (const r of rows) expect(makers).not.toContain(String(r.location));
    const expected = await belowInDatabase(brand);
    expect(rows.reduce((s, r) => s + Number(r.items), 0)).toBe(expected.reduce((s, e) => s + e.n, 0));
  });
});
