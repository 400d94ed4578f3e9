import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainWorkbook } from '../../fixtures/xlsx/build';
import { translate } from '../../src/model/i18n';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { api as headersOf, importFile, loadWorkbook, UPLOAD_BASE } from './import-support';

/**
 * Purchase orders of finished goods as a colour x size matrix (issue 17): the form sends one line per
 * colour and size (the matrix editor's rows), priced from the contract by style; the Excel import
 * takes the same matrix from one sheet (order columns repeated on each row, keyed by the order number,
 * one row per style and colour, sizes as columns) through the document writer's stages and hooks, with
 * row errors on the cell that caused them; the supplier cannot dispatch a shipment of nothing.
 */
let t: TestApp;
let brand: string;
let supplier: string;
const ids: Record<string, number> = {};
let contractNo = '';

type Line = Record<string, unknown>;
const api = (token: string, entity: string) => resourceClient(t.app, token, 'srmapi', entity);
const idByCode = async (token: string, prefix: string, entity: string, code: string, field = 'code') =>
  Number((await resourceClient(t.app, token, prefix, entity).page({ [`f.${field}.eq`]: code })).body.data.rows[0]?.id);
const grid = (lines: Line[]) => lines.map((l) => [l.style_no, l.colour, l.size, Number(l.qty), l.unit_price === null ? null : Number(l.unit_price), Number(l.seq)]);
/** A matrix as the editor writes it: one line per colour and size with a quantity above 0. */
const matrixLines = (style: string, m: Record<string, Record<string, number>>, price: number | null = null) =>
  Object.entries(m).flatMap(([colour, sizes]) => Object.entries(sizes).filter(([, q]) => q > 0).map(([size, qty]) => ({ style_no: style, colour, size, qty, unit_price: price })));
const orderByNo = async (no: string) => {
  const row = (await api(brand, 'purorder').page({ 'f.po_no.eq': no })).body.data.rows[0];
  return row ? (await api(brand, 'purorder').view(row.id)).body.data : null;
};

const HEADERS = ['采购单号', '采购类别', '供应商编码', '采购合同编码', '下单日期', '交货日期', '币种', '采购明细.款号', '采购明细.颜色', '采购明细.单价', 'S', 'M', 'L', 'XL'];

beforeAll(async () => {
  t = await createTestApp();
  [brand, supplier] = await Promise.all([signIn(t.app, 'brand'), signIn(t.app, 'supplier')]);
  ids.vendor = await idByCode(brand, 'mdapi', 'vendor', 'VD001');
  ids.m1 = await idByCode(brand, 'mdapi', 'material', 'MD0001');
  const contract = await api(brand, 'purcontract').save({
    name: '成品矩阵合同', vendor_id: ids.vendor, valid_from: '2026-01-01', valid_to: '2027-12-31', currency: 'CNY', pay_type: 'NET30',
    lines: [{ style_no: 'MX-TEE', unit: 'PCS', unit_price: 25 }, { material_id: ids.m1, unit: 'KG', unit_price: 30 }],
  });
  expect(contract.status).toBe(200);
  ids.contract = Number(contract.body.data.id);
  contractNo = String(contract.body.data.contract_no);
  expect((await api(brand, 'purcontract').action('activate', { id: ids.contract })).status).toBe(200);
});
afterAll(async () => t?.close());

