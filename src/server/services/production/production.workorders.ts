import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emitToCompany } from '../../realtime';
import type { WriteActor } from '../../resources/save-hooks';

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
const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));

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
  const r = await sql<{ n: number }>`with plans as (
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
    ), ins as (
      insert into scm_workorder (client_id, created_by, updated_by, wo_no, plan_id, order_id, process_id, sequence, process_type, is_last, line_id,
        plant_id, style_no, qty, done_qty, start_date, end_date, estimated_rate, force_in_scan, force_out_scan, status, matrix)
      select client_id, ${actor.userId}, ${actor.userId}, plan_no || '-' || code, id, order_id, process_id, sequence, process_type, rn_desc = 1, line_id,
        plant_id, style_no, qty, 0, start_date, end_date, estimated_rate, coalesce(force_in_scan, false), coalesce(force_out_scan, false), 'draft', matrix
      from routing
      returning id, wo_no
    ), audit as (
      insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
      select ${clientId}, 'workorder', id, 'create', ${actor.userId}, ${actor.username}, ${actor.ip},
        jsonb_build_array(jsonb_build_object('field', 'wo_no', 'old', null, 'new', wo_no))
      from ins
      returning 1
    )
    select count(*)::int as n from audit`.execute(tx);
  return { created: Number(r.rows[0]?.n ?? 0) };
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
  await sql`with gone as (delete from scm_wo_bundle where client_id = ${clientId} and plan_id = ${planId} returning id, bundle_no)
    insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
    select ${clientId}, 'wo_bundle', id, 'remove', ${actor.userId}, ${actor.username}, ${actor.ip}, jsonb_build_array(jsonb_build_object('field', 'bundle_no', 'old', bundle_no, 'new', null)) from gone`.execute(tx);
  await sql`with gone as (delete from scm_workorder where client_id = ${clientId} and plan_id = ${planId} returning id, wo_no)
    insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
    select ${clientId}, 'workorder', id, 'remove', ${actor.userId}, ${actor.username}, ${actor.ip}, jsonb_build_array(jsonb_build_object('field', 'wo_no', 'old', wo_no, 'new', null)) from gone`.execute(tx);
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
 * Progress rolls up (issue 12): a plan's done quantity is its last process's finished quantity (the
 * board's bars show it as their progress), a customer order's the sum of its plans not cancelled.
 * The company's boards are told to reload.
 */
export async function rollUpProgress(tx: Db, actor: WriteActor, planIds: readonly number[]): Promise<void> {
  const clientId = actor.clientId;
  if (!planIds.length) return;
  const ids = [...new Set(planIds.map(Number))];
  const changed = await sql<Row>`update scm_prodplan p set done_qty = w.done_qty, version = p.version + 1, updated_by = ${actor.userId}, updated_at = now()
    from scm_workorder w
    where p.client_id = ${clientId} and p.id = any(${sql.val(ids)}::bigint[]) and w.client_id = p.client_id and w.plan_id = p.id and w.is_last
      and p.done_qty is distinct from w.done_qty
    returning p.id, p.order_id`.execute(tx);
  const orders = [...new Set(changed.rows.map((r) => r.order_id).filter((x) => x !== null && x !== undefined).map(Number))];
  if (orders.length)
    await sql`update scm_customer_order o set done_qty = s.done
      from (select order_id, coalesce(sum(done_qty), 0)::bigint as done from scm_prodplan
            where client_id = ${clientId} and order_id = any(${sql.val(orders)}::bigint[]) and coalesce(status, 'draft') <> 'cancelled' group by order_id) s
      where o.client_id = ${clientId} and o.id = s.order_id`.execute(tx);
  if (changed.rows.length) emitToCompany(clientId, 'schedule.changed', { scenario_id: null, bar_ids: [], removed: [], user_id: actor.userId });
}
