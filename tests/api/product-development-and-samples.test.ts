import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costStyle } from '../../src/model/style-costing';
import { minutesOfCategory } from '../../src/server/services/planning/planning.plans';
import { resourceClient, type Reply } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { multipart } from './import-support';

/**
 * Product development and samples (issue 18), on PGlite and PostgreSQL: the demo (styles with BOM,
 * routing, costing versions; sample requests between the demo brand and maker in their states);
 * style states and their checks; the costing arithmetic the server stores and its versions (a newer
 * one supersedes and locks the one before); every state of a sample request on both companies'
 * records, comments with photos mirrored, the wrong side refused; the rights across companies (a
 * maker sees only its own customers' samples, nobody else sees either record, photo or comment;
 * nothing is sent to a company that has not confirmed the requester); an approved style carried into
 * a requirement order, and its routing's minutes into a production plan.
 */
let t: TestApp;
let brand: string;
let maker: string;
let supplier: string;
let brandId: number;
let makerId: number;
let supplierId: number;
type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;
const styles = (token = brand, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'style', lang);
const costs = (token = brand, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'stylecost', lang);
const samples = (token = brand, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'samplerequest', lang);
const idOf = async (table: string, clientId: number, code: string) => Number((await q(sql`select id from ${sql.table(table)} where client_id = ${clientId} and code = ${code}`))[0].id);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d7e6a30000000049454e44ae426082', 'hex');

