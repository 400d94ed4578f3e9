import { sql } from 'kysely';
import type { PlanMatrixCell } from '../../../model/entities/prodplan.entity';
import type { ScanDirection, ScanInput, ScanResult, ScanSetup } from '../../../model/calls/production';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { WriteActor } from '../../resources/save-hooks';
import { writeContext } from '../../resources/document-stages';
import { insertRecords, removeRecords, updateRecords } from '../../resources/record-writer';
import { addToCell } from './production.progress';
import { announceActuals, rollUpProgress } from './production.workorders';
import { recordNodesFromWorkOrders } from '../tracking/tracking.workorders';
import { queueNodeRecalcOfPlans } from '../tracking/tracking.recalc';
import { num } from '../../db/row-values';

/**
 * Bundles and scans (issue 12; the scan validation page /zp/prodmgm/index/vfscanvalidate).
 *
 * A plan's work orders share its bundles: each colour x size cell of the plan's matrix is cut into
 * bundles of at most `bundleSize` pieces, numbered `<plan no>-<seq>` (the barcode on the ticket).
 * A workstation scans a bundle in or out of its process. Rules, in order:
 * - the bundle's plan has a released (not finished) work order for the process;
 * - in: not already in; out: not already out, and scanned in first when the process forces scan in;
 * - every earlier process of the plan (lower sequence) that forces scan in / out has the bundle's
 *   in / out scan: a skipped process is refused by name.
 * A scan out adds the bundle's pieces to the work order's finished quantity (at most the ordered; the
 * work order finishes when it reaches it) and the progress rolls up when it is the last process.
 */
type Row = Record<string, unknown>;

/** Cuts a plan's matrix into bundles of at most `size` pieces, cell by cell. Pure. */
export function cutBundles(matrix: readonly PlanMatrixCell[], size: number): Array<{ seq: number; style_no: string | null; colour: string; size: string; qty: number }> {
  const out: Array<{ seq: number; style_no: string | null; colour: string; size: string; qty: number }> = [];
  for (const cell of matrix) {
    let left = Math.max(0, Math.floor(Number(cell.qty) || 0));
    while (left > 0) {
      const qty = Math.min(size, left);
      out.push({ seq: out.length + 1, style_no: cell.style_no ?? null, colour: String(cell.colour ?? ''), size: String(cell.size ?? ''), qty });
      left -= qty;
    }
  }
  return out;
}

export const bundleNo = (planNo: string, seq: number) => `${planNo}-${String(seq).padStart(3, '0')}`;

async function planRow(tx: Db, clientId: number, planId: number): Promise<Row> {
  const p = (await sql<Row>`select id, plan_no, style_no, matrix, qty from scm_prodplan where client_id = ${clientId} and id = ${planId} for update`.execute(tx)).rows[0];
  if (!p) throw new AppError('err.notFound');
  return p;
}

/** Cuts (or cuts again, while nothing is scanned) the bundles of a plan's work order set. */
export async function generateBundles(tx: Db, actor: WriteActor, planId: number, bundleSize: number): Promise<{ bundles: number }> {
  const clientId = actor.clientId;
  if (!Number.isInteger(bundleSize) || bundleSize < 1 || bundleSize > 10000) throw new AppError('wo.bundleSize', { fields: { bundle_size: { key: 'wo.bundleSize' } } });
  const plan = await planRow(tx, clientId, planId);
  const planNo = String(plan.plan_no ?? '');
  const wos = await sql<{ n: number }>`select count(*)::int as n from scm_workorder where client_id = ${clientId} and plan_id = ${planId}`.execute(tx);
  if (!wos.rows[0].n) throw new AppError('wo.noWorkOrders', { params: { plan: planNo } });
  const scanned = await sql<{ n: number }>`select count(*)::int as n from scm_wo_scan where client_id = ${clientId} and plan_id = ${planId}`.execute(tx);
  if (scanned.rows[0].n) throw new AppError('wo.bundlesScanned', { params: { plan: planNo } });
  const matrix = Array.isArray(plan.matrix) && plan.matrix.length
    ? (plan.matrix as PlanMatrixCell[])
    : num(plan.qty) > 0 ? [{ style_no: String(plan.style_no ?? ''), colour: '-', size: '-', qty: num(plan.qty) }] : [];
  const cut = cutBundles(matrix, bundleSize);
  if (!cut.length) throw new AppError('wo.noMatrix', { params: { plan: planNo } });
  const w = writeContext(tx, actor, 'service');
  await removeRecords(w, 'wo_bundle', { where: sql`t.plan_id = ${planId}` });
  // Multi-row inserts, 1,000 bundles a statement (a plan cut into pieces of one makes thousands).
  const rows = cut.map((b) => ({ bundle_no: bundleNo(planNo, b.seq), plan_id: planId, seq: b.seq, style_no: b.style_no ?? plan.style_no ?? null, colour: b.colour, size: b.size, qty: b.qty }));
  for (let i = 0; i < rows.length; i += 1000) await insertRecords(w, 'wo_bundle', rows.slice(i, i + 1000));
  return { bundles: cut.length };
}

