import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireEntity, translate } from '../../src/model';
import { rowChecker, sheetLayout } from '../../src/model/import-row-check';
import { withTenant } from '../../src/server/kernel/rls';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { addVendor, api, importFile, UPLOAD_BASE, uploadFile, waitJob, type JobView } from './import-support';

/**
 * Fixing an import in the grid (issue 33): a checked sheet's rows come with their errors; the
 * browser's re-check of a row says what the server said; edits and left-out rows are saved to the
 * job; a commit writes the valid rows and holds the bad ones in the job (persisted: the job read
 * again shows them); the held rows fixed later are committed through the same import; a company
 * administrator may fix and commit a colleague's held rows; another company, and a colleague who
 * neither owns the job nor administers the company, cannot read it.
 */
let t: TestApp;
let brand: string;
let buyer: string;
let maker: string;
let clientId: number;

type GridRow = { row: number; cells: Array<string | null>; errors: Array<{ col: number; field: string; message: string }>; excluded: boolean; edited: boolean; recheck: boolean };
type GridView = { entity: string; headers: Array<string | null>; targets: Array<string | null>; mapping: null; rows: GridRow[]; held: boolean; knownCodes: Record<string, { codes: string[]; complete: boolean }>; dictItems: Record<string, never[]> };

const HEADERS = ['物料编码', '物料名称', '物料组', '供应商编码', '单位', '有效状态'];

/** Five materials: two with a misspelt material group (面枓), one with an unknown vendor, one to leave out. */
async function sheet(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('物料');
  ws.addRow(HEADERS);
  ws.addRow(['FG001', '府绸', '面料', 'FIXV01', '米', '未失效']);
  ws.addRow(['FG002', '牛津布', '面枓', 'FIXV01', '米', '未失效']);
  ws.addRow(['FG003', '斜纹布', '面枓', 'FIXV01', '米', '未失效']);
  ws.addRow(['FG004', '帆布', '面料', 'NOPE01', '米', '未失效']);
  ws.addRow(['FG005', '涤纶里布', '里料', 'FIXV01', '米', '未失效']);
  ws.addRow(['FG006', '作废', '不知道', 'FIXV01', '米', '未失效']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const rowsOf = async (token: string, id: number) => t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${id}/rows`, headers: api(token) });
const save = async (token: string, id: number, rows: Array<{ row: number; cells: Array<string | null> | null; excluded: boolean }>) =>
  t.app.inject({ method: 'PUT', url: `${UPLOAD_BASE}/jobs/${id}/rows`, payload: { rows }, headers: api(token) });
const commit = async (token: string, id: number) => t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${id}/commit`, payload: { validOnly: true }, headers: api(token) });
const codes = async () => (await sql<{ code: string }>`select code from md_material where client_id = ${clientId} and code like 'FG%' order by code`.execute(t.app.db)).rows.map((r) => r.code);

beforeAll(async () => {
  t = await createTestApp();
  [brand, buyer, maker] = await Promise.all([signIn(t.app, 'brand'), signIn(t.app, 'brand.buyer'), signIn(t.app, 'maker')]);
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
  await addVendor(t.app, clientId, 'FIXV01', '修改测试面料商');
});
afterAll(async () => t?.close());

