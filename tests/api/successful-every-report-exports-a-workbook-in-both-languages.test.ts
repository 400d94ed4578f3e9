import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { allReports, CELL_FORMAT_TABLE, reportColumnFormat, type ReportCompany } from '../../src/model';
import { isLegalSheetName, sheetNameKey } from '../../src/server/services/export/sheet-name';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 28: two reports answered their export with 500 in Chinese, because the worksheet was named
 * after the title and the title had a "/" ("供应商分配量（版本/季节）"). Generated from the report
 * registry: every declared report is exported in both languages by each demo company's administrator
 * the report is for (its menu's companies; all three when it names none), and the workbook must open
 * with exceljs under sheet names Excel accepts. Issue 29: every measure column of every report is
 * written as numbers under its declared format (a rate 0.0%, a count #,##0), never as text, and a
 * week's Monday as a date (docs/architecture-excel.md "Number formats").
 */
const USER_OF: Record<ReportCompany, string> = { brand: 'brand', maker: 'maker', supplier: 'supplier' };
const LANGUAGES = ['zh', 'en'] as const;

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const user of Object.values(USER_OF)) tokens[user] = await signIn(t.app, user);
}, 120_000);
afterAll(async () => t?.close());

const cases = allReports().flatMap((report) =>
  (report.companies ?? (Object.keys(USER_OF) as ReportCompany[])).flatMap((company) =>
    LANGUAGES.map((language) => ({ report, user: USER_OF[company], language })),
  ),
);

describe('every report exports a workbook Excel opens, in Chinese and in English', () => {
  it('covers the whole registry, the two reports of the issue among them', () => {
    const names = new Set(cases.map((c) => c.report.name));
    expect(names.size).toBe(allReports().length);
    expect(allReports().length).toBeGreaterThanOrEqual(19);
    for (const name of ['allocation-by-vendor', 'quality-defects']) expect(names.has(name), name).toBe(true);
    // What made them fail: a title Excel cannot take as a sheet name as it is.
    expect(allReports().filter((r) => !isLegalSheetName(r.title.zh)).map((r) => r.name)).toEqual(expect.arrayContaining(['allocation-by-vendor', 'quality-defects']));
  });

  it.each(cases.map((c) => [c.report.name, c.language, c.user, c] as const))('%s (%s) as %s', async (_name, language, user, c) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rptapi/report/${c.report.name}/export`,
      headers: { authorization: `Bearer ${tokens[user]}`, 'x-lang': language },
    });
    expect(res.statusCode, `${c.report.name} (${language}) as ${user}: ${res.body.slice(0, 300)}`).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets.map((ws) => ws.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(isLegalSheetName(name), JSON.stringify(name)).toBe(true);
    expect(new Set(names.map(sheetNameKey)).size).toBe(names.length);
    // The sheet is still named after the report (its first characters, as Excel allows them).
    const title = language === 'en' ? c.report.title.en : c.report.title.zh;
    expect(title.startsWith(names[0].slice(0, 4))).toBe(true);
    // The header row is there: the columns the report's table shows.
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).cellCount).toBeGreaterThan(0);
    // The default grouping's columns, in the table's order: its dimensions, then every measure.
    const dims = c.report.defaultGroup ?? [c.report.dimensions[0].key];
    const keys = [...dims, ...c.report.measures.map((m) => m.key)];
    expect(ws.getRow(1).cellCount).toBe(keys.length);
    let cells = 0;
    keys.forEach((key, i) => {
      const spec = CELL_FORMAT_TABLE[reportColumnFormat(c.report, key)];
      const measure = i >= dims.length;
      if (measure) expect({ key, cell: spec.cell, numFmt: Boolean(spec.numFmt) }).toEqual({ key, cell: 'number', numFmt: true });
      ws.eachRow((row, n) => {
        if (n === 1) return;
        const cell = row.getCell(i + 1);
        if (cell.value === null || (!measure && typeof cell.value === 'string' && !/^\d{4}-\d{2}-\d{2}$/.test(cell.value))) return;
        cells++;
        if (spec.cell === 'number') expect({ key, row: n, type: cell.type, numFmt: cell.numFmt }).toEqual({ key, row: n, type: ExcelJS.ValueType.Number, numFmt: spec.numFmt });
        if (spec.cell === 'date') expect({ key, row: n, type: cell.type, numFmt: cell.numFmt }).toEqual({ key, row: n, type: ExcelJS.ValueType.Date, numFmt: spec.numFmt });
      });
    });
    // Not every company has rows of every report; the measures were checked where there are any.
    if (ws.rowCount > 1) expect(cells).toBeGreaterThan(0);
  });
});
