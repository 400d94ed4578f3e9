import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrderProgress } from '../../src/model/calls/production';
import { progressCells, type MatrixCell } from '../../src/model/size-progress';
import { apiCalls } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Shop-floor progress per colour x size and partial reports (issue 31), on PGlite and PostgreSQL: a
 * released work order's cells (ordered, finished, left); a partial report per cell adds to its cells
 * and the finished pieces (audited), refusals name the cell (over what is left, not whole, not in the
 * matrix, nothing), a stale version is refused; a scan out counts for its bundle's cell and its undo
 * takes it back; reaching the ordered pieces finishes the work order; another company reads nothing.
 */
let t: TestApp;
let planner: string;
let brand: string;
let makerId: number;

type Row = Record<string, unknown>;
const { call, q } = apiCalls(() => t.app);
/**
 * A work order's cells as the report's dialog draws them from the record (issue 30: the transition's
 * cells parameter; the progress read `GET /scmapi/workorder/progress` went): the generic view's matrix
 * and pieces per cell through the same pure function.
 */
async function progress(id: unknown): Promise<WorkOrderProgress> {
  const r = (await call<Row>(planner, 'GET', '/scmapi/workorder/view', { id })).body.data;
  const cells = progressCells((r.matrix ?? []) as MatrixCell[], (r.done_matrix ?? null) as Record<string, number> | null);
  return { id: Number(r.id), version: Number(r.version), wo_no: String(r.wo_no), process: String(r.process_id__label ?? ''), status: String(r.status), qty: Number(r.qty), done_qty: Number(r.done_qty ?? 0), cells };
}
/** 部分汇报, the work order's declared transition: its reply's `data` is the progress as it now stands. */
async function reportPart(token: string, body: Row, lang: 'zh-CN' | 'en' = 'zh-CN') {
  const r = await call<{ rows: Row[]; data: WorkOrderProgress[] }>(token, 'POST', '/scmapi/workorder/action/report_part', body, lang);
  const progress = r.status === 200 ? { ...r.body.data.data[0], version: Number(r.body.data.rows[0].version) } : null;
  return { status: r.status, body: { message: r.body.message, data: progress!, errors: (r.body.data as unknown as { errors?: Record<string, unknown> } | null)?.errors ?? {} } };
}

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
});
afterAll(async () => t?.close());

