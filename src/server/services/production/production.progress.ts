import { sql, type RawBuilder } from 'kysely';
import type { WorkOrderProgress } from '../../../model/calls/production';
import { cellKey, checkPartReport, progressCells, type MatrixCell } from '../../../model/size-progress';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { WriteActor } from '../../resources/save-hooks';
import { queueNodeRecalcOfPlans } from '../tracking/tracking.recalc';
import { recordNodesFromWorkOrders } from '../tracking/tracking.workorders';
import { rollUpProgress } from './production.workorders';
import { num } from '../../db/row-values';

/**
 * Shop-floor progress per colour x size (issue 31; the cells' rules: src/model/size-progress.ts). A
 * work order keeps its pieces made per cell of its matrix (`done_matrix`): a scan out adds its
 * bundle's pieces to the bundle's cell, an undone scan takes them back, a partial report adds the
 * pieces it names per cell (the report's dialog shows each cell's ordered, made and left: the
 * transition's cells parameter).
 *
 * A partial report (the declared transition `report_part`, `POST /scmapi/workorder/action/report_part`:
 * permission, tenant, data scope, row lock, version and audit are the action's) is for a released
 * work order only; every cell's pieces are whole, within what is left of that cell (refusals name the cell, under its
 * field); it adds to the cells and the work order's finished pieces, audited as `report_part`; the
 * pieces reaching the ordered quantity finish the work order (as a scan does), which may complete the
 * order's node of its process; the plan's progress rolls up from its last process; the order's node
 * forecasts follow once it commits.
 */
type Row = Record<string, unknown>;
const doneOf = (v: unknown): Record<string, number> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, number>) : typeof v === 'string' && v ? (JSON.parse(v) as Record<string, number>) : {});
const matrixOf = (v: unknown): MatrixCell[] => (Array.isArray(v) ? (v as MatrixCell[]) : typeof v === 'string' && v ? (JSON.parse(v) as MatrixCell[]) : []);

/** The SQL that adds `qty` pieces (negative: takes them back, never below 0) to one cell of `t.done_matrix`. */
export function addToCell(colour: string | null, size: string | null, qty: number): RawBuilder<unknown> {
  const key = cellKey(colour, size);
  return sql`jsonb_set(coalesce(t.done_matrix, '{}'::jsonb), array[${key}]::text[], to_jsonb(greatest(0, coalesce((t.done_matrix ->> ${key})::int, 0) + ${qty}::int)))`;
}

function progressOf(wo: Row): WorkOrderProgress {
  return {
    id: Number(wo.id), version: Number(wo.version), wo_no: String(wo.wo_no), process: String(wo.process_name ?? ''), status: String(wo.status),
    qty: num(wo.qty), done_qty: num(wo.done_qty), cells: progressCells(matrixOf(wo.matrix), doneOf(wo.done_matrix)),
  };
}

/**
 * 部分汇报 (the work order's declared transition `report_part`, released only, at the version read):
 * checks the pieces per cell (refusals under `cells.<key>`), then gives the action its patch (the
 * cells, the finished pieces, finished once they reach the ordered) and the progress as it will stand.
 * The plan's progress and the order's node count the pieces before the action's update stores them.
 */
export async function reportPart(tx: Db, actor: WriteActor, wo: Row, input: unknown): Promise<{ patch: Row; data: WorkOrderProgress }> {
  const cells = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const { problems, total } = checkPartReport(progressOf(wo).cells, cells);
  if (problems.length) {
    const fields: Record<string, { key: 'wo.part.cell' | 'wo.part.unknownCell'; params: Record<string, string | number> }> = {};
    for (const p of problems) {
      const [colour, size] = p.key.split('|');
      fields[`cells.${p.key}`] = { key: p.kind === 'unknown' ? 'wo.part.unknownCell' : 'wo.part.cell', params: { colour, size, left: p.left } };
    }
    const first = Object.values(fields)[0];
    throw new AppError(first.key, { params: first.params as { colour: string; size: string; left: number }, fields });
  }
  if (total <= 0) throw new AppError('wo.part.nothing', { fields: { cells: { key: 'wo.part.nothing' } } });
  const made = doneOf(wo.done_matrix);
  for (const [key, raw] of Object.entries(cells)) if (num(raw) > 0) made[key] = num(made[key]) + num(raw);
  const id = Number(wo.id);
  const done = Math.min(num(wo.qty), num(wo.done_qty) + total);
  const finished = done >= num(wo.qty);
  const patch = { done_matrix: made, done_qty: done, ...(finished ? { status: 'finished', finished_at: new Date().toISOString() } : {}) };
  const planIds = [Number(wo.plan_id)];
  if (wo.is_last === true) await rollUpProgress(tx, actor, planIds, { id, done_qty: done });
  if (finished) await recordNodesFromWorkOrders(tx, { clientId: actor.clientId, planIds, finishedNow: [id], actor });
  await queueNodeRecalcOfPlans(tx, actor.clientId, planIds);
  return { patch, data: progressOf({ ...wo, ...patch, version: Number(wo.version) + 1 }) };
}
