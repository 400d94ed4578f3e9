import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { deriveRecords, serviceWrite } from '../../resources/record-writer';
import { scheduleActuals } from '../planning/planning.actuals';
import { evaluateNodeFlags, todayIso } from './tracking.service';

/**
 * Node forecasts (issue 31, time and action that the floor moves): each open node whose
 * configuration names a process type gets the earliest date its work can end by what the company's
 * other records say, kept on the node (`forecast_date`, `forecast_source`) so the timeline, the
 * lists, the tower's node-risk figures and the notices read one truth through `trackOrder`:
 *
 * - **board**: a node of the board's process type (sewing: the lines the board schedules) ends no
 *   earlier than the last live bar of the order's live plans; a bar moved later slips the node.
 * - **scan**: a bar under way ends when its scanned rate says (`scheduleActuals`, the board's plan
 *   against actual, the same forecast the board draws), when it has one.
 * - **outsource**: a node of an outsourced process's type (printing, washing...) ends no earlier than
 *   the vendor's delivery date of the order's outsourced orders of that type still to come back.
 * - **purchase**: a node of a material group (fabric, trims in-house) ends no earlier than the
 *   delivery date of the order's material purchase orders with a line of that group still to come.
 *
 * `recomputeNodeTracking` refreshes the forecasts of some orders (or every in-progress order of a
 * company), then evaluates their flags: a node whose forecast newly pushes it past its planned date
 * raises a "slipped" notice (bell) once per new forecast. Bench B9c times it at 5,000 orders x 30
 * nodes.
 */
type Row = Record<string, unknown>;
export type ForecastSource = 'board' | 'scan' | 'outsource' | 'purchase';

/** The process type whose work the schedule board's bars are (the sewing lines). */
export const BOARD_PROCESS_TYPE = 'sewing';

const day = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : v instanceof Date ? todayIso(v) : String(v).slice(0, 10));
const later = (a: { date: string; source: ForecastSource } | undefined, date: string, source: ForecastSource) => (!a || date > a.date ? { date, source } : a);

const orderFilter = (orderIds: readonly number[] | null) => (orderIds ? sql`and o.id = any(${sql.val(orderIds)}::bigint[])` : sql``);

/** The live bars of the target orders' live plans: bar id, plan, order, end. */
async function orderBars(tx: Db, clientId: number, orderIds: readonly number[] | null): Promise<Row[]> {
  return (await sql<Row>`select b.id, b.plan_id, p.order_id, b.start_date, b.end_date from scm_prodplan_bar b
      join scm_prodplan p on p.client_id = b.client_id and p.id = b.plan_id and coalesce(p.status, 'draft') <> 'cancelled'
      join scm_customer_order o on o.client_id = p.client_id and o.id = p.order_id and o.status = 'in_progress' ${orderFilter(orderIds)}
    where b.client_id = ${clientId} and b.scenario_id is null`.execute(tx)).rows;
}

/**
 * The scanned-rate end of the bars under way (a bar overlapping today whose plan has released work
 * orders): the board's own forecast, read for today's running bars only.
 */
async function scannedEnds(tx: Db, clientId: number, bars: Row[], today: string): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!bars.some((b) => day(b.start_date)! <= today && day(b.end_date)! >= today)) return out;
  const a = await scheduleActuals(tx, clientId, { from: today, to: today, scenario: null, lines: null, scope: [], asOf: today });
  for (const b of a.bars) if (!b.done && b.forecast_end && b.actual > 0) out.set(b.bar_id, b.forecast_end);
  return out;
}

/** Per order and outsourced process type: the latest delivery date of its orders still to come back. */
async function outsourcedDates(tx: Db, clientId: number, orderIds: readonly number[] | null): Promise<Row[]> {
  return (await sql<Row>`select p.order_id, pr.process_type, max(x.delivery_date) as delivery_date from scm_outsource_order x
      join scm_prodplan p on p.client_id = x.client_id and p.id = x.plan_id and coalesce(p.status, 'draft') <> 'cancelled'
      join scm_customer_order o on o.client_id = p.client_id and o.id = p.order_id and o.status = 'in_progress' ${orderFilter(orderIds)}
      join md_process pr on pr.client_id = x.client_id and pr.id = x.process_id and pr.process_type is not null
    where x.client_id = ${clientId} and x.status in ('submitted', 'accepted', 'dispatched', 'part_received') and x.delivery_date is not null
    group by p.order_id, pr.process_type`.execute(tx)).rows;
}

/**
 * Per order and material group: the latest delivery date of its material purchase orders (bought for
 * it, under way: not a draft, not cancelled, refused or closed) with a line of that group not yet
 * received in full.
 */
async function purchaseDates(tx: Db, clientId: number, orderIds: readonly number[] | null): Promise<Row[]> {
  return (await sql<Row>`select po.customer_order_id as order_id, m.material_group, max(po.delivery_date) as delivery_date from pur_order po
      join scm_customer_order o on o.client_id = po.client_id and o.id = po.customer_order_id and o.status = 'in_progress' ${orderFilter(orderIds)}
      join pur_order_line l on l.client_id = po.client_id and l.order_id = po.id and coalesce(l.received_qty, 0) < l.qty
      join md_material m on m.client_id = l.client_id and m.id = l.material_id and m.material_group is not null
    where po.client_id = ${clientId} and po.order_kind = 'material' and po.delivery_date is not null
      and po.status in ('approved', 'sent', 'manual', 'confirmed', 'dispatched', 'part_received')
    group by po.customer_order_id, m.material_group`.execute(tx)).rows;
}

