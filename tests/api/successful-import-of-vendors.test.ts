import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, loadWorkbook, UPLOAD_BASE, uploadFile, waitJob, type JobView } from './import-support';

const fixture = (name: string) => ({ name, content: readFileSync(`fixtures/xlsx/${name}`) });

let t: TestApp;
let token: string;
let clientId: number;

async function count(table: string, where = sql`true`): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where client_id = ${clientId} and ${where}`.execute(t.app.db);
  return r.rows[0].n;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
});
afterAll(async () => t?.close());

describe('import centre: templates', () => {
  it('lists the templates of a page and downloads a template with marked headers, drop-downs and the identity sheet', async () => {
    const links = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/page-upload-links?opt=vendor`, headers: api(token) });
    expect(links.statusCode).toBe(200);
    const list = (links.json() as { data: Array<{ entity: string; templateUrl: string }> }).data;
    expect(list.map((l) => l.entity)).toEqual(['vendor']);
    const res = await t.app.inject({ method: 'GET', url: list[0].templateUrl, headers: api(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = await loadWorkbook(res.rawPayload);
    const meta = wb.getWorksheet('_template')!;
    expect(meta.state).toBe('veryHidden');
    expect(meta.getCell('B2').value).toBe('vendor');
    const data = wb.worksheets.find((w) => w.state === 'visible')!;
    const headers = (data.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain('*供应商名称');
    expect(headers).toContain('供应商编码');
    const typeCol = headers.indexOf('*供应商类型') + 1;
    expect(typeCol).toBeGreaterThan(0);
    const dv = (data as unknown as { dataValidations: { model: Record<string, { type: string; formulae: string[] }> } }).dataValidations.model;
    const rule = dv[`${String.fromCharCode(64 + typeCol)}2`];
    expect(rule?.type).toBe('list');
    expect(rule?.formulae[0]).toContain('_lists');
  });
});

