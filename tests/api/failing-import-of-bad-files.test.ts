import { readFileSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEntityFile, vendorRow } from '../../fixtures/xlsx/large';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, uploadFile, UPLOAD_BASE } from './import-support';

const fixture = (name: string) => ({ name, content: readFileSync(`fixtures/xlsx/${name}`) });

let t: TestApp;
let token: string;
let clientId: number;
const tmp = resolve('.tmp/import-tests');

async function vendorCount(): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${clientId}`.execute(t.app.db)).rows[0].n;
}

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
});
afterAll(async () => t?.close());

describe('each class of bad file fails with one clear message and writes nothing', () => {
  it.each([
    ['not-excel.xlsx', '文件类型不正确，请上传 .xlsx 格式的 Excel 文件'],
    ['corrupt.xlsx', '文件已损坏或不是有效的 Excel 文件'],
    ['vendors-empty.xlsx', 'Excel 没有数据'],
    ['blank-workbook.xlsx', 'Excel 没有数据'],
    ['vendors-wrong-columns.xlsx', '模板列不正确，无法识别的列：颜色'],
    ['vendors-missing-required.xlsx', '模板列不正确，缺少必填列：供应商名称、供应商类型'],
    ['customers-template.xlsx', '这是「客户」的模板，不能导入到「供应商」'],
  ])('%s', async (name, message) => {
    const before = await vendorCount();
    const job = await importFile(t.app, token, fixture(name), { entity: 'vendor', commit: 'all' });
    expect(job.status).toBe('failed');
    expect(job.error).toBe(message);
    expect(await vendorCount()).toBe(before);
    // the server is still up
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('says "Excel has no data" in English', async () => {
    const job = await importFile(t.app, token, fixture('vendors-empty.xlsx'), { entity: 'vendor', lang: 'en' }, 'en');
    expect(job.error).toBe('Excel has no data');
  });

  it('refuses an .xls file at upload', async () => {
    const res = await uploadFile(t.app, token, fixture('vendors.xls'), { entity: 'vendor' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('这是旧版 Excel（.xls）文件，只能导入 .xlsx：请在 Excel 或 WPS 中打开，“另存为”选择“Excel 工作簿（*.xlsx）”后再上传');
  });

  it('refuses an upload without a file, and an unknown entity', async () => {
    const noFile = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/upload`, headers: api(token), payload: { entity: 'vendor' } });
    expect(noFile.statusCode).toBe(400);
    const bad = await uploadFile(t.app, token, fixture('vendors-good.xlsx'), { entity: 'no_such' });
    expect(bad.statusCode).toBe(400);
  });

  it('stops at the maximum row count', async () => {
    const old = process.env.IMPORT_MAX_ROWS;
    process.env.IMPORT_MAX_ROWS = '3';
    try {
      const before = await vendorCount();
      const job = await importFile(t.app, token, fixture('vendors-good.xlsx'), { entity: 'vendor', commit: 'all' });
      expect(job.status).toBe('failed');
      expect(job.error).toBe('Excel 数据超过 3 行的上限，请拆分后再导入');
      expect(await vendorCount()).toBe(before);
    } finally {
      if (old === undefined) delete process.env.IMPORT_MAX_ROWS;
      else process.env.IMPORT_MAX_ROWS = old;
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/template?entity=vendor` });
    expect(res.statusCode).toBe(401);
  });
});

describe('all-or-nothing', () => {
  it('a failure at the last of 4,500 rows leaves the table unchanged, though earlier batches were inserted', async () => {
    const file = join(tmp, 'vendors-last-row-bad.xlsx');
    const good = vendorRow('AN');
    await writeEntityFile(file, 'vendor', 4500, (i) => (i === 4499 ? { ...good(i), email: 'broken' } : good(i)));
    const before = await vendorCount();
    const vendorAudits = async () => (await sql<{ n: number }>`select count(*)::int as n from audit_log where client_id = ${clientId} and entity = 'vendor'`.execute(t.app.db)).rows[0].n;
    // The demo seed's own vendors are audited (they go through the document writer); the import adds none.
    const auditsBefore = await vendorAudits();
    const job = await importFile(t.app, token, { name: 'vendors-last-row-bad.xlsx', content: readFileSync(file) }, { entity: 'vendor', commit: 'all' });
    expect(job.status).toBe('checked');
    expect(job.result).toMatchObject({ total: 4500, valid: 4499, invalid: 1, committed: false, inserted: 0 });
    expect(await vendorCount()).toBe(before);
    expect(await vendorAudits()).toBe(auditsBefore);
    const errors = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors`, headers: api(token) });
    expect((errors.json() as { data: { rows: Array<{ row: number; column: string }> } }).data.rows).toEqual([expect.objectContaining({ row: 4501, column: '邮箱' })]);
  });
});
