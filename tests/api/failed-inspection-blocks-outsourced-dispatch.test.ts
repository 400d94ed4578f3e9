import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 18: "a failed final inspection blocks dispatch", for outsourced work. The maker's QC inspects
 * an outsourced order's goods at the supplier (end-line or final, naming the outsourced order); while
 * the latest such inspection failed, the supplier's dispatch of its outsourced task is refused, in
 * the supplier's own company, naming its task and the inspection; a re-inspection that passes lets
 * it go. An inline inspection does not hold goods. On PGlite and PostgreSQL.
 */
let t: TestApp;
let maker: string;
let planner: string;
let sales: string;
let makerId: number;
type Row = Record<string, unknown>;

const scm = (token: string, entity: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'scmapi', entity, lang);
const defectId = async (code: string) => Number((await sql<Row>`select id from qm_defect where client_id = ${makerId} and code = ${code}`.execute(t.app.db)).rows[0].id);

beforeAll(async () => {
  t = await createTestApp();
  [maker, planner, sales] = await Promise.all([signIn(t.app, 'maker'), signIn(t.app, 'maker.planner'), signIn(t.app, 'supplier.sales')]);
  makerId = Number((await sql<Row>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id);
});
afterAll(async () => t?.close());

describe('a failed inspection of outsourced work holds the supplier\'s dispatch', () => {
  it('refuses the dispatch while the latest end-line inspection failed, and lets it go once a re-inspection passes', async () => {
    // An outsourced washing order of a scheduled plan, sent to the supplier company and accepted there.
    const plans = (await scm(maker, 'prodplan').page({ 'f.status.eq': 'scheduled', size: 200 })).body.data.rows;
    const used = new Set((await scm(maker, 'outsourceorder').page({ size: 500 })).body.data.rows.map((o) => Number(o.plan_id)));
    const plan = plans.find((p) => !used.has(Number(p.id)))!;
    expect(plan).toBeTruthy();
    const made = await scm(maker, 'prodplan').action('outsource', { id: plan.id, process_code: 'P40', vendor_code: 'VD-OS01' });
    expect(made.status).toBe(200);
    const orderId = Number((made.body.data as unknown as { data: Array<{ orders: Array<{ id: number }> }> }).data[0].orders[0].id);
    const sent = await scm(maker, 'outsourceorder').action('submit', { id: orderId });
    expect(sent.status).toBe(200);
    const osNo = String(sent.body.data.rows[0].os_no);
    const tasks = scm(sales, 'outsourcetask');
    const task = (await tasks.page({ 'f.source_no.eq': osNo })).body.data.rows[0];
    expect((await tasks.action('accept', { id: task.id })).status).toBe(200);

    const inspections = scm(planner, 'inspection');
    const [s01, s03] = [await defectId('S01'), await defectId('S03')];
    // An inline inspection that fails does not hold the goods.
    const inline = await inspections.save({ stage: 'inline', outsource_id: orderId, lot_size: 2000, level: 'II', aql: '2.5', defects: [{ defect_id: s01, qty: 9 }] });
    expect(inline.status).toBe(200);
    await inspections.action('submit', { ids: [inline.body.data.id] });
    expect((await inspections.view(inline.body.data.id)).body.data.result).toBe('fail');

    // The end-line inspection at the supplier fails: 8 major at Re 8.
    const endline = await inspections.save({ stage: 'endline', outsource_id: orderId, lot_size: 2000, level: 'II', aql: '2.5', defects: [{ defect_id: s01, qty: 8 }] });
    expect(endline.status).toBe(200);
    await inspections.action('submit', { ids: [endline.body.data.id] });
    const failed = (await inspections.view(endline.body.data.id)).body.data;
    expect(failed).toMatchObject({ status: 'submitted', result: 'fail' });

    const refused = await tasks.action('dispatch', { id: task.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`外发加工单 ${task.task_no} 的检验 ${failed.insp_no} 不合格，不能发货；请待客户复检合格后再发货`);
    const en = await scm(sales, 'outsourcetask', 'en').action('dispatch', { id: task.id });
    expect(en.body.message).toContain(`inspection ${failed.insp_no} of outsourced task ${task.task_no} failed`);
    // Nothing moved on either side.
    expect((await tasks.view(task.id)).body.data.status).toBe('accepted');
    expect((await scm(maker, 'outsourceorder').view(orderId)).body.data.status).toBe('accepted');

    // A re-inspection: blocked while it is a draft, free once it passes.
    const re = await inspections.action('reinspect', { ids: [failed.id] });
    expect(re.status).toBe(200);
    const redoId = Number((await inspections.view(failed.id)).body.data.reinspection_id);
    expect((await tasks.action('dispatch', { id: task.id })).status).toBe(409);
    const redo = (await inspections.view(redoId)).body.data;
    expect((await inspections.save({ id: redoId, version: redo.version, defects: [{ defect_id: s03, qty: 3 }] })).status).toBe(200);
    await inspections.action('submit', { ids: [redoId] });
    expect((await inspections.view(redoId)).body.data).toMatchObject({ status: 'submitted', result: 'pass', outsource_id: orderId });
    const shipped = await tasks.action('dispatch', { id: task.id });
    expect(shipped.status).toBe(200);
    expect((await scm(maker, 'outsourceorder').view(orderId)).body.data.status).toBe('dispatched');
  });
});
