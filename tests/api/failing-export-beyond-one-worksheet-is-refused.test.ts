import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api } from './import-support';

/**
 * An export that would not fit one Excel worksheet (1,048,576 rows with the header) is refused with
 * a typed message in the caller's language, never cut short and never queued: on PostgreSQL, with
 * real row counts at the boundary (a million rows are inserted in one statement; the embedded
 * database would take minutes for the same and tests the same route code on smaller lists).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an export beyond one worksheet', () => {
  let t: TestApp;
  let token: string;
  let clientId: number;
  const exportJobs = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from jobs where client_id = ${clientId} and kind = 'export'`.execute(t.app.db)).rows[0].n);
  const insertVendors = (from: number, to: number) =>
    sql`insert into md_vendor (client_id, code, name, vendor_type, currency, status)
      select ${clientId}, 'ZZXL' || lpad(g::text, 8, '0'), '导出上限 ' || g, (array['garment','fabric','trim','process'])[1 + g % 4], 'CNY', 'active'
      from generate_series(${from}::int, ${to}::int) g`.execute(t.app.db);

  beforeAll(async () => {
    t = await createTestApp();
    token = await signIn(t.app, 'brand');
    clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
  }, 180_000);
  afterAll(async () => t?.close());

  it('1,048,576 records are refused, in zh and en, grouped or not (groups add their rows); nothing is queued', async () => {
    await insertVendors(1, 1_048_576);
    const jobsBefore = await exportJobs();
    const zh = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.like=ZZXL', headers: api(token) });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('导出将写入 1,048,576 行，超过 Excel 工作表 1,048,575 行的上限：请加筛选条件缩小范围后再导出');
    // Four vendor types: four header and four subtotal rows and the total under the records.
    const en = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/export?f.code.like=ZZXL&group=vendor_type', headers: api(token, 'en') });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('The export would write 1,048,585 rows, more than the 1,048,575 rows an Excel worksheet holds: narrow the list with filters and export again');
    expect(await exportJobs()).toBe(jobsBefore);
  }, 180_000);
});
