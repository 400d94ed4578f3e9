import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorRow, writeEntityFile, type RowMaker } from '../../fixtures/xlsx/large';
import { requireEntity, translate } from '../../src/model';
import { AppError } from '../../src/server/http/errors';
import { saveHooks, type SaveHook } from '../../src/server/resources/save-hooks';
import { runImport, type ImportRequest } from '../../src/server/services/import/import.service';
import { createTestApp, type TestApp } from '../support/test-app';
import { addVendor, importActorOf } from './import-support';

/**
 * An import that commits batch by batch (the embedded database's way, issue 19: sign-in and every
 * other request get PGlite's one connection between batches) keeps the all-or-nothing promise with
 * its undo journal. Forced on here (`commitEachBatch`) so both databases run it: an upsert that
 * updates stored documents, replaces and adds to their lines across batches and inserts new ones,
 * then fails at its last row, leaves every header, line and audit row as it was.
 */
let t: TestApp;
let clientId: number;
let base: Omit<ImportRequest, 'file' | 'entity'>;
const tmp = resolve(`.tmp/import-undo-${process.pid}`);

type Sheet = Array<[code: string, header: Record<string, string> | null, linePrice: number]>;
const header = (name: string, vendor = 'UV0001') => ({ name, material_group: 'fabric', unit: 'M', vendor_id: vendor, validity: '10' });
const material =
  (rows: Sheet): RowMaker =>
  (i) => {
    const [code, head, price] = rows[i];
    return { code, ...(head ?? {}), 'price_history.effective_date': '2026-03-01', 'price_history.price': price, 'price_history.currency': 'CNY' };
  };

/** Everything an import of materials can touch in the company, but the version counter (a restore moves it on). */
async function snapshot() {
  const heads = await sql`select id, code, name, unit, vendor_id, validity, created_by, updated_by, updated_at from md_material where client_id = ${clientId} order by id`.execute(t.app.db);
  const lines = await sql`select p.id, p.material_id, p.price::text as price, p.currency, p.effective_date from md_material_price p where p.client_id = ${clientId} order by p.id`.execute(t.app.db);
  const audit = await sql`select id, action, record_id from audit_log where client_id = ${clientId} and entity = 'material' order by id`.execute(t.app.db);
  return { heads: heads.rows, lines: lines.rows, audit: audit.rows };
}

