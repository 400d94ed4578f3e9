import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { allReports, drillFilters, getEntity, type ReportCompany, type ReportDef, type ReportMeasure } from '../../src/model';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { reportCalls, type Row } from './report-support';

/**
 * One truth (issue 29): a figure and the list it opens answer the same question. Generated from the
 * report registry: for every report that drills down to a list, every measure that counts rows (a
 * `count`, or a measure declaring the list filters of the rows it counts) and each group of the demo
 * data, the list opened with the element's drill-down filters (`drillFilters`, the same function
 * the tower, the dashboards and the report page use) holds exactly as many rows as the figure says
 * (a sum of pieces that names its list field: rows whose pieces add up to it).
 * The control tower's widgets are these reports run by one call (control-tower-aggregates.test.ts
 * checks their rows equal the report's), so this holds for the tower's figures too.
 */
const USER_OF: Record<ReportCompany, string> = { brand: 'brand', maker: 'maker', supplier: 'supplier' };
/** Groups checked per report and company (the demo data's largest first). */
const GROUPS = 6;

let t: TestApp;
const tokens: Record<string, string> = {};
const calls = reportCalls(() => t, tokens);
const checkedBy = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  for (const user of Object.values(USER_OF)) tokens[user] = await signIn(t.app, user);
}, 120_000);
afterAll(async () => t?.close());

const countsRows = (m: ReportMeasure) => m.agg === 'count' || Boolean(m.drill);

/** The values of `field` over every row of a list under `filters`, page by page (500 a page). */
async function listSum(list: ReturnType<typeof resourceClient>, filters: Record<string, string>, field: string, total: number): Promise<number> {
  let sum = 0;
  for (let p = 1; (p - 1) * 500 < total; p++) sum += (await list.page({ ...filters, page: p, size: 500 })).body.data.rows.reduce((s, x) => s + Number(x[field] ?? 0), 0);
  return sum;
}
const drillable = (r: ReportDef) => Boolean(r.entity) && !r.noDrill && !r.drillTo && r.measures.some(countsRows);

const cases = allReports()
  .filter(drillable)
  .flatMap((report) => (report.companies ?? (Object.keys(USER_OF) as ReportCompany[])).map((company) => ({ report, user: USER_OF[company] })));

describe('every figure equals the rows of its drill-down', () => {
  it('checks the reports that count rows, the tower\'s funnel, on-time and purchases among them', () => {
    const names = new Set(cases.map((c) => c.report.name));
    for (const name of ['orders-by-status', 'on-time-delivery', 'purchase-spend', 'order-book']) expect(names.has(name), name).toBe(true);
  });

  it.each(cases.map((c) => [c.report.name, c.user, c] as const))('%s as %s', async (_name, _user, { report, user }) => {
    const entity = getEntity(report.entity!)!;
    const list = resourceClient(t.app, tokens[user], entity.prefix, entity.name);
    const dims = report.defaultGroup ?? [report.dimensions[0].key];
    const rows = (await calls.run(user, report.name, { group: dims.join(',') })).rows.filter((r: Row) => !r._level);
    let checked = 0;
    for (const m of report.measures.filter(countsRows)) {
      const groups = rows.filter((r) => Number(r[m.key] ?? 0) > 0).sort((a, b) => Number(b[m.key]) - Number(a[m.key])).slice(0, GROUPS);
      for (const row of groups) {
        const element: Record<string, unknown> = { _measure: m.key };
        for (const d of dims) element[d] = row[d];
        const filters = drillFilters(report, element);
        const page = await list.page({ ...filters, page: 1, size: 1 });
        expect(page.status, `${report.name} ${JSON.stringify(filters)}: ${JSON.stringify(page.body).slice(0, 200)}`).toBe(200);
        // A sum of pieces (`listField`) is its rows' values added up; any other, the rows counted.
        const listed = m.listField ? await listSum(list, filters, m.listField, page.body.data.total) : page.body.data.total;
        expect(listed, `${report.name} ${m.key} of ${JSON.stringify(element)} as ${user}: list ${JSON.stringify(filters)}`).toBe(Number(row[m.key]));
        checked += 1;
      }
    }
    checkedBy.set(report.name, (checkedBy.get(report.name) ?? 0) + checked);
  });

  it('checked groups of every such report (a company without such rows in the demo checks none)', () => {
    for (const name of new Set(cases.map((c) => c.report.name))) expect(checkedBy.get(name), name).toBeGreaterThan(0);
  });
});
