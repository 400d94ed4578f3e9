import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeEntityFile, type RowMaker } from '../../fixtures/xlsx/large';
import { requireEntity } from '../../src/model';
import { runImport, type ImportRequest } from '../../src/server/services/import/import.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { addVendor, importActorOf } from './import-support';

/**
 * Master-detail documents whose key exists in the database. A writing insert does not look keys
 * up: the statement skips them (ON CONFLICT DO NOTHING) and returns them while the next batch is
 * read, so the refusal, the lines of the refused document in the same and in later batches, and
 * the order of the reported errors are checked here with batches of two rows.
 */
let t: TestApp;
let clientId: number;
let base: Omit<ImportRequest, 'file' | 'entity'>;
const tmp = resolve('.tmp/import-conflicts');

const material =
  (rows: Array<[code: string, first: boolean, linePrice: number]>): RowMaker =>
  (i) => {
    const [code, first, price] = rows[i];
    const header: Record<string, string> = first ? { name: `物料 ${code}`, material_group: 'fabric', unit: 'M', vendor_id: 'CV0001', validity: '10' } : {};
    return { code, ...header, 'price_history.effective_date': '2026-03-01', 'price_history.price': price, 'price_history.currency': 'CNY' };
  };

async function linesOf(code: string): Promise<number[]> {
  const r = await sql<{ price: string }>`select p.price::text as price from md_material_price p join md_material m on m.id = p.material_id
    where m.client_id = ${clientId} and m.code = ${code} order by p.id`.execute(t.app.db);
  return r.rows.map((x) => Number(x.price));
}

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  const who = await importActorOf(t.app, 'brand');
  clientId = who.clientId;
  base = { actor: who.actor, language: 'zh-CN', mode: 'insert', write: true, validOnly: false, maxRows: 1000, fileSize: 0, batchSize: 2 };
  await addVendor(t.app, clientId, 'CV0001', '冲突测试供应商');
  const seed = join(tmp, 'seed.xlsx');
  await writeEntityFile(seed, 'material', 1, material([['EXIST1', true, 9]]));
  const r = await runImport(t.app.db, { ...base, entity: requireEntity('material'), file: seed });
  expect(r.committed, JSON.stringify(r.errors)).toBe(true);
});
afterAll(async () => t?.close());

describe('a document whose key exists is refused with its lines, wherever the batches split it', () => {
  // Sheet rows 2..6; batches of two: [2,3] [4,5] [6]. EXIST1 starts in the first batch and goes
  // on in the second; NEW2 starts in the second and goes on in the third.
  const rows: Array<[string, boolean, number]> = [
    ['NEW1', true, 1],
    ['EXIST1', true, 2],
    ['EXIST1', false, 3],
    ['NEW2', true, 4],
    ['NEW2', false, 5],
  ];

  it('all-or-nothing: reports the refusal and writes nothing', async () => {
    const file = join(tmp, 'all.xlsx');
    await writeEntityFile(file, 'material', rows.length, material(rows));
    const r = await runImport(t.app.db, { ...base, entity: requireEntity('material'), file });
    expect(r.committed).toBe(false);
    expect(r.errors.map((e) => [e.row, e.message])).toEqual([
      [3, 'EXIST1 已存在'],
      [4, '所属单据（第 3 行）有错误'],
    ]);
    expect(await linesOf('NEW1')).toEqual([]);
    expect(await linesOf('EXIST1')).toEqual([9]);
  });

  it('valid rows only: writes the other documents with all their lines and leaves the existing one alone', async () => {
    const file = join(tmp, 'valid.xlsx');
    await writeEntityFile(file, 'material', rows.length, material(rows));
    const r = await runImport(t.app.db, { ...base, validOnly: true, entity: requireEntity('material'), file });
    expect(r.committed).toBe(true);
    expect(r).toMatchObject({ total: 5, invalid: 2, valid: 3, inserted: 2 });
    expect(r.errors.map((e) => e.row)).toEqual([3, 4]);
    expect(await linesOf('NEW1')).toEqual([1]);
    expect(await linesOf('NEW2')).toEqual([4, 5]);
    expect(await linesOf('EXIST1')).toEqual([9]);
    const audit = (await sql<{ action: string }>`select a.action from audit_log a join md_material m on m.id = a.record_id
      where a.entity = 'material' and m.client_id = ${clientId} and m.code = 'NEW2' order by a.id`.execute(t.app.db)).rows;
    // Created by the import; the line that came in a later batch is logged as a change of it.
    expect(audit.map((a) => a.action)).toEqual(['import', 'update']);
  });

  it('a later row of a document may repeat its header but not change it, also in a later batch', async () => {
    const file = join(tmp, 'header.xlsx');
    const header = { name: '物料 HDR1', material_group: 'fabric', unit: 'M', vendor_id: 'CV0001', validity: '10' };
    const sheet: Array<Record<string, string | number | null>> = [
      { code: 'HDR1', ...header },
      { code: 'HDR1', ...header },
      { code: 'HDR2', ...header, name: '物料 HDR2' },
      { code: 'HDR1', name: '物料 改名' },
      { code: 'HDR1', unit: 'M' },
    ];
    await writeEntityFile(file, 'material', sheet.length, (i) => ({ ...sheet[i], 'price_history.effective_date': '2026-03-01', 'price_history.price': i + 1, 'price_history.currency': 'CNY' }));
    const r = await runImport(t.app.db, { ...base, validOnly: true, entity: requireEntity('material'), file });
    expect(r.errors.map((e) => [e.row, e.column, e.message])).toEqual([[5, '物料名称', '同一单号的表头内容与第 2 行不一致']]);
    expect(await linesOf('HDR1')).toEqual([1, 2, 5]);
  });
});