async function journalRows(): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from import_journal where client_id = ${clientId}`.execute(t.app.db)).rows[0].n;
}

async function pricesOf(code: string): Promise<number[]> {
  const r = await sql<{ price: string }>`select p.price::text as price from md_material_price p join md_material m on m.id = p.material_id
    where m.client_id = ${clientId} and m.code = ${code} order by p.id`.execute(t.app.db);
  return r.rows.map((x) => Number(x.price));
}

async function importSheet(name: string, rows: Sheet, extra: Partial<ImportRequest> = {}) {
  const file = join(tmp, `${name}.xlsx`);
  await writeEntityFile(file, 'material', rows.length, material(rows));
  return runImport(t.app.db, { ...base, entity: requireEntity('material'), file, ...extra });
}

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  const who = await importActorOf(t.app, 'brand');
  clientId = who.clientId;
  base = { actor: who.actor, language: 'zh-CN', mode: 'upsert', write: true, validOnly: false, maxRows: 1000, fileSize: 0, batchSize: 2, commitEachBatch: true };
  await addVendor(t.app, clientId, 'UV0001', '撤销测试供应商');
  const seeded = await importSheet('seed', [
    ['UA', header('物料 UA'), 1],
    ['UA', null, 2],
    ['UB', header('物料 UB'), 3],
  ]);
  expect(seeded.committed, JSON.stringify(seeded.errors)).toBe(true);
  expect(await journalRows()).toBe(0);
});
afterAll(async () => t?.close());

describe('an import written batch by batch', () => {
  // Batches of two sheet rows: [2,3] [4,5] [6,7] [8]. UA is updated in the first batch (its lines
  // replaced) and given one more line in the second; UB's first row is in the second batch and its
  // next in the third; NEW1 and NEW2 are inserted, NEW2 goes on in a later batch.
  const sheet: Sheet = [
    ['UA', header('物料 UA 改'), 11],
    ['NEW1', header('物料 NEW1'), 31],
    ['UA', null, 12],
    ['UB', header('物料 UB 改'), 21],
    ['UB', null, 22],
    ['NEW2', header('物料 NEW2'), 41],
    ['NEW2', null, 42],
  ];

  it('that fails at its last row leaves every header, line and audit row as it was', async () => {
    const before = await snapshot();
    // After each batch, what another connection sees of the new documents: each batch is committed.
    const seen: number[] = [];
    const r = await importSheet('fails-last', [...sheet, ['NEW3', header('物料 NEW3', 'NO-SUCH-VENDOR'), 51]], {
      onProgress: async () => {
        seen.push((await sql<{ n: number }>`select count(*)::int as n from md_material where client_id = ${clientId} and code in ('NEW1', 'NEW2')`.execute(t.app.db)).rows[0].n);
      },
    });
    expect(r.committed).toBe(false);
    expect(r.errors.map((e) => e.row)).toEqual([9]);
    expect(seen.slice(0, 3)).toEqual([1, 1, 2]);
    expect(await snapshot()).toEqual(before);
    expect(await pricesOf('UA')).toEqual([1, 2]);
    expect(await journalRows()).toBe(0);
  });

  it('that fails in the middle (the job ends with an error) is undone too', async () => {
    const before = await snapshot();
    await expect(
      importSheet('throws', sheet, {
        onProgress: (rows) => {
          if (rows >= 6) throw new Error('the process stops here');
        },
      }),
    ).rejects.toThrow('the process stops here');
    expect(await snapshot()).toEqual(before);
    expect(await journalRows()).toBe(0);
  });

  it('that succeeds writes every batch and keeps no journal', async () => {
    const r = await importSheet('ok', sheet);
    expect(r.committed, JSON.stringify(r.errors)).toBe(true);
    expect(r).toMatchObject({ inserted: 2, updated: 2 });
    expect(await pricesOf('UA')).toEqual([11, 12]);
    expect(await pricesOf('UB')).toEqual([21, 22]);
    expect(await pricesOf('NEW2')).toEqual([41, 42]);
    const names = await sql<{ code: string; name: string }>`select code, name from md_material where client_id = ${clientId} and code in ('UA', 'UB') order by code`.execute(t.app.db);
    expect(names.rows).toEqual([
      { code: 'UA', name: '物料 UA 改' },
      { code: 'UB', name: '物料 UB 改' },
    ]);
    expect(await journalRows()).toBe(0);
  });

  it('a document somebody saved after its batch keeps their header and lines; the rest is undone', async () => {
    const r = await importSheet('edited', [
      ['UA', header('物料 UA 再改'), 13],
      ['UB', header('物料 UB 再改'), 23],
      ['BAD', header('物料 BAD', 'NO-SUCH-VENDOR'), 1],
    ], {
      onProgress: async (rows) => {
        // A user saves UA after the import's first batch, header and line, as a form save does (the version moves on).
        if (rows !== 2) return;
        await sql`update md_material set name = '用户改的', version = version + 1 where client_id = ${clientId} and code = 'UA'`.execute(t.app.db);
        await sql`update md_material_price set price = 99 where client_id = ${clientId} and material_id = (select id from md_material where client_id = ${clientId} and code = 'UA')`.execute(t.app.db);
      },
    });
    expect(r.committed).toBe(false);
    expect(r.kept).toBe(1);
    expect(r.fatalText).toBe(translate('zh-CN', 'excel.undoKept', { count: 1 }));
    const names = await sql<{ code: string; name: string }>`select code, name from md_material where client_id = ${clientId} and code in ('UA', 'UB') order by code`.execute(t.app.db);
    expect(names.rows).toEqual([
      { code: 'UA', name: '用户改的' },
      { code: 'UB', name: '物料 UB 改' },
    ]);
    expect(await pricesOf('UA')).toEqual([99]);
    expect(await pricesOf('UB')).toEqual([21, 22]);
    expect(await journalRows()).toBe(0);
  });

  it('keeps a new document another user changed meanwhile, or one an entity hook will not let go, and removes the others', async () => {
    const other = (await sql<{ id: number }>`select id from users where username = 'brand.buyer'`.execute(t.app.db)).rows[0].id;
    // A hook that refuses to remove one document, as a plan with bars or a document in an approval flow refuses.
    const refuse: SaveHook = {
      beforeRemove: async ({ rows }) => {
        if (rows.some((row) => row.code === 'HOLD2')) throw new AppError('res.referencedBy', { params: { entity: '测试' } });
      },
    };
    saveHooks.set('material', [...(saveHooks.get('material') ?? []), refuse]);
    try {
      const r = await importSheet('kept', [
        ['HOLD1', header('物料 HOLD1'), 1],
        ['HOLD2', header('物料 HOLD2'), 2],
        ['GONE1', header('物料 GONE1'), 3],
        ['BAD', header('物料 BAD', 'NO-SUCH-VENDOR'), 4],
      ], {
        onProgress: async (rows) => {
          // Another user saves HOLD1 after the first batch: the save's audit row names them.
          if (rows !== 2) return;
          await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, changes)
            select ${clientId}, 'material', id, 'update', ${other}, 'brand.buyer', '[]'::jsonb from md_material where client_id = ${clientId} and code = 'HOLD1'`.execute(t.app.db);
        },
      });
      expect(r.committed).toBe(false);
      expect(r.kept).toBe(2);
      const left = await sql<{ code: string }>`select code from md_material where client_id = ${clientId} and code in ('HOLD1', 'HOLD2', 'GONE1') order by code`.execute(t.app.db);
      expect(left.rows.map((x) => x.code)).toEqual(['HOLD1', 'HOLD2']);
      expect(await pricesOf('HOLD2')).toEqual([2]);
      expect(await journalRows()).toBe(0);
    } finally {
      saveHooks.set('material', (saveHooks.get('material') ?? []).filter((h) => h !== refuse));
    }
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('on the embedded database', () => {
  it('writes batch by batch by default, and a user query gets the connection between batches', async () => {
    const file = join(tmp, 'vendors.xlsx');
    const n = 3000;
    await writeEntityFile(file, 'vendor', n, vendorRow('YB'));
    const seen: number[] = [];
    let done = false;
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${clientId} and code like 'YB%'`.execute(t.app.db)).rows[0].n;
    const watcher = (async () => {
      while (!done) {
        seen.push(await count());
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const { commitEachBatch: _default, ...req } = base;
    const r = await runImport(t.app.db, { ...req, mode: 'insert', batchSize: 250, maxRows: n, entity: requireEntity('vendor'), file });
    done = true;
    await watcher;
    expect(r.committed, JSON.stringify({ fatal: r.fatalText, errors: r.errors.slice(0, 3) })).toBe(true);
    expect(await count()).toBe(n);
    // One transaction would show the user 0 rows or all of them; batch by batch, the rows so far.
    expect(seen.some((x) => x > 0 && x < n), JSON.stringify(seen)).toBe(true);
  });
});
