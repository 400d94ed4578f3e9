import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Finance reconciliation between companies (issue 18), on PGlite and PostgreSQL: the demo statements
 * (maker and supplier matching with a difference explained, brand and maker in USD locked); a month's
 * statement of the maker with its supplier from a fresh purchase order shipped in full and received in
 * part: gathered from both companies' records, matched line by line (quantity difference, seller only),
 * the same lines on both copies; draft → matching → confirmed by buyer → (an adjustment withdraws it)
 * → explained → confirmed by buyer → confirmed by both = locked; every refusal (open differences,
 * twice, locked, edits); rematch keeps adjustments and explanations; currency conversion and a missing
 * rate; the workbook (formula-safe); cancel; and the rights: a company sees and acts only on
 * statements it is party to, a maker's customer statements are with its own customers.
 */
let t: TestApp;
let maker: string;
let supplier: string;
let brand: string;
let ids: { maker: number; supplier: number; brand: number };
type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;
const stmts = (token: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'finapi', 'finstatement', lang);
const api = (token: string, entity: string, prefix = 'srmapi') => resourceClient(t.app, token, prefix, entity);
const month = () => new Date().toISOString().slice(0, 7);
const monthEnd = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};
const linesOf = (doc: Row) => (doc.lines as Row[]).slice().sort((a, b) => Number(a.seq) - Number(b.seq));
const copyOf = async (ownerId: number, stmtId: number) =>
  Number((await q(sql`select target_id from scm_order_share where client_id = ${ownerId} and source_entity = 'finstatement' and source_id = ${stmtId} order by id desc limit 1`))[0].target_id);

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  supplier = await signIn(t.app, 'supplier');
  brand = await signIn(t.app, 'brand');
  const c = await q(sql`select id, code from clients where code in ('MAKER01', 'SUPP01', 'BRAND01')`);
  const by = (code: string) => Number(c.find((r) => r.code === code)!.id);
  ids = { maker: by('MAKER01'), supplier: by('SUPP01'), brand: by('BRAND01') };
});
afterAll(async () => t?.close());

describe('demo statements', () => {
  it('the maker reconciles with its supplier: matching, the in-transit shipment explained on both copies', async () => {
    const [s] = await q(sql`select id, status, open_diffs, seller_client_id, buyer_client_id from fin_statement where client_id = ${ids.maker} order by id limit 1`);
    expect(s).toMatchObject({ status: 'matching' });
    expect(Number(s.seller_client_id)).toBe(ids.supplier);
    const mine = (await stmts(maker).view(s.id)).body.data;
    const theirs = (await stmts(supplier).view(await copyOf(ids.maker, Number(s.id)))).body.data;
    expect(theirs).toMatchObject({ status: 'matching', side: 'seller', buyer_total: mine.buyer_total, seller_total: mine.seller_total, open_diffs: mine.open_diffs, partner_no: mine.stmt_no });
    expect(linesOf(theirs).map((l) => [l.seq, l.kind, l.doc_no, l.item, l.match, l.explained])).toEqual(linesOf(mine).map((l) => [l.seq, l.kind, l.doc_no, l.item, l.match, l.explained]));
    const kinds = new Set(linesOf(mine).map((l) => l.kind));
    for (const k of ['receipt', 'return', 'outsource', 'adjustment']) expect(kinds.has(k), k).toBe(true);
    // The outsourced washing the supplier shipped and the maker has not received: explained as in transit.
    const transit = linesOf(mine).filter((l) => l.kind === 'outsource' && l.match === 'seller_only');
    expect(transit.length).toBeGreaterThan(0);
    expect(transit.every((l) => l.explained === true && String(l.note).includes('在途'))).toBe(true);
  });

  it('the brand and its maker: a USD statement at the period rate, confirmed by both and locked', async () => {
    const [s] = await q(sql`select id, stmt_no, status, currency, rates from fin_statement where client_id = ${ids.brand} order by id limit 1`);
    expect(s).toMatchObject({ status: 'locked', currency: 'USD' });
    const doc = (await stmts(brand).view(s.id)).body.data;
    expect(doc.buyer_confirmed_at).toBeTruthy();
    expect(doc.seller_confirmed_at).toBeTruthy();
    const goods = linesOf(doc).find((l) => l.kind === 'goods')!;
    expect(goods).toBeTruthy();
    expect(Number(goods.rate)).toBeCloseTo(1 / 7.1, 4);
    expect(Number(goods.buyer_amount_stmt)).toBeCloseTo(Math.round((Number(goods.buyer_amount) / 7.1) * 100) / 100, 2);
    const deduction = linesOf(doc).find((l) => l.kind === 'deduction')!;
    expect(Number(deduction.buyer_amount)).toBe(-800);
    expect(deduction.match).toBe('matched');
    const copy = (await stmts(maker).view(await copyOf(ids.brand, Number(s.id)))).body.data;
    expect(copy).toMatchObject({ status: 'locked', side: 'seller', settle_total: doc.settle_total });
    // Settling: the maker invoiced the whole amount, the brand paid 60 %; both copies hold the same records and balance.
    const settle = Number(doc.settle_total);
    expect(settle).toBeGreaterThan(0);
    expect(Number(doc.invoiced_total)).toBeCloseTo(settle, 2);
    expect(Number(doc.paid_total)).toBeCloseTo(Math.round(settle * 60) / 100, 2);
    expect(Number(doc.outstanding_total)).toBeCloseTo(settle - Number(doc.paid_total), 2);
    const recs = (d: Row) => (d.settlements as Row[]).map((r) => [r.seq, r.kind, r.doc_no, Number(r.amount), r.recorded_side]).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(recs(doc).map((r) => [r[1], r[4]])).toEqual([['invoice', 'seller'], ['payment', 'buyer']]);
    expect(recs(copy)).toEqual(recs(doc));
    expect(copy).toMatchObject({ invoiced_total: doc.invoiced_total, paid_total: doc.paid_total, outstanding_total: doc.outstanding_total });
  });
});