describe('purchase orders of finished goods as a colour x size matrix', () => {
  it('saves the matrix as one line per colour and size, priced from the contract by style, and numbers the lines', async () => {
    const po = api(brand, 'purorder');
    const lines = [
      ...matrixLines('MX-TEE', { 黑色: { S: 10, M: 20, L: 20, XL: 0 }, 白色: { S: 5, M: 10, L: 0, XL: 5 } }),
      // A second style with a typed price keeps it.
      ...matrixLines('MX-POLO', { 藏青: { M: 12, L: 8 } }, 40),
    ];
    const saved = await po.save({ order_kind: 'goods', vendor_id: ids.vendor, contract_id: ids.contract, order_date: '2026-06-01', lines });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // 70 pieces of MX-TEE at the contract's 25, 20 of MX-POLO at 40.
    expect(saved.body.data).toMatchObject({ total_qty: 90, total_amount: 70 * 25 + 20 * 40, status: 'draft' });
    const view = (await po.view(saved.body.data.id)).body.data;
    expect(grid(view.lines as Line[])).toEqual([
      ['MX-TEE', '黑色', 'S', 10, 25, 1],
      ['MX-TEE', '黑色', 'M', 20, 25, 2],
      ['MX-TEE', '黑色', 'L', 20, 25, 3],
      ['MX-TEE', '白色', 'S', 5, 25, 4],
      ['MX-TEE', '白色', 'M', 10, 25, 5],
      ['MX-TEE', '白色', 'XL', 5, 25, 6],
      ['MX-POLO', '藏青', 'M', 12, 40, 7],
      ['MX-POLO', '藏青', 'L', 8, 40, 8],
    ]);
    // Editing the matrix (the editor keeps stored ids): a cell raised, one emptied; the price follows the contract again.
    const kept = (view.lines as Line[]).filter((l) => !(l.colour === '白色' && l.size === 'XL')).map((l) => ({ ...l, qty: l.colour === '黑色' && l.size === 'S' ? 15 : l.qty, unit_price: l.style_no === 'MX-TEE' ? null : l.unit_price }));
    const edited = await po.save({ ...view, lines: kept });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ total_qty: 90, total_amount: 70 * 25 + 20 * 40 });
    const after = (await po.view(saved.body.data.id)).body.data.lines as Line[];
    expect(after.map((l) => l.id)).toEqual(kept.map((l) => (l as Line).id));
    // A goods line still needs its colour.
    const bad = await po.save({ order_kind: 'goods', vendor_id: ids.vendor, lines: [{ style_no: 'MX-TEE', size: 'M', qty: 1 }] });
    expect(bad.status).toBe(400);
  });

  it('offers a template with the order and line columns and sizes as columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/template?entity=purorder&lang=zh-CN`, headers: headersOf(brand) });
    expect(res.statusCode).toBe(200);
    const wb = await loadWorkbook(res.rawPayload);
    const ws = wb.worksheets.find((w) => w.state === 'visible')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/^\*/, ''));
    expect(header.slice(0, 3)).toEqual(['采购单号', '采购类别', '供应商编码']);
    expect(header).toEqual(expect.arrayContaining(['采购明细.款号', '采购明细.颜色', '采购明细.尺码', '采购明细.数量']));
    expect(header.slice(-4)).toEqual(['S', 'M', 'L', 'XL']);
    expect(String(ws.getRow(1).getCell(header.length - 3).note ?? '')).toContain('尺码');
  });

  it('imports goods orders from one sheet: order columns on each row, one row per style and colour, sizes as columns; materials on the same sheet by line', async () => {
    const file = await plainWorkbook([
      {
        name: '采购订单',
        rows: [
          [...HEADERS, '采购明细.物料编码', '采购明细.数量'],
          ['POMX-IMP-1', '成品', 'VD001', contractNo, '2026-06-02', '2026-07-15', 'CNY', 'MX-TEE', '黑色', null, 10, 20, 20, null],
          // A later row of the same order: header cells blank (or repeated), its own style and colour.
          ['POMX-IMP-1', null, null, null, null, null, null, 'MX-TEE', '白色', null, 5, 10, null, 5],
          ['POMX-IMP-1', '成品', 'VD001', contractNo, '2026-06-02', '2026-07-15', 'CNY', 'MX-HOOD', '灰色', 88.5, null, 6, 6, 0],
          ['POMX-IMP-2', '成品', 'VD001', null, '2026-06-03', null, 'CNY', 'MX-CAP', '红色', 12, 30, null, null, null],
          ['POMX-IMP-3', '原辅料', 'VD001', contractNo, '2026-06-03', null, 'CNY', null, null, null, null, null, null, null, 'MD0001', 50],
        ],
      },
    ]);
    const job = await importFile(t.app, brand, { name: 'po-matrix.xlsx', content: file }, { entity: 'purorder', mode: 'insert', commit: 'all' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    expect(job.result).toMatchObject({ total: 5, valid: 5, invalid: 0, documents: 3, inserted: 3, committed: true });
    const one = await orderByNo('POMX-IMP-1');
    expect(one).toMatchObject({ order_kind: 'goods', status: 'draft', delivery_date: '2026-07-15', total_qty: 82, total_amount: 70 * 25 + 12 * 88.5 });
    expect(grid(one!.lines as Line[])).toEqual([
      ['MX-TEE', '黑色', 'S', 10, 25, 1],
      ['MX-TEE', '黑色', 'M', 20, 25, 2],
      ['MX-TEE', '黑色', 'L', 20, 25, 3],
      ['MX-TEE', '白色', 'S', 5, 25, 4],
      ['MX-TEE', '白色', 'M', 10, 25, 5],
      ['MX-TEE', '白色', 'XL', 5, 25, 6],
      ['MX-HOOD', '灰色', 'M', 6, 88.5, 7],
      ['MX-HOOD', '灰色', 'L', 6, 88.5, 8],
    ]);
    expect(grid((await orderByNo('POMX-IMP-2'))!.lines as Line[])).toEqual([['MX-CAP', '红色', 'S', 30, 12, 1]]);
    const three = await orderByNo('POMX-IMP-3');
    expect(three).toMatchObject({ order_kind: 'material', total_qty: 50, total_amount: 1500 });
    // The import is an audited write like a save (action import, naming the job).
    const history = await api(brand, 'purorder').history(one!.id);
    expect(history.body.data.rows.map((r) => r.action)).toContain('import');
  });

  it('reports bad matrix rows by sheet row and column, and writes nothing', async () => {
    const before = (await api(brand, 'purorder').page()).body.data.total;
    const file = await plainWorkbook([
      {
        name: '采购订单',
        rows: [
          HEADERS,
          ['POMX-BAD-1', '成品', 'VD001', null, '2026-06-02', null, 'CNY', 'MX-TEE', '黑色', null, 10, '十', -2, null],
          ['POMX-BAD-1', null, null, null, null, null, null, 'MX-TEE', null, null, 5, null, null, null],
          ['POMX-BAD-2', '原辅料', 'VD001', null, '2026-06-02', null, 'CNY', 'MX-TEE', '白色', null, 3, null, null, null],
          ['POMX-BAD-3', '成品', 'NOPE', null, '2026-06-02', null, 'CNY', 'MX-TEE', '白色', null, 3, null, null, null],
          ['POMX-IMP-1', '成品', 'VD001', null, '2026-06-02', null, 'CNY', 'MX-TEE', '白色', null, 3, null, null, null],
        ],
      },
    ]);
    // The check (the import's preview) reports every row; writing all or nothing then writes none of them.
    const job = await importFile(t.app, brand, { name: 'po-matrix-bad.xlsx', content: file }, { entity: 'purorder', mode: 'insert', commit: 'check' });
    expect(job.status).toBe('checked');
    expect(job.result).toMatchObject({ total: 5, valid: 0, invalid: 5, committed: false, inserted: 0 });
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors?page=1&size=100`, headers: headersOf(brand) });
    const errors = (res.json() as { data: { rows: Array<{ row: number; column: string; message: string; value: string | null }> } }).data.rows;
    const at = (row: number, column: string) => errors.filter((e) => e.row === row && e.column === column).map((e) => e.message);
    // Row 2: a size cell that is not a number, and a negative one, each on its own size column.
    expect(at(2, 'M').length, JSON.stringify(errors)).toBe(1);
    expect(at(2, 'L').length).toBe(1);
    expect(errors.find((e) => e.row === 2 && e.column === 'M')!.value).toBe('十');
    // Row 3: a matrix row without its colour.
    expect(at(3, '采购明细.颜色')).toEqual([translate('zh-CN', 'rule.required')]);
    // Row 4: sizes on a raw-material order.
    expect(at(4, 'S')).toEqual([translate('zh-CN', 'excel.matrixNotApplicable')]);
    // Row 5: an unknown supplier code; row 6: an order number that exists.
    expect(at(5, '供应商编码')).toEqual(['NOPE 不存在']);
    expect(errors.some((e) => e.row === 6 && e.message.includes('POMX-IMP-1'))).toBe(true);
    const written = await importFile(t.app, brand, { name: 'po-matrix-bad.xlsx', content: file }, { entity: 'purorder', mode: 'insert', commit: 'all' });
    expect(written.status).toBe('checked');
    expect(written.result).toMatchObject({ committed: false, inserted: 0 });
    expect((await api(brand, 'purorder').page()).body.data.total).toBe(before);
    expect(await orderByNo('POMX-BAD-1')).toBeNull();
  });

  it('the supplier cannot dispatch a shipment whose quantities are all zero (zh-CN and en), then dispatches the matrix', async () => {
    const po = api(brand, 'purorder');
    const order = (await orderByNo('POMX-IMP-2'))!;
    expect((await po.action('send', { id: order.id })).status).toBe(200);
    const so = api(supplier, 'supplierorder');
    const copy = (await so.page({ 'f.source_no.eq': 'POMX-IMP-2' })).body.data.rows[0];
    const copyView = (await so.view(copy.id)).body.data;
    expect((copyView.lines as Line[]).map((l) => [l.style_no, l.colour, l.size, Number(l.qty)])).toEqual([['MX-CAP', '红色', 'S', 30]]);
    expect((await so.action('confirm', { id: copy.id })).status).toBe(200);
    const zero = await so.action('dispatch', { id: copy.id, shipment: JSON.stringify({ 1: 0 }) });
    expect(zero.status).toBe(400);
    expect(zero.body.data).toMatchObject({ errors: { shipment: '发货数量不能全部为 0，至少一行须发货' } });
    const zeroEn = await t.app.inject({ method: 'POST', url: '/api/srmapi/supplierorder/action/dispatch', headers: { ...headersOf(supplier, 'en'), 'content-type': 'application/json' }, payload: { id: copy.id, shipment: JSON.stringify({ 1: 0 }) } });
    expect(zeroEn.statusCode).toBe(400);
    expect(JSON.stringify(zeroEn.json())).toContain('A shipment cannot be all zero');
    expect(translate('en', 'pur.order.emptyShipment')).toBe('A shipment cannot be all zero: at least one line must ship');
    // Nothing moved: the copy is still confirmed and the buyer's order too.
    expect((await so.view(copy.id)).body.data.status).toBe('confirmed');
    expect((await po.view(order.id)).body.data.status).toBe('confirmed');
    expect((await so.action('dispatch', { id: copy.id, shipment: JSON.stringify({ 1: 30 }) })).status).toBe(200);
    const dispatched = (await po.view(order.id)).body.data;
    expect(dispatched.status).toBe('dispatched');
    expect((dispatched.lines as Line[]).map((l) => Number(l.dispatched_qty))).toEqual([30]);
  });
});
