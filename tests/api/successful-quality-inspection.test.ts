import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient, type Reply } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { multipart } from './import-support';

/**
 * Quality inspection (issue 18), on PGlite and PostgreSQL: the maker's demo catalogue and inspections
 * (pass, fail re-inspected, fail blocking its order); the sampling plan computed by the server from
 * lot size, level and AQL whatever the body says (ISO 2859-1 rows: 2000 II 2.5 → K 125 7/8, 4.0 →
 * 10/11, 120 II 2.5 → F 20 1/2); the verdict on submit (Ac passes, Re fails, any critical fails);
 * states draft → submitted → re-inspected with a new linked draft; a failed final inspection refuses
 * finishing its customer order (zh / en naming the inspection) until a re-inspection passes; photos;
 * another company sees none of it.
 */
let t: TestApp;
let planner: string;
let brand: string;
let makerId: number;
type Row = Record<string, unknown>;
const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(t.app.db)).rows;
const inspections = (token = planner, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'inspection', lang);
const orders = (token = planner, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', 'customerorder', lang);
const defectId = async (code: string) => Number((await q(sql`select id from qm_defect where client_id = ${makerId} and code = ${code}`))[0].id);
const view = async (id: unknown) => (await inspections().view(id)).body.data;

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
});
afterAll(async () => t?.close());

