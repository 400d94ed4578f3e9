import { sql } from 'kysely';
import type { ScanUndoResult } from '../../../model/calls/production';
import { AppError } from '../../http/errors';
import type { ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { registerMasterStateRefusal } from '../../resources/line-action';
import { actorOf } from '../../resources/resource.service';
import { updateRecords } from '../../resources/record-writer';
import { queueNodeRecalcOfPlans } from '../tracking/tracking.recalc';
import { addToCell } from './production.progress';
import { announceActuals, rollUpProgress } from './production.workorders';
import { num } from '../../db/row-values';

/**
 * 撤销 (issue 31, "a scan undo, with its reason, audited"), the declared line transition `undo` of
 * `wo_scan` (src/model/entities/workorder.entity.ts): a bundle scanned at the wrong station or twice
 * by mistake is taken back by the line. The engine checks the right, the reason, the version and the
 * work order's state (released: a finished work order may have completed its node), then runs this
 * handler and removes the scan, audited as `undo` with its values and the reason.
 *
 * The handler refuses a scan a later scan of the same bundle follows (that one is undone first, so the
 * bundle's route stays whole); a scan out gives its pieces back (the work order's done pieces and its
 * bundle's colour x size cell, audited as `undo`, and the plan's progress when it is the last process);
 * the bundle's last process and direction become those of its latest remaining scan; the plan's kept
 * output per day follows (its triggers), and the order's node forecasts once this commits.
 */
type Row = Record<string, unknown>;

registerMasterStateRefusal('wo_scan', (wo) => new AppError('wo.undo.finished', { params: { wo: String(wo.wo_no ?? '') } }));

export async function undoScan(ctx: ActionContext): Promise<{ data: ScanUndoResult }> {
  const { tx, clientId: c, row: scan } = ctx;
  const wo = ctx.master!;
  const names = (await sql<Row>`select b.bundle_no, b.colour, b.size, pr.name as process from scm_wo_bundle b left join md_process pr on pr.client_id = b.client_id and pr.id = ${scan.process_id}
    where b.client_id = ${c} and b.id = ${scan.bundle_id}`.execute(tx)).rows[0];
  const barcode = String(names.bundle_no);
  const later = (await sql<Row>`select pr.name from scm_wo_scan s left join md_process pr on pr.client_id = s.client_id and pr.id = s.process_id
    where s.client_id = ${c} and s.bundle_id = ${scan.bundle_id} and s.id > ${scan.id} order by s.id desc limit 1`.execute(tx)).rows[0];
  if (later) throw new AppError('wo.undo.later', { params: { barcode, process: String(later.name ?? '') } });

  const actor = actorOf(ctx.auth, c, ctx.ip);
  const w = writeContext(tx, actor, 'service');
  let done = num(wo.done_qty);
  if (scan.direction === 'out') {
    done = Math.max(0, done - num(scan.qty));
    await updateRecords(w, 'workorder', [Number(wo.id)], { done_qty: done, done_matrix: addToCell(names.colour as string | null, names.size as string | null, -num(scan.qty)) }, { audit: 'undo' });
    if (wo.is_last === true) await rollUpProgress(tx, actor, [Number(scan.plan_id)]);
    announceActuals(tx, c, [Number(scan.plan_id)]);
  }
  const last = (await sql<Row>`select process_id, direction from scm_wo_scan where client_id = ${c} and bundle_id = ${scan.bundle_id} and id <> ${scan.id} order by id desc limit 1`.execute(tx)).rows[0];
  await updateRecords(w, 'wo_bundle', [Number(scan.bundle_id)], { last_process_id: last?.process_id ?? null, last_direction: last?.direction ?? null }, { audit: 'undo' });
  await queueNodeRecalcOfPlans(tx, c, [Number(scan.plan_id)]);
  return {
    data: {
      scan_id: Number(scan.id),
      params: { barcode, process: String(names.process ?? ''), qty: num(scan.qty), reason: String(ctx.params.reason), done, ordered: num(wo.qty), direction: String(scan.direction) },
      work_order: { id: Number(wo.id), wo_no: String(wo.wo_no), done_qty: done, qty: num(wo.qty), status: String(wo.status) },
    },
  };
}
