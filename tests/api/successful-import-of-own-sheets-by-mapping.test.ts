import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { api, multipart, UPLOAD_BASE, uploadFile, waitJob, type JobView } from './import-support';

/**
 * A brand's own order sheet imported without our template (issue 33): a merged title row above
 * its own Chinese headings and a size run; the columns are proposed by the mapper, confirmed, and
 * the sheet is checked and written through the import's one path; the company's next sheet with the
 * same headings is proposed from its remembered mapping; another company never sees it; a mapping
 * that leaves a required field unmapped is refused, naming the field.
 */
let t: TestApp;
let brand: string;
let maker: string;

type Column = { index: number; header: string; target: string | null; confidence: number; reason: string };
type View = { proposal: { headerRow: number; columns: Column[]; missingRequired: string[]; template: boolean; signature: string } | null; fromMemory: boolean; rows: Array<{ number: number; cells: unknown[] }>; fields: Array<{ id: string; label: string; required: boolean }>; sizes: boolean; missingText: string };

const HEADINGS = ['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价(元)', '交期', '工厂', '备注'];

/** The brand's own sheet: a merged title row, a blank row, its headings, two colours of one style and one of another. */
async function ownSheet(vendorCode: string, extraTitle = ''): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('订单');
  ws.addRow([`ACME 服饰 2026 春季成品采购订单${extraTitle}`]);
  ws.mergeCells('A1:K1');
  ws.addRow([]);
  ws.addRow(HEADINGS);
  const ship = new Date(Date.UTC(2026, 4, 20));
  // The order's remark on every row (rows with the same order fields form one order).
  ws.addRow(['AC-TEE', '黑色', 10, 20, 30, 0, 60, 25, ship, vendorCode, '春季首单']);
  ws.addRow(['AC-TEE', '白色', 5, null, 5, 5, 15, 25, ship, vendorCode, '春季首单']);
  ws.addRow(['AC-POLO', '藏青', null, 12, 8, null, 20, 40, ship, vendorCode, '春季首单']);
  ws.getColumn(9).numFmt = 'yyyy-mm-dd';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function propose(token: string, content: Buffer, lang = 'zh-CN'): Promise<{ status: number; view: View; body: string }> {
  const body = multipart([{ name: 'entity', value: 'purorder' }, { name: 'file', filename: '订单.xlsx', content }]);
  const res = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/mapping`, payload: body.payload, headers: { ...body.headers, ...api(token, lang) } });
  return { status: res.statusCode, view: (res.json() as { data: View }).data, body: res.body };
}

const confirmed = (v: View) => JSON.stringify({ headerRow: v.proposal!.headerRow, columns: v.proposal!.columns.map((c) => ({ index: c.index, target: c.target })) });

beforeAll(async () => {
  t = await createTestApp();
  [brand, maker] = await Promise.all([signIn(t.app, 'brand'), signIn(t.app, 'maker')]);
});
afterAll(async () => t?.close());

describe("a brand's own order sheet mapped without help", () => {
  it('proposes each column: the header row under the title, lines, sizes as the matrix, the vendor by its code in master data', async () => {
    const { status, view, body } = await propose(brand, await ownSheet('VD001'));
    expect(status, body).toBe(200);
    const p = view.proposal!;
    expect(p.headerRow).toBe(3);
    expect(p.template).toBe(false);
    expect(view.fromMemory).toBe(false);
    expect(p.columns.map((c) => c.target)).toEqual(['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', 'size:XL', null, 'lines.unit_price', 'delivery_date', 'vendor_id', 'remark']);
    // 工厂 is a synonym of the supplier, and its values are the company's vendor codes.
    expect(p.columns[9].confidence).toBeGreaterThan(0.85);
    expect(p.missingRequired).toEqual([]);
    // The first rows as they are: the title row, the blank row, the headings and the data.
    expect(view.rows[0].cells[0]).toContain('春季成品采购订单');
    expect(view.rows.find((r) => r.number === 4)!.cells.slice(0, 3)).toEqual(['AC-TEE', '黑色', 10]);
    expect(view.rows.find((r) => r.number === 4)!.cells[8]).toBe('2026-05-20');
    expect(view.sizes).toBe(true);
    expect(view.fields.find((f) => f.id === 'vendor_id')).toMatchObject({ label: '供应商编码', required: true });
  });

  it('imports the sheet with the confirmed mapping: one order of finished goods, a line per colour and size, grouped by its order fields', async () => {
    const content = await ownSheet('VD001');
    const { view } = await propose(brand, content);
    const check = await uploadFile(t.app, brand, { name: '订单.xlsx', content }, { entity: 'purorder', mapping: confirmed(view) });
    expect(check.statusCode, check.body).toBe(200);
    const checked = await waitJob(t.app, brand, (check.json() as { data: JobView }).data.id);
    expect(checked.status, JSON.stringify(checked)).toBe('checked');
    expect(checked.result).toMatchObject({ total: 3, valid: 3, invalid: 0, documents: 1, errorCount: 0 });
    const commit = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${checked.id}/commit`, payload: { validOnly: false }, headers: api(brand) });
    expect(commit.statusCode, commit.body).toBe(200);
    const done = await waitJob(t.app, brand, checked.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result).toMatchObject({ inserted: 1 });
    const po = resourceClient(t.app, brand, 'srmapi', 'purorder');
    const rows = (await po.page({ 'f.remark.eq': '春季首单', size: 50 })).body.data.rows as Array<Record<string, unknown>>;
    expect(rows.length).toBe(1);
    const order = rows.find((r) => String(r.delivery_date).startsWith('2026-05-20') && Number(r.total_qty) === 95);
    expect(order, JSON.stringify(rows.map((r) => [r.po_no, r.delivery_date, r.total_qty]))).toBeTruthy();
    const full = (await po.view(Number(order!.id))).body.data as { order_kind: string; lines: Array<Record<string, unknown>> };
    expect(full.order_kind).toBe('goods');
    expect(full.lines.map((l) => [l.style_no, l.colour, l.size, Number(l.qty), Number(l.unit_price)])).toEqual([
      ['AC-TEE', '黑色', 'S', 10, 25],
      ['AC-TEE', '黑色', 'M', 20, 25],
      ['AC-TEE', '黑色', 'L', 30, 25],
      ['AC-TEE', '白色', 'S', 5, 25],
      ['AC-TEE', '白色', 'L', 5, 25],
      ['AC-TEE', '白色', 'XL', 5, 25],
      ['AC-POLO', '藏青', 'M', 12, 40],
      ['AC-POLO', '藏青', 'L', 8, 40],
    ]);
  });

  it('proposes the same header set from the company memory next time, with the changes the buyer made', async () => {
    const content = await ownSheet('VD001', '（第二批）');
    const first = await propose(brand, content);
    expect(first.view.fromMemory).toBe(true);
    expect(first.view.proposal!.columns.every((c) => c.reason === 'memory' && c.confidence === 1)).toBe(true);
    // The buyer ignores the remark column this time: the next proposal follows.
    const changed = first.view.proposal!.columns.map((c) => ({ index: c.index, target: c.header === '备注' ? null : c.target }));
    const res = await uploadFile(t.app, brand, { name: '订单.xlsx', content }, { entity: 'purorder', mapping: JSON.stringify({ headerRow: 3, columns: changed }) });
    expect(res.statusCode, res.body).toBe(200);
    await waitJob(t.app, brand, (res.json() as { data: JobView }).data.id);
    const again = await propose(brand, content);
    expect(again.view.proposal!.columns.find((c) => c.header === '备注')).toMatchObject({ target: null, reason: 'memory' });
    const stored = await sql<{ n: number; uses: number }>`select count(*)::int as n, max(uses)::int as uses from import_mapping where entity = 'purorder' and client_id = (select client_id from users where username = 'brand')`.execute(t.app.db);
    // Two confirmations of the header set (refused mappings are not remembered).
    expect(stored.rows[0]).toEqual({ n: 1, uses: 2 });
  });

  it("does not propose one company's mapping to another", async () => {
    const { status, view, body } = await propose(maker, await ownSheet('NOPE01'));
    expect(status, body).toBe(200);
    expect(view.fromMemory).toBe(false);
    expect(view.proposal!.columns.some((c) => c.reason === 'memory')).toBe(false);
    // 工厂 is still the supplier by its heading, but its values are no codes of this company: less sure.
    expect(view.proposal!.columns[9]).toMatchObject({ target: 'vendor_id', reason: 'synonym' });
    expect(view.proposal!.columns[9].confidence).toBeLessThan(0.85);
  });

  it('refuses a mapping that leaves a required field unmapped, naming it in zh-CN and en', async () => {
    const content = await ownSheet('VD001');
    const { view } = await propose(brand, content);
    const columns = view.proposal!.columns.map((c) => ({ index: c.index, target: c.target === 'vendor_id' ? null : c.target }));
    const mapping = JSON.stringify({ headerRow: 3, columns });
    const zh = await uploadFile(t.app, brand, { name: '订单.xlsx', content }, { entity: 'purorder', mapping });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('以下必填字段没有对应的列：供应商编码，请为它们选择列');
    const en = await uploadFile(t.app, brand, { name: 'order.xlsx', content }, { entity: 'purorder', mapping }, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toBe('These required fields have no column: Supplier code; choose a column for each');
    // A field chosen for two columns, or one the entity does not have, is refused too.
    const twice = JSON.stringify({ headerRow: 3, columns: [...columns, { index: 11, target: 'lines.colour' }] });
    expect((await uploadFile(t.app, brand, { name: 'o.xlsx', content }, { entity: 'purorder', mapping: twice })).statusCode).toBe(400);
    const unknown = JSON.stringify({ headerRow: 3, columns: [{ index: 0, target: 'secret_column' }] });
    expect((await uploadFile(t.app, brand, { name: 'o.xlsx', content }, { entity: 'purorder', mapping: unknown })).statusCode).toBe(400);
  });

  it('reports row errors of a mapped sheet on its own cells: an unknown vendor code', async () => {
    const content = await ownSheet('NOPE01');
    const { view } = await propose(brand, content);
    const res = await uploadFile(t.app, brand, { name: '订单.xlsx', content }, { entity: 'purorder', mapping: confirmed(view) });
    const job = await waitJob(t.app, brand, (res.json() as { data: JobView }).data.id);
    expect(job.result).toMatchObject({ total: 3, invalid: 3 });
    const errors = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors`, headers: api(brand) });
    const first = (errors.json() as { data: { rows: Array<{ row: number; col: number; field: string; value: string }> } }).data.rows[0];
    expect(first).toMatchObject({ row: 4, col: 9, field: 'vendor_id', value: 'NOPE01' });
  });
});
