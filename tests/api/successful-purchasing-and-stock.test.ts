import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { translate } from '../../src/model/i18n';

/**
 * Purchasing and the warehouse (issue 17), on the demo companies: the brand buys from the fabric
 * supplier SUPP01 (its vendor VD001 carries that platform code; the supplier confirmed the brand as
 * a customer). Contracts price orders; a purchase order goes to the supplier's company through an
 * order share; the supplier confirms or rejects with a reason and dispatches per line; the brand
 * receives into a location, moves, transfers and returns stock, never below zero (50 concurrent
 * moves); call-off states; each company sees and changes only its own side.
 */
let t: TestApp;
let brand: string;
let supplier: string;
let maker: string;
const ids: Record<string, number> = {};

const api = (token: string, entity: string) => resourceClient(t.app, token, 'srmapi', entity);
const idByCode = async (token: string, prefix: string, entity: string, code: string, field = 'code') =>
  Number((await resourceClient(t.app, token, prefix, entity).page({ [`f.${field}.eq`]: code })).body.data.rows[0]?.id);
const stockOf = async (material: number, location: number) =>
  Number((await api(brand, 'stockbalance').page({ 'f.material_id.eq': material, 'f.location_id.eq': location })).body.data.rows[0]?.qty ?? 0);

beforeAll(async () => {
  t = await createTestApp();
  [brand, supplier, maker] = await Promise.all([signIn(t.app, 'brand'), signIn(t.app, 'supplier'), signIn(t.app, 'maker')]);
  ids.vendor = await idByCode(brand, 'mdapi', 'vendor', 'VD001');
  ids.vendorOff = await idByCode(brand, 'mdapi', 'vendor', 'VD002');
  ids.m1 = await idByCode(brand, 'mdapi', 'material', 'MD0001');
  ids.m2 = await idByCode(brand, 'mdapi', 'material', 'MD0002');
  ids.pl1 = await idByCode(brand, 'mdapi', 'plant', 'PL01');
  ids.pl2 = await idByCode(brand, 'mdapi', 'plant', 'PL02');
  for (const [code, plant] of [['T-A1', ids.pl1], ['T-A2', ids.pl1], ['T-B1', ids.pl2]] as const) {
    const r = await api(brand, 'warehouselocation').save({ code, name: `测试库位 ${code}`, plant_id: plant });
    expect(r.status).toBe(200);
    ids[code] = Number(r.body.data.id);
  }
});
afterAll(async () => t?.close());

