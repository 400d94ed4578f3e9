import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScanUndoResult } from '../../src/model/calls/production';
import { translate } from '../../src/model/i18n';
import { permissionCatalog } from '../../src/server/services/admin/permission-catalog';
import { apiCalls, resourceClient, type Reply } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * A scan taken back with its reason (issue 31, "a scan undo, with its reason, audited"), on PGlite and
 * PostgreSQL: a scan out gives its pieces back to the work order and the bundle returns to its previous
 * scan; the reason is required; a scan followed by a later one of the same bundle, a finished work
 * order's scan and another company's call are refused; the audit log keeps the scan and the reason;
 * the bundle can be scanned again.
 *
 * Since issue 30 (2026-12-05 seventh session) the undo is the scan's declared line transition
 * (`wo_scan.lineOf`, `undo` removing the line) on the engine's action route
 * `POST /api/scmapi/wo_scan/action/undo { ids, version?, reason }` instead of the hand route
 * `/scmapi/workorder/scan-undo { scan_id, reason }`: a missing reason is the engine's refusal under
 * the field, the reply's data is the handler's (the station words it, `wo.undo.ok`).
 */
let t: TestApp;
let planner: string;
let brand: string;
let makerId: number;

type Row = Record<string, unknown>;
async function call<T = Row>(token: string, url: string, body: Row, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<{ status: number; body: Reply<T> }> {
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: `Bearer ${token}`, 'x-lang': lang }, payload: body });
  return { status: res.statusCode, body: res.json() };
}
const { q } = apiCalls(() => t.app);
const undo = (token: string, scanId: unknown, reason: string, lang: 'zh-CN' | 'en' = 'zh-CN', version?: number) =>
  call<{ rows: Row[]; data: ScanUndoResult[]; errors?: Record<string, unknown> }>(token, '/scmapi/wo_scan/action/undo', { ids: [scanId], reason, ...(version === undefined ? {} : { version }) }, lang);
const workOrder = async (id: unknown) => (await q(sql`select id, wo_no, status, qty, done_qty, version from scm_workorder where id = ${id}`))[0];

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
});
afterAll(async () => t?.close());

