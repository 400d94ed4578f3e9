import { sql } from 'kysely';
import type { ScanUndoResult } from '../../../model/calls/production';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { diffRecords, writeAudit } from '../../kernel/audit/audit.service';
import { writeContext } from '../../resources/document-stages';
import type { WriteActor } from '../../resources/save-hooks';
import { removeRecords, updateRecords } from '../../resources/record-writer';
import { queueNodeRecalcOfPlans } from '../tracking/tracking.recalc';
import { addToCell } from './production.progress';
import { announceActuals, rollUpProgress } from './production.workorders';

/**
 * Undoing a scan (issue 31, "a scan undo, with its reason, audited"): a bundle scanned at the wrong
 * station or twice by mistake is taken back by the line, with the reason.
 *
 * - The reason is required; the scan must be the company's; its work order must not be finished
 *   (a finished work order is locked, and may have completed its order's node); no later scan of the
 *   same bundle may follow it (the later one is undone first, so the bundle's route stays whole).
 * - The scan row is removed through the writer and audited once as `undo` with every value it held
 *   and the reason; a scan out gives its pieces back (the work order's done pieces and its bundle's
 *   colour x size cell, audited as `undo`, and the plan's progress when it is the last process); the bundle's last process and direction
 *   become those of its latest remaining scan; the plan's kept output per day follows (its triggers),
 *   and the order's node forecasts are recomputed once this commits.
 */
type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));

export function parseUndo(body: Row): { scanId: number; reason: string } {
  const scanId = Number(body.scan_id);
  if (!Number.isSafeInteger(scanId) || scanId <= 0) throw new AppError('wo.undo.notFound');
  const reason = typeof body.reason === 'string' ? body.reason.trim().slice(0, 200) : '';
  if (!reason) throw new AppError('wo.undo.reasonRequired', { fields: { reason: { key: 'wo.undo.reasonRequired' } } });
  return { scanId, reason };
}

export async function undoScan(tx: Db, actor: WriteActor, input: { scanId: number; reason: string }): Promise<ScanUndoResult> {
  const c = actor.clientId;
  const scan = (await sql<Row>`select s.*, b.bundle_no, b.colour, b.size, pr.name as process_name from scm_wo_scan s
      join scm_wo_bundle b on b.client_id = s.client_id and b.id = s.bundle_id
      left join md_process pr on pr.client_id = s.client_id and pr.id = s.process_id
    where s.client_id = ${c} and s.id = ${input.scanId} for update of s`.execute(tx)).rows[0];
  if (!scan) throw new AppError('wo.undo.notFound');
  const process = String(scan.process_name ?? '');
  const barcode = String(scan.bundle_no);
  const wo = (await sql<Row>`select id, wo_no, qty, done_qty, status, is_last from scm_workorder where client_id = ${c} and id = ${scan.workorder_id} for update`.execute(tx)).rows[0];
  if (wo.status === 'finished') throw new AppError('wo.undo.finished', { params: { wo: String(wo.wo_no), process } });
  const later = (await sql<Row>`select pr.name from scm_wo_scan s left join md_process pr on pr.client_id = s.client_id and pr.id = s.process_id
    where s.client_id = ${c} and s.bundle_id = ${scan.bundle_id} and s.id > ${input.scanId} order by s.id desc limit 1`.execute(tx)).rows[0];
  if (later) throw new AppError('wo.undo.later', { params: { barcode, process: String(later.name ?? '') } });

  const w = writeContext(tx, actor, 'service');
  await removeRecords(w, 'wo_scan', [input.scanId], { audit: false });
  const fields = ['bundle_id', 'workorder_id', 'process_id', 'plan_id', 'direction', 'qty', 'scanned_at', 'scanned_by'];
  await writeAudit(tx, { clientId: c, userId: actor.userId, username: actor.username, ip: actor.ip }, 'wo_scan', input.scanId, 'undo', [
    ...diffRecords(fields, scan, null),
    { field: 'reason', old: null, new: input.reason },
  ]);
  let done = num(wo.done_qty);
  if (scan.direction === 'out') {
    done = Math.max(0, done - num(scan.qty));
    await updateRecords(w, 'workorder', [Number(wo.id)], { done_qty: done, done_matrix: addToCell(scan.colour as string | null, scan.size as string | null, -num(scan.qty)) }, { audit: 'undo' });
    if (wo.is_last === true) await rollUpProgress(tx, actor, [Number(scan.plan_id)]);
    announceActuals(tx, c, [Number(scan.plan_id)]);
  }
  const last = (await sql<Row>`select process_id, direction from scm_wo_scan where client_id = ${c} and bundle_id = ${scan.bundle_id} order by id desc limit 1`.execute(tx)).rows[0];
  await updateRecords(w, 'wo_bundle', [Number(scan.bundle_id)], { last_process_id: last?.process_id ?? null, last_direction: last?.direction ?? null }, { audit: 'undo' });
  await queueNodeRecalcOfPlans(tx, c, [Number(scan.plan_id)]);
  return {
    scan_id: input.scanId,
    params: { barcode, process, qty: num(scan.qty), reason: input.reason, done, ordered: num(wo.qty), direction: String(scan.direction) },
    work_order: { id: Number(wo.id), wo_no: String(wo.wo_no), done_qty: done, qty: num(wo.qty), status: String(wo.status) },
  };
}
