import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * Supplier sourcing across companies (issue 16) on the demo companies: the brand BRAND01 runs a
 * project, invites its vendors VD001 (the supplier company SUPP01) and VHF01 (the maker MAKER01),
 * which apply and quote in their own accounts; the brand compares, evaluates and awards. Every state
 * of spec 4, every pre-check message of spec 8, spec 5's score and evaluation-item checks, and the
 * cross-company rights: a supplier never sees another supplier's quotation nor the buyer's scores.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
type Row = Record<string, unknown>;
type Err = { errors?: Record<string, string> };

const srm = (who: string, entity: string) => resourceClient(t.app, tok[who], 'srmapi', entity);
const md = (who: string, entity: string) => resourceClient(t.app, tok[who], 'mdapi', entity);
const call = async (who: string, method: 'GET' | 'POST', url: string, body?: Row) => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tok[who]}` }, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: Row & Err } };
};
const notices = async (who: string) => (await call(who, 'GET', '/notifyapi/notify-msg/index', { size: '50' })).body.data.rows as unknown as Array<{ title: string; body: string }>;
const view = async (who: string, entity: string, id: number) => (await srm(who, entity).view(id)).body.data;
/** Runs a project action and expects it refused with spec 8's message. */
async function refused(who: string, action: string, id: number, message: string, body: Row = {}) {
  const r = await srm(who, 'srcproject').action(action, { id, ...body });
  expect(r.status, `${action}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.body.message).toBe(message);
}
async function step(who: string, entity: string, action: string, id: number, body: Row = {}) {
  const r = await srm(who, entity).action(action, { id, ...body });
  expect(r.status, `${entity}.${action}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data as unknown as { data: Row[] };
}
const idByCode = async (who: string, entity: string, code: string) => Number((await md(who, entity).page({ 'f.code.eq': code })).body.data.rows[0]?.id);
const userId = async (who: string) => Number((await sql<{ id: number }>`select id from users where username = ${who}`.execute(t.app.db)).rows[0].id);

/** The application a supplier company opened for a project, and its quotations. */
async function applicationOf(who: string, projectCode: string): Promise<Row> {
  return (await srm(who, 'srcapplication').page({ 'f.project_code.eq': projectCode })).body.data.rows[0];
}
async function quotationsOf(who: string, projectCode: string): Promise<Row[]> {
  return (await srm(who, 'srcquotation').page({ 'f.project_code.eq': projectCode, sort: 'id' })).body.data.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker', 'maker.planner', 'supplier', 'supplier.sales']) tok[u] = await signIn(t.app, u);
  ids.vd001 = await idByCode('brand', 'vendor', 'VD001');
  ids.vhf01 = await idByCode('brand', 'vendor', 'VHF01');
  expect(ids.vd001).toBeGreaterThan(0);
  expect(ids.vhf01).toBeGreaterThan(0);
});
afterAll(async () => t?.close());

describe('the demo', () => {
  it('holds a brand project in each main state, the suppliers\' applications and quotations in their own companies, and an award', async () => {
    const tabs = (await srm('brand', 'srcproject').page({ tabs: 1 })).body.data.tabs!;
    for (const st of ['not_prepared', 'info_delivered', 'publishing', 'evaluating', 'evaluation_ended']) expect(tabs[st], st).toBeGreaterThan(0);
    const cfg = (await srm('brand', 'srcevalconfig').page({ 'f.code.eq': 'EV-FAB', sort: 'version_no' })).body.data.rows;
    expect(cfg.map((c) => [c.version_no, c.status])).toEqual([['V1', 'retired'], ['V2', 'active']]);
    const evals = (await srm('brand', 'srcvendoreval').page({ sort: 'id' })).body.data.rows;
    expect(evals.map((e) => [e.vendor_id, e.status, e.grade])).toEqual([[ids.vd001, 'completed', 'A'], [ids.vhf01, 'draft', null]]);
    const awarded = (await srm('brand', 'srcproject').page({ 'f.status.eq': 'evaluation_ended' })).body.data.rows[0];
    expect(awarded.awarded_vendor_id).toBe(ids.vd001);
    const apps = (await srm('supplier.sales', 'srcapplication').page({ tabs: 1 })).body.data.tabs!;
    expect([apps.posted, apps.candidate, apps.selected].every((n) => n > 0)).toBe(true);
    const quotes = (await srm('supplier.sales', 'srcquotation').page({ tabs: 1 })).body.data.tabs!;
    for (const st of ['draft', 'posted', 'selected']) expect(quotes[st], st).toBeGreaterThan(0);
    expect((await srm('maker', 'srcquotation').page({ tabs: 1 })).body.data.tabs!.not_selected).toBeGreaterThan(0);
    expect((await srm('maker', 'srcapplication').page({ 'f.status.eq': 'draft' })).body.data.total).toBeGreaterThan(0);
    // The evaluating project carries the buyer's scores; the brand's comparison of the publishing one converts USD.
    const publishing = (await srm('brand', 'srcproject').page({ 'f.status.eq': 'publishing' })).body.data.rows[0];
    const c = (await call('brand', 'GET', '/srmapi/sourcing/compare', { project_id: String(publishing.id) })).body.data as unknown as { suppliers: Array<{ cells: Record<string, { currency: string; converted: number }> }> };
    expect(c.suppliers.some((sp) => Object.values(sp.cells).some((x) => x.currency === 'USD' && x.converted > 0))).toBe(true);
  });
});

describe('evaluation schemes (spec 3, 4, 5)', () => {
  it('refuses a maximum of 0 and a minimum above the maximum, refuses a taken version, and activating a version retires the earlier active one', async () => {
    const cfg = srm('brand', 'srcevalconfig');
    const items = [
      { category: 'price', item_name: '价格竞争力', item_type: 'score', weight: 50, min_score: 0, max_score: 10 },
      { category: 'quality', item_name: '质量体系', item_type: 'option', weight: 30, min_score: 0, max_score: 5, options: '优:5;良:3;差:1' },
      { category: 'delivery', item_name: '交期保障', item_type: 'score', weight: 20, min_score: 0, max_score: 10 },
    ];
    const zero = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V1', items: [{ ...items[0], max_score: 0 }] });
    expect(zero.status).toBe(400);
    expect((zero.body.data as Err).errors?.['items[0].max_score']).toBe('最大值不能为0');
    const upside = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V1', items: [{ ...items[0], min_score: 11 }] });
    expect((upside.body.data as Err).errors?.['items[0].min_score']).toBe('最小值不能大于最大值');
    const badOption = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V1', items: [{ ...items[1], options: '优:9' }] });
    expect((badOption.body.data as Err).errors?.['items[0].options']).toBe('选项分值须在最小值与最大值之间');
    const v1 = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V1', items });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    ids.cfgV1 = Number(v1.body.data.id);
    const again = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V1', items });
    expect((again.body.data as Err).errors?.version_no).toBe('版本号已存在');
    const empty = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V0', items: [] });
    await refusedOn('srcevalconfig', 'activate', Number(empty.body.data.id), '评估方案没有评估项，不能激活');
    await step('brand', 'srcevalconfig', 'activate', ids.cfgV1);
    const v2 = await cfg.save({ code: 'EVT', name: '面料供应商评估', version_no: 'V2', items });
    ids.cfgV2 = Number(v2.body.data.id);
    await step('brand', 'srcevalconfig', 'activate', ids.cfgV2);
    expect((await view('brand', 'srcevalconfig', ids.cfgV1)).status).toBe('retired');
    expect((await view('brand', 'srcevalconfig', ids.cfgV2)).status).toBe('active');
    // An active version is not edited any more.
    const edit = await cfg.save({ id: ids.cfgV2, version: (await view('brand', 'srcevalconfig', ids.cfgV2)).version, name: '改名' });
    expect(edit.status).toBe(409);
  });
});

async function refusedOn(entity: string, action: string, id: number, message: string) {
  const r = await srm('brand', entity).action(action, { id });
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.body.message).toBe(message);
}

describe('a sourcing project from the brand to two supplier companies', () => {
  it('moves through preparing and delivering its information, refusing a missing contact or phone; invited companies are told and see the opportunity', async () => {
    const buyer = await userId('brand.buyer');
    const saved = await srm('brand', 'srcproject').save({
      name: '2027 春夏针织面料寻源', src_type: 'fabric', description: '40S 全棉汗布与金属拉链年度供应', reason: '现有供应商交期不稳定', duration_days: 30,
      priority: 'high', is_public: false, tags: '面料,年度', currency: 'CNY',
      invites: [{ vendor_id: ids.vd001 }, { vendor_id: ids.vhf01 }], members: [{ user_id: buyer }], rates: [{ currency: 'USD', rate: 7.2 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    ids.p = Number(saved.body.data.id);
    let p = await view('brand', 'srcproject', ids.p);
    expect(p).toMatchObject({ status: 'not_prepared', info_state: 'not_prepared', rfq_state: 'not_published', eval_state: 'not_evaluated', applicant_id: await userId('brand') });
    expect(String(p.code)).toMatch(/^XY\d{9}$/);
    // "My projects" is the list filtered by applicant.
    const mine = (await srm('brand', 'srcproject').page({ 'f.applicant_id.eq': await userId('brand'), size: 200 })).body.data.rows;
    expect(mine.some((r) => Number(r.id) === ids.p)).toBe(true);
    expect((await srm('brand', 'srcproject').page({ 'f.applicant_id.eq': buyer, size: 200 })).body.data.rows.some((r) => Number(r.id) === ids.p)).toBe(false);
    ids.code = 0;
    const code = String(p.code);
    (globalThis as Record<string, unknown>).srcCode = code;

    const early = await srm('brand', 'srcproject').action('deliver_info', { id: ids.p });
    expect(early.status).toBe(409);
    await step('brand', 'srcproject', 'prepare', ids.p);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'preparing', info_state: 'preparing' });
    await refused('brand', 'deliver_info', ids.p, '发布信息缺少联系人或联系电话');
    // The same refusal in English.
    expect((await resourceClient(t.app, tok.brand, 'srmapi', 'srcproject', 'en').action('deliver_info', { id: ids.p })).body.message).toBe('The publishing information lacks a contact or a phone');
    p = await view('brand', 'srcproject', ids.p);
    await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, contact_person: '李采购' });
    await refused('brand', 'deliver_info', ids.p, '发布信息缺少联系人或联系电话');
    p = await view('brand', 'srcproject', ids.p);
    await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, contact_phone: '13916200001' });
    await step('brand', 'srcproject', 'deliver_info', ids.p);
    p = await view('brand', 'srcproject', ids.p);
    expect(p).toMatchObject({ status: 'info_delivered', info_state: 'delivered', rfq_state: 'not_published' });
    expect((p.invites as Row[]).every((i) => Number(i.invited_client) > 0 && i.invited_at)).toBe(true);

    for (const who of ['supplier.sales', 'maker']) {
      expect((await notices(who)).some((n) => n.title === '寻源邀请：2027 春夏针织面料寻源')).toBe(true);
      const opp = (await call(who, 'GET', '/srmapi/sourcing/opportunities')).body.data.rows as unknown as Row[];
      expect(opp.find((o) => o.code === code)).toMatchObject({ invited: true, buyer_name: '上海悦衣服饰品牌有限公司', application_no: null });
      // Published fields only: no company id, no prices.
      expect(Object.keys(opp[0])).not.toContain('client_id');
    }
    // The buyer does not see its own project as an opportunity.
    expect(((await call('brand', 'GET', '/srmapi/sourcing/opportunities')).body.data.rows as unknown as Row[]).some((o) => o.code === code)).toBe(false);
  });

  it('publishes the RFQ only with active items (no edits after activation), suppliers apply and post their fill-in data', async () => {
    const code = (globalThis as Record<string, unknown>).srcCode as string;
    await refused('brand', 'start_evaluation', ids.p, '当前状态不允许执行“开始评估”');
    await refused('brand', 'publish', ids.p, '没有询价物料，请先维护并激活询价物料');
    const items = srm('brand', 'srcitem');
    const i1 = await items.save({ project_id: ids.p, name: '全棉汗布 40S 160g', qty: 1000, unit: 'KG', expected_price: 38, currency: 'CNY', spec: '幅宽 180cm' });
    const i2 = await items.save({ project_id: ids.p, name: '5# 金属拉链 18cm', qty: 5000, unit: 'PCS', expected_price: 0.6, currency: 'CNY' });
    expect(i1.status, JSON.stringify(i1.body)).toBe(200);
    ids.i1 = Number(i1.body.data.id);
    ids.i2 = Number(i2.body.data.id);
    await step('brand', 'srcitem', 'activate', ids.i1);
    await refused('brand', 'publish', ids.p, '询价物料未激活');
    await step('brand', 'srcitem', 'activate', ids.i2);
    const edit = await items.save({ id: ids.i1, version: (await view('brand', 'srcitem', ids.i1)).version, qty: 2000 });
    expect(edit.status).toBe(409);

    // The supplier applies: a draft in its own company; applying twice is refused.
    const apply = await call('supplier.sales', 'POST', '/srmapi/sourcing/apply', { project_id: ids.p });
    expect(apply.status, JSON.stringify(apply.body)).toBe(200);
    expect(apply.body.data.message).toMatch(/^已生成填报单 SQ\d{10}，请完善资料后提交$/);
    const twice = await call('supplier', 'POST', '/srmapi/sourcing/apply', { project_id: ids.p });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`贵司已申请参与该寻源项目（${apply.body.data.app_no as string}）`);
    // A company the project neither invites nor shows to publicly cannot apply.
    const brandApply = await call('brand', 'POST', '/srmapi/sourcing/apply', { project_id: ids.p });
    expect(brandApply.status).toBe(404);

    let app = await applicationOf('supplier.sales', code);
    expect(app).toMatchObject({ status: 'draft', buyer_name: '上海悦衣服饰品牌有限公司', project_name: '2027 春夏针织面料寻源', contact_person: '张销售' });
    ids.appS = Number(app.id);
    await srm('supplier.sales', 'srcapplication').save({ id: ids.appS, version: app.version, contact_person: '', company_profile: '针织面料专业工厂，月产能 300 吨', certificates: 'OEKO-TEX Standard 100; ISO 9001' });
    const noContact = await srm('supplier.sales', 'srcapplication').action('post', { id: ids.appS });
    expect(noContact.body.message).toBe('请填写联系人和联系电话后再提交');
    app = await view('supplier.sales', 'srcapplication', ids.appS);
    await srm('supplier.sales', 'srcapplication').save({ id: ids.appS, version: app.version, contact_person: '张敏' });
    await step('supplier.sales', 'srcapplication', 'post', ids.appS);
    expect(await view('supplier.sales', 'srcapplication', ids.appS)).toMatchObject({ status: 'posted' });
    // Posted: no more edits.
    const after = await srm('supplier.sales', 'srcapplication').save({ id: ids.appS, version: (await view('supplier.sales', 'srcapplication', ids.appS)).version, remark: 'x' });
    expect(after.status).toBe(409);

    await call('maker', 'POST', '/srmapi/sourcing/apply', { project_id: ids.p });
    ids.appM = Number((await applicationOf('maker', code)).id);
    await step('maker', 'srcapplication', 'post', ids.appM);

    const records = (await srm('brand', 'srcrecord').page({ 'f.project_id.eq': ids.p, sort: 'id' })).body.data.rows;
    expect(records.map((r) => [r.supplier_name, r.status, r.vendor_id])).toEqual([
      ['绍兴锦绣面料有限公司', 'submitted', ids.vd001],
      ['宁波华纺制衣有限公司', 'submitted', ids.vhf01],
    ]);
    ids.recS = Number(records[0].id);
    ids.recM = Number(records[1].id);
    // The project's owner hears of each posted application, named by the supplier's application number, opening the record.
    const appNoS = String((await view('supplier.sales', 'srcapplication', ids.appS)).app_no);
    // (Each company numbers its applications itself: the maker's first of the day may carry the same number.)
    expect((await notices('brand')).filter((n) => n.title === `寻源记录 ${appNoS}：已提交`).map((n) => n.body)).toContain(`张销售（锦绣面料）将寻源记录 ${appNoS} 提交为“已提交”。`);
    // A platform supplier's record changes only through its actions.
    const rec = await view('brand', 'srcrecord', ids.recS);
    const hand = await srm('brand', 'srcrecord').save({ id: ids.recS, version: rec.version, contact_person: '改' });
    expect(hand.body.message).toBe('平台供应商的寻源记录只能通过操作变更');

    await step('brand', 'srcproject', 'publish', ids.p);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'publishing', rfq_state: 'publishing', inquiry_state: 'open' });
    for (const who of ['supplier.sales', 'maker']) {
      const qs = await quotationsOf(who, code);
      expect(qs.map((q) => [q.item_name, q.status, Number(q.qty)])).toEqual([['全棉汗布 40S 160g', 'draft', 1000], ['5# 金属拉链 18cm', 'draft', 5000]]);
    }
    expect((await notices('supplier.sales')).some((n) => n.title === '询价已发布：2027 春夏针织面料寻源')).toBe(true);
  });

  it('suppliers quote per item with price breaks; the pre-checks of closing the inquiry and ending the sourcing', async () => {
    const code = (globalThis as Record<string, unknown>).srcCode as string;
    await refused('brand', 'close_inquiry', ids.p, '暂无供应商报价');
    await refused('brand', 'start_evaluation', ids.p, '寻源尚未结束，请先结束寻源');
    await refused('brand', 'end_sourcing', ids.p, '询价未关闭');

    const [s1, s2] = await quotationsOf('supplier.sales', code);
    const q = srm('supplier.sales', 'srcquotation');
    const noPrice = await q.action('post', { id: s1.id });
    expect((noPrice.body.data as Err).errors?.unit_price).toBe('请填写报价单价');
    const dup = await q.save({ id: s1.id, version: s1.version, unit_price: 38.5, breaks: [{ min_qty: 500, unit_price: 37 }, { min_qty: 500, unit_price: 36 }] });
    expect(dup.status).toBe(200);
    const dupPost = await q.action('post', { id: s1.id });
    expect((dupPost.body.data as Err).errors?.breaks).toBe('阶梯报价的起订数量须大于0且不能重复');
    const ok1 = await q.save({ id: s1.id, version: dup.body.data.version, unit_price: 38.5, lead_time_days: 20, breaks: [{ min_qty: 500, unit_price: 37, lead_time_days: 25 }, { min_qty: 3000, unit_price: 35.5, lead_time_days: 30 }] });
    expect(ok1.status, JSON.stringify(ok1.body)).toBe(200);
    await step('supplier.sales', 'srcquotation', 'post', Number(s1.id));

    const [m1, m2] = await quotationsOf('maker', code);
    await srm('maker', 'srcquotation').save({ id: m1.id, version: m1.version, currency: 'USD', unit_price: 5.2, lead_time_days: 35 });
    await srm('maker', 'srcquotation').save({ id: m2.id, version: m2.version, unit_price: 0.58, lead_time_days: 15 });
    await step('maker', 'srcquotation', 'post', Number(m1.id));
    await step('maker', 'srcquotation', 'post', Number(m2.id));
    expect((await notices('brand')).some((n) => n.title === '收到报价：宁波华纺制衣有限公司')).toBe(true);

    // The supplier still holds a draft quotation.
    await refused('brand', 'close_inquiry', ids.p, '存在未完成的报价');
    await q.save({ id: s2.id, version: s2.version, unit_price: 0.62, lead_time_days: 10 });
    await step('supplier.sales', 'srcquotation', 'post', Number(s2.id));
    await step('brand', 'srcproject', 'close_inquiry', ids.p);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'publishing', inquiry_state: 'closed' });
    expect((await view('brand', 'srcitem', ids.i1)).inquiry_state).toBe('closed');
  });

  it('a supplier sees only its own quotations and none of the buyer\'s records, comparison or scores', async () => {
    const code = (globalThis as Record<string, unknown>).srcCode as string;
    const mine = (await srm('supplier.sales', 'srcquotation').page({ size: 200 })).body.data.rows;
    const makers = await quotationsOf('maker', code);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.some((r) => makers.some((m) => m.id === r.id))).toBe(false);
    for (const m of makers) {
      expect((await srm('supplier.sales', 'srcquotation').view(m.id)).status).toBe(404);
      const steal = await srm('supplier', 'srcquotation').save({ id: m.id, version: m.version, unit_price: 1 });
      expect(steal.status).toBe(404);
    }
    expect((await srm('supplier', 'srcrecord').page({})).body.data.rows.some((r) => Number(r.project_id) === ids.p)).toBe(false);
    expect((await srm('supplier', 'srcrecord').view(ids.recS)).status).toBe(404);
    expect((await srm('supplier', 'srcproject').view(ids.p)).status).toBe(404);
    for (const url of ['/srmapi/sourcing/compare', '/srmapi/sourcing/evaluation']) expect((await call('supplier', 'GET', url, { project_id: String(ids.p) })).status).toBe(404);
    expect((await call('maker', 'POST', '/srmapi/sourcing/score', { project_id: ids.p, record_id: ids.recM, scores: { 1: 5 } })).status).toBe(404);
    // The supplier's own application says nothing of the buyer's evaluation.
    const app = await view('supplier.sales', 'srcapplication', ids.appS);
    expect(Object.keys(app).some((k) => /score|rank|offers/.test(k))).toBe(false);
  });

  it('the buyer shortlists, compares in one currency with the best price per item, and exports the comparison', async () => {
    await step('brand', 'srcrecord', 'shortlist', ids.recS);
    await step('brand', 'srcrecord', 'shortlist', ids.recM);
    expect(await view('supplier.sales', 'srcapplication', ids.appS)).toMatchObject({ status: 'candidate' });
    const appNo = String((await view('supplier.sales', 'srcapplication', ids.appS)).app_no);
    expect((await notices('supplier.sales')).some((n) => n.title === `供应商填报 ${appNo}：候选`)).toBe(true);
    // A supplier not on the platform, entered by hand, is eliminated with a reason.
    const offline = await srm('brand', 'srcrecord').save({ project_id: ids.p, supplier_name: '温州瓯江服装加工厂', vendor_id: null, contact_person: '林师傅' });
    expect(offline.status).toBe(200);
    await step('brand', 'srcrecord', 'eliminate', Number(offline.body.data.id), { eliminate_reason: '无面料生产资质' });
    expect(await view('brand', 'srcrecord', Number(offline.body.data.id))).toMatchObject({ status: 'eliminated', eliminate_reason: '无面料生产资质' });

    const c = (await call('brand', 'GET', '/srmapi/sourcing/compare', { project_id: String(ids.p) })).body.data as unknown as {
      currency: string; items: Array<{ id: number; best_price: number }>; suppliers: Array<{ supplier_name: string; total: number; complete: boolean; cells: Record<string, { converted: number; unit_price: number; best: boolean; currency: string }> }>;
    };
    expect(c.currency).toBe('CNY');
    expect(c.suppliers.map((s) => s.supplier_name)).toEqual(['绍兴锦绣面料有限公司', '宁波华纺制衣有限公司']);
    const [s, m] = c.suppliers;
    // 1000 KG: the supplier's break from 500 (37 CNY); the maker's 5.2 USD at 7.2 = 37.44 CNY.
    expect(s.cells[String(ids.i1)]).toMatchObject({ unit_price: 37, converted: 37, best: true });
    expect(m.cells[String(ids.i1)]).toMatchObject({ unit_price: 5.2, currency: 'USD', converted: 37.44, best: false });
    expect(s.cells[String(ids.i2)]).toMatchObject({ converted: 0.62, best: false });
    expect(m.cells[String(ids.i2)]).toMatchObject({ converted: 0.58, best: true });
    expect(s).toMatchObject({ total: 37000 + 3100, complete: true });
    expect(m).toMatchObject({ total: 37440 + 2900, complete: true });
    expect(c.items.map((i) => i.best_price)).toEqual([37, 0.58]);

    const x = await t.app.inject({ method: 'GET', url: '/api/srmapi/sourcing/compare/export', query: { project_id: String(ids.p) }, headers: { authorization: `Bearer ${tok.brand}` } });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(2).getCell(3).value).toBe('全棉汗布 40S 160g (1000KG)');
    expect(ws.getRow(3).getCell(1).value).toBe('绍兴锦绣面料有限公司');
    expect(ws.getRow(3).getCell(3).value).toBe(37);
    expect(ws.getRow(3).getCell(3).font?.bold).toBe(true);
    expect(ws.getRow(4).getCell(3).value).toBe(37.44);
  });

  it('evaluates: the scheme must be active and members set; members score within min and max; weighted ranking; award after the evaluation closes updates the vendor record', async () => {
    await step('brand', 'srcproject', 'end_sourcing', ids.p);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'sourcing_ended', rfq_state: 'ended' });
    // Items cannot change once sourcing has ended.
    const late = await srm('brand', 'srcitem').save({ project_id: ids.p, name: '迟到的物料', currency: 'CNY' });
    expect(late.body.message).toBe('寻源项目已结束，不能修改询价物料');
    await refused('brand', 'start_evaluation', ids.p, '评估项未激活');
    let p = await view('brand', 'srcproject', ids.p);
    await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, eval_config_id: ids.cfgV1 });
    await refused('brand', 'start_evaluation', ids.p, '评估项未激活');
    p = await view('brand', 'srcproject', ids.p);
    await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, eval_config_id: ids.cfgV2, members: [] });
    await refused('brand', 'start_evaluation', ids.p, '请先设置评估成员');
    p = await view('brand', 'srcproject', ids.p);
    await srm('brand', 'srcproject').save({ id: ids.p, version: p.version, members: [{ user_id: await userId('brand.buyer') }] });
    await step('brand', 'srcproject', 'start_evaluation', ids.p);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'evaluating', eval_state: 'evaluating' });

    // The member's evaluation to-do: a notice, and the project with both suppliers to score.
    const code = String((await view('brand', 'srcproject', ids.p)).code);
    expect((await notices('brand.buyer')).some((n) => n.title === '评估待办：2027 春夏针织面料寻源')).toBe(true);
    const todo = async (who: string) => ((await call(who, 'GET', '/srmapi/sourcing/eval-todo')).body.data.rows as unknown as Row[]).find((r) => r.code === code);
    expect(await todo('brand.buyer')).toMatchObject({ suppliers: 2, pending: 2, items: 3 });
    expect(await todo('brand')).toBeUndefined();
    expect((await call('supplier', 'GET', '/srmapi/sourcing/eval-todo')).body.data.rows).toEqual([]);
    await refused('brand', 'award', ids.p, '评估未结束');
    await refused('brand', 'end_evaluation', ids.p, '评估成员尚未评分');
    const ev = (await call('brand.buyer', 'GET', '/srmapi/sourcing/evaluation', { project_id: String(ids.p) })).body.data as unknown as { is_member: boolean; items: Array<{ id: number; item_name: string }> };
    expect(ev.is_member).toBe(true);
    const [price, quality, delivery] = ev.items.map((i) => String(i.id));
    const score = (who: string, record: number, scores: Row) => call(who, 'POST', '/srmapi/sourcing/score', { project_id: ids.p, record_id: record, scores });
    const notMember = await score('brand', ids.recS, { [price]: 8 });
    expect(notMember.status).toBe(403);
    expect(notMember.body.message).toBe('您不是该寻源项目的评估成员');
    const tooHigh = await score('brand.buyer', ids.recS, { [price]: 11 });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toBe('评分不能超过最大值 10，也不能低于最小值 0');
    expect(tooHigh.body.data.errors?.[`scores.${price}`]).toBe('评分不能超过最大值 10，也不能低于最小值 0');
    expect((await score('brand.buyer', ids.recS, { [price]: -1 })).status).toBe(400);
    expect((await score('brand.buyer', ids.recS, { [quality]: 4 })).body.message).toBe('评分须为该评估项的选项分值之一');
    expect((await score('brand.buyer', ids.recS, { [price]: 9, [quality]: 5, [delivery]: 8 })).status).toBe(200);
    expect((await score('brand.buyer', ids.recM, { [price]: 8, [quality]: 3, [delivery]: 6 })).status).toBe(200);

    expect(await todo('brand.buyer')).toMatchObject({ pending: 0 });
    await step('brand', 'srcproject', 'end_evaluation', ids.p);
    expect(await todo('brand.buyer')).toBeUndefined();
    const recS = await view('brand', 'srcrecord', ids.recS);
    const recM = await view('brand', 'srcrecord', ids.recM);
    // 50x0.9 + 30x1 + 20x0.8 = 91; 50x0.8 + 30x0.6 + 20x0.6 = 70.
    expect([Number(recS.weighted_score), recS.rank_no, Number(recM.weighted_score), recM.rank_no]).toEqual([91, 1, 70, 2]);
    expect(await view('brand', 'srcproject', ids.p)).toMatchObject({ status: 'evaluation_ended', eval_state: 'ended' });

    const badAward = await srm('brand', 'srcproject').action('award', { id: ids.p, award_record_id: 999999 });
    expect((badAward.body.data as Err).errors?.award_record_id).toBe('定标的供应商不是本项目入围的供应商');
    const done = await step('brand', 'srcproject', 'award', ids.p);
    expect(done.data[0].message).toBe('已定标：绍兴锦绣面料有限公司');
    const p2 = await view('brand', 'srcproject', ids.p);
    expect(p2).toMatchObject({ status: 'evaluation_ended', awarded_vendor_id: ids.vd001 });
    const vendor = (await md('brand', 'vendor').view(ids.vd001)).body.data;
    expect(String(vendor.remark)).toContain(`已定标：绍兴锦绣面料有限公司（${String(p2.code)} 2027 春夏针织面料寻源）`);
    expect((await view('brand', 'srcrecord', ids.recS)).awarded).toBe(true);

    // Each supplier's own documents follow the decision.
    expect(await view('supplier.sales', 'srcapplication', ids.appS)).toMatchObject({ status: 'selected' });
    expect((await quotationsOf('supplier.sales', String(p2.code))).map((q) => q.status)).toEqual(['selected', 'selected']);
    expect(await view('maker', 'srcapplication', ids.appM)).toMatchObject({ status: 'closed' });
    expect((await quotationsOf('maker', String(p2.code))).map((q) => q.status)).toEqual(['not_selected', 'not_selected']);
    const [appNoS, appNoM] = [String((await view('supplier.sales', 'srcapplication', ids.appS)).app_no), String((await view('maker', 'srcapplication', ids.appM)).app_no)];
    expect((await notices('supplier.sales')).some((n) => n.title === `供应商填报 ${appNoS}：已中标`)).toBe(true);
    expect((await notices('maker')).some((n) => n.title === `供应商填报 ${appNoM}：已结束`)).toBe(true);
    // The ended project is locked, and no longer an opportunity.
    expect((await srm('brand', 'srcproject').save({ id: ids.p, version: p2.version, name: 'x' })).status).toBe(409);
    expect(((await call('maker', 'GET', '/srmapi/sourcing/opportunities')).body.data.rows as unknown as Row[]).some((o) => o.code === p2.code)).toBe(false);
  });
});

describe('a public project found as an opportunity', () => {
  it('any company applies; an eliminated supplier is stopped; the award creates the buyer\'s vendor record when it has none', async () => {
    // The brand has no vendor record of the maker in this run.
    const vhf = (await md('brand', 'vendor').view(ids.vhf01)).body.data;
    expect((await md('brand', 'vendor').save({ id: ids.vhf01, version: vhf.version, platform_client_code: '' })).status).toBe(200);
    const saved = await srm('brand', 'srcproject').save({ name: '牛仔成衣外发加工', src_type: 'garment', is_public: true, contact_person: '李采购', contact_phone: '13916200001', eval_config_id: ids.cfgV2, members: [{ user_id: await userId('brand') }] });
    const id = Number(saved.body.data.id);
    const code = String(saved.body.data.code);
    // Not delivered yet: not an opportunity.
    expect(((await call('maker', 'GET', '/srmapi/sourcing/opportunities')).body.data.rows as unknown as Row[]).some((o) => o.code === code)).toBe(false);
    await step('brand', 'srcproject', 'prepare', id);
    await step('brand', 'srcproject', 'deliver_info', id);
    const opp = ((await call('maker.planner', 'GET', '/srmapi/sourcing/opportunities')).body.data.rows as unknown as Row[]).find((o) => o.code === code);
    expect(opp).toMatchObject({ invited: false, is_public: true });

    for (const who of ['maker.planner', 'supplier.sales']) {
      expect((await call(who, 'POST', '/srmapi/sourcing/apply', { project_id: id })).status).toBe(200);
      await step(who, 'srcapplication', 'post', Number((await applicationOf(who, code)).id));
    }
    const records = (await srm('brand', 'srcrecord').page({ 'f.project_id.eq': id, sort: 'id' })).body.data.rows;
    const recM = records.find((r) => r.supplier_name === '宁波华纺制衣有限公司')!;
    const recS = records.find((r) => r.supplier_name === '绍兴锦绣面料有限公司')!;
    expect(recM.vendor_id).toBeNull();
    await step('brand', 'srcrecord', 'shortlist', Number(recM.id));
    const it1 = await srm('brand', 'srcitem').save({ project_id: id, name: '五袋牛仔裤 CMT', qty: 3000, unit: 'PCS', currency: 'CNY' });
    await step('brand', 'srcitem', 'activate', Number(it1.body.data.id));
    await step('brand', 'srcproject', 'publish', id);
    expect((await quotationsOf('supplier.sales', code)).map((q) => q.status)).toEqual(['draft']);
    // Eliminated: the supplier's application and its quotations are stopped, and it is told.
    await step('brand', 'srcrecord', 'eliminate', Number(recS.id), { eliminate_reason: '非成衣加工企业' });
    expect((await applicationOf('supplier.sales', code)).status).toBe('stopped');
    expect((await quotationsOf('supplier.sales', code)).map((q) => q.status)).toEqual(['stopped']);
    const stoppedNo = String((await applicationOf('supplier.sales', code)).app_no);
    expect((await notices('supplier.sales')).some((n) => n.title === `供应商填报 ${stoppedNo}：已终止`)).toBe(true);
    const [mq] = await quotationsOf('maker.planner', code);
    await srm('maker.planner', 'srcquotation').save({ id: mq.id, version: mq.version, unit_price: 18.5, lead_time_days: 25 });
    await step('maker.planner', 'srcquotation', 'post', Number(mq.id));
    await step('brand', 'srcproject', 'close_inquiry', id);
    await step('brand', 'srcproject', 'end_sourcing', id);
    await step('brand', 'srcproject', 'start_evaluation', id);
    const ev = (await call('brand', 'GET', '/srmapi/sourcing/evaluation', { project_id: String(id) })).body.data as unknown as { items: Array<{ id: number }> };
    expect((await call('brand', 'POST', '/srmapi/sourcing/score', { project_id: id, record_id: recS.id, scores: { [ev.items[0].id]: 5 } })).body.message).toBe('只能对已入围的供应商评分');
    expect((await call('brand', 'POST', '/srmapi/sourcing/score', { project_id: id, record_id: recM.id, scores: JSON.stringify({ [ev.items[0].id]: 7 }) })).status).toBe(200);
    await step('brand', 'srcproject', 'end_evaluation', id);
    const bad = await srm('brand', 'srcproject').action('award', { id, award_record_id: Number(recS.id) });
    expect((bad.body.data as Err).errors?.award_record_id).toBe('定标的供应商不是本项目入围的供应商');
    const awarded = await step('brand', 'srcproject', 'award', id, { award_record_id: Number(recM.id), make_contract: true });
    const p = await view('brand', 'srcproject', id);
    // The award drafts a purchase contract with the supplier at its quoted price.
    const contractNo = String(awarded.data[0].contract_no);
    expect(awarded.data[0].message).toBe(`已定标：宁波华纺制衣有限公司，采购合同草稿 ${contractNo}`);
    const contract = (await srm('brand', 'purcontract').page({ 'f.contract_no.eq': contractNo })).body.data.rows[0];
    expect(contract).toMatchObject({ status: 'draft', vendor_id: p.awarded_vendor_id, currency: 'CNY', name: '牛仔成衣外发加工 定标合同' });
    const lines = (await srm('brand', 'purcontract').view(contract.id)).body.data.lines as Row[];
    expect(lines.map((l) => [Number(l.unit_price), l.unit, l.remark])).toEqual([[18.5, 'PCS', '五袋牛仔裤 CMT']]);
    const vendor = (await md('brand', 'vendor').view(p.awarded_vendor_id)).body.data;
    expect(vendor).toMatchObject({ name: '宁波华纺制衣有限公司', platform_client_code: 'MAKER01', vendor_type: 'garment', status: 'active' });
    expect(Number(vendor.id)).not.toBe(ids.vhf01);
    expect((await view('brand', 'srcrecord', Number(recM.id))).vendor_id).toBe(vendor.id);
    expect((await applicationOf('maker', code)).status).toBe('selected');
  });

  it('refuses a quotation once the inquiry is closed', async () => {
    const saved = await srm('brand', 'srcproject').save({ name: '辅料询价', src_type: 'trim', is_public: true, contact_person: '李采购', contact_phone: '13916200001' });
    const id = Number(saved.body.data.id);
    const code = String(saved.body.data.code);
    await step('brand', 'srcproject', 'prepare', id);
    await step('brand', 'srcproject', 'deliver_info', id);
    for (const who of ['maker', 'supplier']) expect((await call(who, 'POST', '/srmapi/sourcing/apply', { project_id: id })).status).toBe(200);
    await step('maker', 'srcapplication', 'post', Number((await applicationOf('maker', code)).id));
    const it1 = await srm('brand', 'srcitem').save({ project_id: id, name: '四眼树脂扣', qty: 100000, unit: 'PCS', currency: 'CNY' });
    await step('brand', 'srcitem', 'activate', Number(it1.body.data.id));
    await step('brand', 'srcproject', 'publish', id);
    // The supplier has not posted its application: it has no quotation to fill yet.
    expect(await quotationsOf('supplier', code)).toHaveLength(0);
    const [mq] = await quotationsOf('maker', code);
    await srm('maker', 'srcquotation').save({ id: mq.id, version: mq.version, unit_price: 0.08 });
    await step('maker', 'srcquotation', 'post', Number(mq.id));
    await step('brand', 'srcproject', 'close_inquiry', id);
    // Posted late, while the project still shows: its quotation is opened, and refused when posted.
    await step('supplier', 'srcapplication', 'post', Number((await applicationOf('supplier', code)).id));
    const [sq] = await quotationsOf('supplier', code);
    await srm('supplier', 'srcquotation').save({ id: sq.id, version: sq.version, unit_price: 0.07 });
    const late = await srm('supplier', 'srcquotation').action('post', { id: sq.id });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('询价已关闭，不能再报价');
    // A quotation typed by hand, not opened from a project, cannot be posted.
    const hand = await srm('maker', 'srcquotation').save({ application_id: (await applicationOf('maker', code)).id, currency: 'CNY', unit_price: 0.07 });
    expect(hand.status).toBe(200);
    expect((await srm('maker', 'srcquotation').action('post', { id: hand.body.data.id })).body.message).toBe('该报价未关联寻源项目');
    await step('brand', 'srcproject', 'end_sourcing', id);
    expect((await view('brand', 'srcproject', id)).rfq_state).toBe('ended');
  });
});

describe('supplier evaluation and admission outside a project', () => {
  it('scores a vendor on the scheme\'s items within their ranges; completing grades the vendor and a passed access evaluation admits a frozen one', async () => {
    const vd002 = await idByCode('brand', 'vendor', 'VD002');
    const vendor = (await md('brand', 'vendor').view(vd002)).body.data;
    expect((await md('brand', 'vendor').action('freeze', { id: vd002, version: vendor.version })).status).toBe(200);
    const cfg = (await srm('brand', 'srcevalconfig').page({ 'f.code.eq': 'EV-FAB', 'f.status.eq': 'active' })).body.data.rows[0];
    const api = srm('brand', 'srcvendoreval');
    const saved = await api.save({ vendor_id: vd002, eval_config_id: cfg.id, is_access: true, period: '2026 Q4' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    let ev = await view('brand', 'srcvendoreval', Number(saved.body.data.id));
    expect(String(ev.eval_no)).toMatch(/^PG\d{10}$/);
    const rows = ev.scores as Row[];
    expect(rows.map((r) => [r.item_name, Number(r.weight), Number(r.max_score), r.score])).toEqual([['价格竞争力', 40, 10, null], ['质量体系', 30, 5, null], ['交期保障', 20, 10, null], ['配合度', 10, 10, null]]);
    const incomplete = await api.action('complete', { id: ev.id });
    expect(incomplete.body.message).toBe('还有评估项未评分：价格竞争力、质量体系、交期保障、配合度');
    const tooHigh = await api.save({ id: ev.id, version: ev.version, scores: rows.map((r, i) => ({ id: r.id, score: i === 1 ? 6 : 5 })) });
    expect((tooHigh.body.data as Err).errors?.['scores[1].score']).toBe('评分不能超过最大值 5，也不能低于最小值 0');
    const ok = await api.save({ id: ev.id, version: ev.version, scores: rows.map((r, i) => ({ id: r.id, score: [8, 5, 7, 6][i] })) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const done = await step('brand', 'srcvendoreval', 'complete', Number(ev.id));
    // 40 x 0.8 + 30 x 1 + 20 x 0.7 + 10 x 0.6 = 82: grade B, passed.
    expect(done.data[0].message).toBe('评估完成：82 分，等级 B');
    ev = await view('brand', 'srcvendoreval', Number(ev.id));
    expect([Number(ev.total_score), ev.grade, ev.passed, ev.status]).toEqual([82, 'B', true, 'completed']);
    expect((await md('brand', 'vendor').view(vd002)).body.data).toMatchObject({ status: 'active', grade: 'B' });
    expect((await api.save({ id: ev.id, version: ev.version, remark: 'x' })).status).toBe(409);
    // A retired scheme's evaluation cannot be completed; the supplier sees none of it.
    const v1 = (await srm('brand', 'srcevalconfig').page({ 'f.code.eq': 'EV-FAB', 'f.status.eq': 'retired' })).body.data.rows[0];
    const old = await api.save({ vendor_id: vd002, eval_config_id: v1.id });
    const oldView = await view('brand', 'srcvendoreval', Number(old.body.data.id));
    await api.save({ id: oldView.id, version: oldView.version, scores: (oldView.scores as Row[]).map((r) => ({ id: r.id, score: 3 })) });
    expect((await api.action('complete', { id: oldView.id })).body.message).toBe('评估项未激活');
    expect((await srm('supplier', 'srcvendoreval').view(ev.id)).status).toBe(404);
  });
});