/** Parses a scan request; bad input is a validation error naming the field. */
export function parseScan(body: Row): ScanInput {
  const barcode = typeof body.barcode === 'string' ? body.barcode.trim() : '';
  if (!barcode) throw new AppError('wo.scan.emptyBarcode', { fields: { barcode: { key: 'wo.scan.emptyBarcode' } } });
  const processId = Number(body.process_id);
  if (!Number.isSafeInteger(processId) || processId <= 0) throw new AppError('wo.scan.badProcess', { fields: { process_id: { key: 'wo.scan.badProcess' } } });
  const direction = body.direction === 'out' ? 'out' : body.direction === 'in' ? 'in' : null;
  if (!direction) throw new AppError('err.validation', { fields: { direction: { key: 'rule.required' } } });
  return { barcode: barcode.slice(0, 80), process_id: processId, direction };
}

/** Validates and records one scan (the rules above); a refusal throws with the process named. */
export async function recordScan(tx: Db, actor: WriteActor, input: ScanInput): Promise<ScanResult> {
  const clientId = actor.clientId;
  const barcode = input.barcode;
  const bundle = (await sql<Row>`select id, bundle_no, plan_id, style_no, colour, size, qty, version from scm_wo_bundle
    where client_id = ${clientId} and upper(bundle_no) = upper(${barcode}) order by id limit 1 for update`.execute(tx)).rows[0];
  if (!bundle) throw new AppError('wo.scan.unknown', { params: { barcode } });
  const code = String(bundle.bundle_no);
  const process = (await sql<Row>`select id, name from md_process where client_id = ${clientId} and id = ${input.process_id}`.execute(tx)).rows[0];
  if (!process) throw new AppError('wo.scan.badProcess', { fields: { process_id: { key: 'wo.scan.badProcess' } } });
  const wos = (await sql<Row>`select w.id, w.wo_no, w.process_id, w.sequence, w.status, w.qty, w.done_qty, w.force_in_scan, w.force_out_scan, w.is_last, w.line_id, w.style_no, pr.name as process_name
    from scm_workorder w join md_process pr on pr.client_id = w.client_id and pr.id = w.process_id
    where w.client_id = ${clientId} and w.plan_id = ${bundle.plan_id} order by w.sequence, w.id for update of w`.execute(tx)).rows;
  const wo = wos.find((w) => Number(w.process_id) === input.process_id);
  const pname = String(process.name);
  if (!wo) throw new AppError('wo.scan.noWorkOrder', { params: { barcode: code, process: pname } });
  if (wo.status === 'draft') throw new AppError('wo.scan.notReleased', { params: { wo: String(wo.wo_no), process: pname } });
  if (wo.status === 'finished') throw new AppError('wo.scan.finished', { params: { wo: String(wo.wo_no), process: pname } });
  const scans = (await sql<Row>`select workorder_id, direction from scm_wo_scan where client_id = ${clientId} and bundle_id = ${bundle.id}`.execute(tx)).rows;
  const has = (woId: unknown, dir: ScanDirection) => scans.some((s) => Number(s.workorder_id) === Number(woId) && s.direction === dir);
  if (input.direction === 'in' && has(wo.id, 'in')) throw new AppError('wo.scan.alreadyIn', { params: { barcode: code, process: pname } });
  if (input.direction === 'out') {
    if (has(wo.id, 'out')) throw new AppError('wo.scan.alreadyOut', { params: { barcode: code, process: pname } });
    if (wo.force_in_scan === true && !has(wo.id, 'in')) throw new AppError('wo.scan.skippedIn', { params: { barcode: code, process: pname } });
  }
  // A process forcing its scans cannot be skipped on the way to a later one.
  for (const prev of wos) {
    if (num(prev.sequence) >= num(wo.sequence) || prev.id === wo.id) continue;
    const name = String(prev.process_name);
    if (prev.force_in_scan === true && !has(prev.id, 'in')) throw new AppError('wo.scan.skippedIn', { params: { barcode: code, process: name } });
    if (prev.force_out_scan === true && !has(prev.id, 'out')) throw new AppError('wo.scan.skippedOut', { params: { barcode: code, process: name } });
  }

  const qty = num(bundle.qty);
  const w = writeContext(tx, actor, 'service');
  const [scan] = await insertRecords(w, 'wo_scan', [
    { bundle_id: Number(bundle.id), workorder_id: Number(wo.id), process_id: input.process_id, plan_id: Number(bundle.plan_id), direction: input.direction, qty, scanned_at: sql`now()`, scanned_by: actor.fullname || actor.username,
      line_id: wo.line_id ?? null, style_no: bundle.style_no ?? wo.style_no ?? null },
  ]);
  const scanId = Number(scan.id);
  await updateRecords(w, 'wo_bundle', [Number(bundle.id)], { last_process_id: input.process_id, last_direction: input.direction }, { audit: 'scan' });

  let done = num(wo.done_qty);
  let status = String(wo.status);
  if (input.direction === 'out') {
    const ordered = num(wo.qty);
    const next = Math.min(ordered, done + qty);
    status = next >= ordered ? 'finished' : 'released';
    await updateRecords(w, 'workorder', [Number(wo.id)], {
      done_qty: next, status, finished_at: status === 'finished' ? sql`now()` : sql`t.finished_at`,
      // The bundle's pieces count for its colour x size cell (production.progress.ts).
      done_matrix: addToCell(bundle.colour as string | null, bundle.size as string | null, qty),
    }, { audit: 'scan' });
    done = next;
    if (wo.is_last === true) await rollUpProgress(tx, actor, [Number(bundle.plan_id)]);
    // A scan that finishes the work order may complete the order's node of this process (tracking).
    if (status === 'finished') await recordNodesFromWorkOrders(tx, { clientId, planIds: [Number(bundle.plan_id)], actor });
    // The scanned rate re-forecasts the plan's bars: the order's node forecasts follow once this commits.
    await queueNodeRecalcOfPlans(tx, clientId, [Number(bundle.plan_id)]);
    announceActuals(tx, clientId, [Number(bundle.plan_id)]);
  }
  const params = { barcode: code, colour: String(bundle.colour ?? ''), size: String(bundle.size ?? ''), qty, process: pname, done, ordered: num(wo.qty) };
  return {
    key: input.direction === 'in' ? 'wo.scan.okIn' : 'wo.scan.okOut',
    params,
    scan_id: scanId,
    bundle: { id: Number(bundle.id), bundle_no: code, colour: params.colour, size: params.size, qty },
    work_order: { id: Number(wo.id), wo_no: String(wo.wo_no), done_qty: done, qty: num(wo.qty), status },
  };
}