/** The evidence's key of a node: its order and process type, or its order and material group. */
const processKey = (order: unknown, type: unknown) => `${Number(order)}:${String(type)}`;
const materialKey = (order: unknown, group: unknown) => `${Number(order)}:material:${String(group)}`;

/** Each (order, process type)'s forecast from the board, the scans and the outsourced orders; each (order, material group)'s from its purchase orders. */
async function evidence(tx: Db, clientId: number, orderIds: readonly number[] | null, today: string): Promise<Map<string, { date: string; source: ForecastSource }>> {
  const out = new Map<string, { date: string; source: ForecastSource }>();
  const bars = await orderBars(tx, clientId, orderIds);
  const scanned = await scannedEnds(tx, clientId, bars, today);
  for (const b of bars) {
    const key = processKey(b.order_id, BOARD_PROCESS_TYPE);
    const s = scanned.get(Number(b.id));
    out.set(key, s ? later(out.get(key), s, 'scan') : later(out.get(key), day(b.end_date)!, 'board'));
  }
  for (const r of await outsourcedDates(tx, clientId, orderIds)) {
    const key = processKey(r.order_id, r.process_type);
    out.set(key, later(out.get(key), day(r.delivery_date)!, 'outsource'));
  }
  for (const r of await purchaseDates(tx, clientId, orderIds)) {
    const key = materialKey(r.order_id, r.material_group);
    out.set(key, later(out.get(key), day(r.delivery_date)!, 'purchase'));
  }
  return out;
}

/**
 * Refreshes the kept forecasts of the given in-progress orders (null: every one of the company).
 * Writes only nodes whose forecast changed (the writer's derived update: no version, no audit, no
 * hooks, as any figure SQL derives); a node whose forecast moved later forgets its at-risk marker,
 * so the evaluation that follows tells the new slip. Returns the nodes changed and the orders they
 * belong to.
 */
export async function refreshNodeForecasts(tx: Db, clientId: number, orderIds: readonly number[] | null, today = todayIso()): Promise<{ nodes: number; orders: number[] }> {
  if (orderIds && !orderIds.length) return { nodes: 0, orders: [] };
  const ev = await evidence(tx, clientId, orderIds, today);
  const nodes = (await sql<Row>`select n.id, n.order_id, n.process_type, n.material_group, n.forecast_date, n.forecast_source from scm_order_node n
      join scm_customer_order o on o.client_id = n.client_id and o.id = n.order_id and o.status = 'in_progress' ${orderFilter(orderIds)}
    where n.client_id = ${clientId} and (n.process_type is not null or n.material_group is not null or n.forecast_date is not null)`.execute(tx)).rows;
  const ids: number[] = [];
  const dates: (string | null)[] = [];
  const sources: (string | null)[] = [];
  const slipped: boolean[] = [];
  const orders = new Set<number>();
  for (const n of nodes) {
    const f = n.process_type ? ev.get(processKey(n.order_id, n.process_type)) : n.material_group ? ev.get(materialKey(n.order_id, n.material_group)) : undefined;
    const was = day(n.forecast_date);
    if ((f?.date ?? null) === was && (f?.source ?? null) === (n.forecast_source ?? null)) continue;
    ids.push(Number(n.id));
    dates.push(f?.date ?? null);
    sources.push(f?.source ?? null);
    // Later than the forecast told before: a slip to tell again (a first forecast is told by the evaluation as any flag).
    slipped.push(!!f && !!was && f.date > was);
    orders.add(Number(n.order_id));
  }
  if (!ids.length) return { nodes: 0, orders: [] };
  const w = serviceWrite(tx, { clientId });
  const changes = sql`(select * from unnest(${sql.val(ids)}::bigint[], ${sql.val(dates)}::date[], ${sql.val(sources)}::text[], ${sql.val(slipped)}::boolean[]) as f(id, fdate, fsource, slipped)) f`;
  await deriveRecords(w, 'ordernode', { where: sql`t.id = f.id`, from: changes }, {
    forecast_date: sql`f.fdate`,
    forecast_source: sql`f.fsource`,
    risk_notified_at: sql`case when f.slipped then null else t.risk_notified_at end`,
  });
  return { nodes: ids.length, orders: [...orders] };
}

/**
 * The critical path and flags after a change: refreshes the orders' forecasts, then evaluates the
 * late, at-risk and slipped nodes (notices once each) of the orders named and of those whose
 * forecasts changed: an order whose nodes and forecasts did not change has the critical path and
 * flags it had (its own writes evaluate it; the periodic check covers the days passing, `all`).
 * `orderIds` null: every in-progress order of the company (a board change can move any order's bars).
 * Returns what changed, how many orders were evaluated and the notices raised.
 */
export async function recomputeNodeTracking(
  tx: Db,
  clientId: number,
  orderIds: readonly number[] | null,
  options: { today?: string; evaluate?: 'changed' | 'all' } = {},
): Promise<{ nodes: number; orders: number; evaluated: number; late: number; at_risk: number }> {
  const today = options.today ?? todayIso();
  const f = await refreshNodeForecasts(tx, clientId, orderIds, today);
  const evaluate = options.evaluate === 'all' ? orderIds : [...new Set([...(orderIds ?? []), ...f.orders])];
  if (evaluate && !evaluate.length) return { nodes: f.nodes, orders: f.orders.length, evaluated: 0, late: 0, at_risk: 0 };
  const flags = await evaluateNodeFlags(tx, clientId, evaluate ? [...evaluate] : null, today);
  return { nodes: f.nodes, orders: f.orders.length, evaluated: flags.evaluated, late: flags.late, at_risk: flags.at_risk };
}