describe('quality inspection', () => {
  let order: Row;

  it('the demo maker has a defect catalogue and inspections that passed, failed and were re-inspected', async () => {
    const defects = await q(sql`select severity, count(*)::int as n from qm_defect where client_id = ${makerId} group by severity`);
    const by = Object.fromEntries(defects.map((r) => [r.severity, Number(r.n)]));
    expect(by.critical).toBeGreaterThan(0);
    expect(by.major).toBeGreaterThan(0);
    expect(by.minor).toBeGreaterThan(0);
    const rows = await q(sql`select id, insp_no, status, result, stage, order_id, reinspect_of, reinspection_id, critical_qty, major_qty, sample_size, ac, re from qm_inspection where client_id = ${makerId} order by id`);
    expect(rows.some((r) => r.status === 'submitted' && r.result === 'pass')).toBe(true);
    const redone = rows.find((r) => r.status === 'reinspected')!;
    expect(redone.result).toBe('fail');
    const redo = rows.find((r) => Number(r.id) === Number(redone.reinspection_id))!;
    expect(redo).toMatchObject({ status: 'submitted', result: 'pass' });
    expect(Number(redo.reinspect_of)).toBe(Number(redone.id));
    const critical = rows.find((r) => r.status === 'submitted' && Number(r.critical_qty) > 0)!;
    expect(critical.result).toBe('fail');
    // That order stays unfinished: its latest final inspection failed.
    const [o] = await q(sql`select id, version from scm_customer_order where client_id = ${makerId} and id = ${critical.order_id}`);
    const r = await orders().action('finish', { ids: [o.id] });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain(String(critical.insp_no));
    // The list answers the planner.
    const page = await inspections().page({ size: 100 });
    expect(page.status).toBe(200);
    expect(page.body.data.rows.length).toBe(rows.length);
  });

  it('computes the sampling plan on the server from lot size, level and AQL', async () => {
    [order] = await q(sql`select id, order_no from scm_customer_order c where client_id = ${makerId} and status = 'in_progress'
      and not exists (select 1 from qm_inspection i where i.client_id = c.client_id and i.order_id = c.id) order by order_no limit 1`);
    expect(order).toBeTruthy();
    // The body's own plan is ignored.
    const saved = await inspections().save({ stage: 'final', order_id: order.id, lot_size: 2000, level: 'II', aql: '2.5', sample_size: 5, ac: 99, re: 100 });
    expect(saved.status).toBe(200);
    expect(await view(saved.body.data.id)).toMatchObject({ status: 'draft', code_letter: 'K', sample_size: 125, ac: 7, re: 8 });
    const four = await inspections().save({ stage: 'inline', order_id: order.id, lot_size: 3200, level: 'II', aql: '4.0' });
    expect(await view(four.body.data.id)).toMatchObject({ code_letter: 'K', sample_size: 125, ac: 10, re: 11 });
    const small = await inspections().save({ stage: 'inline', order_id: order.id, lot_size: 120, level: 'II', aql: '2.5' });
    expect(await view(small.body.data.id)).toMatchObject({ code_letter: 'F', sample_size: 20, ac: 1, re: 2 });
    // An arrow: lot 60 level II is E, AQL 2.5 points down to F.
    const arrow = await inspections().save({ stage: 'inline', order_id: order.id, lot_size: 60, level: 'II', aql: '2.5' });
    expect(await view(arrow.body.data.id)).toMatchObject({ code_letter: 'F', sample_size: 20, ac: 1, re: 2 });
    // Changing the lot recomputes.
    const v = await view(small.body.data.id);
    const moved = await inspections().save({ id: v.id, version: v.version, lot_size: 1500 });
    expect(moved.status).toBe(200);
    expect(await view(v.id)).toMatchObject({ code_letter: 'K', sample_size: 125, ac: 7, re: 8 });
  });

  it('refuses an empty lot, an AQL off the table and a final inspection without its order', async () => {
    const one = await inspections(planner, 'zh-CN').save({ stage: 'inline', lot_size: 0, level: 'II', aql: '2.5' });
    expect(one.status).toBe(400);
    expect(one.body.data).toMatchObject({ errors: { lot_size: '批量须为正整数' } });
    const aql = await inspections().save({ stage: 'inline', lot_size: 100, level: 'II', aql: '3.0' });
    expect(aql.status).toBe(400);
    expect(Object.keys((aql.body.data as { errors: Row }).errors)).toContain('aql');
    const noOrder = await inspections(planner, 'en').save({ stage: 'final', lot_size: 100, level: 'II', aql: '2.5' });
    expect(noOrder.status).toBe(400);
    expect(noOrder.body.data).toMatchObject({ errors: { order_id: 'A final inspection needs its customer order' } });
  });

  it('judges the sample on submit: Ac passes, Re fails, any critical fails; a submitted record is locked', async () => {
    const [s01, s03, c01] = [await defectId('S01'), await defectId('S03'), await defectId('C01')];
    const atAc = await inspections().save({ stage: 'endline', order_id: order.id, lot_size: 2000, level: 'II', aql: '2.5', defects: [{ defect_id: s01, qty: 7 }, { defect_id: s03, qty: 7 }] });
    expect(atAc.status).toBe(200);
    const draft = await view(atAc.body.data.id);
    expect(draft).toMatchObject({ major_qty: 7, minor_qty: 7, critical_qty: 0 });
    expect((draft.defects as Row[]).map((d) => d.severity).sort()).toEqual(['major', 'minor']);
    let r = await inspections().action('submit', { ids: [draft.id] });
    expect(r.status).toBe(200);
    expect(await view(draft.id)).toMatchObject({ status: 'submitted', result: 'pass' });
    const locked = await inspections().save({ id: draft.id, version: (await view(draft.id)).version, lot_size: 50 });
    expect(locked.status).not.toBe(200);

    const atRe = await inspections().save({ stage: 'endline', order_id: order.id, lot_size: 2000, level: 'II', aql: '2.5', defects: [{ defect_id: s01, qty: 8 }] });
    r = await inspections().action('submit', { ids: [atRe.body.data.id] });
    expect(await view(atRe.body.data.id)).toMatchObject({ status: 'submitted', result: 'fail', major_qty: 8 });

    const crit = await inspections().save({ stage: 'endline', order_id: order.id, lot_size: 2000, level: 'II', aql: '2.5', defects: [{ defect_id: c01, qty: 1 }] });
    r = await inspections().action('submit', { ids: [crit.body.data.id] });
    expect(await view(crit.body.data.id)).toMatchObject({ result: 'fail', critical_qty: 1, major_qty: 0 });
    // A passed record is not re-inspected.
    const again = await inspections().action('reinspect', { ids: [draft.id] });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(String(draft.insp_no));
  });

  it('a failed final inspection blocks finishing the order until its re-inspection passes', async () => {
    const s02 = await defectId('S02');
    const fin = await inspections().save({ stage: 'final', order_id: order.id, lot_size: 120, level: 'II', aql: '2.5', defects: [{ defect_id: s02, qty: 2 }] });
    await inspections().action('submit', { ids: [fin.body.data.id] });
    const failed = await view(fin.body.data.id);
    expect(failed).toMatchObject({ result: 'fail', sample_size: 20, re: 2 });
    let r = await orders().action('finish', { ids: [order.id] });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`订单 ${order.order_no} 的出货检验 ${failed.insp_no} 不合格，不能完成出货；请复检合格后再完成`);
    r = await orders(planner, 'en').action('finish', { ids: [order.id] });
    expect(r.body.message).toContain(`final inspection ${failed.insp_no} of order ${order.order_no} failed`);
    expect((await q(sql`select status from scm_customer_order where id = ${order.id}`))[0].status).toBe('in_progress');

    const re = await inspections().action('reinspect', { ids: [failed.id] });
    expect(re.status).toBe(200);
    const newId = (re.body.data as unknown as { data: Array<{ id: number }> }).data?.[0]?.id ?? Number((await view(failed.id)).reinspection_id);
    const redo = await view(newId);
    expect(redo).toMatchObject({ status: 'draft', reinspect_of: failed.id, lot_size: 120, sample_size: 20, stage: 'final' });
    expect(await view(failed.id)).toMatchObject({ status: 'reinspected', reinspection_id: newId });
    // Still blocked while the re-inspection is a draft.
    expect((await orders().action('finish', { ids: [order.id] })).status).toBe(409);
    await inspections().save({ id: redo.id, version: redo.version, defects: [{ defect_id: s02, qty: 1 }] });
    await inspections().action('submit', { ids: [redo.id] });
    expect(await view(redo.id)).toMatchObject({ status: 'submitted', result: 'pass' });
    r = await orders().action('finish', { ids: [order.id] });
    expect(r.status).toBe(200);
  });

  it('stores defect photos for the company and serves them to it only', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = multipart([{ name: 'file', filename: 'skip.png', content: png, type: 'image/png' }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/scmapi/inspection/photo', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${planner}` } });
    expect(up.statusCode).toBe(200);
    const { url } = (up.json() as Reply<{ url: string }>).data;
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${planner}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${brand}` } })).statusCode).toBe(404);
    const text = multipart([{ name: 'file', filename: 'x.txt', content: Buffer.from('hello'), type: 'text/plain' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/scmapi/inspection/photo', payload: text.payload, headers: { ...text.headers, authorization: `Bearer ${planner}` } })).statusCode).toBe(415);
    // A photo address on a defect line is kept.
    const s03 = await defectId('S03');
    const saved = await inspections().save({ stage: 'inline', lot_size: 300, level: 'II', aql: '2.5', defects: [{ defect_id: s03, qty: 1, photos: JSON.stringify([url]) }] });
    expect(saved.status).toBe(200);
    expect(((await view(saved.body.data.id)).defects as Row[])[0].photos).toEqual([url]);
  });

  it('the brand sees the submitted results of its own orders through its shares, without drafts or who inspected', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/scmapi/inspection/brand-results', headers: { authorization: `Bearer ${brand}` } });
    expect(res.statusCode).toBe(200);
    const rows = (res.json() as Reply<{ rows: Row[] }>).data.rows;
    const maker = await q(sql`select i.insp_no, i.result, i.status from qm_inspection i join scm_customer_order co on co.client_id = i.client_id and co.id = i.order_id
      where i.client_id = ${makerId} and co.share_id is not null and i.status <> 'draft'`);
    expect(rows.map((r) => r.insp_no).sort()).toEqual(maker.map((r) => r.insp_no).sort());
    expect(rows.some((r) => r.result === 'fail')).toBe(true);
    for (const r of rows) {
      expect(r).not.toHaveProperty('inspector');
      expect(r.status).not.toBe('draft');
      expect(String(r.pr_no)).toMatch(/\S/);
      expect(r.maker_name).toBe('华纺制衣');
    }
    // The maker's supplier has no share of these orders: nothing.
    const supplier = await signIn(t.app, 'supplier');
    const other = await t.app.inject({ method: 'GET', url: '/api/scmapi/inspection/brand-results', headers: { authorization: `Bearer ${supplier}` } });
    expect(other.statusCode === 403 || (other.json() as Reply<{ rows: Row[] }>).data.rows.length === 0).toBe(true);
  });

  it('another company reads, writes and inspects none of it', async () => {
    // The brand's administrator holds every menu of its own company: it sees its company's (no) inspections only.
    const list = await inspections(brand).page({ size: 10 });
    expect(list.status === 403 || (list.status === 200 && list.body.data.rows.length === 0)).toBe(true);
    const setup = await t.app.inject({ method: 'GET', url: '/api/scmapi/inspection/station-setup', headers: { authorization: `Bearer ${brand}` } });
    if (setup.statusCode === 200) expect((setup.json() as Reply<{ defects: Row[]; recent: Row[] }>).data).toMatchObject({ defects: [], recent: [] });
    else expect(setup.statusCode).toBe(403);
    const [one] = await q(sql`select id, version from qm_inspection where client_id = ${makerId} and status = 'draft' limit 1`);
    expect([403, 404]).toContain((await inspections(brand).view(one.id)).status);
    expect([403, 404]).toContain((await inspections(brand).action('submit', { ids: [one.id] })).status);
    expect([403, 404]).toContain((await inspections(brand).save({ id: one.id, version: one.version, lot_size: 5 })).status);
    expect((await q(sql`select status from qm_inspection where id = ${one.id}`))[0].status).toBe('draft');
    // Nor does it use the maker's catalogue.
    const s01 = await defectId('S01');
    const foreign = await inspections(brand).save({ stage: 'inline', lot_size: 100, level: 'II', aql: '2.5', defects: [{ defect_id: s01, qty: 1 }] });
    expect([400, 403]).toContain(foreign.status);
    const mine = await t.app.inject({ method: 'GET', url: '/api/scmapi/inspection/station-setup', headers: { authorization: `Bearer ${planner}` } });
    const data = (mine.json() as Reply<{ defects: Row[]; orders: Row[]; recent: Row[] }>).data;
    expect(data.defects.length).toBe(12);
    expect(data.recent.length).toBeGreaterThan(0);
  });
});
