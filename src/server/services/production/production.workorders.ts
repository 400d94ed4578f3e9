import { sql } from 'kysely';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { SCHEDULE_ACTUALS_MESSAGE } from '../../../model/schedule-board';
import { AppError } from '../../http/errors';
import { emitToCompany } from '../../realtime';
import type { WriteActor } from '../../resources/save-hooks';
import { writeContext } from '../../resources/document-stages';
import { deriveRecords, insertRecords, removeRecords, updateRecords } from '../../resources/record-writer';
import { num } from '../../db/row-values';

/**
 * Work orders from scheduled plans (issue 12; spec: "work order | draft, then release to line;
 * unlocking the plan deletes drafts and is not possible once activated"; messages of spec 5
 * "Production"). One work order per in-house process of the routing of the plan's plant:
 *
 * - the plant is the plant of the line of the plan's first live bar (the planned line; none is
 *   "no planned line set");
 * - the routing is the company's top-level processes (sub-steps are operations inside their parent)
 *   of that plant; a plant without processes of its own takes the company's processes that name no
 *   plant (a company-wide routing); none at all is "no process maintained for the plant";
 * - vendor (outsourced) processes get no work order (outsourced orders do); a routing of vendor
 *   processes only is "all processes are outsourced, no work order needed".
 *
 * Generation is set-based: one check query, then one INSERT ... SELECT over every plan and process
 * with its audit rows in the same statement, so 10,000 plans cost a few statements (bench B9).
 */
type Row = Record<string, unknown>;

export type RoutingProcess = { id: number; code: string; name: string; sequence: number; plant_id: number | null; is_vendor: boolean; force_in_scan: boolean; force_out_scan: boolean };

/** The top-level processes of the company, by sequence (the routing candidates of every plant). */
export async function companyRouting(tx: Db, clientId: number): Promise<RoutingProcess[]> {
  const r = await sql<Row>`select id, code, name, sequence, plant_id, is_vendor, force_in_scan, force_out_scan from md_process
    where client_id = ${clientId} and parent_id is null order by sequence, id`.execute(tx);
  return r.rows.map((p) => ({
    id: Number(p.id), code: String(p.code), name: String(p.name), sequence: num(p.sequence), plant_id: p.plant_id === null ? null : Number(p.plant_id),
    is_vendor: p.is_vendor === true, force_in_scan: p.force_in_scan === true, force_out_scan: p.force_out_scan === true,
  }));
}

/** The routing of one plant: its own processes, else the company-wide ones (no plant). Pure. */
export function routingOfPlant(all: readonly RoutingProcess[], plantId: number | null): RoutingProcess[] {
  const own = plantId === null ? [] : all.filter((p) => p.plant_id === plantId);
  return own.length ? own : all.filter((p) => p.plant_id === null);
}

type PlanCheck = { id: number; plan_no: string; status: string; line_id: number | null; plant_id: number | null; plant_name: string | null; has_wo: boolean };

/**
 * Checks every plan, then writes the work orders of all of them in one statement. Refuses the whole
 * set on the first plan that cannot have work orders (the spec's messages), so nothing is half made.
 * Returns the number of work orders written.
 */