describe('an import fixed in the grid', () => {
  let jobId = 0;

  it('opens a checked sheet as rows with their errors, and the browser re-check says what the server said', async () => {
    const up = await uploadFile(t.app, brand, { name: '物料.xlsx', content: await sheet() }, { entity: 'material', commit: 'check' });
    expect(up.statusCode, up.body).toBe(200);
    const checked = await waitJob(t.app, brand, (up.json() as { data: JobView }).data.id);
    jobId = checked.id;
    expect(checked.status, JSON.stringify(checked)).toBe('checked');
    expect(checked.result).toMatchObject({ total: 6, valid: 2, invalid: 4 });
    const res = await rowsOf(brand, jobId);
    expect(res.statusCode, res.body).toBe(200);
    const view = (res.json() as { data: GridView }).data;
    expect(view.headers).toEqual(HEADERS);
    expect(view.targets).toEqual(['code', 'name', 'material_group', 'vendor_id', 'unit', 'validity']);
    expect(view.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(view.rows[1].cells).toEqual(['FG002', '牛津布', '面枓', 'FIXV01', '米', '未失效']);
    expect(view.knownCodes.vendor_id.codes).toContain('FIXV01');
    const bad = (r: GridRow) => r.errors.map((e) => e.col);
    expect(view.rows.map(bad)).toEqual([[], [2], [2], [3], [], [2]]);
    // The browser's check of each row (model/import-row-check.ts) gives the same columns and messages.
    const check = rowChecker(sheetLayout(requireEntity('material'), view.headers, view.mapping), {
      defaults: { now: new Date(), session: { userId: 1, fullname: 'x', clientId } },
      knownCodes: new Map(Object.entries(view.knownCodes).map(([k, v]) => [k, { codes: new Set(v.codes), complete: v.complete }])),
    });
    for (const r of view.rows) {
      const mine = check(r.cells).map((i) => ({ col: i.col, message: translate('zh-CN', i.message.key, i.message.params) }));
      expect(mine, `row ${r.row}`).toEqual(r.errors.map((e) => ({ col: e.col, message: e.message })));
    }
  });

  it('keeps the edits and left-out rows in the job; another company and a colleague cannot read or change them', async () => {
    const saved = await save(brand, jobId, [
      { row: 3, cells: ['FG002', '牛津布', '面料', 'FIXV01', '米', '未失效'], excluded: false },
      { row: 7, cells: null, excluded: true },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const view = (await rowsOf(brand, jobId)).json().data as GridView;
    expect(view.rows.find((r) => r.row === 3)).toMatchObject({ cells: ['FG002', '牛津布', '面料', 'FIXV01', '米', '未失效'], edited: true });
    expect(view.rows.find((r) => r.row === 7)).toMatchObject({ excluded: true, edited: false });
    for (const token of [maker, buyer]) {
      expect((await rowsOf(token, jobId)).statusCode).toBe(404);
      expect((await save(token, jobId, [{ row: 2, cells: ['X', 'Y', '面料', 'FIXV01', '米', '未失效'], excluded: false }])).statusCode).toBe(404);
      expect((await commit(token, jobId)).statusCode).toBe(404);
    }
    // Row-level security: under the other company's tenant the job's rows do not exist.
    const makerId = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id;
    const seen = await withTenant(t.app.db, makerId, (tx) => sql<{ n: number }>`select count(*)::int as n from import_row where job_id = ${jobId}`.execute(tx));
    expect(seen.rows[0].n).toBe(0);
    const own = await withTenant(t.app.db, clientId, (tx) => sql<{ n: number }>`select count(*)::int as n from import_row where job_id = ${jobId}`.execute(tx));
    expect(own.rows[0].n).toBe(2);
    // A bad body is refused.
    expect((await save(brand, jobId, [{ row: 0, cells: null, excluded: false }])).statusCode).toBe(400);
  });

  it('commits the valid rows (an edited one among them) and holds the bad ones in the job', async () => {
    const res = await commit(brand, jobId);
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitJob(t.app, brand, jobId);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result).toMatchObject({ inserted: 3, held: 2, insertedTotal: 3 });
    expect(await codes()).toEqual(['FG001', 'FG002', 'FG005']);
    // Reopened later: the held rows with the commit's errors, nothing else.
    const view = (await rowsOf(brand, jobId)).json().data as GridView;
    expect(view.held).toBe(true);
    expect(view.rows.map((r) => r.row)).toEqual([4, 5]);
    expect(view.rows.map((r) => r.errors.map((e) => e.col))).toEqual([[2], [3]]);
  });

  it('takes the held rows fixed later and commits them through the same import', async () => {
    expect((await save(brand, jobId, [{ row: 4, cells: ['FG003', '斜纹布', '面料', 'FIXV01', '米', '未失效'], excluded: false }])).statusCode).toBe(200);
    // One still bad: held again, the fixed one written.
    let res = await commit(brand, jobId);
    expect(res.statusCode, res.body).toBe(200);
    let done = await waitJob(t.app, brand, jobId);
    expect(done.result).toMatchObject({ inserted: 1, held: 1, insertedTotal: 4 });
    expect(await codes()).toEqual(['FG001', 'FG002', 'FG003', 'FG005']);
    expect(((await rowsOf(brand, jobId)).json().data as GridView).rows.map((r) => r.row)).toEqual([5]);
    expect((await save(brand, jobId, [{ row: 5, cells: ['FG004', '帆布', '面料', 'FIXV01', '米', '未失效'], excluded: false }])).statusCode).toBe(200);
    res = await commit(brand, jobId);
    expect(res.statusCode, res.body).toBe(200);
    done = await waitJob(t.app, brand, jobId);
    expect(done.status).toBe('done');
    expect(done.result).toMatchObject({ inserted: 1, held: 0, insertedTotal: 5 });
    expect(await codes()).toEqual(['FG001', 'FG002', 'FG003', 'FG004', 'FG005']);
    // The vendor was resolved as a typed import resolves it, and the audit names the job.
    const m = (await sql<{ v: string; material_group: string }>`select v.code as v, m.material_group from md_material m join md_vendor v on v.id = m.vendor_id where m.client_id = ${clientId} and m.code = 'FG004'`.execute(t.app.db)).rows[0];
    expect(m).toEqual({ v: 'FIXV01', material_group: 'fabric' });
    // Nothing is held any more: a further commit or edit is refused.
    expect((await commit(brand, jobId)).statusCode).toBe(409);
    expect((await save(brand, jobId, [{ row: 5, cells: null, excluded: true }])).statusCode).toBe(409);
  });

  it("checks a buyer's own order sheet (mapped, a size run) in the browser as the server does, and commits it fixed", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('订单');
    ws.addRow(['修改测试 春季成品订单']);
    ws.addRow(['款号', '颜色', 'S', 'M', 'L', '单价(元)', '交期', '工厂']);
    ws.addRow(['FX-TEE', '黑色', 10, 20, 30, 25, new Date(Date.UTC(2026, 4, 20)), 'FIXV01']);
    ws.addRow(['FX-TEE', '白色', 5, '二十', null, 25, new Date(Date.UTC(2026, 4, 21)), 'FIXV01']);
    ws.addRow(['FX-POLO', '藏青', null, 12, 8, 40, new Date(Date.UTC(2026, 4, 22)), '没有的工厂']);
    ws.getColumn(7).numFmt = 'yyyy-mm-dd';
    const targets = ['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', 'lines.unit_price', 'delivery_date', 'vendor_id'];
    const mapping = { headerRow: 2, columns: targets.map((target, index) => ({ index, target })) };
    const up = await uploadFile(t.app, brand, { name: '订单.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }, { entity: 'purorder', mapping: JSON.stringify(mapping) });
    expect(up.statusCode, up.body).toBe(200);
    const checked = await waitJob(t.app, brand, (up.json() as { data: JobView }).data.id);
    expect(checked.result, JSON.stringify(checked)).toMatchObject({ total: 3, valid: 1, invalid: 2 });
    const view = (await rowsOf(brand, checked.id)).json().data as GridView;
    expect(view.targets).toEqual(targets);
    expect(view.rows.map((r) => r.cells)).toEqual([
      ['FX-TEE', '黑色', '10', '20', '30', '25', '2026-05-20', 'FIXV01'],
      ['FX-TEE', '白色', '5', '二十', null, '25', '2026-05-21', 'FIXV01'],
      ['FX-POLO', '藏青', null, '12', '8', '40', '2026-05-22', '没有的工厂'],
    ]);
    expect(view.rows.map((r) => r.errors.map((e) => e.col))).toEqual([[], [3], [7]]);
    const check = rowChecker(sheetLayout(requireEntity('purorder'), view.headers, view.mapping), {
      defaults: { now: new Date(), session: { userId: 1, fullname: 'x', clientId } },
      knownCodes: new Map(Object.entries(view.knownCodes).map(([k, v]) => [k, { codes: new Set(v.codes), complete: v.complete }])),
    });
    for (const r of view.rows) {
      const mine = check(r.cells).map((i) => ({ col: i.col, message: translate('zh-CN', i.message.key, i.message.params) }));
      expect(mine, `row ${r.row}`).toEqual(r.errors.map((e) => ({ col: e.col, message: e.message })));
    }
    // Fixed as the grid would send them, and committed: three orders, the white tee's M as typed.
    const fixed = [
      { row: 4, cells: ['FX-TEE', '白色', '5', '20', null, '25', '2026-05-21', 'FIXV01'], excluded: false },
      { row: 5, cells: ['FX-POLO', '藏青', null, '12', '8', '40', '2026-05-22', 'FIXV01'], excluded: false },
    ];
    for (const f of fixed) expect(check(f.cells)).toEqual([]);
    expect((await save(brand, checked.id, fixed)).statusCode).toBe(200);
    expect((await commit(brand, checked.id)).statusCode).toBe(200);
    const done = await waitJob(t.app, brand, checked.id);
    expect(done.result, JSON.stringify(done)).toMatchObject({ inserted: 3, held: 0 });
    const lines = await sql<{ style_no: string; colour: string; size: string; qty: number }>`select l.style_no, l.colour, l.size, l.qty::int as qty
      from pur_order_line l join pur_order o on o.id = l.order_id where o.client_id = ${clientId} and l.style_no like 'FX-%' order by l.id`.execute(t.app.db);
    expect(lines.rows.filter((l) => l.colour === '白色').map((l) => [l.size, l.qty])).toEqual([['S', 5], ['M', 20]]);
  });

  it('gives a line that failed only with its document nothing to fix: the browser checks it again, and the order commits once its bad line is fixed', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('订单');
    ws.addRow(['款号', '颜色', 'S', 'M', '单价(元)', '交期', '工厂']);
    ws.addRow(['FD-TEE', '黑色', 10, 'abc', 25, '2026-06-20', 'FIXV01']);
    ws.addRow(['FD-TEE', '白色', 5, 5, 25, '2026-06-20', 'FIXV01']);
    const targets = ['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'lines.unit_price', 'delivery_date', 'vendor_id'];
    const mapping = { headerRow: 1, columns: targets.map((target, index) => ({ index, target })) };
    const up = await uploadFile(t.app, brand, { name: '订单.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) }, { entity: 'purorder', mapping: JSON.stringify(mapping) });
    const checked = await waitJob(t.app, brand, (up.json() as { data: JobView }).data.id);
    const view = (await rowsOf(brand, checked.id)).json().data as GridView;
    // The white tee's line is told its order has an error (row 2), and marked for the browser's own check.
    expect(view.rows.map((r) => [r.row, r.errors.map((e) => e.message), r.recheck])).toEqual([
      [2, [expect.any(String)], false],
      [3, ['所属单据（第 2 行）有错误'], true],
    ]);
    const check = rowChecker(sheetLayout(requireEntity('purorder'), view.headers, view.mapping), {
      defaults: { now: new Date(), session: { userId: 1, fullname: 'x', clientId } },
      knownCodes: new Map(Object.entries(view.knownCodes).map(([k, v]) => [k, { codes: new Set(v.codes), complete: v.complete }])),
    });
    expect(check(view.rows[1].cells)).toEqual([]);
    expect((await save(brand, checked.id, [{ row: 2, cells: ['FD-TEE', '黑色', '10', '20', '25', '2026-06-20', 'FIXV01'], excluded: false }])).statusCode).toBe(200);
    expect((await commit(brand, checked.id)).statusCode).toBe(200);
    const done = await waitJob(t.app, brand, checked.id);
    expect(done.result, JSON.stringify(done)).toMatchObject({ inserted: 1, held: 0 });
  });

  it("lets a company administrator fix and commit the rows a colleague's commit held, and nobody else", async () => {
    mkdirSync('.tmp/fix-grid', { recursive: true });
    const file = '.tmp/fix-grid/vendors.xlsx';
    await writeEntityFile(file, 'vendor', 2, (i) => ({ ...vendorRow('ADMFIX')(i), vendor_type: i === 1 ? '不存在的类型' : 'fabric' }));
    const checked = await importFile(t.app, buyer, { name: 'vendors.xlsx', content: readFileSync(file) }, { entity: 'vendor' });
    expect(checked.status, JSON.stringify(checked)).toBe('checked');
    expect(checked.result).toMatchObject({ valid: 1, invalid: 1 });
    expect((await commit(buyer, checked.id)).statusCode).toBe(200);
    expect((await waitJob(t.app, buyer, checked.id)).result).toMatchObject({ inserted: 1, held: 1 });
    // The company's administrator reads the held row, fixes it and commits it.
    const view = (await rowsOf(brand, checked.id)).json().data as GridView;
    expect(view.rows).toHaveLength(1);
    const col = view.targets.indexOf('vendor_type');
    const cells = [...view.rows[0].cells];
    expect(cells[col]).toBe('不存在的类型');
    cells[col] = '面料供应商';
    expect((await save(brand, checked.id, [{ row: view.rows[0].row, cells, excluded: false }])).statusCode).toBe(200);
    expect((await commit(brand, checked.id)).statusCode).toBe(200);
    expect((await waitJob(t.app, brand, checked.id)).result).toMatchObject({ inserted: 1, held: 0, insertedTotal: 2 });
    const stored = await sql<{ code: string; vendor_type: string }>`select code, vendor_type from md_vendor where client_id = ${clientId} and code like 'ADMFIX%' order by code`.execute(t.app.db);
    expect(stored.rows).toEqual([{ code: 'ADMFIX000001', vendor_type: 'fabric' }, { code: 'ADMFIX000002', vendor_type: 'fabric' }]);
    // The colleague's job is not the other company's.
    expect((await rowsOf(maker, checked.id)).statusCode).toBe(404);
  });
});
