import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixChecker, recheckRows, toRowData } from '../../src/client/pages/upload/fix-rows';
import type { FixView } from '../../src/client/engine/upload-api';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { api, multipart, UPLOAD_BASE, uploadFile, waitJob, type JobView } from './import-support';

/**
 * A buyer's own order sheet of one order (issue 33), built as buyers send them: a merged title, the
 * order's fields as `key | value` rows above the headings (keys without a colon, one with a colon
 * in one cell, a date cell), the size run across columns, bold headings. The mapper reads the rows
 * above the headings as the order's fields; the import makes one order of every line with them. A
 * wrong header value (an unknown supplier) is reported in the cell that holds it, the header row is
 * a row of the grid, the browser's check of it says what the server said, and fixing it there
 * commits the order; a commit of the valid rows holds the header row with its lines, so the held
 * lines keep their order's values when fixed later. An English sheet with its keys as wide as the
 * table, and order blocks whose header rows have no colons, are read the same way.
 */
let t: TestApp;
let brand: string;

type Column = { index: number; header: string; target: string | null };
type OrderField = { key: string; target: string | null; reason: string };
type View = { proposal: { headerRow: number; columns: Column[]; orderFields: OrderField[]; orderRows: number[]; missingRequired: string[]; template: boolean } | null; fromMemory: boolean };

/** A brand's purchase order: title, `订单号 | … | 供应商 | …`, `交货日期 | <date> | 币种：人民币`, headings with a size run, three lines. */
async function oneOrderSheet(no: string, vendor = 'VD001'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('采购订单');
  ws.addRow(['杭州某品牌服饰有限公司 采购订单']);
  ws.mergeCells('A1:H1');
  ws.getRow(1).font = { bold: true, size: 16 };
  ws.addRow(['订单号', no, null, '供应商', vendor]);
  ws.addRow(['交货日期', new Date(Date.UTC(2026, 6, 20)), null, '币种：人民币']);
  ws.getRow(3).getCell(2).numFmt = 'yyyy-mm-dd';
  for (const r of [2, 3]) for (const c of [1, 4]) ws.getRow(r).getCell(c).font = { bold: true };
  ws.addRow([]);
  ws.addRow(['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价']);
  ws.getRow(5).font = { bold: true };
  ws.addRow(['OO-TEE', '黑色', 10, 20, 30, 10, 70, 25]);
  ws.addRow(['OO-TEE', '白色', 5, 5, 5, null, 15, 25]);
  ws.addRow(['OO-POLO', '藏青', null, 8, 8, 4, 20, 42]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function propose(content: Buffer, entity = 'purorder'): Promise<View> {
  const body = multipart([{ name: 'entity', value: entity }, { name: 'file', filename: '订单.xlsx', content }]);
  const res = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/mapping`, payload: body.payload, headers: { ...body.headers, ...api(brand) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: View }).data;
}

const confirmed = (v: View) =>
  JSON.stringify({ headerRow: v.proposal!.headerRow, columns: v.proposal!.columns.map((c) => ({ index: c.index, target: c.target })), orderFields: v.proposal!.orderFields.map((f) => ({ key: f.key, target: f.target })) });

async function check(content: Buffer, entity = 'purorder'): Promise<JobView> {
  const res = await uploadFile(t.app, brand, { name: '订单.xlsx', content }, { entity, mapping: confirmed(await propose(content, entity)) });
  expect(res.statusCode, res.body).toBe(200);
  return waitJob(t.app, brand, (res.json() as { data: JobView }).data.id);
}

async function commit(id: number, validOnly: boolean): Promise<JobView> {
  const res = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${id}/commit`, payload: { validOnly }, headers: api(brand) });
  expect(res.statusCode, res.body).toBe(200);
  return waitJob(t.app, brand, id);
}

