import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { api, multipart, UPLOAD_BASE, uploadFile, waitJob, type JobView } from './import-support';

/**
 * A buyer's sheet laid out as order blocks (issue 33): each order's header row (`订单号: …   供应商:
 * …   交期: …`, in one cell or across cells) above its lines, repeated per order, blank rows and a
 * copy of the headings between blocks. The mapper finds the order header rows and maps their keys to
 * the order's fields; the confirmed mapping (columns and keys) imports one order per block through
 * the import's one path, is kept in the company's memory, and an error in a header value is
 * reported on that header row.
 */
let t: TestApp;
let brand: string;

type Column = { index: number; header: string; target: string | null; confidence: number; reason: string };
type OrderField = { key: string; target: string | null; confidence: number; reason: string };
type View = { proposal: { headerRow: number; columns: Column[]; orderFields: OrderField[]; orderRows: number[]; missingRequired: string[]; template: boolean } | null; fromMemory: boolean; rows: Array<{ number: number; cells: unknown[] }> };

const HEADINGS = ['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价'];

/** Three orders: the first's header in one cell above the headings, the second across cells after a blank row and a copy of the headings, the third in one cell with bars. */
async function blockSheet(prefix: string, secondVendor = 'VD002'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('订单');
  ws.addRow(['2026 秋冬补单汇总']);
  ws.mergeCells('A1:H1');
  ws.addRow([`订单号: ${prefix}-001   供应商: VD001   交期: 2026-03-15   币种: 人民币`]);
  ws.addRow(HEADINGS);
  ws.addRow(['OB-TEE', '黑色', 10, 20, 30, null, 60, 25]);
  ws.addRow(['OB-TEE', '白色', 5, null, 5, 5, 15, 25]);
  ws.addRow([]);
  ws.addRow(['订单号:', `${prefix}-002`, '供应商:', secondVendor, '交期:', new Date(Date.UTC(2026, 3, 1)), '币种:', '美元']);
  ws.addRow(HEADINGS);
  ws.addRow(['OB-POLO', '藏青', null, 12, 8, null, 20, 40]);
  ws.addRow([]);
  ws.addRow([`订单号: ${prefix}-003 | 供应商: VD001 | 交期: 2026-05-01 | 币种: 人民币`]);
  ws.addRow(['OB-TEE', '红色', 4, 4, 4, 4, 16, 26]);
  ws.addRow(['OB-HOOD', '灰色', null, 6, 6, null, 12, 80]);
  ws.getRow(7).getCell(6).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function propose(token: string, content: Buffer): Promise<View> {
  const body = multipart([{ name: 'entity', value: 'purorder' }, { name: 'file', filename: '补单.xlsx', content }]);
  const res = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/mapping`, payload: body.payload, headers: { ...body.headers, ...api(token) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: View }).data;
}

const confirmed = (v: View, change: (f: OrderField) => string | null = (f) => f.target) =>
  JSON.stringify({ headerRow: v.proposal!.headerRow, columns: v.proposal!.columns.map((c) => ({ index: c.index, target: c.target })), orderFields: v.proposal!.orderFields.map((f) => ({ key: f.key, target: change(f) })) });

async function checkAndCommit(content: Buffer, mapping: string): Promise<JobView> {
  const res = await uploadFile(t.app, brand, { name: '补单.xlsx', content }, { entity: 'purorder', mapping });
  expect(res.statusCode, res.body).toBe(200);
  return waitJob(t.app, brand, (res.json() as { data: JobView }).data.id);
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand');
});
afterAll(async () => t?.close());

describe('a sheet of order blocks', () => {
  it("proposes the order header rows' keys as the order's fields and the lines' columns as before", async () => {
    const view = await propose(brand, await blockSheet('OBP'));
    const p = view.proposal!;
    expect(p.headerRow).toBe(3);
    expect(p.template).toBe(false);
    expect(p.orderRows).toEqual([2, 7, 11]);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['订单号', 'po_no'], ['供应商', 'vendor_id'], ['交期', 'delivery_date'], ['币种', 'currency']]);
    expect(p.columns.map((c) => c.target)).toEqual(['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', 'size:XL', null, 'lines.unit_price']);
    expect(p.missingRequired).toEqual([]);
    // The supplier's values inside the one-cell header rows are looked up in the company's vendors too.
    expect(p.orderFields[1].confidence).toBeGreaterThan(0.85);
  });

  it('imports one order per block with its header values and lines, and keeps the keys in the company memory', async () => {
    const content = await blockSheet('OB26');
    const view = await propose(brand, content);
    const checked = await checkAndCommit(content, confirmed(view));
    expect(checked.status, JSON.stringify(checked)).toBe('checked');
    expect(checked.result).toMatchObject({ total: 5, valid: 5, invalid: 0, documents: 3, errorCount: 0 });
    const commit = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${checked.id}/commit`, payload: { validOnly: false }, headers: api(brand) });
    expect(commit.statusCode, commit.body).toBe(200);
    const done = await waitJob(t.app, brand, checked.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result).toMatchObject({ inserted: 3 });

    const po = resourceClient(t.app, brand, 'srmapi', 'purorder');
    const rows = (await po.page({ 'f.po_no.like': 'OB26-', size: 50 })).body.data.rows as Array<Record<string, unknown>>;
    const orders = await Promise.all(
      rows.sort((a, b) => String(a.po_no).localeCompare(String(b.po_no))).map(async (r) => (await po.view(Number(r.id))).body.data as Record<string, unknown> & { lines: Array<Record<string, unknown>> }),
    );
    expect(orders.map((o) => [o.po_no, String(o.delivery_date).slice(0, 10), o.currency, o.order_kind])).toEqual([
      ['OB26-001', '2026-03-15', 'RMB', 'goods'],
      ['OB26-002', '2026-04-01', 'USD', 'goods'],
      ['OB26-003', '2026-05-01', 'RMB', 'goods'],
    ]);
    // VD001, VD002, VD001: each block's supplier.
    expect(orders.every((o) => Number(o.vendor_id) > 0)).toBe(true);
    expect(orders[0].vendor_id).toBe(orders[2].vendor_id);
    expect(orders[1].vendor_id).not.toBe(orders[0].vendor_id);
    expect(orders.map((o) => o.lines.map((l) => [l.style_no, l.colour, l.size, Number(l.qty), Number(l.unit_price)]))).toEqual([
      [['OB-TEE', '黑色', 'S', 10, 25], ['OB-TEE', '黑色', 'M', 20, 25], ['OB-TEE', '黑色', 'L', 30, 25], ['OB-TEE', '白色', 'S', 5, 25], ['OB-TEE', '白色', 'L', 5, 25], ['OB-TEE', '白色', 'XL', 5, 25]],
      [['OB-POLO', '藏青', 'M', 12, 40], ['OB-POLO', '藏青', 'L', 8, 40]],
      [['OB-TEE', '红色', 'S', 4, 26], ['OB-TEE', '红色', 'M', 4, 26], ['OB-TEE', '红色', 'L', 4, 26], ['OB-TEE', '红色', 'XL', 4, 26], ['OB-HOOD', '灰色', 'M', 6, 80], ['OB-HOOD', '灰色', 'L', 6, 80]],
    ]);

    // The next sheet with the same headings: its keys proposed from the company's choice.
    const again = await propose(brand, await blockSheet('OB27'));
    expect(again.fromMemory).toBe(true);
    expect(again.proposal!.orderFields.map((f) => [f.key, f.target, f.reason])).toEqual([['订单号', 'po_no', 'memory'], ['供应商', 'vendor_id', 'memory'], ['交期', 'delivery_date', 'memory'], ['币种', 'currency', 'memory']]);
  });

  it("reports an error in a header value on that header row's cell, and the block's lines as not written", async () => {
    const content = await blockSheet('OBE', 'NOPE99');
    const job = await checkAndCommit(content, confirmed(await propose(brand, content)));
    expect(job.result).toMatchObject({ total: 5, invalid: 1, documents: 2 });
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors`, headers: api(brand) });
    const errors = (res.json() as { data: { rows: Array<{ row: number; col: number; field: string; value: string }> } }).data.rows;
    // The unknown vendor stands on row 7, in the cell after 供应商: (D7).
    expect(errors).toEqual([expect.objectContaining({ row: 7, col: 3, field: 'vendor_id', value: 'NOPE99' })]);
  });

  it('refuses a key confirmed as a line field, and counts a key confirmed as a required field as mapped', async () => {
    const content = await blockSheet('OBR');
    const view = await propose(brand, content);
    const asLine = await uploadFile(t.app, brand, { name: '补单.xlsx', content }, { entity: 'purorder', mapping: confirmed(view, (f) => (f.key === '币种' ? 'lines.colour' : f.target)) });
    expect(asLine.statusCode).toBe(400);
    const noVendor = await uploadFile(t.app, brand, { name: '补单.xlsx', content }, { entity: 'purorder', mapping: confirmed(view, (f) => (f.target === 'vendor_id' ? null : f.target)) });
    expect(noVendor.statusCode).toBe(400);
    expect(noVendor.json().message).toBe('以下必填字段没有对应的列：供应商编码，请为它们选择列');
  });
});
