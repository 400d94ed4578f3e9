import { describe, expect, it } from 'vitest';
import { allMenuGroups, drillFilters, getEntity, getReport, REPORTS_MENU_GROUP, type ReportDef } from '../src/model';
import { chartOption, REPORT_THEMES, toChartData, type ReportRowLike } from './charts';

/**
 * The contract every report folder's test runs on its own declaration (reports/<name>/<name>.test.ts):
 * the folder is the report (its name, registered once), the menu entry comes from the declaration,
 * what it names exists (groupings, chart measures, filters, ratio parts), its chart draws rows of its
 * default grouping with every category and measure, and a drill-down asks only filters of the list.
 * The figures themselves are checked against the database by the API tests (every figure equals its
 * drill-down's rows, the catalogue's scoped totals).
 */
const SYSTEM_FIELDS = new Set(['id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'version']);

/** Three rows of the default grouping, each measure numbered, as the server's detail rows read. */
function sampleRows(report: ReportDef, keys: string[]): ReportRowLike[] {
  const valueOf = (key: string, i: number) => {
    const d = report.dimensions.find((x) => x.key === key)!;
    if (d.bucket === 'month') return `2026-0${i + 1}`;
    if (d.bucket === 'week') return ['2026-01-05', '2026-01-12', '2026-01-19'][i];
    if (d.bucket === 'day') return ['2026-01-05', '2026-01-06', '2026-01-07'][i];
    return `${key}-${i + 1}`;
  };
  return [0, 1, 2].map((i) => {
    const row: ReportRowLike = { _level: 0 };
    for (const k of keys) row[k] = valueOf(k, i);
    for (const m of report.measures) row[m.key] = m.agg === 'ratio' ? 0.5 : (i + 1) * 10;
    return row;
  });
}

export function describeReportFolder(folder: string, report: ReportDef): void {
  describe(`report ${folder}`, () => {
    it('is its folder: named after it and registered once', () => {
      expect(report.name).toBe(folder);
      expect(getReport(folder)).toBe(report);
    });

    it('puts its own entry in the reports menu', () => {
      const entry = allMenuGroups().find((g) => g.code === REPORTS_MENU_GROUP)?.entries.find((e) => e.code === `rpt.${folder}`);
      expect(report.menu, 'a report declares its menu entry').toBeDefined();
      expect(entry).toMatchObject({ furl: `/rpt/dsrptindex/${folder}`, title: report.menu!.title ?? report.title, order: report.menu!.order });
      expect(entry!.roles?.length).toBeGreaterThan(0);
    });

    it('names only what it declares', () => {
      const dims = new Set(report.dimensions.map((d) => d.key));
      const measures = new Set(report.measures.map((m) => m.key));
      for (const g of report.defaultGroup ?? []) expect(dims, `grouping ${g}`).toContain(g);
      for (const m of report.chartMeasures ?? []) expect(measures, `chart measure ${m}`).toContain(m);
      for (const m of report.measures.filter((x) => x.agg === 'ratio')) for (const part of m.of ?? []) expect(measures).toContain(part);
      const entity = report.entity ? getEntity(report.entity) : undefined;
      if (entity && !report.query)
        for (const f of report.filters) expect(entity.fields.some((x) => x.key === f) || SYSTEM_FIELDS.has(f), `filter ${f} of ${entity.name}`).toBe(true);
    });

    it('draws its default grouping: every category and measure in the chart', () => {
      const keys = (report.defaultGroup ?? [report.dimensions[0].key]).slice(0, 2);
      const drawn = (report.chartMeasures ?? [report.measures[0].key]).map((k) => ({ key: k, name: `measure ${k}` }));
      const rows = sampleRows(report, keys);
      const percent = drawn.every((d) => report.measures.find((m) => m.key === d.key)?.format === 'percent');
      const data = toChartData(rows, keys, keys.length > 1 ? drawn.slice(0, 1) : drawn, (dim, v) => `${dim}:${v}`, percent);
      expect(data.categories.map((c) => c.key)).toEqual([...new Set(rows.map((r) => String(r[keys[0]])))]);
      const text = JSON.stringify(chartOption(report.chart ?? 'bar', data, REPORT_THEMES.default.theme));
      for (const c of data.categories) expect(text).toContain(c.label);
    });

    it.skipIf(report.noDrill || !report.entity)('drills to list filters of its own fields', () => {
      const keys = report.defaultGroup ?? [report.dimensions[0].key];
      const [row] = sampleRows(report, keys);
      const fields = new Set([...report.dimensions.map((d) => d.field), ...report.filters]);
      const filters = drillFilters(report, { ...row, _measure: report.measures[0].key });
      // A grouping that is no field of the list (noDrill, e.g. a computed line) adds no filter.
      const drillable = keys.filter((k) => !report.dimensions.find((d) => d.key === k)?.noDrill);
      expect(Object.keys(filters).length).toBeGreaterThanOrEqual(drillable.length);
      for (const key of Object.keys(filters)) expect(fields.has(key.split('.')[1]) || key in (report.measures[0].drill ?? {}), key).toBe(true);
    });
  });
}
