import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, loadWorkbook, UPLOAD_BASE, waitJob, type JobView } from './import-support';

let t: TestApp;
let token: string;
let clientId: number;
const tmp = resolve('.tmp/export-tests');

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
  const file = join(tmp, 'vendors-6000.xlsx');
  await writeEntityFile(file, 'vendor', 6000, vendorRow('EX'));
  const job = await importFile(t.app, token, { name: 'vendors-6000.xlsx', content: readFileSync(file) }, { entity: 'vendor', commit: 'all' });
  expect(job.status).toBe('done');
});
afterAll(async () => t?.close());

describe('list export', () => {
  it('exports what the list shows (filter, sort, columns, zh headers) and the file imports again as updates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.like=EX00001&sort=-code&columns=code,name,vendor_type,grade,valid_from,status', headers: api(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = await loadWorkbook(res.rawPayload);
    const ws = wb.worksheets.find((w) => w.state === 'visible')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['供应商编码', '供应商名称', '供应商类型', '等级', '有效期从', '状态']);
    // "like EX00001" matches EX000010..EX000019, sorted descending
    const codes = [] as string[];
    ws.eachRow((r, n) => n > 1 && codes.push(String(r.getCell(1).value)));
    expect(codes[0]).toBe('EX000019');
    expect(codes).toHaveLength(10);
    expect(ws.getRow(2).getCell(3).value).toBe('辅料供应商');
    expect(ws.getRow(2).getCell(6).value).toBe('启用');
    expect(ws.getRow(2).getCell(5).value).toBeInstanceOf(Date);
    // Dates carry the date format cell by cell (a serial number would show otherwise), text cells none.
    expect(ws.getRow(2).getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect(ws.getRow(3).getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect(ws.getRow(2).getCell(2).numFmt).toBeUndefined();

    // edit a name, re-import by code
    ws.getRow(2).getCell(2).value = '改过的名称';
    const edited = Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const job = await importFile(t.app, token, { name: 'edited.xlsx', content: edited }, { entity: 'vendor', commit: 'all', mode: 'upsert' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ updated: 10, inserted: 0 });
    const v = (await sql<{ name: string; vendor_type: string; email: string }>`select name, vendor_type, email from md_vendor where client_id = ${clientId} and code = 'EX000019'`.execute(t.app.db)).rows[0];
    // the edited column changed; columns not in the export kept their values
    expect(v).toEqual({ name: '改过的名称', vendor_type: 'trim', email: 'v18@example.com' });
  });

  it('writes a reference as the name the list shows and its code beside it; the file imports again by the code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/material/export?f.code.eq=MD0001&columns=code,name,material_group,unit,validity,vendor_id', headers: api(token) });
    expect(res.statusCode).toBe(200);
    const wb = await loadWorkbook(res.rawPayload);
    const ws = wb.worksheets.find((w) => w.state === 'visible')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['物料编码', '物料名称', '物料组', '单位', '有效状态', '供应商', '供应商编码']);
    const vendor = (await sql<{ code: string; name: string }>`select v.code, v.name from md_material m join md_vendor v on v.id = m.vendor_id where m.client_id = ${clientId} and m.code = 'MD0001'`.execute(t.app.db)).rows[0];
    expect(ws.getRow(2).getCell(6).value).toBe(vendor.name);
    expect(ws.getRow(2).getCell(7).value).toBe(vendor.code);
    ws.getRow(2).getCell(2).value = '全棉汗布（改）';
    const job = await importFile(t.app, token, { name: 'materials.xlsx', content: Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer) }, { entity: 'material', commit: 'all', mode: 'upsert' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ updated: 1 });
  });

  it('exports English headers and labels', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.eq=EX000002&columns=code,vendor_type&lang=en', headers: api(token) });
    const ws = (await loadWorkbook(res.rawPayload)).worksheets.find((w) => w.state === 'visible')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Vendor code', 'Vendor type']);
    expect(ws.getRow(2).getCell(2).value).toBe('Fabric supplier');
  });

  it('says there is no data to export', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.eq=NOPE', headers: api(token) });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('没有可导出的数据');
  });

  it('runs a large export as a job with a download link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.like=EX', headers: api(token) });
    expect(res.statusCode).toBe(200);
    const job = (res.json() as { data: { job: JobView } }).data.job;
    const done = await waitJob(t.app, token, job.id);
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ rows: 6000 });
    const file = await t.app.inject({ method: 'GET', url: String(done.result!.downloadUrl), headers: api(token) });
    expect(file.statusCode).toBe(200);
    const ws = (await loadWorkbook(file.rawPayload)).worksheets.find((w) => w.state === 'visible')!;
    expect(ws.rowCount).toBe(6001);
    // another user of the tenant cannot fetch it
    const other = await signIn(t.app, 'brand.buyer');
    const denied = await t.app.inject({ method: 'GET', url: String(done.result!.downloadUrl), headers: api(other) });
    expect(denied.statusCode).toBe(404);
  });

  it('never exports another tenant\'s rows', async () => {
    const maker = await signIn(t.app, 'maker');
    const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.like=EX', headers: api(maker) });
    expect(res.statusCode).toBe(400);
  });
});

void UPLOAD_BASE;