export async function generateWorkOrders(tx: Db, actor: WriteActor, planIds: readonly number[]): Promise<{ created: number }> {
  const clientId = actor.clientId;
  if (!planIds.length) return { created: 0 };
  const ids = [...new Set(planIds.map(Number))];
  const checks = await sql<Row>`select p.id, p.plan_no, p.status, fb.line_id, l.plant_id, pt.name as plant_name,
      exists (select 1 from scm_workorder w where w.client_id = p.client_id and w.plan_id = p.id) as has_wo
    from scm_prodplan p
    left join lateral (select b.line_id from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null
      order by b.start_date, b.id limit 1) fb on true
    left join md_workline l on l.client_id = p.client_id and l.id = fb.line_id
    left join md_plant pt on pt.client_id = p.client_id and pt.id = l.plant_id
    where p.client_id = ${clientId} and p.id = any(${sql.val(ids)}::bigint[]) order by p.id for update of p`.execute(tx);
  if (checks.rows.length !== ids.length) throw new AppError('err.notFound');
  const plans: PlanCheck[] = checks.rows.map((r) => ({
    id: Number(r.id), plan_no: String(r.plan_no ?? ''), status: String(r.status ?? ''), line_id: r.line_id === null ? null : Number(r.line_id),
    plant_id: r.plant_id === null || r.plant_id === undefined ? null : Number(r.plant_id), plant_name: r.plant_name ? String(r.plant_name) : null, has_wo: r.has_wo === true,
  }));
  const all = await companyRouting(tx, clientId);
  for (const p of plans) {
    if (p.status !== 'scheduled') throw new AppError('wo.planNotScheduled', { params: { plan: p.plan_no } });
    if (p.has_wo) throw new AppError('wo.alreadyGenerated', { params: { plan: p.plan_no } });
    if (p.line_id === null) throw new AppError('wo.noPlannedLine', { params: { plan: p.plan_no } });
    const routing = routingOfPlant(all, p.plant_id);
    if (!routing.length) throw new AppError('wo.noProcess', { params: { plant: p.plant_name ?? '' } });
    if (routing.every((x) => x.is_vendor)) throw new AppError('wo.allOutsourced');
  }
  const r = await sql<Row>`with plans as (
      select p.id, p.client_id, p.plan_no, p.order_id, p.style_no, p.qty, p.matrix, fb.line_id, l.plant_id, bb.start_date, bb.end_date
      from scm_prodplan p
      join lateral (select b.line_id from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null
        order by b.start_date, b.id limit 1) fb on true
      join lateral (select min(b.start_date) as start_date, max(b.end_date) as end_date from scm_prodplan_bar b
        where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null) bb on true
      left join md_workline l on l.client_id = p.client_id and l.id = fb.line_id
      where p.client_id = ${clientId} and p.id = any(${sql.val(ids)}::bigint[])
    ), plant_has as (
      select distinct plant_id from md_process where client_id = ${clientId} and parent_id is null and plant_id is not null
    ), routing as (
      select pl.*, pr.id as process_id, pr.code, pr.sequence, pr.process_type, pr.estimated_rate, pr.force_in_scan, pr.force_out_scan,
        row_number() over (partition by pl.id order by pr.sequence desc, pr.id desc) as rn_desc
      from plans pl
      join md_process pr on pr.client_id = pl.client_id and pr.parent_id is null and not coalesce(pr.is_vendor, false)
        and (pr.plant_id = pl.plant_id or (pr.plant_id is null and (pl.plant_id is null or pl.plant_id not in (select plant_id from plant_has))))
    )
    select plan_no || '-' || code as wo_no, id as plan_id, order_id, process_id, sequence, process_type, rn_desc = 1 as is_last, line_id,
      plant_id, style_no, qty, 0 as done_qty, start_date::text as start_date, end_date::text as end_date, estimated_rate,
      coalesce(force_in_scan, false) as force_in_scan, coalesce(force_out_scan, false) as force_out_scan, 'draft' as status, matrix
    from routing order by id, sequence, process_id`.execute(tx);
  const created = await insertRecords(writeContext(tx, actor, 'service'), 'workorder', r.rows);
  return { created: created.length };
}

/**
 * Unscheduling a plan (spec: "unlocking the plan deletes drafts and is not possible once activated"):
 * its draft work orders and their bundles go; a released or finished one refuses the whole action.
 */