describe('import centre: upload, preview, commit', () => {
  it('imports a good file all-or-nothing in one go and audits each row', async () => {
    const before = await count('md_vendor');
    const job = await importFile(t.app, token, fixture('vendors-good.xlsx'), { entity: 'vendor', commit: 'all' });
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ total: 5, valid: 5, invalid: 0, inserted: 5, committed: true });
    expect(await count('md_vendor')).toBe(before + 5);
    const row = (await sql<Record<string, unknown>>`select * from md_vendor where client_id = ${clientId} and code = 'VX00002'`.execute(t.app.db)).rows[0];
    expect(row).toMatchObject({ name: '测试供应商2', vendor_type: 'fabric', currency: 'USD', status: 'active', valid_from: '2026-01-01' });
    // The audit row of an imported record names its job and sheet row (the values are the record's).
    const audit = (await sql<{ action: string; changes: Array<{ field: string; new: unknown }> }>`select action, changes from audit_log where entity = 'vendor' and record_id = ${row.id as number}`.execute(t.app.db)).rows;
    expect(audit).toHaveLength(1);
    expect(audit[0].action).toBe('import');
    expect(audit[0].changes).toEqual([
      { field: '$job', old: null, new: job.id },
      { field: '$row', old: null, new: 3 },
    ]);
    const history = await resourceClient(t.app, token, 'mdapi', 'vendor').history(row.id);
    expect(history.body.data.rows[0]).toMatchObject({ action: 'import', action_label: '导入新建' });
    expect(history.body.data.rows[0].changes.map((c) => [c.label, c.new])).toEqual([
      ['导入任务', job.id],
      ['Excel 行号', 3],
    ]);
  });

  it('gives an error workbook with the messages column and the bad cells marked red', async () => {
    const job = await importFile(t.app, token, fixture('vendors-row-errors.xlsx'), { entity: 'vendor' });
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/error-workbook`, headers: api(token) });
    expect(res.statusCode).toBe(200);
    const wb = await loadWorkbook(res.rawPayload);
    expect(wb.getWorksheet('_template')?.state).toBe('veryHidden');
    const ws = wb.worksheets.find((w) => w.state === 'visible')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header[header.length - 1]).toBe('错误信息');
    const nameCol = header.indexOf('*供应商名称') + 1;
    const bad = ws.getRow(3).getCell(nameCol);
    expect((bad.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC7CE');
    expect(String(ws.getRow(3).getCell(header.length).value)).toContain('必填项');
    expect(ws.getRow(2).getCell(header.length).value).toBeNull();
    const only = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/error-workbook?only=errors`, headers: api(token) });
    const wb2 = await loadWorkbook(only.rawPayload);
    expect(wb2.worksheets.find((w) => w.state === 'visible')!.rowCount).toBe(1 + 7);
  });

  it('writes the dates of a refused row back as dates, not serial numbers', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('供应商');
    ws.addRow(['供应商编码', '供应商名称', '供应商类型', '有效期从']);
    ws.addRow(['VD-DT01', null, 'garment', new Date(Date.UTC(2026, 0, 5))]);
    ws.getCell('D2').numFmt = 'yyyy/m/d';
    const job = await importFile(t.app, token, { name: 'dates.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }, { entity: 'vendor' });
    expect(job.result).toMatchObject({ invalid: 1 });
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/error-workbook`, headers: api(token) });
    const back = (await loadWorkbook(res.rawPayload)).worksheets.find((w) => w.state === 'visible')!;
    const cell = back.getRow(2).getCell(4);
    expect(cell.value).toBeInstanceOf(Date);
    expect((cell.value as Date).toISOString().slice(0, 10)).toBe('2026-01-05');
    expect(cell.numFmt).toMatch(/yyyy/);
  });

  it('previews every row error with row, column and message, then writes nothing', async () => {
    const before = await count('md_vendor');
    const job = await importFile(t.app, token, fixture('vendors-row-errors.xlsx'), { entity: 'vendor' });
    expect(job.status).toBe('checked');
    expect(job.result).toMatchObject({ total: 8, valid: 1, invalid: 7 });
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors?size=100`, headers: api(token) });
    const errors = (res.json() as { data: { rows: Array<{ row: number; column: string; message: string }> } }).data.rows;
    const text = errors.map((e) => `${e.row}|${e.column}|${e.message}`);
    expect(text).toContain('3|供应商名称|必填项');
    expect(text).toContain('4|邮箱|不是有效的邮箱地址');
    expect(text).toContain('5|联系电话|不是有效的手机号码');
    expect(text).toContain('6|供应商类型|不是有效的选项');
    expect(text).toContain('7|供应商编码|与第 2 行重复');
    expect(text.some((x) => x.startsWith('8|联行号|'))).toBe(true);
    expect(text.some((x) => x.startsWith('9|有效期至|'))).toBe(true);
    expect(await count('md_vendor')).toBe(before);

    // all-or-nothing commit is refused while errors exist; valid-only writes the one good row
    const refused = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${job.id}/commit`, headers: api(token), payload: {} });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message).toContain('7');
    const commit = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${job.id}/commit`, headers: api(token), payload: { validOnly: true } });
    expect(commit.statusCode).toBe(200);
    const done = await waitJob(t.app, token, job.id);
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ inserted: 1, committed: true });
    expect(await count('md_vendor', sql`code = 'VB00001'`)).toBe(1);
    expect(await count('md_vendor')).toBe(before + 1);
  });

  it('imports master-detail documents grouped by code and resolves vendor codes to ids', async () => {
    // the vendors VX00001 / VX00002 come from the first test
    const job = await importFile(t.app, token, fixture('materials-master-detail.xlsx'), { entity: 'material', commit: 'all' });
    if (job.status !== 'done') console.log((await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors`, headers: api(token) })).body);
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ total: 3, documents: 2, inserted: 2 });
    const m = (await sql<{ id: number; vendor_id: number; v: string }>`select m.id, m.vendor_id, v.code as v from md_material m join md_vendor v on v.id = m.vendor_id where m.client_id = ${clientId} and m.code = 'MX0001'`.execute(t.app.db)).rows[0];
    expect(m.v).toBe('VX00001');
    const lines = await sql<{ price: number }>`select price from md_material_price where material_id = ${m.id} order by effective_date`.execute(t.app.db);
    expect(lines.rows.map((r) => r.price)).toEqual([12, 12.5]);
  });

  it('reports a reference code that does not exist in the tenant', async () => {
    const job = await importFile(t.app, token, fixture('materials-missing-vendor.xlsx'), { entity: 'material', commit: 'all' });
    expect(job.status).toBe('checked');
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors`, headers: api(token) });
    const rows = (res.json() as { data: { rows: Array<{ row: number; column: string; message: string }> } }).data.rows;
    expect(rows).toEqual([expect.objectContaining({ row: 2, column: '供应商编码', message: 'NOSUCH 不存在' })]);
  });

  it('refuses existing codes on insert and updates them by code when asked', async () => {
    const again = await importFile(t.app, token, fixture('vendors-good.xlsx'), { entity: 'vendor', commit: 'all' });
    expect(again.status).toBe('checked');
    expect(again.result).toMatchObject({ errorCount: 5, committed: false });
    const upsert = await importFile(t.app, token, fixture('vendors-good.xlsx'), { entity: 'vendor', commit: 'all', mode: 'upsert' });
    expect(upsert.status, JSON.stringify({ error: upsert.error, result: upsert.result })).toBe('done');
    expect(upsert.result).toMatchObject({ inserted: 0, updated: 5 });
    const v = (await sql<{ version: number }>`select version from md_vendor where client_id = ${clientId} and code = 'VX00001'`.execute(t.app.db)).rows[0];
    expect(v.version).toBe(2);
  });

  it('two upserts of the same new codes at once: one creates them, the other updates them, none is refused', async () => {
    // 300 vendors no one has yet, made from the fixture's first row.
    const wb = await loadWorkbook(readFileSync('fixtures/xlsx/vendors-good.xlsx'));
    const sheet = wb.worksheets.find((w) => w.state === 'visible')!;
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    for (let r = sheet.rowCount; r >= 2; r--) sheet.spliceRows(r, 1);
    for (let i = 1; i <= 300; i++) sheet.addRow(first.map((v, c) => (c === 0 ? `VRACE${String(i).padStart(3, '0')}` : c === 1 ? `并发供应商${i}` : v)));
    const file = { name: 'vendors-race.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) };
    const fields = { entity: 'vendor', commit: 'all', mode: 'upsert' };
    // Both uploaded before either is looked at: the job runner runs them at once.
    const uploads = await Promise.all([uploadFile(t.app, token, file, fields), uploadFile(t.app, token, file, fields)]);
    const jobs = await Promise.all(uploads.map((u) => waitJob(t.app, token, (u.json() as { data: JobView }).data.id)));
    for (const j of jobs) expect(j.status, JSON.stringify({ error: j.error, result: j.result })).toBe('done');
    const results = jobs.map((j) => j.result as { inserted: number; updated: number }).sort((a, b) => b.inserted - a.inserted);
    expect(results).toEqual([expect.objectContaining({ inserted: 300, updated: 0 }), expect.objectContaining({ inserted: 0, updated: 300 })]);
    expect(await count('md_vendor', sql`code like 'VRACE%'`)).toBe(300);
  });

  it('lists the jobs in the history, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs`, headers: api(token) });
    const rows = (res.json() as { data: { rows: JobView[] } }).data.rows;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows[0].id).toBeGreaterThan(rows[1].id);
  });
});