const gridOf = async (id: number) => (await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${id}/rows`, headers: api(brand) })).json().data as FixView;
const save = async (id: number, rows: Array<{ row: number; cells: Array<string | null> | null; excluded: boolean }>) =>
  expect((await t.app.inject({ method: 'PUT', url: `${UPLOAD_BASE}/jobs/${id}/rows`, payload: { rows }, headers: api(brand) })).statusCode).toBe(200);

async function orderOf(no: string) {
  const po = resourceClient(t.app, brand, 'srmapi', 'purorder');
  const rows = (await po.page({ 'f.po_no.like': no, size: 10 })).body.data.rows as Array<Record<string, unknown>>;
  expect(rows.length).toBe(1);
  return (await po.view(Number(rows[0].id))).body.data as Record<string, unknown> & { lines: Array<Record<string, unknown>> };
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
});
afterAll(async () => t?.close());

describe('a sheet of one order', () => {
  it("proposes the rows above the headings as the order's fields, keys with a colon or without", async () => {
    const p = (await propose(await oneOrderSheet('OO26-001'))).proposal!;
    expect(p.headerRow).toBe(5);
    expect(p.orderRows).toEqual([2, 3]);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['订单号', 'po_no'], ['供应商', 'vendor_id'], ['交货日期', 'delivery_date'], ['币种', 'currency']]);
    expect(p.columns.map((c) => c.target)).toEqual(['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', 'size:XL', null, 'lines.unit_price']);
    expect(p.missingRequired).toEqual([]);
  });

  it('imports one order of every line with the header values, and proposes the keys from memory next time', async () => {
    const job = await check(await oneOrderSheet('OO26-002'));
    expect(job.result, JSON.stringify(job)).toMatchObject({ total: 3, valid: 3, invalid: 0, documents: 1, errorCount: 0 });
    expect((await commit(job.id, false)).result).toMatchObject({ inserted: 1 });
    const o = await orderOf('OO26-002');
    expect([String(o.delivery_date).slice(0, 10), o.currency, Number(o.vendor_id) > 0]).toEqual(['2026-07-20', 'RMB', true]);
    expect(o.lines.map((l) => [l.style_no, l.colour, l.size, Number(l.qty)])).toEqual([
      ['OO-TEE', '黑色', 'S', 10], ['OO-TEE', '黑色', 'M', 20], ['OO-TEE', '黑色', 'L', 30], ['OO-TEE', '黑色', 'XL', 10],
      ['OO-TEE', '白色', 'S', 5], ['OO-TEE', '白色', 'M', 5], ['OO-TEE', '白色', 'L', 5],
      ['OO-POLO', '藏青', 'M', 8], ['OO-POLO', '藏青', 'L', 8], ['OO-POLO', '藏青', 'XL', 4],
    ]);
    const again = await propose(await oneOrderSheet('OO26-003'));
    expect(again.fromMemory).toBe(true);
    expect(again.proposal!.orderFields.map((f) => f.reason)).toEqual(['memory', 'memory', 'memory', 'memory']);
  });

  it("reports a wrong supplier in the cell that holds it; the grid shows that row, the browser's check says the same; fixed there, the order is committed", async () => {
    const job = await check(await oneOrderSheet('OO26-004', 'NOPE77'));
    expect(job.result).toMatchObject({ total: 3, invalid: 3, documents: 0 });
    const grid = await gridOf(job.id);
    // The header rows above the headings are rows of the grid, their cells as written.
    expect(grid.rows.map((r) => r.row)).toEqual([2, 3, 6, 7, 8]);
    expect(grid.rows[0].cells.slice(0, 5)).toEqual(['订单号', 'OO26-004', null, '供应商', 'NOPE77']);
    expect(grid.rows[1].cells.slice(0, 4)).toEqual(['交货日期', '2026-07-20', null, '币种：人民币']);
    expect(grid.rows[0].errors).toEqual([expect.objectContaining({ col: 4, field: 'vendor_id', message: expect.stringContaining('NOPE77') })]);
    expect(grid.rows.slice(1).every((r) => r.errors.length === 0)).toBe(true);

    // The browser's check (the fixing grid's own code) puts the same message on the same cell, and none on the lines.
    const rows = grid.rows.map(toRowData);
    const checker = fixChecker(grid, 'zh-CN', { now: new Date(), session: {} });
    recheckRows(grid, checker, rows, rows);
    expect(rows.map((r) => r.issues)).toEqual([[{ col: 4, message: grid.rows[0].errors[0].message }], [], [], [], []]);
    // Typed right in the browser, the header row and its block are clean at once.
    rows[0].cells[4] = 'VD002';
    expect(recheckRows(grid, checker, rows, [rows[0]]).map((r) => r.row).sort()).toEqual([2, 3, 6, 7, 8]);
    expect(rows.every((r) => r.issues.length === 0)).toBe(true);

    // Fixed in the grid: the header row's cell edited, the commit writes the order with every line.
    await save(job.id, [{ row: 2, cells: ['订单号', 'OO26-004', null, '供应商', 'VD002'], excluded: false }]);
    const done = await commit(job.id, true);
    expect(done.result, JSON.stringify(done)).toMatchObject({ inserted: 1, held: 0 });
    const o = await orderOf('OO26-004');
    expect(o.lines.length).toBe(10);
  });

  it("holds a bad block's header row with its lines when the valid rows are committed, and commits them once the header is fixed", async () => {
    // Two orders, each header on two rows without colons; the second's supplier unknown.
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('订单');
    ws.addRow(['订单号', 'OO26-201', '供应商', 'VD001']);
    ws.addRow(['交货日期', '2026-08-08']);
    ws.addRow(['款号', '颜色', 'S', 'M', 'L', '单价']);
    ws.addRow(['OO-TEE', '黑色', 1, 2, 3, 25]);
    ws.addRow([]);
    ws.addRow(['订单号', 'OO26-202', '供应商', 'NOPE78']);
    ws.addRow(['交货日期', '2026-09-09']);
    ws.addRow(['OO-POLO', '白色', 4, 5, 6, 30]);
    ws.addRow(['OO-HOOD', '灰色', 1, 1, 1, 80]);
    const job = await check(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(job.result, JSON.stringify(job)).toMatchObject({ total: 3, valid: 1, invalid: 2, errorCount: 1 });
    const held = await commit(job.id, true);
    expect(held.result).toMatchObject({ inserted: 1, held: 3 });
    const grid = await gridOf(job.id);
    expect(grid.held).toBe(true);
    expect(grid.rows.map((r) => r.row)).toEqual([6, 8, 9]);
    expect(grid.rows[0].errors).toEqual([expect.objectContaining({ col: 3, field: 'vendor_id' })]);
    await save(job.id, [{ row: 6, cells: ['订单号', 'OO26-202', '供应商', 'VD002'], excluded: false }]);
    const done = await commit(job.id, true);
    expect(done.result, JSON.stringify(done)).toMatchObject({ inserted: 1, held: 0, insertedTotal: 2 });
    const o = await orderOf('OO26-202');
    // The held lines kept the value of the header row that was not held (交货日期).
    expect([String(o.delivery_date).slice(0, 10), o.lines.length]).toEqual(['2026-09-09', 6]);
  });

  it('reads an English buyer order whose keys have no colons and stand as wide as the table', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('PO');
    ws.addRow(['NORTHWIND APPAREL LTD. - PURCHASE ORDER']);
    ws.mergeCells('A1:F1');
    ws.addRow(['Customer PO', 'NW-4500991', 'Buyer', 'CUST001', 'Delivery', new Date(Date.UTC(2026, 8, 30))]);
    ws.addRow(['Style', 'Description', 'Colour', 'Size', 'Quantity', 'Price']);
    ws.addRow(['NW-TEE', 'Crew tee', 'Black', 'M', 120, 5.5]);
    ws.addRow(['NW-TEE', 'Crew tee', 'Black', 'L', 80, 5.5]);
    const p = (await propose(Buffer.from(await wb.xlsx.writeBuffer()), 'prorder')).proposal!;
    expect(p.headerRow).toBe(3);
    expect(p.orderRows).toEqual([2]);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['Customer PO', 'customer_po'], ['Buyer', 'customer_id'], ['Delivery', 'delivery_date']]);
    expect(p.columns.map((c) => c.target)).toEqual(['entries.style_no', 'entries.style_name', 'entries.colour', 'entries.size', 'entries.qty', 'entries.unit_price']);
  });

  it('imports order blocks whose header rows have no colons, the first above the headings', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('订单');
    ws.addRow(['订单号', 'OO26-101', '供应商', 'VD001', '交期', '2026-08-01']);
    ws.addRow(['款号', '颜色', 'S', 'M', 'L', '单价', '备注']);
    ws.addRow(['OO-TEE', '黑色', 1, 2, 3, 25, null]);
    ws.addRow([]);
    ws.addRow(['订单号', 'OO26-102', '供应商', 'VD002', '交期', '2026-09-01']);
    ws.addRow(['OO-POLO', '白色', 4, 5, 6, 30, null]);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const p = (await propose(content)).proposal!;
    expect([p.headerRow, p.orderRows]).toEqual([2, [1, 5]]);
    const job = await check(content);
    expect(job.result, JSON.stringify(job)).toMatchObject({ total: 2, valid: 2, documents: 2 });
    expect((await commit(job.id, false)).result).toMatchObject({ inserted: 2 });
    const [a, b] = [await orderOf('OO26-101'), await orderOf('OO26-102')];
    expect([String(a.delivery_date).slice(0, 10), String(b.delivery_date).slice(0, 10)]).toEqual(['2026-08-01', '2026-09-01']);
    expect(a.vendor_id).not.toBe(b.vendor_id);
  });
});
