import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * The loose ends of a sourcing project (issue 35) on the demo companies: the brand BRAND01 runs a
 * project with a deadline, the fabric supplier SUPP01 and the maker MAKER01 apply and quote. A
 * supplier withdraws a quotation and its application before the deadline (and not after it, nor once
 * the inquiry is closed), the brand reopens a closed inquiry (not past the deadline), and cancels the
 * project with a reason (not while its approval flow runs): every guard with its message and code, what
 * each side then sees, and who is told.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
type Row = Record<string, unknown>;
type Reply = { status: number; body: { code: number; message: string; data: Row & { errors?: Record<string, string> } } };

const srm = (who: string, entity: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'srmapi', entity, lang);
const call = async (who: string, method: 'GET' | 'POST', url: string, body?: Row): Promise<Reply> => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tok[who]}` }, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() as Reply['body'] };
};
const view = async (who: string, entity: string, id: number) => (await srm(who, entity).view(id)).body.data;
const act = async (who: string, entity: string, action: string, id: number, body: Row = {}, lang: 'zh-CN' | 'en' = 'zh-CN') => (await srm(who, entity, lang).action(action, { id, ...body })) as unknown as Reply;
async function ok(who: string, entity: string, action: string, id: number, body: Row = {}) {
  const r = await act(who, entity, action, id, body);
  expect(r.status, `${entity}.${action}: ${JSON.stringify(r.body)}`).toBe(200);
  return r;
}
const notices = async (who: string) => (await call(who, 'GET', '/notifyapi/notify-msg/index', { size: '100' })).body.data.rows as unknown as Array<{ title: string; body: string }>;
const day = async (offset: number) => (await sql<{ d: string }>`select to_char(current_date + ${offset}::int, 'YYYY-MM-DD') as d`.execute(t.app.db)).rows[0].d;
const idByCode = async (code: string) => Number((await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': code })).body.data.rows[0]?.id);
const quotes = async (who: string, code: string) => (await srm(who, 'srcquotation').page({ 'f.project_code.eq': code, sort: 'id' })).body.data.rows;
const appOf = async (who: string, code: string) => (await srm(who, 'srcapplication').page({ 'f.project_code.eq': code })).body.data.rows[0];
const record = async (id: number) => view('brand', 'srcrecord', id);
/** Sets the project's deadline (the brand's own save: a publishing project is not locked). */
async function setDeadline(date: string) {
  const p = await view('brand', 'srcproject', ids.p);
  const r = await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, deadline: date });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
let code = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance', 'maker', 'supplier.sales']) tok[u] = await signIn(t.app, u);
  // A published project: one active item, both suppliers applied and posted, the RFQ out.
  const saved = await srm('brand', 'srcproject').save({
    name: '2027 秋冬摇粒绒面料寻源', src_type: 'fabric', description: '300g 摇粒绒，年用量 20 吨', deadline: await day(10), contact_person: '李采购', contact_phone: '13916200001', currency: 'CNY',
    invites: [{ vendor_id: await idByCode('VD001') }, { vendor_id: await idByCode('VHF01') }],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  ids.p = Number(saved.body.data.id);
  code = String((await view('brand', 'srcproject', ids.p)).code);
  await ok('brand', 'srcproject', 'prepare', ids.p);
  await ok('brand', 'srcproject', 'deliver_info', ids.p);
  const item = await srm('brand', 'srcitem').save({ project_id: ids.p, name: '摇粒绒 300g 双面', qty: 2000, unit: 'KG', expected_price: 32, currency: 'CNY' });
  ids.item = Number(item.body.data.id);
  await ok('brand', 'srcitem', 'activate', ids.item);
  for (const who of ['supplier.sales', 'maker']) {
    expect((await call(who, 'POST', '/srmapi/sourcing/apply', { project_id: ids.p })).status).toBe(200);
    await ok(who, 'srcapplication', 'post', Number((await appOf(who, code)).id));
  }
  ids.appS = Number((await appOf('supplier.sales', code)).id);
  ids.appM = Number((await appOf('maker', code)).id);
  await ok('brand', 'srcproject', 'publish', ids.p);
  const recs = (await srm('brand', 'srcrecord').page({ 'f.project_id.eq': ids.p, sort: 'id' })).body.data.rows;
  ids.recS = Number(recs[0].id);
  ids.recM = Number(recs[1].id);
  for (const [who, price] of [['supplier.sales', 31.5], ['maker', 33]] as const) {
    const [q] = await quotes(who, code);
    expect((await srm(who, 'srcquotation').save({ id: q.id, version: q.version, unit_price: price, lead_time_days: 20 })).status).toBe(200);
    await ok(who, 'srcquotation', 'post', Number(q.id));
  }
  ids.qS = Number((await quotes('supplier.sales', code))[0].id);
  ids.qM = Number((await quotes('maker', code))[0].id);
}, 600000);
afterAll(async () => t?.close());

describe('withdrawing a quotation before the deadline', () => {
  it('takes it back to a draft and out of the buyer\'s comparison; the buyer is told; posted again it is back', async () => {
    expect(Object.keys((await record(ids.recS)).offers as Row)).toEqual([String(ids.item)]);
    // Another company's quotation is not found; the buyer cannot run the supplier's action either.
    expect((await act('maker', 'srcquotation', 'withdraw', ids.qS)).status).toBe(404);
    expect((await act('brand', 'srcquotation', 'withdraw', ids.qS)).status).toBe(404);
    await ok('supplier.sales', 'srcquotation', 'withdraw', ids.qS);
    expect(await view('supplier.sales', 'srcquotation', ids.qS)).toMatchObject({ status: 'draft', posted_at: null });
    expect((await record(ids.recS)).offers).toEqual({});
    expect((await record(ids.recS)).quoted_items).toBe(0);
    const compare = (await call('brand', 'GET', '/srmapi/sourcing/compare', { project_id: String(ids.p) })).body.data as unknown as { suppliers: Array<{ supplier_name: string; cells: Record<string, unknown> }> };
    expect(compare.suppliers.find((s) => s.supplier_name === '绍兴锦绣面料有限公司')?.cells[String(ids.item)]).toBeFalsy();
    const told = (await notices('brand')).find((n) => n.title === '报价已撤回：绍兴锦绣面料有限公司');
    expect(told?.body).toBe(`绍兴锦绣面料有限公司 撤回了寻源项目 ${code} 物料“摇粒绒 300g 双面”的报价，该报价已移出比价。`);
    // A draft is withdrawn no further; changed and posted again, the offer is back.
    const twice = await act('supplier.sales', 'srcquotation', 'withdraw', ids.qS);
    expect([twice.status, twice.body.code]).toEqual([409, 11002]);
    const q = await view('supplier.sales', 'srcquotation', ids.qS);
    expect((await srm('supplier.sales', 'srcquotation').save({ id: ids.qS, version: q.version, unit_price: 30.8 })).status).toBe(200);
    await ok('supplier.sales', 'srcquotation', 'post', ids.qS);
    expect(((await record(ids.recS)).offers as Record<string, { unit_price: number }>)[String(ids.item)].unit_price).toBe(30.8);
  });

  it('is refused once the deadline has passed (the deadline day itself still counts), in both languages', async () => {
    await setDeadline(await day(0));
    await ok('supplier.sales', 'srcquotation', 'withdraw', ids.qS);
    await ok('supplier.sales', 'srcquotation', 'post', ids.qS);
    const yesterday = await day(-1);
    await setDeadline(yesterday);
    const late = await act('supplier.sales', 'srcquotation', 'withdraw', ids.qS);
    expect([late.status, late.body.code, late.body.message]).toEqual([409, 11002, `已过寻源截止日期（${yesterday}），不能撤回`]);
    expect((await act('supplier.sales', 'srcquotation', 'withdraw', ids.qS, {}, 'en')).body.message).toBe(`The sourcing deadline (${yesterday}) has passed: it can no longer be withdrawn`);
    const app = await act('maker', 'srcapplication', 'withdraw', ids.appM);
    expect([app.status, app.body.message]).toEqual([409, `已过寻源截止日期（${yesterday}），不能撤回`]);
    expect((await view('supplier.sales', 'srcquotation', ids.qS)).status).toBe('posted');
    await setDeadline(await day(10));
  });
});

describe('withdrawing an application', () => {
  it('marks the buyer\'s record withdrawn (the owner is told), clears its offers and takes the posted quotations back to drafts; posted again it is submitted anew', async () => {
    expect((await act('supplier.sales', 'srcapplication', 'withdraw', ids.appM)).status).toBe(404);
    const r = await ok('maker', 'srcapplication', 'withdraw', ids.appM);
    expect((r.body.data as unknown as { data: Array<{ quotations: number }> }).data[0].quotations).toBe(1);
    expect(await view('maker', 'srcapplication', ids.appM)).toMatchObject({ status: 'draft', posted_at: null });
    expect((await view('maker', 'srcquotation', ids.qM)).status).toBe('draft');
    expect(await record(ids.recM)).toMatchObject({ status: 'withdrawn', quoted_items: 0, offers: {} });
    const appNo = String((await view('maker', 'srcapplication', ids.appM)).app_no);
    expect((await notices('brand')).some((n) => n.title === `寻源记录 ${appNo}：已撤回`)).toBe(true);
    // Withdrawn: the buyer's record takes no shortlisting, the comparison leaves the maker out.
    expect((await act('brand', 'srcrecord', 'shortlist', ids.recM)).status).toBe(409);
    const compare = (await call('brand', 'GET', '/srmapi/sourcing/compare', { project_id: String(ids.p) })).body.data as unknown as { suppliers: Array<{ supplier_name: string }> };
    expect(compare.suppliers.map((s) => s.supplier_name)).toEqual(['绍兴锦绣面料有限公司']);
    // The draft can be changed; its quotation is not posted before the application is.
    const app = await view('maker', 'srcapplication', ids.appM);
    expect((await srm('maker', 'srcapplication').save({ id: ids.appM, version: app.version, company_profile: '针织面料与成衣一体' })).status).toBe(200);
    expect((await act('maker', 'srcquotation', 'post', ids.qM)).status).toBe(409);
    await ok('maker', 'srcapplication', 'post', ids.appM);
    expect((await record(ids.recM)).status).toBe('submitted');
    await ok('maker', 'srcquotation', 'post', ids.qM);
    expect(Object.keys((await record(ids.recM)).offers as Row)).toEqual([String(ids.item)]);
    // Withdrawn again, it stays out: its draft does not hold up the closing of the inquiry.
    await ok('maker', 'srcapplication', 'withdraw', ids.appM);
  });
});

describe('reopening the inquiry', () => {
  it('refuses an open inquiry and a past deadline; reopened, the suppliers are told and may withdraw again', async () => {
    const open = await act('brand', 'srcproject', 'reopen_inquiry', ids.p);
    expect([open.status, open.body.code, open.body.message]).toEqual([409, 11002, '询价未关闭，无需重新开启']);
    await ok('brand', 'srcproject', 'close_inquiry', ids.p);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'publishing', inquiry_state: 'closed' });
    const closed = await act('supplier.sales', 'srcquotation', 'withdraw', ids.qS);
    expect([closed.status, closed.body.message]).toEqual([409, '询价已关闭，报价不能再撤回']);
    const yesterday = await day(-1);
    await setDeadline(yesterday);
    const late = await act('brand', 'srcproject', 'reopen_inquiry', ids.p);
    expect([late.status, late.body.code, late.body.message]).toEqual([409, 11003, `寻源截止日期（${yesterday}）已过，请先修改截止日期再重新开启询价`]);
    expect((await act('brand', 'srcproject', 'reopen_inquiry', ids.p, {}, 'en')).body.message).toBe(`The sourcing deadline (${yesterday}) has passed: change the deadline before reopening the inquiry`);
    await setDeadline(await day(5));
    // A supplier cannot reopen the brand's inquiry.
    expect((await act('supplier.sales', 'srcproject', 'reopen_inquiry', ids.p)).status).toBe(404);
    await ok('brand', 'srcproject', 'reopen_inquiry', ids.p);
    expect((await view('brand', 'srcproject', ids.p)).inquiry_state).toBe('open');
    expect(((await srm('brand', 'srcitem').page({ 'f.project_id.eq': ids.p })).body.data.rows as Row[]).map((i) => i.inquiry_state)).toEqual(['open']);
    expect((await notices('supplier.sales')).some((n) => n.title === '询价已重新开启：2027 秋冬摇粒绒面料寻源')).toBe(true);
    // The withdrawn maker is not told.
    expect((await notices('maker')).some((n) => n.title === '询价已重新开启：2027 秋冬摇粒绒面料寻源')).toBe(false);
    await ok('supplier.sales', 'srcquotation', 'withdraw', ids.qS);
    await ok('supplier.sales', 'srcquotation', 'post', ids.qS);
    const history = ((await srm('brand', 'srcproject').history(ids.p)).body.data.rows as Row[]).map((h) => h.action);
    expect(history).toEqual(expect.arrayContaining(['close_inquiry', 'reopen_inquiry']));
  });
});

describe('cancelling a project', () => {
  it('needs a reason; cancelled, it is locked and in the history, and every supplier\'s application and quotations stop with the reason in its notice', async () => {
    const bare = await act('brand', 'srcproject', 'cancel', ids.p);
    expect([bare.status, bare.body.code, bare.body.data.errors?.cancel_reason]).toEqual([400, 11000, '必填项']);
    expect((await act('supplier.sales', 'srcproject', 'cancel', ids.p, { cancel_reason: 'x' })).status).toBe(404);
    const r = await ok('brand', 'srcproject', 'cancel', ids.p, { cancel_reason: '品牌取消该系列开发' });
    expect((r.body.data as unknown as { data: Array<{ suppliers: number }> }).data[0].suppliers).toBe(2);
    const p = await view('brand', 'srcproject', ids.p);
    expect(p).toMatchObject({ status: 'cancelled', rfq_state: 'cancelled', eval_state: 'cancelled', info_state: 'delivered', inquiry_state: 'closed', cancel_reason: '品牌取消该系列开发' });
    expect(p.cancelled_at).toBeTruthy();
    // Locked, and no action after it.
    const edit = await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, name: '改名' });
    expect([edit.status, edit.body.code]).toEqual([409, 11002]);
    const again = await act('brand', 'srcproject', 'cancel', ids.p, { cancel_reason: '再次' });
    expect([again.status, again.body.code]).toEqual([409, 11002]);
    expect((await act('brand', 'srcrecord', 'eliminate', ids.recS, { eliminate_reason: 'x' })).status).toBe(409);
    // The history list shows it; the in-progress tab does not.
    expect((await srm('brand', 'srcproject').page({ 'f.rfq_state.in': 'ended,cancelled', 'f.id.eq': ids.p })).body.data.total).toBe(1);
    expect((await srm('brand', 'srcproject').page({ 'f.eval_state.in': 'not_evaluated,evaluating', 'f.id.eq': ids.p })).body.data.total).toBe(0);
    // The suppliers' side: stopped, told why, and the project is no opportunity any more.
    expect(await view('supplier.sales', 'srcapplication', ids.appS)).toMatchObject({ status: 'stopped' });
    expect((await view('supplier.sales', 'srcquotation', ids.qS)).status).toBe('stopped');
    expect(await view('maker', 'srcapplication', ids.appM)).toMatchObject({ status: 'stopped' });
    expect((await view('maker', 'srcquotation', ids.qM)).status).toBe('stopped');
    const appNo = String((await view('supplier.sales', 'srcapplication', ids.appS)).app_no);
    expect((await notices('supplier.sales')).find((n) => n.title === `供应商填报 ${appNo}：已终止`)?.body).toMatch(/原因：品牌取消该系列开发$/);
    const opp = (await call('supplier.sales', 'GET', '/srmapi/sourcing/opportunities')).body.data.rows as unknown as Row[];
    expect(opp.some((o) => o.code === code)).toBe(false);
    expect((await act('supplier.sales', 'srcquotation', 'withdraw', ids.qS)).status).toBe(409);
  });

  it('is refused while the project\'s approval flow runs, with the approval flow\'s code', async () => {
    const saved = await srm('brand.buyer', 'srcproject').save({ name: '审批中取消测试：罗纹寻源', src_type: 'trim', contact_person: '李采购', contact_phone: '13916200001', currency: 'CNY' });
    const id = Number(saved.body.data.id);
    const submit = await call('brand.buyer', 'POST', '/crossapi/ccommonapi/cpm-bus/push', { entity: 'srcproject', id, action: 'submit', comment: '请审批立项' });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    const r = await act('brand.buyer', 'srcproject', 'cancel', id, { cancel_reason: '不做了' });
    expect([r.status, r.body.code, r.body.message]).toEqual([409, 11004, '寻源项目正在立项审批中，不能取消；请等待审批结束']);
    expect((await view('brand.buyer', 'srcproject', id)).status).toBe('not_prepared');
    // A project outside any flow is cancelled from its first state.
    const plain = await srm('brand', 'srcproject').save({ name: '取消测试：衬布寻源', src_type: 'trim', currency: 'CNY' });
    await ok('brand', 'srcproject', 'cancel', Number(plain.body.data.id), { cancel_reason: '需求合并到其他项目' });
    expect(await view('brand', 'srcproject', Number(plain.body.data.id))).toMatchObject({ status: 'cancelled', info_state: 'not_prepared', rfq_state: 'cancelled' });
  });
});