describe('scan undo', () => {
  let out: Row;

  it('refuses without a reason, a scan a later one follows, an unknown scan and another company', async () => {
    // The demo's released cutting work order with bundles scanned in and out (the latest scan of its bundle: out).
    [out] = await q(sql`select s.id, s.bundle_id, s.workorder_id, s.process_id, s.qty, b.bundle_no, pr.name as process from scm_wo_scan s
      join scm_workorder w on w.id = s.workorder_id and w.status = 'released'
      join scm_wo_bundle b on b.id = s.bundle_id join md_process pr on pr.id = s.process_id
      where s.client_id = ${makerId} and s.direction = 'out' and not exists (select 1 from scm_wo_scan x where x.bundle_id = s.bundle_id and x.id > s.id)
      order by s.id limit 1`);
    expect(out, 'a demo scan out').toBeTruthy();
    const noReason = await undo(planner, out.id, '  ');
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors?.reason, 'the reason refused under its field').toBeTruthy();
    const [scanIn] = await q(sql`select id from scm_wo_scan where bundle_id = ${out.bundle_id} and workorder_id = ${out.workorder_id} and direction = 'in'`);
    const later = await undo(planner, scanIn.id, '误扫', 'en');
    expect(later.status).toBe(409);
    expect(later.body.message).toBe(`Bundle ${String(out.bundle_no)} was scanned at "${String(out.process)}" after this: undo that scan first`);
    expect((await undo(planner, 999999999, '误扫')).status).toBe(404);
    const other = await undo(brand, out.id, '误扫');
    expect([403, 404]).toContain(other.status);
    expect((await q(sql`select count(*)::int as n from scm_wo_scan where id = ${out.id}`))[0].n).toBe(1);
  });

  it('undoes a scan out: the pieces go back, the bundle returns to its scan in, the audit keeps the scan and the reason', async () => {
    const before = await workOrder(out.workorder_id);
    const r = await undo(planner, out.id, '扫错工位');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const done = Math.max(0, Number(before.done_qty) - Number(out.qty));
    const [undone] = r.body.data.data;
    expect(undone.work_order.done_qty).toBe(done);
    expect(r.body.data.rows, 'the scan is gone: no row comes back').toEqual([]);
    expect(translate('zh-CN', 'wo.undo.ok', { ...undone.params, direction: translate('zh-CN', 'wo.undo.out') })).toBe(`已撤销扎 ${String(out.bundle_no)} 在工序“${String(out.process)}”的出站扫描（${Number(out.qty)} 件），原因：扫错工位；工单完工 ${done} / ${Number(before.qty)}`);
    expect(Number((await workOrder(out.workorder_id)).done_qty)).toBe(done);
    expect((await q(sql`select count(*)::int as n from scm_wo_scan where id = ${out.id}`))[0].n).toBe(0);
    const [bundle] = await q(sql`select last_process_id, last_direction from scm_wo_bundle where id = ${out.bundle_id}`);
    expect(bundle).toMatchObject({ last_direction: 'in' });
    expect(Number(bundle.last_process_id)).toBe(Number(out.process_id));
    const [audit] = await q(sql`select action, username, changes from audit_log where client_id = ${makerId} and entity = 'wo_scan' and record_id = ${out.id} and action = 'undo'`);
    expect(audit.username).toBe('maker.planner');
    const changes = audit.changes as Array<{ field: string; old: unknown; new: unknown }>;
    expect(changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: '扫错工位' }, expect.objectContaining({ field: 'direction', old: 'out', new: null })]));
    const [woAudit] = await q(sql`select action from audit_log where client_id = ${makerId} and entity = 'workorder' and record_id = ${out.workorder_id} order by id desc limit 1`);
    expect(woAudit.action).toBe('undo');
  });

  it('the bundle is scanned out again; once its work order is finished, its scans can no longer be undone', async () => {
    const again = await call<{ scan_id: number }>(planner, '/scmapi/workorder/scan', { barcode: out.bundle_no, process_id: out.process_id, direction: 'out' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const wo = await workOrder(out.workorder_id);
    if (wo.status !== 'finished') {
      const report = await resourceClient(t.app, planner, 'scmapi', 'workorder').action('report', { id: wo.id, report_qty: Number(wo.qty) });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
    }
    const refused = await undo(planner, again.body.data.scan_id, '误扫');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`工单 ${String(wo.wo_no)} 已完工，扫描不能撤销`);
    expect((await q(sql`select count(*)::int as n from scm_wo_scan where id = ${again.body.data.scan_id}`))[0].n).toBe(1);
  });
});

describe('the undo on the engine (issue 30)', () => {
  it('is a declared action of the work order menu, refuses a stale version with nothing written, and lands in the scan\'s history as undo', async () => {
    const entry = permissionCatalog().find((e) => e.menu_code === 'scm.workorder');
    expect(entry?.verbs).toContain('action:undo');
    // A released work order's latest scan of a bundle (the demo's second cutting work order, scanned in only).
    const [scan] = await q(sql`select s.id, s.version, s.bundle_id from scm_wo_scan s join scm_workorder w on w.id = s.workorder_id and w.status = 'released'
      where s.client_id = ${makerId} and not exists (select 1 from scm_wo_scan x where x.bundle_id = s.bundle_id and x.id > s.id) order by s.id desc limit 1`);
    expect(scan, 'a released work order\'s latest scan').toBeTruthy();
    const stale = await undo(planner, scan.id, '误扫', 'zh-CN', Number(scan.version) + 1);
    expect(stale.status).toBe(409);
    expect((await q(sql`select count(*)::int as n from scm_wo_scan where id = ${scan.id}`))[0].n).toBe(1);
    const ok = await undo(planner, scan.id, '重复扫描', 'zh-CN', Number(scan.version));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const audit = await q(sql`select action, changes from audit_log where client_id = ${makerId} and entity = 'wo_scan' and record_id = ${scan.id} order by id`);
    expect(audit.filter((a) => a.action === 'undo')).toHaveLength(1);
    expect(audit[audit.length - 1].action).toBe('undo');
    expect(audit[audit.length - 1].changes).toEqual(expect.arrayContaining([{ field: 'reason', old: null, new: '重复扫描' }, expect.objectContaining({ field: 'bundle_id', new: null })]));
    // Nothing left to undo: the scan is no longer found.
    expect((await undo(planner, scan.id, '重复扫描')).status).toBe(404);
  });
});