async function uploadPhoto(token: string): Promise<{ id: number; url: string }> {
  const form = multipart([{ name: 'file', filename: 'sample.png', content: png, type: 'image/png' }]);
  const r = await t.app.inject({ method: 'POST', url: '/api/scmapi/samplerequest/photo', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
  expect(r.statusCode).toBe(200);
  return (r.json() as Reply<{ id: number; url: string }>).data;
}
const comment = (token: string, id: unknown, body: string, photos: number[] = []) =>
  t.app.inject({ method: 'POST', url: '/api/scmapi/samplerequest/comment', payload: { id, body, photos }, headers: bearer(token) });
const room = async (token: string, id: unknown) => t.app.inject({ method: 'GET', url: '/api/scmapi/samplerequest/room', query: { id: String(id) }, headers: bearer(token) });
const copyOf = async (id: number) => (await q(sql`select * from dev_sample_request where client_id = ${makerId} and source_client_id = ${brandId} and source_id = ${id}`))[0];
const both = async (id: number) => {
  const [mine] = await q(sql`select * from dev_sample_request where client_id = ${brandId} and id = ${id}`);
  return { mine, theirs: await copyOf(id) };
};

beforeAll(async () => {
  t = await createTestApp();
  brand = await signIn(t.app, 'brand.buyer');
  maker = await signIn(t.app, 'maker');
  supplier = await signIn(t.app, 'supplier');
  brandId = Number((await q(sql`select id from clients where code = 'BRAND01'`))[0].id);
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
  supplierId = Number((await q(sql`select id from clients where code = 'SUPP01'`))[0].id);
});
afterAll(async () => t?.close());

describe('product development: the demo', () => {
  it('the brand develops styles with BOM by colour, routing, tech pack and costing versions; the maker keeps its running styles', async () => {
    const rows = await q(sql`select code, status, total_smv from dev_style where client_id = ${brandId} order by code`);
    expect(rows.map((r) => `${r.code}:${r.status}`)).toEqual(['ST-2701:approved', 'ST-2702:approved', 'ST-2703:draft']);
    expect(Number(rows[0].total_smv)).toBeCloseTo(1.6 + 0.9 + 1.8 + 9.5 + 1.4 + 0.8, 4);
    const jeans = (await styles().view(await idOf('dev_style', brandId, 'ST-2703'))).body.data;
    expect((jeans.bom as Row[]).map((b) => b.colour)).toEqual(expect.arrayContaining(['深蓝', '浅蓝', null]));
    expect((jeans.routing as Row[]).some((r) => r.outsourced === true)).toBe(true);
    expect((jeans.techpack as Row[]).length).toBe(3);
    const versions = await q(sql`select cost_no, status, version_no from dev_style_cost where client_id = ${brandId} order by cost_no`);
    expect(versions.map((v) => `${v.cost_no}:${v.status}`)).toEqual(['ST-2701-V1:superseded', 'ST-2701-V2:confirmed', 'ST-2702-V1:draft']);
    const makerStyles = await q(sql`select code, status from dev_style where client_id = ${makerId} order by code`);
    expect(makerStyles.map((r) => r.status)).toEqual(['approved', 'approved', 'approved']);
  });

  it('sample requests travel between the demo brand and maker in every state of the trade, both records in step', async () => {
    const mine = await q(sql`select id, status, round from dev_sample_request where client_id = ${brandId} and direction = 'out' order by id`);
    expect(mine.map((r) => r.status)).toEqual(['approved', 'submitted', 'in_progress', 'requested', 'draft']);
    expect(Number(mine[1].round)).toBe(2);
    for (const r of mine.slice(0, 4)) expect((await copyOf(Number(r.id))).status).toBe(r.status);
    const theirs = await q(sql`select count(*)::int as n from dev_sample_comment where client_id = ${makerId} and jsonb_array_length(photos) > 0`);
    expect(Number(theirs[0].n)).toBeGreaterThan(2);
  });
});

describe('styles', () => {
  let styleId: number;

  it('checks colours and BOM colours, fills prices from the material master and sums the in-house SMV', async () => {
    const m1 = await idOf('md_material', brandId, 'MD0001');
    const m4 = await idOf('md_material', brandId, 'MD0004');
    const p10 = await idOf('md_process', brandId, 'P10');
    const p20 = await idOf('md_process', brandId, 'P20');
    const p30 = await idOf('md_process', brandId, 'P30');
    const bad = await styles().save({ code: 'T-100', name: '测试卫衣', season: 'AW', category: 'sportswear', colours: '灰色', size_range: 'S,M,L', bom: [{ colour: '红色', material_id: m1, consumption: 0.5 }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('红色');
    const noColours = await styles().save({ code: 'T-100', name: '测试卫衣', season: 'AW', category: 'sportswear', colours: ' , ', size_range: 'S' });
    expect(noColours.status).toBe(400);
    const ok = await styles().save({
      code: 't-100', name: '测试卫衣', season: 'AW', category: 'sportswear', colours: '灰色,黑色', size_range: 'S,M,L',
      bom: [{ colour: '灰色', material_id: m1, consumption: 0.5, wastage_pct: 4 }, { material_id: m4, consumption: 3, wastage_pct: 2, unit_price: 0.1 }],
      routing: [{ seq: 10, process_id: p10, smv: 1.2 }, { seq: 20, process_id: p20, smv: 3, outsourced: true, outsource_price: 2.5 }, { seq: 30, process_id: p30, smv: 11.3 }],
    });
    expect(ok.status).toBe(200);
    styleId = Number(ok.body.data.id);
    const v = (await styles().view(styleId)).body.data;
    expect(v.code).toBe('T-100');
    expect(Number(v.total_smv)).toBe(12.5);
    const bom = v.bom as Row[];
    expect(Number(bom[0].unit_price)).toBe(38.5); // MD0001's price
    expect(bom[0].unit).toBe('KG');
    expect(Number(bom[1].unit_price)).toBe(0.1); // its own price kept
  });

  it('approves only with a BOM and a routing, locks an approved style, revises and retires', async () => {
    const empty = await styles().save({ code: 'T-101', name: '空款', season: 'SS', category: 'knit-top', colours: '白色', size_range: 'M' });
    const refused = await styles().action('approve', { ids: [empty.body.data.id] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('款式 T-101 没有 BOM，不能确认');
    const en = await styles(brand, 'en').action('approve', { ids: [empty.body.data.id] });
    expect(en.body.message).toBe('Style T-101 has no bill of materials and cannot be approved');

    const approved = await styles().action('approve', { ids: [styleId] });
    expect(approved.status).toBe(200);
    let v = (await styles().view(styleId)).body.data;
    expect(v.status).toBe('approved');
    expect(v.approved_at).toBeTruthy();
    const edit = await styles().save({ id: styleId, version: v.version, name: '改名' });
    expect(edit.status).not.toBe(200);
    expect((await styles().action('revise', { ids: [styleId] })).status).toBe(200);
    v = (await styles().view(styleId)).body.data;
    expect(v.status).toBe('draft');
    expect((await styles().save({ id: styleId, version: v.version, name: '测试卫衣（改）' })).status).toBe(200);
    expect((await styles().action('retire', { ids: [empty.body.data.id] })).status).toBe(200);
    expect((await styles().view(empty.body.data.id)).body.data.status).toBe('retired');
    expect((await styles().action('approve', { ids: [styleId] })).status).toBe(200);
  });

  it('prices a costing version as the costing module does, reprices a draft, and locks a version once a newer one exists', async () => {
    const v1 = await costs().save({ style_id: styleId, colour: '灰色', minute_rate: 0.6, overhead_pct: 10, margin_pct: 20 });
    expect(v1.status).toBe(200);
    let c1 = (await costs().view(v1.body.data.id)).body.data;
    expect(c1).toMatchObject({ cost_no: 'T-100-V1', version_no: 1, status: 'draft', colour: '灰色' });
    expect((c1.materials as Row[]).length).toBe(2); // the grey line and the every-colour line
    expect((c1.processes as Row[]).length).toBe(3);
    const expected = costStyle(
      [{ consumption: 0.5, wastage_pct: 4, unit_price: 38.5 }, { consumption: 3, wastage_pct: 2, unit_price: 0.1 }],
      [{ smv: 1.2 }, { smv: 3, outsourced: true, outsource_price: 2.5 }, { smv: 11.3 }],
      { minute_rate: 0.6, overhead_pct: 10, margin_pct: 20 },
    );
    // By hand: materials 0.5×1.04×38.5 = 20.02 + 3×1.02×0.1 = 0.306 → 20.326; processing 12.5×0.6 = 7.5; outsourcing 2.5;
    // overhead 3.0326; cost 33.3586; price 33.3586 / 0.8 = 41.69825 → 41.6983.
    expect(expected).toMatchObject({ materials: 20.326, processing: 7.5, outsourcing: 2.5, overhead: 3.0326, cost: 33.3586, price: 41.6983 });
    expect(c1).toMatchObject({ material_cost: 20.326, processing_cost: 7.5, outsourcing_cost: 2.5, overhead_cost: 3.0326, total_cost: 33.3586, price: 41.6983, margin_amount: 8.3397, smv: 12.5 });
    expect((c1.materials as Row[]).map((m) => Number(m.amount))).toEqual([20.02, 0.306]);

    // A draft is repriced on every write.
    const re = await costs().save({ id: c1.id, version: c1.version, minute_rate: 0.7, margin_pct: 25 });
    expect(re.status).toBe(200);
    c1 = (await costs().view(c1.id)).body.data;
    const again = costStyle([{ consumption: 0.5, wastage_pct: 4, unit_price: 38.5 }, { consumption: 3, wastage_pct: 2, unit_price: 0.1 }], [{ smv: 1.2 }, { smv: 3, outsourced: true, outsource_price: 2.5 }, { smv: 11.3 }], { minute_rate: 0.7, overhead_pct: 10, margin_pct: 25 });
    expect(Number(c1.processing_cost)).toBe(8.75);
    expect(Number(c1.price)).toBe(again.price);
    const margin = await costs().save({ id: c1.id, version: c1.version, margin_pct: 100 });
    expect(margin.status).toBe(400);
    expect(JSON.stringify(margin.body)).toContain('毛利率须小于 100%');

    // V2 supersedes V1, which can then no longer change.
    const v2 = await costs().save({ style_id: styleId, minute_rate: 0.65, overhead_pct: 8, margin_pct: 22 });
    expect(v2.status).toBe(200);
    const c2 = (await costs().view(v2.body.data.id)).body.data;
    // No colour named: the style's first colour (grey) is costed.
    expect(c2).toMatchObject({ cost_no: 'T-100-V2', version_no: 2, status: 'draft', colour: null });
    expect((c2.materials as Row[]).length).toBe(2);
    c1 = (await costs().view(c1.id)).body.data;
    expect(c1.status).toBe('superseded');
    expect((await costs().save({ id: c1.id, version: c1.version, minute_rate: 0.5 })).status).not.toBe(200);
    expect((await costs().action('confirm', { ids: [c1.id] })).status).toBe(409);
    expect((await costs().action('confirm', { ids: [c2.id] })).status).toBe(200);
    const c2b = (await costs().view(c2.id)).body.data;
    expect(c2b.status).toBe('confirmed');
    expect((await costs().save({ id: c2.id, version: c2b.version, minute_rate: 0.5 })).status).not.toBe(200);
    // A colour the style does not have is refused.
    expect((await costs().save({ style_id: styleId, colour: '紫色', minute_rate: 0.6 })).status).toBe(400);
  });

  it('carries an approved style into a requirement order: category, colours x sizes, BOM with wastage', async () => {
    const orders = resourceClient(t.app, brand, 'scmapi', 'prorder', 'zh-CN');
    const draftStyle = await idOf('dev_style', brandId, 'ST-2703');
    const refused = await orders.save({ pr_type: 'bulk', style_id: draftStyle });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('款式 ST-2703 尚未确认');
    const saved = await orders.save({ pr_type: 'bulk', style_id: styleId });
    expect(saved.status).toBe(200);
    const o = (await orders.view(saved.body.data.id)).body.data;
    expect(o.category).toBe('sportswear');
    const entries = o.entries as Row[];
    expect(entries.map((e) => `${e.style_no}/${e.colour}/${e.size}/${e.qty}`).sort()).toEqual(
      ['灰色', '黑色'].flatMap((c) => ['S', 'M', 'L'].map((s) => `T-100/${c}/${s}/0`)).sort(),
    );
    const bom = o.bom_items as Row[];
    expect(bom.map((b) => Number(b.usage)).sort()).toEqual([0.52, 3.06]);
  });
});

describe('production plans use the style routing minutes', () => {
  it('a plan without its own minutes takes the approved style routing SMV, else the category figure', async () => {
    const planner = await signIn(t.app, 'maker.planner');
    const plans = resourceClient(t.app, planner, 'scmapi', 'prodplan', 'zh-CN');
    const [s] = await q(sql`select total_smv from dev_style where client_id = ${makerId} and code = 'ST-2601'`);
    expect(Number(s.total_smv)).toBe(12);
    const withStyle = await plans.save({ style_no: 'ST-2601', category: 'knit-top', qty: 300 });
    expect(withStyle.status).toBe(200);
    expect(Number((await plans.view(withStyle.body.data.id)).body.data.minutes_per_piece)).toBe(12);
    const noStyle = await plans.save({ style_no: 'ST-9999', category: 'knit-top', qty: 300 });
    expect(Number((await plans.view(noStyle.body.data.id)).body.data.minutes_per_piece)).toBe(minutesOfCategory('knit-top'));
    const own = await plans.save({ style_no: 'ST-2601', category: 'knit-top', qty: 300, minutes_per_piece: 9.5 });
    expect(Number((await plans.view(own.body.data.id)).body.data.minutes_per_piece)).toBe(9.5);
  });
});

describe('sample requests between brand and maker', () => {
  let reqId: number;
  let copyId: number;
  let styleId: number;
  let vendorId: number;

  it('draft → requested: the maker gets its copy, the share, the first comment and a notice', async () => {
    styleId = await idOf('dev_style', brandId, 'ST-2702');
    vendorId = await idOf('md_vendor', brandId, 'VHF01');
    const saved = await samples().save({ sample_type: 'fit', style_id: styleId, vendor_id: vendorId, due_date: '2027-03-01', requirements: '试身 40 码' });
    expect(saved.status).toBe(200);
    reqId = Number(saved.body.data.id);
    const d = (await samples().view(reqId)).body.data;
    expect(d).toMatchObject({ status: 'draft', direction: 'out', style_code: 'ST-2702', colour: '白色', sizes: '38,39,40,41,42', round: 1 });
    const before = Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${makerId}`))[0].n);
    const sent = await samples().action('send', { ids: [reqId] });
    expect(sent.status).toBe(200);
    const { mine, theirs } = await both(reqId);
    expect(mine).toMatchObject({ status: 'requested', partner_name: '华纺制衣' });
    expect(theirs).toMatchObject({ status: 'requested', direction: 'in', style_code: 'ST-2702', partner_name: '悦衣品牌', due_date: '2027-03-01', round: 1 });
    copyId = Number(theirs.id);
    const [share] = await q(sql`select * from scm_order_share where client_id = ${brandId} and source_entity = 'samplerequest' and source_id = ${reqId}`);
    expect(share).toMatchObject({ state: 'active', to_client: makerId, target_entity: 'samplerequest' });
    expect(Number(theirs.share_id)).toBe(Number(share.id));
    expect(Number((await q(sql`select count(*)::int as n from notify_notice where client_id = ${makerId}`))[0].n)).toBeGreaterThan(before);
    // The style's picture reached the maker as a file of its own.
    const img = await t.app.inject({ method: 'GET', url: String(theirs.style_image), headers: bearer(maker) });
    expect(img.statusCode).toBe(200);
    // Sent is locked for the form, on both sides.
    expect((await samples().save({ id: reqId, version: mine.version, qty: 3 })).status).not.toBe(200);
    expect((await samples(maker).save({ id: copyId, version: theirs.version, qty: 3 })).status).not.toBe(200);
  });

  it('each side does only its own steps', async () => {
    const wrong = await samples().action('accept', { ids: [reqId] });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('只有打样工厂可以接受打样');
    const wrong2 = await samples(maker).action('cancel', { ids: [copyId] });
    expect(wrong2.status).toBe(409);
    expect(wrong2.body.message).toBe('只有发出打样的一方可以取消打样');
  });

  it('requested → in progress → submitted only with photos of the round, mirrored with comments and photos', async () => {
    expect((await samples(maker).action('accept', { ids: [copyId] })).status).toBe(200);
    expect((await both(reqId)).mine.status).toBe('in_progress');
    const early = await samples(maker).action('submit', { ids: [copyId] });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('请先在本轮上传样衣照片再提交');
    const p = await uploadPhoto(maker);
    const c = await comment(maker, copyId, '正面照片', [p.id]);
    expect(c.statusCode).toBe(200);
    expect((await samples(maker).action('submit', { ids: [copyId], comment: '已寄出' })).status).toBe(200);
    const { mine, theirs } = await both(reqId);
    expect(mine.status).toBe('submitted');
    expect(theirs.status).toBe('submitted');
    expect(mine.submitted_at).toBeTruthy();
    // The brand reads the thread with the maker's photo as a file of its own company.
    const r = (await room(brand, reqId)).json() as Reply<{ comments: Row[] }>;
    const withPhoto = r.data.comments.find((x) => x.body === '正面照片')!;
    expect(withPhoto.side).toBe('in');
    const url = (withPhoto.photos as string[])[0];
    expect(url).not.toBe(p.url);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(brand) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: p.url, headers: bearer(brand) })).statusCode).toBe(404);
    expect(r.data.comments.map((x) => x.kind)).toEqual(['request', 'accept', 'comment', 'submit']);
  });

  it('submitted → rejected with a reason → a new round → submitted again → approved', async () => {
    const noReason = await samples().action('reject', { ids: [reqId] });
    expect(noReason.status).toBe(400);
    expect((await samples().action('reject', { ids: [reqId], reject_reason: '领围偏大 1cm' })).status).toBe(200);
    let s = await both(reqId);
    expect(s.mine).toMatchObject({ status: 'rejected', reject_reason: '领围偏大 1cm' });
    expect(s.theirs).toMatchObject({ status: 'rejected', reject_reason: '领围偏大 1cm' });
    expect((await samples().action('resample', { ids: [reqId], due_date: '2027-03-15' })).status).toBe(200);
    s = await both(reqId);
    expect(s.mine).toMatchObject({ status: 'requested', round: 2, due_date: '2027-03-15', reject_reason: null });
    expect(s.theirs).toMatchObject({ status: 'requested', round: 2, due_date: '2027-03-15' });
    // Photos of round 1 do not count for round 2.
    expect((await samples(maker).action('submit', { ids: [copyId] })).status).toBe(409);
    const p = await uploadPhoto(maker);
    expect((await comment(maker, copyId, '第二轮', [p.id])).statusCode).toBe(200);
    expect((await samples(maker).action('submit', { ids: [copyId] })).status).toBe(200);
    expect((await samples().action('approve', { ids: [reqId], comment: '批准，进入产前样' })).status).toBe(200);
    s = await both(reqId);
    expect(s.mine.status).toBe('approved');
    expect(s.theirs.status).toBe('approved');
    const rounds = await q(sql`select round, kind from dev_sample_comment where client_id = ${makerId} and request_id = ${copyId} order by id`);
    expect(rounds.filter((r) => Number(r.round) === 2).map((r) => r.kind)).toEqual(['resample', 'comment', 'submit', 'approve']);
    // Nothing more after approval but comments; the brand's comment reaches the maker.
    expect((await samples().action('cancel', { ids: [reqId] })).status).toBe(409);
    expect((await comment(brand, reqId, '谢谢')).statusCode).toBe(200);
    expect((await q(sql`select count(*)::int as n from dev_sample_comment where client_id = ${makerId} and request_id = ${copyId} and body = '谢谢'`))[0].n).toBe(1);
  });

  it('cancel closes the share and the maker copy; a cancelled request takes no comments', async () => {
    const saved = await samples().save({ sample_type: 'pp', style_id: styleId, vendor_id: vendorId, due_date: '2027-04-01' });
    const id = Number(saved.body.data.id);
    expect((await samples().action('send', { ids: [id] })).status).toBe(200);
    expect((await samples().action('cancel', { ids: [id] })).status).toBe(200);
    const s = await both(id);
    expect(s.mine.status).toBe('cancelled');
    expect(s.theirs.status).toBe('cancelled');
    expect((await q(sql`select state from scm_order_share where client_id = ${brandId} and source_entity = 'samplerequest' and source_id = ${id}`))[0].state).toBe('closed');
    const c = await comment(maker, s.theirs.id, '还做吗？');
    expect(c.statusCode).toBe(409);
    // A draft cancelled is only the requester's.
    const draft = await samples().save({ sample_type: 'proto', style_id: styleId, vendor_id: vendorId, due_date: '2027-04-01' });
    expect((await samples().action('cancel', { ids: [draft.body.data.id] })).status).toBe(200);
  });

  it('a maker sees only its own customers\' samples; another company sees neither record, thread nor photo', async () => {
    const makerList = (await samples(maker).page({ size: 200 })).body.data.rows;
    expect(makerList.length).toBeGreaterThan(0);
    expect(makerList.every((r) => r.direction === 'in' && r.partner_name === '悦衣品牌')).toBe(true);
    expect((await samples(supplier).page({ size: 200 })).body.data.rows.length).toBe(0);
    expect((await samples(supplier).view(reqId)).status).toBe(404);
    expect((await samples(supplier).view(copyId)).status).toBe(404);
    expect((await samples(maker).view(reqId)).status).toBe(404);
    expect((await room(supplier, reqId)).statusCode).toBe(404);
    expect((await room(supplier, copyId)).statusCode).toBe(404);
    expect((await comment(supplier, copyId, '偷看')).statusCode).toBe(404);
    expect((await samples(supplier).action('approve', { ids: [reqId] })).status).toBe(404);
    const theirPhoto = (await q(sql`select photos from dev_sample_comment where client_id = ${makerId} and jsonb_array_length(photos) > 0 limit 1`))[0].photos as string[];
    expect((await t.app.inject({ method: 'GET', url: theirPhoto[0], headers: bearer(supplier) })).statusCode).toBe(404);
    // A photo of another company cannot be attached to one's own comment.
    const p = await uploadPhoto(supplier);
    expect((await comment(maker, copyId, '借用', [p.id])).statusCode).toBe(404);
  });

  it('nothing is sent to a company that has not confirmed the requester as its customer', async () => {
    // The supplier's company, whose customer record of the brand is frozen: it accepts nothing from the brand now.
    await sql`update md_vendor set platform_client_code = 'SUPP01' where client_id = ${brandId} and code = 'VD003'`.execute(t.app.db);
    await sql`update md_customer set status = 'frozen' where client_id = ${supplierId} and upper(platform_client_code) = 'BRAND01'`.execute(t.app.db);
    const vd3 = await idOf('md_vendor', brandId, 'VD003');
    const saved = await samples().save({ sample_type: 'proto', style_id: styleId, vendor_id: vd3, due_date: '2027-05-01' });
    const before = Number((await q(sql`select count(*)::int as n from dev_sample_request where client_id = ${supplierId}`))[0].n);
    const r = await samples().action('send', { ids: [saved.body.data.id] });
    expect(r.status).toBe(403);
    expect(r.body.message).toContain('BRAND01');
    expect(Number((await q(sql`select count(*)::int as n from dev_sample_request where client_id = ${supplierId}`))[0].n)).toBe(before);
    expect((await samples().view(saved.body.data.id)).body.data.status).toBe('draft');
    // A vendor not on the platform: refused with its own message.
    const vd4 = await idOf('md_vendor', brandId, 'VD004');
    const other = await samples().save({ sample_type: 'proto', style_id: styleId, vendor_id: vd4, due_date: '2027-05-01' });
    const r2 = await samples('' + brand, 'en').action('send', { ids: [other.body.data.id] });
    expect(r2.status).toBe(409);
    expect(r2.body.message).toBe('The maker has not joined the platform: the request cannot be sent');
  });
});