export async function deleteDraftWorkOrders(tx: Db, actor: WriteActor, planId: number, planNo: string): Promise<number> {
  const clientId = actor.clientId;
  const wos = await sql<Row>`select id, wo_no, status from scm_workorder where client_id = ${clientId} and plan_id = ${planId} order by id for update`.execute(tx);
  if (wos.rows.some((w) => w.status !== 'draft')) throw new AppError('wo.activated', { params: { plan: planNo } });
  if (!wos.rows.length) return 0;
  const w = writeContext(tx, actor, 'service');
  await removeRecords(w, 'wo_bundle', { where: sql`t.plan_id = ${planId}` });
  await removeRecords(w, 'workorder', { where: sql`t.plan_id = ${planId}` });
  return wos.rows.length;
}

/** What a finished-quantity report may store (spec: not empty, not below 0, not over; short asks first). */
export function checkReportQty(input: unknown, ordered: number, confirmShort: boolean): number {
  if (input === null || input === undefined || input === '') throw new AppError('wo.qtyRequired', { fields: { report_qty: { key: 'wo.qtyRequired' } } });
  const qty = Number(input);
  if (!Number.isFinite(qty)) throw new AppError('wo.qtyRequired', { fields: { report_qty: { key: 'wo.qtyRequired' } } });
  if (qty < 0) throw new AppError('wo.qtyNegative', { fields: { report_qty: { key: 'wo.qtyNegative' } } });
  if (qty > ordered) throw new AppError('wo.qtyOver', { params: { qty, ordered }, fields: { report_qty: { key: 'wo.qtyOver', params: { qty, ordered } } } });
  if (qty < ordered && !confirmShort) throw new AppError('wo.confirmShort', { params: { qty, ordered }, extra: { needsConfirm: true, qty, ordered } });
  return qty;
}

/**
 * Tells the company's boards, once the scan (or its undo) has committed, that the pieces made of
 * these plans changed: a board showing plan against actual reads its figures again, whichever
 * process the scan was at (a process before the last moves no bar and no plan's done quantity).
 */
export function announceActuals(tx: Db, clientId: number, planIds: readonly number[]): void {
  const ids = [...new Set(planIds.map(Number))];
  if (ids.length) afterCommit(tx, () => emitToCompany(clientId, SCHEDULE_ACTUALS_MESSAGE, { plan_ids: ids }));
}

/**
 * Progress rolls up (issue 12): a plan's done quantity is its last process's finished quantity (the
 * board's bars show it as their progress), a customer order's the sum of its plans not cancelled.
 * The company's boards are told to reload. `reported`: a work order's finished quantity its action is
 * about to store (the roll-up counts it; the action's own update records it with its audit).
 */
export async function rollUpProgress(tx: Db, actor: WriteActor, planIds: readonly number[], reported?: { id: number; done_qty: number }): Promise<void> {
  const clientId = actor.clientId;
  if (!planIds.length) return;
  const ids = [...new Set(planIds.map(Number))];
  const w = writeContext(tx, actor, 'service');
  // A report being stored by its action counts with the quantity it stores.
  const done = reported ? sql`case when w.id = ${reported.id} then ${reported.done_qty} else w.done_qty end` : sql`w.done_qty`;
  const changed = await updateRecords(
    w,
    'prodplan',
    { where: sql`t.id = any(${sql.val(ids)}::bigint[]) and w.client_id = t.client_id and w.plan_id = t.id and w.is_last and t.done_qty is distinct from ${done}`, from: sql`scm_workorder w` },
    { done_qty: done },
    { audit: 'progress' },
  );
  const orders = [...new Set(changed.map((r) => r.order_id).filter((x) => x !== null && x !== undefined).map(Number))];
  if (orders.length)
    await deriveRecords(w, 'customerorder', {
      where: sql`t.id = s.order_id`,
      from: sql`(select order_id, coalesce(sum(done_qty), 0)::bigint as done from scm_prodplan
            where client_id = ${clientId} and order_id = any(${sql.val(orders)}::bigint[]) and coalesce(status, 'draft') <> 'cancelled' group by order_id) s`,
    }, { done_qty: sql`s.done` });
  if (changed.length) emitToCompany(clientId, 'schedule.changed', { scenario_id: null, bar_ids: [], removed: [], user_id: actor.userId });
}
