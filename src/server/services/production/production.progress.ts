import { sql, type RawBuilder } from 'kysely';
import type { WorkOrderProgress } from '../../../model/calls/production';
import { cellKey, checkPartReport, progressCells, type MatrixCell } from '../../../model/size-progress';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { writeContext } from '../../resources/document-stages';
import { updateRecords } from '../../resources/record-writer';
import type { WriteActor } from '../../resources/save-hooks';
import { queueNodeRecalcOfPlans } from '../tracking/tracking.recalc';
import { recordNodesFromWorkOrders } from '../tracking/tracking.workorders';
import { rollUpProgress } from './production.workorders';

/**
 * Shop-floor progress per colour x size (issue 31; the cells' rules: src/model/size-progress.ts). A
 * work order keeps its pieces made per cell of its matrix (`done_matrix`): a scan out adds its
 * bundle's pieces to the bundle's cell, an undone scan takes them back, a partial report adds the
 * pieces it names per cell. The progress read gives each cell ordered, made and left.
 *
 * A partial report (`POST /scmapi/workorder/report-part`) is for a released work order only; every
 * cell's pieces are whole, within what is left of that cell (refusals name the cell, under its
 * field); it adds to the cells and the work order's finished pieces, audited as `report_part`; the
 * pieces reaching the ordered quantity finish the work order (as a scan does), which may complete the
 * order's node of its process; the plan's progress rolls up from its last process; the order's node
 * forecasts follow once it commits.
 */
type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
const doneOf = (v: unknown): Record<string, number> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, number>) : typeof v === 'string' && v ? (JSON.parse(v) as Record<string, number>) : {});
const matrixOf = (v: unknown): MatrixCell[] => (Array.isArray(v) ? (v as MatrixCell[]) : typeof v === 'string' && v ? (JSON.parse(v) as MatrixCell[]) : []);

/** The SQL that adds `qty` pieces (negative: takes them back, never below 0) to one cell of `t.done_matrix`. */
export function addToCell(colour: string | null, size: string | null, qty: number): RawBuilder<unknown> {
  const key = cellKey(colour, size);
  return sql`jsonb_set(coalesce(t.done_matrix, '{}'::jsonb), array[${key}]::text[], to_jsonb(greatest(0, coalesce((t.done_matrix ->> ${key})::int, 0) + ${qty}::int)))`;
}

async function workOrderRow(tx: Db, clientId: number, id: number, lock: boolean): Promise<Row> {
  const r = (await sql<Row>`select w.id, w.version, w.wo_no, w.plan_id, w.qty, w.done_qty, w.status, w.is_last, w.matrix, w.done_matrix, pr.name as process_name
    from scm_workorder w left join md_process pr on pr.client_id = w.client_id and pr.id = w.process_id
    where w.client_id = ${clientId} and w.id = ${id} ${lock ? sql`for update of w` : sql``}`.execute(tx)).rows[0];
  if (!r) throw new AppError('err.notFound');
  return r;
}

function progressOf(wo: Row): WorkOrderProgress {
  return {
    id: Number(wo.id), version: Number(wo.version), wo_no: String(wo.wo_no), process: String(wo.process_name ?? ''), status: String(wo.status),
    qty: num(wo.qty), done_qty: num(wo.done_qty), cells: progressCells(matrixOf(wo.matrix), doneOf(wo.done_matrix)),
  };
}

/** A work order's progress per colour x size, in the caller's company. */
export async function workOrderProgress(tx: Db, clientId: number, id: number): Promise<WorkOrderProgress> {
  return progressOf(await workOrderRow(tx, clientId, id, false));
}

/** Reads a partial report's body: the work order, its version as read and the pieces per cell key. */
export function parsePartReport(body: Row): { id: number; version: number | null; cells: Record<string, unknown> } {
  const id = Number(body.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('err.notFound');
  const version = body.version === undefined || body.version === null || body.version === '' ? null : Number(body.version);
  if (version !== null && !Number.isSafeInteger(version)) throw new AppError('err.badRequest');
  let cells: unknown = body.cells;
  if (typeof cells === 'string') {
    try { cells = JSON.parse(cells); } catch { cells = null; }
  }
  if (!cells || typeof cells !== 'object' || Array.isArray(cells)) throw new AppError('wo.part.nothing', { fields: { cells: { key: 'wo.part.nothing' } } });
  return { id, version, cells: cells as Record<string, unknown> };
}

/** Stores a partial report (rules above) and returns the work order's progress as it now stands. */
export async function reportPart(tx: Db, actor: WriteActor, input: { id: number; version: number | null; cells: Record<string, unknown> }): Promise<WorkOrderProgress> {
  const c = actor.clientId;
  const wo = await workOrderRow(tx, c, input.id, true);
  if (input.version !== null && Number(wo.version) !== input.version) throw new AppError('err.staleVersion');
  if (wo.status !== 'released') throw new AppError('wo.part.notReleased', { params: { wo: String(wo.wo_no) } });
  const cells = progressOf(wo).cells;
  const { problems, total } = checkPartReport(cells, input.cells);
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
  for (const [key, raw] of Object.entries(input.cells)) {
    const q = num(raw);
    if (q > 0) made[key] = num(made[key]) + q;
  }
  const ordered = num(wo.qty);
  const done = Math.min(ordered, num(wo.done_qty) + total);
  const finished = done >= ordered;
  const w = writeContext(tx, actor, 'service');
  await updateRecords(w, 'workorder', [Number(wo.id)], {
    done_matrix: sql`${JSON.stringify(made)}::jsonb`, done_qty: done, ...(finished ? { status: 'finished', finished_at: sql`now()` } : {}),
  }, { audit: 'report_part' });
  if (wo.is_last === true) await rollUpProgress(tx, actor, [Number(wo.plan_id)]);
  if (finished) await recordNodesFromWorkOrders(tx, { clientId: c, planIds: [Number(wo.plan_id)], actor });
  await queueNodeRecalcOfPlans(tx, c, [Number(wo.plan_id)]);
  return progressOf(await workOrderRow(tx, c, input.id, false));
}
