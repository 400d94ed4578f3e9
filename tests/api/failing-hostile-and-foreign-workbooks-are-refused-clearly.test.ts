import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyMillionRows, entityExpansion, manySharedStrings } from '../../fixtures/hostile/generate';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { importFile, uploadFile } from './import-support';

/**
 * Issue 19: hostile files never hurt the server (a shared-strings table of millions of entries, a
 * sheet claiming all 1,048,576 rows with nothing in them, XML entity expansion), and files of
 * another format (.xls, .csv, WPS .et) are told what to do. Each ends with one clear message, in
 * bounded time and memory, nothing written, the server answering.
 */

let t: TestApp;
let token: string;
let clientId: number;
const dir = mkdtempSync(join(tmpdir(), 'hostile-19-'));

const file = (name: string, write: (path: string) => void) => {
  const path = join(dir, name);
  write(path);
  return { name, content: readFileSync(path) };
};

async function vendorCount(): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${clientId}`.execute(t.app.db)).rows[0].n;
}

/** Imports the file: it fails with `message` within `withinMs`, the heap grows by less than `heapMb`, nothing is written, the server answers. */
async function refused(upload: { name: string; content: Buffer }, message: string, withinMs: number, heapMb = 400, lang = 'zh-CN'): Promise<void> {
  const before = await vendorCount();
  const startHeap = process.memoryUsage().heapUsed;
  let peak = startHeap;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
  const started = performance.now();
  try {
    const job = await importFile(t.app, token, upload, { entity: 'vendor', commit: 'all', lang }, lang);
    expect({ status: job.status, error: job.error }).toEqual({ status: 'failed', error: message });
  } finally {
    clearInterval(sampler);
  }
  expect(performance.now() - started).toBeLessThan(withinMs);
  expect((peak - startHeap) / 1024 / 1024).toBeLessThan(heapMb);
  expect(await vendorCount()).toBe(before);
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const XML_DECLARATIONS = 'Excel 文件含有不允许的 XML 声明（DOCTYPE 或实体定义），已拒绝读取；请在 Excel 中打开后另存为 .xlsx 再导入';

describe('hostile workbooks', () => {
  it('a shared-strings table of 6.5 million entries (a 0.8 MB upload) is refused by the bound on its heap', async () => {
    const upload = file('many-shared-strings.xlsx', (p) => manySharedStrings(p));
    expect(upload.content.length).toBeLessThan(2 * 1024 * 1024);
    await refused(upload, 'Excel 文件的共享文本表过大（数百万条文本），超出了一次导入能读取的上限，已拒绝读取；请拆分后再导入', 30_000);
  }, 60_000);

  it('a sheet whose dimension claims 1,048,576 rows, with a million empty rows, says it has no data', async () => {
    await refused(file('empty-million-rows.xlsx', (p) => emptyMillionRows(p)), 'Excel 没有数据', 30_000, 300);
    await refused(file('dimension-only.xlsx', (p) => emptyMillionRows(p, 0)), 'Excel 没有数据', 5_000, 100);
  }, 60_000);

  it.each(['sheet', 'workbook', 'sharedStrings'] as const)('XML entity expansion declared in the %s part is refused before anything expands', async (where) => {
    await refused(file(`laughs-${where}.xlsx`, (p) => entityExpansion(p, where)), XML_DECLARATIONS, 5_000, 100);
  });

  it('an external entity is refused the same way, and says so in English', async () => {
    await refused(file('external-entity.xlsx', (p) => entityExpansion(p, 'sheet', true)), XML_DECLARATIONS, 5_000, 100);
    await refused(
      file('laughs-en.xlsx', (p) => entityExpansion(p, 'sheet')),
      'The Excel file contains XML declarations that are not allowed (DOCTYPE or entity definitions); it was not read. Open it in Excel and save it as .xlsx again',
      5_000,
      100,
      'en',
    );
  });
});

describe('files of another format are told what to do', () => {
  const xls = readFileSync('fixtures/xlsx/vendors.xls');

  it.each([
    ['供应商.xls', xls, '这是旧版 Excel（.xls）文件，只能导入 .xlsx：请在 Excel 或 WPS 中打开，“另存为”选择“Excel 工作簿（*.xlsx）”后再上传'],
    ['供应商.CSV', Buffer.from('code,name\nV1,一\n'), '这是 CSV 文本文件，只能导入 .xlsx：请在 Excel 或 WPS 中打开，“另存为”选择“Excel 工作簿（*.xlsx）”后再上传'],
    ['供应商.et', xls, '这是 WPS 表格（.et）文件，只能导入 .xlsx：请在 WPS 中打开，“另存为”选择“Excel 文件（*.xlsx）”后再上传'],
    ['供应商.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), '文件类型不正确，请上传 .xlsx 格式的 Excel 文件'],
  ])('%s is refused at upload with its own message', async (name, content, message) => {
    const before = await vendorCount();
    const res = await uploadFile(t.app, token, { name, content }, { entity: 'vendor' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(message);
    expect(await vendorCount()).toBe(before);
  });

  it('says so in English', async () => {
    const res = await uploadFile(t.app, token, { name: 'vendors.csv', content: Buffer.from('a,b\n') }, { entity: 'vendor' }, 'en');
    expect((res.json() as { message: string }).message).toBe(
      'This is a CSV text file and only .xlsx can be imported: open it in Excel or WPS, choose Save As "Excel Workbook (*.xlsx)" and upload that file',
    );
  });

  it('an old .xls (or .et) renamed to .xlsx is recognised by its content', async () => {
    await refused({ name: 'renamed.xlsx', content: xls }, '文件扩展名是 .xlsx，内容却是旧版 Excel（.xls）或 WPS（.et）格式：请在 Excel 或 WPS 中打开，“另存为” .xlsx 后再上传', 5_000, 100);
  });
});