/** The processes a workstation can scan at (in-house, top level) and the company's latest scans. */
export async function scanSetup(tx: Db, clientId: number): Promise<ScanSetup> {
  const p = await sql<Row>`select id, code, name, sequence, force_in_scan, force_out_scan from md_process
    where client_id = ${clientId} and parent_id is null and not coalesce(is_vendor, false) order by sequence, id`.execute(tx);
  const r = await sql<Row>`select s.id, s.version, w.status as wo_status, b.bundle_no, pr.name as process, s.direction, s.qty, to_char(s.scanned_at, 'YYYY-MM-DD HH24:MI:SS') as scanned_at, s.scanned_by
    from scm_wo_scan s join scm_wo_bundle b on b.client_id = s.client_id and b.id = s.bundle_id
    join scm_workorder w on w.client_id = s.client_id and w.id = s.workorder_id
    left join md_process pr on pr.client_id = s.client_id and pr.id = s.process_id
    where s.client_id = ${clientId} order by s.id desc limit 15`.execute(tx);
  return {
    processes: p.rows.map((x) => ({ id: Number(x.id), code: String(x.code), name: String(x.name), sequence: num(x.sequence), force_in_scan: x.force_in_scan === true, force_out_scan: x.force_out_scan === true })),
    recent: r.rows.map((x) => ({ id: Number(x.id), version: Number(x.version), wo_status: String(x.wo_status), bundle_no: String(x.bundle_no), process: String(x.process ?? ''), direction: x.direction === 'out' ? 'out' : 'in', qty: num(x.qty), scanned_at: String(x.scanned_at), scanned_by: x.scanned_by ? String(x.scanned_by) : null })),
  };
}