describe('progress per colour x size', () => {
  let wo: Row;

  it('lists a released work order\'s cells from its matrix; another company gets nothing', async () => {
    // A released, not started work order of a plan cut into bundles of real colours and sizes.
    [wo] = await q(sql`select w.id, w.qty, w.plan_id, w.process_id from scm_workorder w
      where w.client_id = ${makerId} and w.status = 'released' and coalesce(w.done_qty, 0) = 0 and jsonb_array_length(coalesce(w.matrix, '[]'::jsonb)) > 1
        and not exists (select 1 from scm_wo_scan s where s.workorder_id = w.id)
        and exists (select 1 from scm_wo_bundle b where b.plan_id = w.plan_id and b.colour not in ('', '-'))
        and not exists (select 1 from scm_workorder x where x.plan_id = w.plan_id and x.sequence < w.sequence and (x.force_in_scan or x.force_out_scan))
      order by w.sequence, w.id limit 1`);
    expect(wo, 'a released work order of a bundled plan').toBeTruthy();
    const p = await progress(wo.id);
    expect(p.cells.length).toBeGreaterThan(1);
    expect(p.cells.reduce((n, c) => n + c.ordered, 0)).toBe(Number(wo.qty));
    expect(p.cells.every((c) => c.done === 0 && c.left === c.ordered)).toBe(true);
    const other = await call(brand, 'GET', '/scmapi/workorder/view', { id: wo.id });
    expect([403, 404]).toContain(other.status);
  });

  it('refuses a partial report over a cell, not whole, of a cell not in the matrix, empty, or at a stale version; nothing stored', async () => {
    const p = await progress(wo.id);
    const [a] = p.cells;
    const over = await reportPart(planner, { id: wo.id, version: p.version, cells: { [a.key]: a.left + 1 } });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`${a.colour} / ${a.size}：本次完工数量须为 0 到 ${a.left} 之间的整数`);
    expect(over.body.errors[`cells.${a.key}`]).toBeTruthy();
    expect((await reportPart(planner, { id: wo.id, version: p.version, cells: { [a.key]: 1.5 } })).status).toBe(400);
    const unknown = await reportPart(planner, { id: wo.id, version: p.version, cells: { '紫色|XXS': 1 } }, 'en');
    expect(unknown.body.message).toBe('Colour / size 紫色 / XXS is not in the work order\'s matrix');
    const nothing = await reportPart(planner, { id: wo.id, version: p.version, cells: {} });
    expect(nothing.body.message).toBe('请填写本次完工数量');
    expect((await reportPart(planner, { id: wo.id, version: p.version - 1, cells: { [a.key]: 1 } })).status).toBe(409);
    expect((await reportPart(brand, { id: wo.id, version: p.version, cells: { [a.key]: 1 } })).status).toBeGreaterThanOrEqual(403);
    expect((await progress(wo.id)).done_qty).toBe(0);
  });

  it('a partial report adds to its cells and the finished pieces, audited; the work order stays released', async () => {
    const p = await progress(wo.id);
    const [a, b] = p.cells;
    const r = await reportPart(planner, { id: wo.id, version: p.version, cells: { [a.key]: 2, [b.key]: 3 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.done_qty).toBe(5);
    expect(r.body.data.status).toBe('released');
    const cell = (x: WorkOrderProgress, key: string) => x.cells.find((c) => c.key === key)!;
    expect(cell(r.body.data, a.key)).toMatchObject({ done: 2, left: a.left - 2 });
    expect(cell(r.body.data, b.key)).toMatchObject({ done: 3, left: b.left - 3 });
    const [audit] = await q(sql`select action, username from audit_log where client_id = ${makerId} and entity = 'workorder' and record_id = ${wo.id} order by id desc limit 1`);
    expect(audit).toMatchObject({ action: 'report_part', username: 'maker.planner' });
  });

  it('a scan out counts for its bundle\'s cell and its undo takes it back', async () => {
    const [bundle] = await q(sql`select bundle_no, colour, size, qty from scm_wo_bundle where plan_id = ${wo.plan_id} and colour not in ('', '-') order by seq limit 1`);
    const key = `${String(bundle.colour)}|${String(bundle.size)}`;
    const before = (await progress(wo.id)).cells.find((c) => c.key === key)!;
    const scanIn = await call(planner, 'POST', '/scmapi/workorder/scan', { barcode: bundle.bundle_no, process_id: wo.process_id, direction: 'in' });
    expect(scanIn.status, JSON.stringify(scanIn.body)).toBe(200);
    const scan = await call<{ scan_id: number }>(planner, 'POST', '/scmapi/workorder/scan', { barcode: bundle.bundle_no, process_id: wo.process_id, direction: 'out' });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    const took = Math.min(Number(bundle.qty), before.left);
    expect((await progress(wo.id)).cells.find((c) => c.key === key)!.done).toBe(before.done + Number(bundle.qty));
    expect(took).toBeGreaterThan(0);
    // The undo is the scan's declared line transition (issue 30; before, POST /scmapi/workorder/scan-undo { scan_id, reason }).
    const undo = await call(planner, 'POST', '/scmapi/wo_scan/action/undo', { ids: [scan.body.data.scan_id], reason: '测试撤销' });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await progress(wo.id)).cells.find((c) => c.key === key)!.done).toBe(before.done);
  });

  it('reporting everything left finishes the work order', async () => {
    const p = await progress(wo.id);
    const cells = Object.fromEntries(p.cells.filter((c) => c.left > 0).map((c) => [c.key, c.left]));
    const r = await reportPart(planner, { id: wo.id, version: p.version, cells });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'finished', done_qty: Number(wo.qty) });
    expect(r.body.data.cells.every((c) => c.left === 0)).toBe(true);
    const again = await reportPart(planner, { id: wo.id, version: r.body.data.version, cells: { [p.cells[0].key]: 1 } });
    expect(again.status).toBe(409);
  });
});