describe('a month statement from a purchase shipped in full and received in part', () => {
  let po: Row;
  let stmtId: number;
  let copyId: number;
  const view = async (token: string, id: number) => (await stmts(token).view(id)).body.data;

  it('gathers both companies’ records and matches them line by line', async () => {
    const [vendor] = await q(sql`select id from md_vendor where client_id = ${ids.maker} and code = 'VD001'`);
    const mats = await q(sql`select id, code from md_material where client_id = ${ids.maker} and code in ('MD0001', 'MD0002') order by code`);
    const saved = await api(maker, 'purorder').save({ order_kind: 'material', vendor_id: vendor.id, currency: 'CNY', remark: '对账测试',
      lines: [{ material_id: mats[0].id, unit: 'KG', qty: 100, unit_price: 12.5, seq: 1 }, { material_id: mats[1].id, unit: 'M', qty: 40, unit_price: 30, seq: 2 }] });
    expect(saved.status).toBe(200);
    po = saved.body.data;
    expect((await api(maker, 'purorder').action('send', { ids: [po.id] })).status).toBe(200);
    const soId = Number((await q(sql`select target_id from scm_order_share where client_id = ${ids.maker} and source_entity = 'purorder' and source_id = ${po.id}`))[0].target_id);
    expect((await api(supplier, 'supplierorder').action('confirm', { ids: [soId] })).status).toBe(200);
    expect((await api(supplier, 'supplierorder').action('dispatch', { ids: [soId], shipment: JSON.stringify({ 1: 100, 2: 40 }) })).status).toBe(200);
    const got = await api(maker, 'purorder').action('receive_part', { ids: [po.id], location_code: 'WH-A01', receipt: JSON.stringify({ 1: 90 }) });
    expect(got.status).toBe(200);

    const created = await stmts(maker).save({ side: 'buyer', vendor_id: vendor.id, period_from: `${month()}-01`, period_to: monthEnd(), currency: 'CNY', remark: '=HYPERLINK("http://x","对账")' });
    expect(created.status).toBe(200);
    stmtId = Number(created.body.data.id);
    expect(created.body.data).toMatchObject({ status: 'draft', partner_name: '锦绣面料', buyer_client_id: ids.maker, seller_client_id: ids.supplier });
    // A draft is edited by its company.
    const edited = await stmts(maker).save({ id: stmtId, version: created.body.data.version, remark: '本月面料对账' });
    expect(edited.status).toBe(200);

    // The demo's statement of this month with the same supplier is still open: the period overlaps it.
    const [demo] = await q(sql`select id, stmt_no from fin_statement where client_id = ${ids.maker} and seller_client_id = ${ids.supplier} and status = 'matching' order by id limit 1`);
    const overlap = await stmts(maker).action('send', { ids: [stmtId] });
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toBe(`与对账单 ${demo.stmt_no}（${month()}-01 ~ ${monthEnd()}，对账中）的期间重叠：同一采购方与供应方之间未取消的对账单期间不能重叠`);
    expect((overlap.body.data as Row).overlapping).toMatchObject({ id: Number(demo.id), stmt_no: demo.stmt_no });
    expect((await view(maker, stmtId)).status).toBe('draft');
    expect((await stmts(maker).action('cancel', { ids: [demo.id] })).status).toBe(200);

    const sent = await stmts(maker).action('send', { ids: [stmtId] });
    expect(sent.status).toBe(200);
    const doc = await view(maker, stmtId);
    expect(doc.status).toBe('matching');
    const mine = linesOf(doc).filter((l) => l.doc_no === po.po_no);
    expect(mine.map((l) => [l.kind, l.item, l.match, Number(l.buyer_qty ?? 0), Number(l.seller_qty ?? 0), Number(l.diff_amount)])).toEqual([
      ['receipt', 'MD0001', 'qty_diff', 90, 100, 125],
      ['receipt', 'MD0002', 'seller_only', 0, 40, 1200],
    ]);
    expect(mine[1].buyer_qty).toBeNull();
    expect(Number(doc.open_diffs)).toBeGreaterThanOrEqual(2);
    expect(Number(doc.diff_total)).toBeCloseTo(Number(doc.seller_total) - Number(doc.buyer_total), 2);

    // The supplier's copy: its own number, our number as the partner's, the same lines and totals.
    copyId = await copyOf(ids.maker, stmtId);
    const theirs = await view(supplier, copyId);
    expect(theirs).toMatchObject({ status: 'matching', side: 'seller', partner_no: doc.stmt_no, buyer_total: doc.buyer_total, seller_total: doc.seller_total, open_diffs: doc.open_diffs, partner_name: '华纺制衣' });
    expect(theirs.stmt_no).not.toBe(doc.stmt_no);
    expect(linesOf(theirs).map((l) => [l.seq, l.doc_no, l.item, l.diff_amount])).toEqual(linesOf(doc).map((l) => [l.seq, l.doc_no, l.item, l.diff_amount]));
    const [cust] = await q(sql`select id from md_customer where client_id = ${ids.supplier} and upper(platform_client_code) = 'MAKER01' and status = 'active' order by id limit 1`);
    expect(Number(theirs.customer_id)).toBe(Number(cust.id));
  });

  it('refuses edits once sent, and confirmation while differences are unexplained', async () => {
    const doc = await view(maker, stmtId);
    expect((await stmts(maker).save({ id: stmtId, version: doc.version, remark: 'x' })).status).toBe(409);
    const theirs = await view(supplier, copyId);
    expect((await stmts(supplier).save({ id: copyId, version: theirs.version, remark: 'x' })).status).toBe(409);
    expect((await stmts(maker).remove([stmtId])).status).toBe(409);
    const zh = await stmts(maker).action('confirm', { ids: [stmtId] });
    expect(zh.status).toBe(409);
    expect(zh.body.message).toBe(`还有 ${doc.open_diffs} 行差异未说明：请添加调整说明差异，或勾选“接受差异”后确认`);
    const en = await stmts(maker, 'en').action('confirm', { ids: [stmtId] });
    expect(en.body.message).toContain(`${doc.open_diffs} differing lines are not explained`);
    expect((await view(maker, stmtId)).status).toBe('matching');
  });

  it('confirmed by the buyer with differences accepted; an adjustment withdraws it; a bad line is refused', async () => {
    const ok = await stmts(maker).action('confirm', { ids: [stmtId], accept_differences: true });
    expect(ok.status).toBe(200);
    expect(await view(maker, stmtId)).toMatchObject({ status: 'buyer_confirmed', buyer_accepted_diff: true, buyer_confirmed_by: '工厂管理员' });
    expect(await view(supplier, copyId)).toMatchObject({ status: 'buyer_confirmed', buyer_accepted_diff: true });
    const twice = await stmts(maker).action('confirm', { ids: [stmtId], accept_differences: true });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('采购方已确认该对账单');

    const bad = await stmts(supplier).action('adjust', { ids: [copyId], amount: 5, reason: '测试', line_seq: 9999 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('没有行号为 9999 的对账明细');
    const line = linesOf(await view(supplier, copyId)).find((l) => l.doc_no === po.po_no && l.item === 'MD0001')!;
    const adj = await stmts(supplier).action('adjust', { ids: [copyId], amount: 0, reason: '=SUM(1,2) 短装 10 公斤，下批补发', line_seq: line.seq });
    expect(adj.status).toBe(200);
    const doc = await view(maker, stmtId);
    expect(doc).toMatchObject({ status: 'matching', buyer_confirmed_at: null, buyer_accepted_diff: null });
    const explained = linesOf(doc).find((l) => l.seq === line.seq)!;
    expect(explained).toMatchObject({ explained: true, note: '=SUM(1,2) 短装 10 公斤，下批补发' });
    const added = linesOf(doc).at(-1)!;
    expect(added).toMatchObject({ kind: 'adjustment', match: 'adjustment', added_by: 'seller' });
  });

  it('matches again from the latest records, keeping adjustments and explanations', async () => {
    const before = await view(maker, stmtId);
    const r = await stmts(maker).action('rematch', { ids: [stmtId] });
    expect(r.status).toBe(200);
    const after = await view(maker, stmtId);
    expect(linesOf(after).length).toBe(linesOf(before).length);
    expect(linesOf(after).filter((l) => l.kind === 'adjustment').length).toBe(linesOf(before).filter((l) => l.kind === 'adjustment').length);
    expect(linesOf(after).find((l) => l.doc_no === po.po_no && l.item === 'MD0001')).toMatchObject({ explained: true });
    expect(after.open_diffs).toBe(before.open_diffs);
  });

  it('explained in full and confirmed by both: locked, on both copies, against every change', async () => {
    // The seller settles at its shipment: +1,200 for the line not yet received, explaining it; every other difference explained by document.
    const doc = await view(supplier, copyId);
    const seller = linesOf(doc).find((l) => l.doc_no === po.po_no && l.item === 'MD0002')!;
    expect((await stmts(supplier).action('adjust', { ids: [copyId], amount: 1200, reason: '在途 40 米按发货数结算', line_seq: seller.seq })).status).toBe(200);
    for (const docNo of new Set(linesOf(await view(supplier, copyId)).filter((l) => l.match !== 'matched' && l.match !== 'adjustment' && !l.explained).map((l) => String(l.doc_no))))
      expect((await stmts(supplier).action('adjust', { ids: [copyId], amount: 0, reason: `${docNo} 跨期，下期核对`, doc_no: docNo })).status).toBe(200);
    const ready = await view(maker, stmtId);
    expect(ready.open_diffs).toBe(0);
    expect(Number(ready.settle_total)).toBeCloseTo(Number(ready.buyer_total) + Number(ready.adjust_total), 2);
    expect((await stmts(supplier).action('confirm', { ids: [copyId] })).status).toBe(200);
    expect(await view(maker, stmtId)).toMatchObject({ status: 'seller_confirmed', seller_accepted_diff: false });
    expect((await stmts(maker).action('confirm', { ids: [stmtId] })).status).toBe(200);
    const locked = await view(maker, stmtId);
    expect(locked).toMatchObject({ status: 'locked' });
    expect(await view(supplier, copyId)).toMatchObject({ status: 'locked', settle_total: locked.settle_total });

    for (const [who, id] of [[maker, stmtId], [supplier, copyId]] as const) {
      for (const action of ['rematch', 'cancel']) expect((await stmts(who).action(action, { ids: [id] })).status, action).toBe(409);
      expect((await stmts(who).action('adjust', { ids: [id], amount: 1, reason: 'x' })).status).toBe(409);
      const c = await stmts(who).action('confirm', { ids: [id], accept_differences: true });
      expect(c.status).toBe(409);
      const v = await view(who, id);
      expect((await stmts(who).save({ id, version: v.version, remark: 'changed' })).status).toBe(409);
      expect((await stmts(who).remove([id])).status).toBe(409);
    }
    const c = await stmts(maker, 'en').action('confirm', { ids: [stmtId] });
    expect(c.body.message).toBe(`Statement ${locked.stmt_no} is confirmed by both companies and locked: it cannot change`);
  });

  it('exports the statement to Excel with typed texts as text, never as formulas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/finapi/finstatement/workbook', query: { id: String(stmtId) }, headers: { authorization: `Bearer ${maker}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const cells: ExcelJS.Cell[] = [];
    ws.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const text = (c: ExcelJS.Cell) => (typeof c.value === 'object' && c.value && 'richText' in c.value ? c.value.richText.map((x) => x.text).join('') : String(c.value ?? ''));
    const doc = await view(maker, stmtId);
    expect(cells.some((c) => text(c).includes(String(doc.stmt_no)))).toBe(true);
    expect(cells.some((c) => text(c) === String(po.po_no))).toBe(true);
    const formula = cells.find((c) => text(c).startsWith('=SUM(1,2)'))!;
    expect(formula).toBeTruthy();
    expect(formula.type).not.toBe(ExcelJS.ValueType.Formula);
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
    expect(cells.some((c) => c.value === Number(doc.settle_total))).toBe(true);
    // Each column under its field's format (architecture-excel.md "Number formats"): amounts money,
    // document numbers codes kept as text, the lines' dates real dates.
    expect(cells.find((c) => c.value === Number(doc.settle_total))!.numFmt).toBe('#,##0.00##');
    expect(cells.find((c) => text(c) === String(po.po_no))!.numFmt).toBe('@');
    const dates = cells.filter((c) => c.type === ExcelJS.ValueType.Date);
    expect(dates.length).toBeGreaterThan(0);
    for (const d of dates) expect(d.numFmt).toBe('yyyy-mm-dd');
    // Another company's statement is not exported to it.
    const other = await t.app.inject({ method: 'GET', url: '/api/finapi/finstatement/workbook', query: { id: String(stmtId) }, headers: { authorization: `Bearer ${brand}` } });
    expect(other.statusCode).toBe(404);
  });
});

describe('currency, cancel, and who may see what', () => {
  it('refuses a statement currency without a rate for its period, naming it', async () => {
    const [vendor] = await q(sql`select id from md_vendor where client_id = ${ids.maker} and code = 'VD001'`);
    const s = await stmts(maker).save({ side: 'buyer', vendor_id: vendor.id, period_from: '2020-01-01', period_to: '2020-01-31', currency: 'USD' });
    expect(s.status).toBe(200);
    const r = await stmts(maker).action('send', { ids: [s.body.data.id] });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('缺少 2020-01 的 USD 汇率，请先在汇率表中维护');
    expect((await stmts(maker).view(s.body.data.id)).body.data.status).toBe('draft');
    // With the month's rate it goes; an empty period has no lines.
    expect((await resourceClient(t.app, maker, 'finapi', 'finrate').save({ period: '2020-01', currency: 'USD', rate: 6.9 })).status).toBe(200);
    const dup = await resourceClient(t.app, maker, 'finapi', 'finrate').save({ period: '2020-01', currency: 'USD', rate: 7 });
    expect(dup.status).toBe(400);
    const sent = await stmts(maker).action('send', { ids: [s.body.data.id] });
    expect(sent.status).toBe(200);
    const doc = (await stmts(maker).view(s.body.data.id)).body.data;
    expect(doc).toMatchObject({ status: 'matching', rates: { USD: 6.9 }, open_diffs: 0 });
    expect(doc.lines).toEqual([]);
    // Cancelled: both copies, and the share closes.
    expect((await stmts(maker).action('cancel', { ids: [s.body.data.id] })).status).toBe(200);
    const copy = await copyOf(ids.maker, Number(s.body.data.id));
    expect((await stmts(supplier).view(copy)).body.data.status).toBe('cancelled');
    const [share] = await q(sql`select state from scm_order_share where client_id = ${ids.maker} and source_entity = 'finstatement' and source_id = ${s.body.data.id}`);
    expect(share.state).toBe('closed');
    expect((await stmts(supplier).action('confirm', { ids: [copy], accept_differences: true })).status).toBe(409);
  });

  it('refuses sending to a company that has not confirmed us, writing nothing', async () => {
    // The maker calls the supplier a customer of its own, but the supplier holds no supplier record of the maker.
    const cust = await api(maker, 'customer', 'mdapi').save({ code: 'CD-FIN-SUPP', name: '锦绣面料（客户）', customer_type: 'brand', currency: 'CNY', platform_client_code: 'SUPP01' });
    expect(cust.status).toBe(200);
    const s = await stmts(maker).save({ side: 'seller', customer_id: cust.body.data.id, period_from: `${month()}-01`, period_to: monthEnd(), currency: 'CNY' });
    expect(s.status).toBe(200);
    expect(s.body.data).toMatchObject({ buyer_client_id: ids.supplier, seller_client_id: ids.maker });
    const before = Number((await q(sql`select count(*)::int as n from fin_statement where client_id = ${ids.supplier}`))[0].n);
    const r = await stmts(maker).action('send', { ids: [s.body.data.id] });
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('供应商资料');
    expect(Number((await q(sql`select count(*)::int as n from fin_statement where client_id = ${ids.supplier}`))[0].n)).toBe(before);
    expect((await stmts(maker).view(s.body.data.id)).body.data.status).toBe('draft');
    // A vendor or customer not on the platform cannot be reconciled online; another company's record is not ours.
    const [offline] = await q(sql`select id from md_vendor where client_id = ${ids.maker} and platform_client_code is null order by id limit 1`);
    const no = await stmts(maker).save({ side: 'buyer', vendor_id: offline.id, period_from: `${month()}-01`, period_to: monthEnd(), currency: 'CNY' });
    expect(no.status).toBe(200);
    expect(no.body.data).toMatchObject({ partner_name: null, seller_client_id: null });
    const notJoined = await stmts(maker).action('send', { ids: [no.body.data.id] });
    expect(notJoined.status).toBe(400);
    expect(notJoined.body.message).toBe('对方未加入平台（平台企业编码未填写或无效），无法在线对账');
    const noVendor = await stmts(maker).save({ side: 'buyer', period_from: `${month()}-01`, period_to: monthEnd(), currency: 'CNY' });
    expect(noVendor.status).toBe(400);
    expect((noVendor.body.data.errors as Record<string, string>).vendor_id).toBe('我方为采购方时须选择供应商');
    const [brandsCustomer] = await q(sql`select id from md_customer where client_id = ${ids.brand} order by id limit 1`);
    const foreign = await stmts(maker).save({ side: 'seller', customer_id: brandsCustomer.id, period_from: `${month()}-01`, period_to: monthEnd(), currency: 'CNY' });
    expect(foreign.status).toBe(400);
    const backwards = await stmts(maker).save({ side: 'buyer', vendor_id: (await q(sql`select id from md_vendor where client_id = ${ids.maker} and code = 'VD001'`))[0].id, period_from: '2026-02-01', period_to: '2026-01-01', currency: 'CNY' });
    expect(backwards.status).toBe(400);
    expect((backwards.body.data.errors as Record<string, string>).period_to).toBeTruthy();
  });

  it('a company sees and acts only on statements it is a party to; a maker’s sales statements are with its own customers', async () => {
    const all = await q(sql`select client_id, id, buyer_client_id, seller_client_id from fin_statement`);
    const [makerSupplier] = all.filter((r) => Number(r.client_id) === ids.maker && Number(r.seller_client_id) === ids.supplier);
    const [brandMaker] = all.filter((r) => Number(r.client_id) === ids.brand);
    // The brand is no party to the maker and supplier's statement: neither copy reads, exports or moves for it.
    for (const [owner, id] of [[ids.maker, makerSupplier.id], [ids.supplier, await copyOf(ids.maker, Number(makerSupplier.id))]] as const) {
      void owner;
      expect((await stmts(brand).view(id)).status).toBe(404);
      expect((await stmts(brand).action('confirm', { ids: [id], accept_differences: true })).status).toBe(404);
      expect((await stmts(brand).action('rematch', { ids: [id] })).status).toBe(404);
    }
    // The supplier is no party to the brand and maker's statement.
    expect((await stmts(supplier).view(brandMaker.id)).status).toBe(404);
    expect((await stmts(supplier).view(await copyOf(ids.brand, Number(brandMaker.id)))).status).toBe(404);
    // Nor can the maker act on the supplier's copy by its id.
    expect((await stmts(maker).action('confirm', { ids: [await copyOf(ids.maker, Number(makerSupplier.id))] })).status).toBe(404);
    // Each list holds only the company's own statements, each with the company as buyer or seller.
    for (const [token, id] of [[brand, ids.brand], [maker, ids.maker], [supplier, ids.supplier]] as const) {
      const page = await stmts(token).page({ size: 500 });
      expect(page.status).toBe(200);
      expect(page.body.data.rows.length).toBe(all.filter((r) => Number(r.client_id) === id).length);
      for (const r of page.body.data.rows) expect([Number(r.buyer_client_id), Number(r.seller_client_id)]).toContain(id);
    }
    expect((await stmts(supplier).page({ size: 500 })).body.data.rows.some((r) => Number(r.buyer_client_id) === ids.brand && Number(r.seller_client_id) === ids.maker)).toBe(false);
    // The maker's statements as seller are with companies that are its own active customers on the platform.
    const sales = (await stmts(maker).page({ size: 500 })).body.data.rows.filter((r) => r.side === 'seller' && r.status !== 'draft');
    expect(sales.length).toBeGreaterThan(0);
    const customers = (await q(sql`select upper(platform_client_code) as code from md_customer where client_id = ${ids.maker} and status = 'active' and platform_client_code is not null`)).map((r) => r.code);
    for (const r of sales) {
      const [c] = await q(sql`select code from clients where id = ${r.buyer_client_id}`);
      expect(customers).toContain(String(c.code).toUpperCase());
    }
  });
});

describe('overlapping periods and settlement after both confirm', () => {
  const supplierCustomerOfMaker = async () => Number((await q(sql`select id from md_customer where client_id = ${ids.supplier} and upper(platform_client_code) = 'MAKER01' and status = 'active' order by id limit 1`))[0].id);
  const nextMonth = () => {
    const d = new Date();
    const a = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    const b = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 2, 0));
    return { from: a.toISOString().slice(0, 10), to: b.toISOString().slice(0, 10) };
  };

  it('refuses a statement of the same buyer and seller over a period an open one covers, whichever company starts it', async () => {
    // The maker's locked statement with the supplier covers this month; the supplier starts one from mid-month into next month.
    const [locked] = await q(sql`select id, stmt_no, period_from, period_to from fin_statement where client_id = ${ids.maker} and seller_client_id = ${ids.supplier} and status = 'locked' order by id limit 1`);
    expect(locked).toBeTruthy();
    const s = await stmts(supplier).save({ side: 'seller', customer_id: await supplierCustomerOfMaker(), period_from: `${month()}-15`, period_to: nextMonth().to, currency: 'CNY' });
    expect(s.status).toBe(200);
    const zh = await stmts(supplier).action('send', { ids: [s.body.data.id] });
    expect(zh.status).toBe(409);
    // The statement named is the supplier's own copy of it (its number in the supplier's company).
    const copy = (await stmts(supplier).view(await copyOf(ids.maker, Number(locked.id)))).body.data;
    expect(zh.body.message).toBe(`与对账单 ${copy.stmt_no}（${String(locked.period_from).slice(0, 10)} ~ ${String(locked.period_to).slice(0, 10)}，双方已确认）的期间重叠：同一采购方与供应方之间未取消的对账单期间不能重叠`);
    const en = await stmts(supplier, 'en').action('send', { ids: [s.body.data.id] });
    expect(en.body.message).toContain(`The period overlaps statement ${copy.stmt_no}`);
    expect((await stmts(supplier).view(s.body.data.id)).body.data.status).toBe('draft');
    // Next month alone does not overlap: it is sent, then cancelled (a cancelled statement overlaps nothing).
    const v = (await stmts(supplier).view(s.body.data.id)).body.data;
    expect((await stmts(supplier).save({ id: v.id, version: v.version, period_from: nextMonth().from, period_to: nextMonth().to })).status).toBe(200);
    expect((await stmts(supplier).action('send', { ids: [s.body.data.id] })).status).toBe(200);
    expect((await stmts(supplier).action('cancel', { ids: [s.body.data.id] })).status).toBe(200);
    const again = await stmts(supplier).save({ side: 'seller', customer_id: await supplierCustomerOfMaker(), period_from: nextMonth().from, period_to: nextMonth().to, currency: 'CNY' });
    expect((await stmts(supplier).action('send', { ids: [again.body.data.id] })).status).toBe(200);
    expect((await stmts(supplier).action('cancel', { ids: [again.body.data.id] })).status).toBe(200);
  });

  it('the seller records invoices and the buyer payments, on both copies, within the amount to settle', async () => {
    const [s] = await q(sql`select id from fin_statement where client_id = ${ids.brand} and status = 'locked' order by id limit 1`);
    const brandId = Number(s.id);
    const makerId = await copyOf(ids.brand, brandId);
    const doc = (await stmts(brand).view(brandId)).body.data;
    const settle = Number(doc.settle_total);
    const outstanding = Number(doc.outstanding_total);
    const pay = (token: string, id: number, body: Row, lang: 'zh-CN' | 'en' = 'zh-CN') => stmts(token, lang).action('pay', { ids: [id], doc_date: new Date().toISOString().slice(0, 10), ...body });
    const invoice = (token: string, id: number, body: Row, lang: 'zh-CN' | 'en' = 'zh-CN') => stmts(token, lang).action('invoice', { ids: [id], doc_date: new Date().toISOString().slice(0, 10), ...body });

    // Each side records only its own kind.
    const wrongInvoice = await invoice(brand, brandId, { doc_no: 'FP0001', amount: 1 });
    expect(wrongInvoice.status).toBe(403);
    expect(wrongInvoice.body.message).toBe('发票由供应方（收款方）登记，采购方不能登记发票');
    const wrongPay = await pay(maker, makerId, { doc_no: 'TT0001', amount: 1 }, 'en');
    expect(wrongPay.status).toBe(403);
    expect(wrongPay.body.message).toBe('Payments are recorded by the buyer (who pays), not by the seller');
    // The demo invoiced everything: nothing more can be invoiced.
    const over = await invoice(maker, makerId, { doc_no: 'FP-EXTRA-1', amount: 0.01 });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`开票金额超出：结算金额 ${settle.toFixed(2)}，已开票 ${settle.toFixed(2)}，本次最多 0.00`);
    // More than outstanding is refused on the amount field; nothing is written.
    const tooMuch = await pay(brand, brandId, { doc_no: 'TT-REST-1', amount: outstanding + 1 });
    expect(tooMuch.status).toBe(400);
    expect(Object.keys((tooMuch.body.data as Row).errors as Row)).toEqual(['amount']);
    // A payment number is recorded once per statement.
    const [first] = (doc.settlements as Row[]).filter((r) => r.kind === 'payment');
    const dup = await pay(brand, brandId, { doc_no: String(first.doc_no).toLowerCase(), amount: 1 });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe(`该对账单已登记过号码为 ${String(first.doc_no).toLowerCase()} 的付款`);
    expect(((await stmts(brand).view(brandId)).body.data.settlements as Row[]).length).toBe(2);
    // Bad input: no number, a zero amount.
    const bad = await pay(brand, brandId, { doc_no: '', amount: 0 });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as Row).errors as Row).sort()).toEqual(['amount', 'doc_no']);

    // Paid in two steps; the maker's users are told and see the same balance.
    const noticesBefore = Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${ids.maker} and kind = 'finance.paid'`))[0].n);
    const part = Math.round(outstanding * 50) / 100;
    expect((await pay(brand, brandId, { doc_no: 'TT-REST-1', amount: part, note: '第二笔' })).status).toBe(200);
    const rest = Math.round((outstanding - part) * 100) / 100;
    const last = await pay(brand, brandId, { doc_no: 'TT-REST-2', amount: rest });
    expect(last.status).toBe(200);
    const mine = (await stmts(brand).view(brandId)).body.data;
    const theirs = (await stmts(maker).view(makerId)).body.data;
    expect(Number(mine.outstanding_total)).toBe(0);
    expect(Number(mine.paid_total)).toBeCloseTo(settle, 2);
    expect(theirs).toMatchObject({ status: 'locked', paid_total: mine.paid_total, outstanding_total: mine.outstanding_total, invoiced_total: mine.invoiced_total });
    expect((theirs.settlements as Row[]).map((r) => r.doc_no)).toEqual((mine.settlements as Row[]).map((r) => r.doc_no));
    expect((theirs.settlements as Row[]).find((r) => r.doc_no === 'TT-REST-1')).toMatchObject({ kind: 'payment', recorded_side: 'buyer', remark: '第二笔' });
    expect(Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${ids.maker} and kind = 'finance.paid'`))[0].n)).toBeGreaterThan(noticesBefore);
    // Paid in full: a further payment is refused.
    const more = await pay(brand, brandId, { doc_no: 'TT-REST-3', amount: 0.01 });
    expect(more.status).toBe(400);

    // A company that is no party reaches neither copy; a statement not yet confirmed by both is not settled.
    expect((await pay(supplier, brandId, { doc_no: 'X1', amount: 1 })).status).toBe(404);
    expect((await invoice(supplier, makerId, { doc_no: 'X1', amount: 1 })).status).toBe(404);
    const [draft] = await q(sql`select id from fin_statement where client_id = ${ids.maker} and status = 'draft' order by id limit 1`);
    expect((await pay(maker, Number(draft.id), { doc_no: 'X1', amount: 1 })).status).toBe(409);
  });

  it('the locked statement of the maker and its supplier: the supplier invoices in part, the maker pays what is invoiced', async () => {
    const [s] = await q(sql`select id, settle_total from fin_statement where client_id = ${ids.maker} and seller_client_id = ${ids.supplier} and status = 'locked' order by id limit 1`);
    const copy = await copyOf(ids.maker, Number(s.id));
    const settle = Number(s.settle_total);
    expect(settle).toBeGreaterThan(0);
    const day = new Date().toISOString().slice(0, 10);
    const half = Math.round(settle * 50) / 100;
    expect((await stmts(supplier).action('invoice', { ids: [copy], doc_no: '26440000000000001', doc_date: day, amount: half })).status).toBe(200);
    expect((await stmts(maker).action('pay', { ids: [s.id], doc_no: 'YH-001', doc_date: day, amount: half })).status).toBe(200);
    const m = (await stmts(maker).view(s.id)).body.data;
    expect(m).toMatchObject({ invoiced_total: half, paid_total: half });
    expect(Number(m.outstanding_total)).toBeCloseTo(settle - half, 2);
    expect((await stmts(supplier).view(copy)).body.data).toMatchObject({ invoiced_total: half, paid_total: half, outstanding_total: m.outstanding_total });
    // The audit of both copies records the action.
    expect((await q(sql`select count(*)::int as n from audit_log where client_id = ${ids.supplier} and entity = 'finstatement' and record_id = ${copy} and action = 'partner-pay'`))[0].n).toBe(1);
  });
});