describe('purchasing across the buyer and the supplier', () => {
  it('the demo shows contracts, orders in each state, stock and the supplier side', async () => {
    const tabs = (await api(brand, 'purorder').page({ tabs: 1 })).body.data.tabs!;
    for (const s of ['draft', 'sent', 'confirmed', 'rejected', 'dispatched', 'received']) expect(tabs[s], s).toBeGreaterThan(0);
    expect((await api(brand, 'stockbalance').page()).body.data.total).toBeGreaterThan(0);
    expect((await api(supplier, 'supplierorder').page()).body.data.total).toBeGreaterThan(0);
  });

  it('prices from the contract, refuses a taken number, checks lines; sends; the supplier rejects with a reason, confirms the re-sent order and dispatches per line; the buyer receives into stock', async () => {
    const contract = await api(brand, 'purcontract').save({ name: '测试合同', vendor_id: ids.vendor, valid_from: '2026-01-01', valid_to: '2027-12-31', currency: 'CNY', pay_type: 'NET30', lines: [{ material_id: ids.m1, unit: 'KG', unit_price: 30 }, { material_id: ids.m2, unit: 'M', unit_price: 10.5 }] });
    expect(contract.status).toBe(200);
    const cid = Number(contract.body.data.id);
    const po = api(brand, 'purorder');
    // A draft contract does not price orders, and an order on it is not sent.
    const early = await po.save({ order_kind: 'material', vendor_id: ids.vendor, contract_id: cid, order_date: '2026-06-01', lines: [{ material_id: ids.m1, qty: 100, seq: 1 }] });
    expect(early.status).toBe(200);
    expect(early.body.data.total_amount).toBeNull();
    expect((await po.action('send', { id: early.body.data.id })).body.data).toMatchObject({ errors: { contract_id: '合同未生效或不在有效期内' } });
    expect((await api(brand, 'purcontract').action('activate', { id: cid })).status).toBe(200);
    // The contract's supplier must be the order's.
    const otherVendor = await po.save({ order_kind: 'material', vendor_id: ids.vendorOff, contract_id: cid, lines: [{ material_id: ids.m1, qty: 1, seq: 1 }] });
    expect(otherVendor.body.data.total_amount).toBeNull();
    expect((await po.action('send', { id: otherVendor.body.data.id })).body.data).toMatchObject({ errors: { contract_id: '合同的供应商与采购订单的供应商不一致' } });
    // Goods lines need style, colour and size; material lines a material.
    const bad = await po.save({ order_kind: 'goods', vendor_id: ids.vendor, lines: [{ style_no: 'ST-1', size: 'M', qty: 5 }] });
    expect(bad.status).toBe(400);
    expect((bad.body.data as { errors: Record<string, string> }).errors['lines[0].colour']).toBe('成品采购每行需填写款号、颜色和尺码');

    const saved = await po.save({ order_kind: 'material', vendor_id: ids.vendor, contract_id: cid, order_date: '2026-06-01', lines: [{ material_id: ids.m1, unit: 'KG', qty: 100, seq: 1 }, { material_id: ids.m2, unit: 'M', qty: 40, unit_price: 11, seq: 2 }] });
    expect(saved.status).toBe(200);
    const order = saved.body.data;
    expect(order.po_no).toMatch(/^PO\d{10}$/);
    // 100 x 30 (contract) + 40 x 11 (typed price kept).
    expect(order).toMatchObject({ total_qty: 140, total_amount: 3440, status: 'draft' });
    const dup = await po.save({ po_no: order.po_no, order_kind: 'material', vendor_id: ids.vendor, lines: [{ material_id: ids.m1, qty: 1, seq: 1 }] });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('单号已存在，无法创建');

    expect((await po.action('send', { id: order.id })).body.data.rows[0]).toMatchObject({ status: 'sent' });
    expect((await po.save({ ...((await po.view(order.id)).body.data), remark: 'x' })).status).toBe(409);
    const so = api(supplier, 'supplierorder');
    const copy = (await so.page({ 'f.source_no.eq': order.po_no as string })).body.data.rows[0];
    expect(copy).toMatchObject({ status: 'pending', buyer_name: '悦衣品牌', total_qty: 140, total_amount: 3440 });
    const copyView = (await so.view(copy.id)).body.data;
    expect((copyView.lines as Array<Record<string, unknown>>).map((l) => [l.material_code, l.qty])).toEqual([['MD0001', 100], ['MD0002', 40]]);
    // The supplier cannot edit the copy, nor see or act on the buyer's order; the maker sees nothing of either.
    expect((await so.save({ ...copyView, remark: 'x' })).status).toBe(409);
    expect((await api(supplier, 'purorder').view(order.id)).status).toBe(404);
    expect((await api(supplier, 'purorder').action('cancel', { id: order.id })).status).toBe(404);
    expect((await api(maker, 'supplierorder').view(copy.id)).status).toBe(404);
    expect((await api(maker, 'purorder').page({ 'f.po_no.eq': order.po_no as string })).body.data.total).toBe(0);
    // Nor can the buyer act on the supplier's copy.
    expect((await api(brand, 'supplierorder').action('confirm', { id: copy.id })).status).toBe(404);

    const rejected = await so.action('reject', { id: copy.id, reject_reason: '交期太紧' });
    expect(rejected.status).toBe(200);
    expect((await po.view(order.id)).body.data).toMatchObject({ status: 'rejected', reject_reason: '交期太紧' });
    // A rejected copy cannot be confirmed afterwards.
    expect((await so.action('confirm', { id: copy.id })).status).toBe(409);

    expect((await po.action('send', { id: order.id })).status).toBe(200);
    const copy2 = (await so.page({ 'f.source_no.eq': order.po_no as string, tab: 'pending' })).body.data.rows[0];
    expect((await so.action('confirm', { id: copy2.id })).status).toBe(200);
    expect((await po.view(order.id)).body.data.status).toBe('confirmed');
    // Receiving before dispatch is refused; a shipment above the ordered quantity too.
    expect((await po.action('receive', { id: order.id, location_code: 'T-A1' })).status).toBe(409);
    const over = await so.action('dispatch', { id: copy2.id, shipment: JSON.stringify({ 1: 101 }) });
    expect(over.status).toBe(400);
    expect((await so.action('dispatch', { id: copy2.id, shipment: JSON.stringify({ 1: 90 }) })).status).toBe(200);
    const dispatched = (await po.view(order.id)).body.data;
    expect(dispatched.status).toBe('dispatched');
    expect((dispatched.lines as Array<Record<string, unknown>>).map((l) => l.dispatched_qty)).toEqual([90, 40]);

    expect((await po.action('receive', { id: order.id, location_code: 'NOPE' })).status).toBe(400);
    // Partial receipts: more than dispatched on a line is refused naming the line, in Chinese and English.
    const overReceipt = await po.action('receive_part', { id: order.id, location_code: 't-a1', receipt: JSON.stringify({ 1: 91 }) });
    expect(overReceipt.status).toBe(400);
    expect(overReceipt.body.data).toMatchObject({ errors: { receipt: '第 1 行收货数量 91 超过待收数量 90，不能超收' } });
    expect(translate('zh-CN', 'pur.order.overReceipt', { seq: 1, qty: 91, remaining: 90 })).toBe('第 1 行收货数量 91 超过待收数量 90，不能超收');
    expect(translate('en', 'pur.order.overReceipt', { seq: 1, qty: 91, remaining: 90 })).toContain('over-receipt is not allowed');
    expect((await po.action('receive_part', { id: order.id, location_code: 't-a1', receipt: JSON.stringify({ 1: 0 }) })).status).toBe(400);
    expect((await po.action('receive_part', { id: order.id, location_code: 't-a1', receipt: JSON.stringify({ 1: 50, 2: 10 }) })).status).toBe(200);
    const part = (await po.view(order.id)).body.data;
    expect(part.status).toBe('part_received');
    expect((part.lines as Array<Record<string, unknown>>).map((l) => l.received_qty)).toEqual([50, 10]);
    expect(await stockOf(ids.m1, ids['T-A1'])).toBe(50);
    expect((await so.view(copy2.id)).body.data.status).toBe('dispatched');
    // A second part may not exceed what is left (40 and 30); one that takes all of it says to use Receive.
    expect((await po.action('receive_part', { id: order.id, location_code: 't-a1', receipt: JSON.stringify({ 2: 31 }) })).status).toBe(400);
    expect((await po.action('receive_part', { id: order.id, location_code: 't-a1', receipt: JSON.stringify({ 1: 40, 2: 30 }) })).status).toBe(400);
    expect((await po.action('receive', { id: order.id, location_code: 't-a1' })).status).toBe(200);
    expect((await po.view(order.id)).body.data.status).toBe('received');
    expect(await stockOf(ids.m1, ids['T-A1'])).toBe(90);
    expect(await stockOf(ids.m2, ids['T-A1'])).toBe(40);
    expect((await so.view(copy2.id)).body.data.status).toBe('received');
    // One ledger row per line per receipt.
    const ledger = (await api(brand, 'stockledger').page({ 'f.doc_no.eq': order.po_no as string })).body.data.rows;
    expect(ledger.map((r) => [r.move_type, Number(r.qty_change)]).sort()).toEqual([['receipt', 10], ['receipt', 30], ['receipt', 40], ['receipt', 50]]);
    ids.order = Number(order.id);
    ids.copy = Number(copy2.id);
    ids.orderNo = 0;
  });

  it('moves and transfers never take more than the source location holds; returns go back to the supplier', async () => {
    const mv = api(brand, 'stockmove');
    const draft = (body: Record<string, unknown>) => mv.save({ material_id: ids.m1, from_location_id: ids['T-A1'], qty: 1, ...body });
    // Spec 5: a move beyond the stock is refused and changes nothing.
    const tooMuch = await draft({ move_type: 'move', to_location_id: ids['T-A2'], qty: 91 });
    expect(tooMuch.status).toBe(200);
    const refused = await mv.action('post', { id: tooMuch.body.data.id });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ errors: { qty: '移库或调拨数量不能超过源库位的库存' } });
    expect((await mv.view(tooMuch.body.data.id)).body.data.status).toBe('draft');
    expect(await stockOf(ids.m1, ids['T-A1'])).toBe(90);
    // A move stays within a plant, a transfer crosses plants.
    const wrong = await draft({ move_type: 'transfer', to_location_id: ids['T-A2'] });
    expect((await mv.action('post', { id: wrong.body.data.id })).body.data).toMatchObject({ errors: { to_location_id: '调拨需在不同工厂的库位之间；同一工厂内请用移库' } });
    const transfer = await draft({ move_type: 'transfer', to_location_id: ids['T-B1'], qty: 20 });
    expect((await mv.action('post', { id: transfer.body.data.id })).status).toBe(200);
    expect(await stockOf(ids.m1, ids['T-A1'])).toBe(70);
    expect(await stockOf(ids.m1, ids['T-B1'])).toBe(20);

    // 50 concurrent moves of 2 out of a location holding 70: exactly 35 pass, the rest are refused.
    const docs = await Promise.all(Array.from({ length: 50 }, () => draft({ move_type: 'move', to_location_id: ids['T-A2'], qty: 2 })));
    const posts = await Promise.all(docs.map((d) => mv.action('post', { id: d.body.data.id })));
    expect(posts.filter((p) => p.status === 200)).toHaveLength(35);
    expect(posts.filter((p) => p.status === 400)).toHaveLength(15);
    expect(await stockOf(ids.m1, ids['T-A1'])).toBe(0);
    expect(await stockOf(ids.m1, ids['T-A2'])).toBe(70);
    const history = (await api(brand, 'stockledger').page({ 'f.material_id.eq': ids.m1, 'f.location_id.eq': ids['T-A1'], size: 500, sort: 'id' })).body.data.rows;
    expect(history.every((r) => Number(r.qty_after) >= 0)).toBe(true);
    expect(history.reduce((s, r) => s + Number(r.qty_change), 0)).toBe(0);

    // Returns: not more than was received on the order, not more than the location holds.
    const ret = (qty: number, from = ids['T-A2']) => mv.save({ move_type: 'return', material_id: ids.m1, from_location_id: from, purorder_id: ids.order, qty });
    const tooBig = await ret(91);
    expect((await mv.action('post', { id: tooBig.body.data.id })).body.data).toMatchObject({ errors: { qty: '该采购订单没有此物料的已收货数量可退' } });
    const empty = await ret(5, ids['T-A1']);
    expect((await mv.action('post', { id: empty.body.data.id })).body.data).toMatchObject({ errors: { qty: '退货数量不能超过库位的库存' } });
    const ok = await ret(5);
    expect((await mv.action('post', { id: ok.body.data.id })).status).toBe(200);
    expect(await stockOf(ids.m1, ids['T-A2'])).toBe(65);
    const line = ((await api(brand, 'purorder').view(ids.order)).body.data.lines as Array<Record<string, unknown>>)[0];
    expect(line.returned_qty).toBe(5);
    const supplierLine = ((await api(supplier, 'supplierorder').view(ids.copy)).body.data.lines as Array<Record<string, unknown>>)[0];
    expect(supplierLine.returned_qty).toBe(5);
    // A stock row holding stock is not removed nor re-pointed; its quantity is not taken from a save.
    const row = (await api(brand, 'stockbalance').page({ 'f.material_id.eq': ids.m1, 'f.location_id.eq': ids['T-A2'] })).body.data.rows[0];
    expect((await api(brand, 'stockbalance').remove([row.id])).status).toBe(409);
    expect((await api(brand, 'stockbalance').save({ id: row.id, version: row.version, location_id: ids['T-B1'] })).status).toBe(409);
    expect((await api(brand, 'stockbalance').save({ id: row.id, version: row.version, qty: 9999 })).body.data.qty).toBe(65);
    // A posted document is locked.
    expect((await mv.save({ ...ok.body.data, qty: 1 })).status).toBe(409);
  });

  it('a supplier not on the platform: the send says so, the order is tracked by hand and received in full', async () => {
    const po = api(brand, 'purorder');
    const saved = await po.save({ order_kind: 'goods', vendor_id: ids.vendorOff, lines: ['黑色', '白色'].flatMap((colour) => ['S', 'M'].map((size, i) => ({ style_no: 'ST-9', colour, size, qty: 10 + i, unit_price: 20, seq: i + 1 }))) });
    expect(saved.body.data).toMatchObject({ total_qty: 42, total_amount: 840 });
    const sent = await po.action('send', { id: saved.body.data.id });
    expect(sent.status).toBe(409);
    expect(sent.body.message).toBe('供应商未加入平台，采购订单数据无法发送，请手工跟踪');
    expect((await po.action('track', { id: saved.body.data.id })).body.data.rows[0].status).toBe('manual');
    expect((await po.action('receive', { id: saved.body.data.id, location_code: 'T-B1' })).body.data.rows[0].status).toBe('received');
    expect((await po.action('close', { id: saved.body.data.id })).body.data.rows[0].status).toBe('closed');
    // Cancel reaches the supplier's copy.
    const other = await po.save({ order_kind: 'material', vendor_id: ids.vendor, lines: [{ material_id: ids.m2, qty: 3, seq: 1 }] });
    await po.action('send', { id: other.body.data.id });
    expect((await po.action('cancel', { id: other.body.data.id })).status).toBe(200);
    expect((await api(supplier, 'supplierorder').page({ 'f.source_no.eq': other.body.data.po_no as string })).body.data.rows[0].status).toBe('cancelled');
  });

  it('material call-off: accept, call, receive (stock in) or reject with a reason, close out', async () => {
    const co = api(brand, 'materialcalloff');
    const a = (await co.save({ material_id: ids.m2, location_id: ids['T-B1'], qty: 12 })).body.data;
    expect(a.status).toBe('new');
    expect((await co.action('call', { id: a.id })).status).toBe(409);
    for (const step of ['accept', 'call', 'receive', 'close']) expect((await co.action(step, { id: a.id })).status, step).toBe(200);
    expect(await stockOf(ids.m2, ids['T-B1'])).toBe(12);
    const b = (await co.save({ material_id: ids.m2, location_id: ids['T-B1'], qty: 5 })).body.data;
    await co.action('accept', { id: b.id });
    await co.action('call', { id: b.id });
    expect((await co.action('reject', { id: b.id })).status).toBe(400);
    expect((await co.action('reject', { id: b.id, reject_reason: '批次不符' })).body.data.rows[0]).toMatchObject({ status: 'rejected', reject_reason: '批次不符' });
    expect(await stockOf(ids.m2, ids['T-B1'])).toBe(12);
  });

  it('exports the stock list as a workbook', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/srmapi/stockbalance/export', headers: { authorization: `Bearer ${brand}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheet');
  });
});
