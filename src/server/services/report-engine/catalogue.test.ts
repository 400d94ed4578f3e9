import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allReports } from '../../../model';
import { reportModules } from '../../../../reports';
import { loadReportFolder, REPORTS, reportFolders } from './catalogue';
import { hasServerQuery } from './server-query';

describe('the report catalogue: a report is registered by its folder', () => {
  it('the server finds the same folders as the browser', () => {
    const browser = Object.keys(reportModules).map((p) => p.split('/')[1]).sort();
    expect(reportFolders()).toEqual(browser);
    expect(REPORTS.map((r) => r.name).sort()).toEqual(allReports().map((r) => r.name).sort());
    expect(REPORTS.length).toBeGreaterThanOrEqual(22);
  });

  it("every report naming a server query has its folder's query", () => {
    const named = REPORTS.filter((r) => r.query);
    expect(named.length).toBeGreaterThanOrEqual(15);
    for (const r of named) expect(hasServerQuery(r.query!), r.name).toBe(true);
  });

  const dir = mkdtempSync(join(tmpdir(), 'report-folders-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const folder = (name: string, files: Record<string, string>) => {
    mkdirSync(join(dir, name), { recursive: true });
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, name, f), text);
  };
  const decl = (name: string, query?: string) => `export const r = { name: '${name}', ${query ? `query: '${query}', ` : ''}dimensions: [], measures: [] };\n`;

  it('a folder without its declaration is no report; one whose query is missing or unnamed stops the start', async () => {
    folder('charts-only', { 'charts-only.chart.ts': 'export const x = 1;\n' });
    folder('lost-query', { 'lost-query.report.ts': decl('lost-query', 'lost') });
    folder('stray-query', { 'stray-query.report.ts': decl('stray-query'), 'stray-query.query.ts': 'export const query = async () => [];\n' });
    folder('plain', { 'plain.report.ts': decl('plain') });
    expect(reportFolders(dir)).toEqual(['lost-query', 'plain', 'stray-query']);
    await expect(loadReportFolder('lost-query', dir)).rejects.toThrow(/holds no lost-query\.query\.ts/);
    await expect(loadReportFolder('stray-query', dir)).rejects.toThrow(/no report of the folder names a server query/);
    expect((await loadReportFolder('plain', dir)).map((r) => r.name)).toEqual(['plain']);
  });
});
