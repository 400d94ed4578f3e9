import { sql, type RawBuilder } from 'kysely';
import { dayNumber, isIsoDate, NODE_TRACKING_EVENT, NODE_TRACKING_PATH, orderFlagged, trackOrder, type OrderDays, type OrderTracking, type TrackedNodeInput } from '../../../model/node-tracking';
import { dictValueLabel } from '../../../model/dictionaries';
import { customerOrder } from '../../../model/entities/customerorder.entity';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { AppError, type ErrorParams } from '../../http/errors';
import { emitToCompany } from '../../realtime';
import type { AuditActor } from '../../kernel/audit/audit.service';
import { deriveRecords, replaceDerived, serviceWrite, updateRecords } from '../../resources/record-writer';
import { raiseNotice } from '../notify/notice.service';

/**
 * Node tracking (issue 12, time and action): node plans per customer order counted back from its
 * delivery date, actual dates, late and at-risk flags with one notice each, and what the brand sees
 * of its own orders through the order share. docs/architecture-tracking.md has the design.
 */

type Row = Record<string, unknown>;

/** A node as the timeline and the lists read it (the stored row's figures). */
export type NodeRow = TrackedNodeInput & { id: number; version: number; party: string | null; actual_source: string | null; actual_by: number | null; process_type: string | null; share_id: number | null; forecast_source: string | null; plan_manual: boolean | null };

/** Today in the server's own time zone (the day a planner lives in), `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Where a node's notices link: the maker's tracking page with the order open. */
export const TRACKING_PATH = NODE_TRACKING_PATH;

// ---------------------------------------------------------------------------------------------
// generation

/**
 * Generates (or regenerates) the node plans of the given customer orders of one company in one
 * statement (window functions only, no join of one large intermediate result to another, so a plan
 * misjudging their sizes cannot turn it quadratic): the configuration rows that apply to each order (the most specific set by category and
 * order type), stage due dates counted back from delivery, and one multi-row insert. Nodes already
 * there are replaced; their actual dates are kept by node code, their notified markers only where
 * the planned date did not move, a supplier node's share (sent to its supplier) while it stays a
 * supplier node. Each node takes its configuration's process type (work orders complete it) and
 * material group (the order's purchase receipts complete it).
 * Orders without a delivery date or any configuration that applies are left as they are. Returns how many orders got a plan and how many nodes were written.
 */
export async function generateNodePlans(tx: Db, input: { clientId: number; userId: number | null; orderIds: number[] }): Promise<{ orders: number; nodes: number }> {
  if (!input.orderIds.length) return { orders: 0, nodes: 0 };
  const c = input.clientId;
  // The set-based plan of many orders at once (bench B9: 120,000 nodes in <= 2 s): the writer's
  // replacement of derived rows, one statement that deletes the old nodes and inserts the new ones,
  // reading the old ones (their actuals) in the same snapshot.
  const w = serviceWrite(tx, { clientId: c, userId: input.userId });
  const made = await replaceDerived<{ orders: number; nodes: number }>(w, 'ordernode', {
    with: sql`target as (
      select o.id, o.delivery_date, o.category, o.pr_type from scm_customer_order o
      where o.client_id = ${c} and o.id = any(${input.orderIds}::bigint[]) and o.delivery_date is not null
    ), matched as (
      select t.id as order_id, t.delivery_date, c.node_code, c.node_name, c.seq, c.plan_days::int as plan_days, c.party, c.process_type, c.material_group,
        dense_rank() over (partition by t.id order by (case when c.category is null then 0 else 2 end + case when c.order_type is null then 0 else 1 end) desc) as rk
      from target t join scm_node_config c on c.client_id = ${c} and coalesce(c.active, true)
        and (c.category is null or c.category = t.category) and (c.order_type is null or c.order_type = t.pr_type)
    ), staged as (
      -- A stage (one sequence number) lasts as long as its longest node; its first row carries it once.
      select m.*, max(m.plan_days) over (partition by m.order_id, m.seq) as stage_days,
        row_number() over (partition by m.order_id, m.seq order by m.node_code) as stage_rn
      from matched m where m.rk = 1
    ), dated as (
      -- Due = delivery minus the stages after this one (the running sum from the last stage, less this stage).
      select x.*, x.delivery_date - (sum(case when x.stage_rn = 1 then x.stage_days else 0 end)
        over (partition by x.order_id order by x.seq desc) - x.stage_days)::int as due
      from staged x
    )`,
    remove: sql`t.order_id in (select distinct order_id from dated)`,
    columns: ['order_id', 'node_code', 'node_name', 'seq', 'party', 'plan_days', 'plan_start', 'plan_date', 'actual_date', 'actual_source', 'actual_by', 'late_notified_at', 'risk_notified_at', 'process_type', 'material_group', 'share_id', 'plan_manual', 'forecast_date', 'forecast_source'],
    // The old rows are read from the table itself: every part of the statement sees it as it was
    // before the delete (one snapshot), through the (client, order) index rather than a scan of a CTE.
    // A planned date dragged by hand (plan_manual) stays; the kept forecast stays until the next recompute.
    select: sql`select x.order_id, x.node_code, x.node_name, x.seq, x.party, x.plan_days,
        case when o.plan_manual then o.plan_start else x.due - x.plan_days end as plan_start, case when o.plan_manual then o.plan_date else x.due end as plan_date,
        o.actual_date, o.actual_source, o.actual_by,
        case when o.plan_manual or o.plan_date = x.due then o.late_notified_at end as late_notified_at, case when o.plan_manual or o.plan_date = x.due then o.risk_notified_at end as risk_notified_at,
        x.process_type, x.material_group, case when x.party = 'supplier' then o.share_id end as share_id, coalesce(o.plan_manual, false) as plan_manual,
        case when x.process_type is not distinct from o.process_type and x.material_group is not distinct from o.material_group then o.forecast_date end as forecast_date,
        case when x.process_type is not distinct from o.process_type and x.material_group is not distinct from o.material_group then o.forecast_source end as forecast_source
      from dated x
      left join scm_order_node o on o.client_id = ${c} and o.order_id = x.order_id and o.node_code = x.node_code`,
    summary: sql`count(distinct order_id)::int as orders, count(*)::int as nodes`,
  });
  return made ?? { orders: 0, nodes: 0 };
}

/** The order's header as tracking needs it, in the caller's company; 404 when it is not there. */
export async function orderHeader(tx: Db, clientId: number, orderId: number, scope: RawBuilder<unknown>[] = []): Promise<Row> {
  const r = await sql<Row>`select t.id, t.order_no, t.brand_name, t.source_no, t.customer_po, t.category, t.pr_type, t.delivery_date, t.status, t.share_id, t.source_client_id
    from scm_customer_order t where t.client_id = ${clientId} and t.id = ${orderId} ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx);
  if (!r.rows[0]) throw new AppError('tracking.orderNotFound');
  return r.rows[0];
}

/**
 * Regenerates one order's node plan (the `nodeplan` action of a customer order): refused with the
 * reason when the order has no delivery date or no configuration applies to it.
 */
export async function regenerateNodePlan(tx: Db, input: { clientId: number; userId: number; order: Row }): Promise<{ nodes: number }> {
  const o = input.order;
  if (['rejected', 'cancelled', 'finished'].includes(String(o.status))) throw new AppError('tracking.orderClosed', { params: closedParams(o) });
  if (!o.delivery_date) throw new AppError('tracking.noDelivery', { params: { order: o.order_no } });
  const made = await generateNodePlans(tx, { clientId: input.clientId, userId: input.userId, orderIds: [Number(o.id)] });
  if (!made.nodes) throw new AppError('tracking.noConfig', { params: { order: o.order_no, category: o.category ? dictValueLabel('product_category', String(o.category)) : '-', type: o.pr_type ? dictValueLabel('pr_order_type', String(o.pr_type)) : '-' } });
  await evaluateNodeFlags(tx, input.clientId, [Number(o.id)]);
  emitNodeChange(tx, input.clientId, o);
  return { nodes: made.nodes };
}

/** The refusal's words for an order no longer open: its state's own label (the customer order's declared states). */
export function closedParams(o: Row): ErrorParams<'tracking.orderClosed'> {
  const w = customerOrder.states?.states.find((x) => x.code === o.status)?.label ?? { zh: String(o.status), en: String(o.status) };
  return { order: o.order_no, status_zh: w.zh, status_en: w.en.toLowerCase() };
}

// ---------------------------------------------------------------------------------------------
// reading

/** The stored nodes of some orders of one company, by order. */
export async function nodesOf(tx: Db, clientId: number, orderIds: number[]): Promise<Map<number, NodeRow[]>> {
  const out = new Map<number, NodeRow[]>();
  if (!orderIds.length) return out;
  const r = await sql<NodeRow & { order_id: number }>`select id, version, order_id, node_code, node_name, seq::int as seq, party, plan_days::int as plan_days, plan_start, plan_date,
      actual_date, actual_source, actual_by, process_type, share_id, forecast_date, forecast_source, plan_manual
    from scm_order_node where client_id = ${clientId} and order_id = any(${orderIds}::bigint[]) order by order_id, seq, node_code`.execute(tx);
  for (const n of r.rows) {
    const id = Number(n.order_id);
    if (!out.has(id)) out.set(id, []);
    out.get(id)!.push({ ...n, id: Number(n.id), version: Number(n.version), seq: Number(n.seq), plan_days: Number(n.plan_days ?? 0), share_id: n.share_id === null || n.share_id === undefined ? null : Number(n.share_id) });
  }
  return out;
}

/** One order's tracked timeline: the header, its nodes with today's flags, projection and critical path. */
export type OrderTimeline = { order: Row; today: string; tracking: OrderTracking<NodeRow> };

export async function orderTimeline(tx: Db, clientId: number, orderId: number, scope: RawBuilder<unknown>[] = [], today = todayIso()): Promise<OrderTimeline> {
  const order = await orderHeader(tx, clientId, orderId, scope);
  const nodes = (await nodesOf(tx, clientId, [orderId])).get(orderId) ?? [];
  return { order, today, tracking: trackOrder(nodes, today) };
}

/** A row of the maker's tracking list: the order and what its nodes say today. */
export type TrackedOrderRow = Row & { nodes: number; done: number; late: number; at_risk: number; next_node: string | null; projected_end: string | null };

/** The company's orders with a node plan (or that are in progress), with their node summary. */
export async function trackedOrders(tx: Db, clientId: number, q: { status: string[]; scope: RawBuilder<unknown>[]; today?: string }): Promise<TrackedOrderRow[]> {
  const today = q.today ?? todayIso();
  const orders = await sql<Row>`select t.id, t.order_no, t.brand_name, t.source_no, t.customer_po, t.category, t.pr_type, t.delivery_date, t.status
    from scm_customer_order t where t.client_id = ${clientId} and t.status = any(${q.status}::text[])
    ${q.scope.length ? sql`and ${sql.join(q.scope, sql` and `)}` : sql``}
    order by t.delivery_date nulls last, t.id limit 500`.execute(tx);
  const ids = orders.rows.map((o) => Number(o.id));
  const nodes = await nodesOf(tx, clientId, ids);
  return orders.rows.map((o) => summaryRow(o, nodes.get(Number(o.id)) ?? [], today));
}

export function summaryRow(o: Row, nodes: NodeRow[], today: string): TrackedOrderRow {
  const t = trackOrder(nodes, today);
  const next = t.nodes.find((n) => n.node_code === t.next);
  return { ...o, nodes: nodes.length, done: t.done, late: t.late, at_risk: t.at_risk, next_node: next?.node_name ?? null, projected_end: t.projected_end };
}

// ---------------------------------------------------------------------------------------------
// actual dates

export type RecordNodeActualInput = {
  clientId: number;
  orderId: number;
  nodeCode: string;
  /** `YYYY-MM-DD`, or null to clear the actual date. */
  date: string | null;
  /** Who records it (audit), and from where: the maker's page, a supplier, work-order reporting. */
  actor?: AuditActor;
  source?: 'maker' | 'supplier' | 'workorder' | 'outsource' | 'purchase';
  /** The node's version as read, when the caller read one (a stale one is refused with 409). */
  version?: number | null;
};

/**
 * Records a node's actual date (the maker's page, and other modules such as work-order reporting:
 * call it inside your own transaction, in the maker's tenant scope). Checks the order is in
 * progress, the node exists and the date is a real date not after today; writes the date, its source
 * and who, audits it, evaluates the order's late and at-risk notices, and tells the maker's and the
 * brand's browsers (socket `nodetrack.changed`). Returns the order's timeline as it now stands.
 *
 * Example: `await recordNodeActual(tx, { clientId, orderId, nodeCode: 'SEW_END', date: '2026-11-25', source: 'workorder' })`
 */
export async function recordNodeActual(tx: Db, input: RecordNodeActualInput): Promise<OrderTimeline> {
  const today = todayIso();
  if (input.date !== null && !isIsoDate(input.date)) throw new AppError('tracking.badDate', { fields: { date: { key: 'tracking.badDate' } } });
  if (input.date !== null && input.date > today) throw new AppError('tracking.actualInFuture', { params: { date: input.date }, fields: { date: { key: 'tracking.actualInFuture', params: { date: input.date } } } });
  const order = (await sql<Row>`select id, order_no, status, delivery_date, share_id, source_client_id, source_no from scm_customer_order
    where client_id = ${input.clientId} and id = ${input.orderId} for update`.execute(tx)).rows[0];
  if (!order) throw new AppError('tracking.orderNotFound');
  if (order.status !== 'in_progress') throw new AppError('tracking.orderClosed', { params: closedParams(order) });
  const node = (await sql<Row>`select id, version, actual_date, actual_source from scm_order_node
    where client_id = ${input.clientId} and order_id = ${input.orderId} and node_code = ${input.nodeCode} for update`.execute(tx)).rows[0];
  if (!node) throw new AppError('tracking.nodeNotFound', { params: { order: order.order_no, code: input.nodeCode } });
  if (input.version !== undefined && input.version !== null && Number(node.version) !== input.version) throw new AppError('err.staleVersion');
  const source = input.date === null ? null : (input.source ?? 'maker');
  const w = serviceWrite(tx, { ...input.actor, clientId: input.clientId });
  await updateRecords(w, 'ordernode', [Number(node.id)], { actual_date: input.date, actual_source: source, actual_by: input.actor?.userId ?? null }, { audit: 'actual' });
  await evaluateNodeFlags(tx, input.clientId, [input.orderId], today);
  emitNodeChange(tx, input.clientId, order);
  return orderTimeline(tx, input.clientId, input.orderId, [], today);
}

/**
 * Tells the browsers that an order's nodes changed: the maker's company by its order id, the brand
 * that sent it by the share (its own record), never another company. Once `tx` has committed
 * (`afterCommit`), so a browser that reads again on the message sees the new rows: after the current
 * turn alone, a brand's timeline read on PostgreSQL could come before the commit and keep the old date.
 */
export function emitNodeChange(tx: Db, makerId: number, order: Row): void {
  const maker = { order_id: Number(order.id) };
  const brandId = order.source_client_id ? Number(order.source_client_id) : null;
  afterCommit(tx, () => {
    emitToCompany(makerId, NODE_TRACKING_EVENT, maker);
    if (brandId && order.share_id) emitToCompany(brandId, NODE_TRACKING_EVENT, { share_id: Number(order.share_id), source_no: order.source_no ?? null });
  });
}

// ---------------------------------------------------------------------------------------------
// late and at-risk notices

/** A node as the flags need it: what `trackOrder` reads, its id and its forecast's source. */
type FlagNode = TrackedNodeInput & { id: number; forecast_source: string | null };

/**
 * The nodes the flags of some orders (null: every in-progress order of the company) are computed
 * from, by order: only the columns they need, numbers as numbers (a company's evaluation reads
 * 150,000 of them, bench B9c).
 */
async function flagNodes(tx: Db, clientId: number, orderIds: number[] | null): Promise<Map<number, FlagNode[]>> {
  const r = await sql<FlagNode & { order_id: number }>`select n.id::float8 as id, n.order_id::float8 as order_id, n.node_code, n.node_name, n.seq::int as seq,
      coalesce(n.plan_days, 0)::int as plan_days, n.plan_start, n.plan_date, n.actual_date, n.forecast_date, n.forecast_source
    from scm_order_node n
    ${orderIds
      ? sql`where n.client_id = ${clientId} and n.order_id = any(${orderIds}::bigint[])`
      : sql`join scm_customer_order o on o.client_id = n.client_id and o.id = n.order_id and o.status = 'in_progress' where n.client_id = ${clientId}`}
    order by n.order_id, n.seq, n.node_code`.execute(tx);
  const out = new Map<number, FlagNode[]>();
  for (const n of r.rows) {
    const list = out.get(n.order_id);
    if (list) list.push(n);
    else out.set(n.order_id, [n]);
  }
  return out;
}

/** From how many orders an evaluation screens them on day numbers first (`flaggedOrders`). */
const SCREEN_FROM = 50;

/** A date left empty in the packed read of `flaggedOrders` (no day number is this small). */
const NO_DAY = -2147483648;

/**
 * One order's open nodes from the packed read (per node four big-endian int32: seq, plan days, planned
 * day, forecast day; in no particular order), sorted by seq as `orderFlagged` reads them.
 */
function unpackOrderDays(lastActual: number | null, packed: Uint8Array | null): OrderDays {
  const count = packed ? packed.byteLength / 16 : 0;
  const view = packed ? new DataView(packed.buffer, packed.byteOffset, packed.byteLength) : null;
  const at = (i: number, field: number) => view!.getInt32(i * 16 + field * 4);
  const order = Array.from({ length: count }, (_, i) => i);
  if (order.some((i) => i > 0 && at(i, 0) < at(i - 1, 0))) order.sort((a, b) => at(a, 0) - at(b, 0));
  const day = (v: number) => (v === NO_DAY ? null : v);
  return {
    last_actual: lastActual,
    seq: order.map((i) => at(i, 0)),
    plan_days: order.map((i) => at(i, 1)),
    plan: order.map((i) => day(at(i, 2))),
    forecast: order.map((i) => day(at(i, 3))),
  };
}

/**
 * The in-progress orders (the given ones, or every one of the company) with a node late or at risk
 * today, and how many were looked at: one read of one row per order (its last actual date and its open
 * nodes' figures packed as day numbers in one binary value, aggregated without a sort per order), then
 * `orderFlagged`, the flags' rule without an object per node (bench B9c: 5,000 orders x 30 nodes).
 */
export async function flaggedOrders(tx: Db, clientId: number, orderIds: number[] | null, today: string): Promise<{ evaluated: number; flagged: number[] }> {
  const dayOf = (column: RawBuilder<unknown>) => sql`int4send(coalesce(${column} - date '1970-01-01', ${NO_DAY}::int))`;
  const r = await sql<{ order_id: number; last_actual: number | null; nodes: Uint8Array | null }>`select n.order_id::float8 as order_id, max(n.actual_date) - date '1970-01-01' as last_actual,
      string_agg(int4send(n.seq::int) || int4send(coalesce(n.plan_days, 0)::int) || ${dayOf(sql`n.plan_date`)} || ${dayOf(sql`n.forecast_date`)}, ''::bytea) filter (where n.actual_date is null) as nodes
    from scm_order_node n
    join scm_customer_order o on o.client_id = n.client_id and o.id = n.order_id and o.status = 'in_progress' ${orderIds ? sql`and o.id = any(${orderIds}::bigint[])` : sql``}
    where n.client_id = ${clientId}
    group by n.order_id`.execute(tx);
  const day = dayNumber(today);
  const flagged: number[] = [];
  for (const o of r.rows) if (orderFlagged(unpackOrderDays(o.last_actual, o.nodes), day)) flagged.push(o.order_id);
  return { evaluated: r.rows.length, flagged };
}

const NOTICE_KIND = { nodeLate: 'node.late', nodeRisk: 'node.risk', nodeSlip: 'node.slip' } as const;

/** A node at risk because its forecast (board, scans, vendor) ends it after its planned date, not its duration alone. */
function slippedByForecast(n: { forecast_date?: string | null; projected_date: string | null; plan_date: string | null; actual_date: string | null }): boolean {
  return !n.actual_date && !!n.forecast_date && !!n.plan_date && n.forecast_date > n.plan_date && n.projected_date === n.forecast_date;
}

/** The maker's users who can act on a late node: planners and company administrators. */
async function trackingRecipients(tx: Db, clientId: number): Promise<number[]> {
  const r = await sql<{ id: number }>`select distinct u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where u.client_id = ${clientId} and u.status = 'active' and r.code in ('planner', 'clientadmin')`.execute(tx);
  return r.rows.map((x) => Number(x.id));
}

/**
 * Evaluates the late and at-risk flags of in-progress orders (the given ones, or all of the company)
 * and raises one notice per node and kind the first time it is flagged: every late node, and of an
 * order's at-risk nodes the first in plan order. The marker is claimed by an
 * UPDATE ... WHERE marker IS NULL, so two evaluations at once (a write and a list read, the periodic
 * check) notify once. Called on every write of nodes, on the maker's list and timeline reads and by
 * the periodic check. Returns how many notices were raised.
 */
export async function evaluateNodeFlags(tx: Db, clientId: number, orderIds: number[] | null, today = todayIso()): Promise<{ late: number; at_risk: number; evaluated: number }> {
  // Many orders (a company's check): the flagged ones found on day numbers first, only they are named.
  let screened: number | null = null;
  if (!orderIds || orderIds.length > SCREEN_FROM) {
    const s = await flaggedOrders(tx, clientId, orderIds, today);
    if (!s.flagged.length) return { late: 0, at_risk: 0, evaluated: s.evaluated };
    screened = s.evaluated;
    orderIds = s.flagged;
  }
  const orders = await sql<Row>`select id, order_no, delivery_date from scm_customer_order where client_id = ${clientId} and status = 'in_progress'
    ${orderIds ? sql`and id = any(${orderIds}::bigint[])` : sql``}`.execute(tx);
  if (!orders.rows.length) return { late: 0, at_risk: 0, evaluated: screened ?? 0 };
  const evaluated = screened ?? orders.rows.length;
  const nodes = await flagNodes(tx, clientId, orderIds ? orders.rows.map((o) => Number(o.id)) : null);
  const late: { order: Row; node: FlagNode & { projected_date: string | null } }[] = [];
  const risk: typeof late = [];
  for (const o of orders.rows) {
    const t = trackOrder(nodes.get(Number(o.id)) ?? [], today);
    for (const n of t.nodes) if (n.late) late.push({ order: o, node: n });
    // When an order's remaining nodes no longer fit, every later node is at risk with it: the notice
    // names the first of them (the one to act on), and the next one only once that one is done.
    const firstAtRisk = t.nodes.find((n) => n.at_risk);
    if (firstAtRisk) risk.push({ order: o, node: firstAtRisk });
    // A node the board, the scans or a vendor pushed past its plan is told on its own (issue 31).
    for (const n of t.nodes) if (n.at_risk && n !== firstAtRisk && slippedByForecast(n)) risk.push({ order: o, node: n });
  }
  const claim = async (items: typeof late, marker: 'late_notified_at' | 'risk_notified_at') => {
    if (!items.length) return [];
    const ids = items.map((i) => i.node.id);
    // The rows still unmarked, locked: a second evaluation at once waits, then finds them marked.
    const r = await sql<{ id: number }>`select id from scm_order_node where client_id = ${clientId} and id = any(${ids}::bigint[]) and ${sql.id(marker)} is null for update`.execute(tx);
    const claimed = new Set(r.rows.map((x) => Number(x.id)));
    await deriveRecords(serviceWrite(tx, { clientId }), 'ordernode', [...claimed], { [marker]: sql`now()` });
    return items.filter((i) => claimed.has(i.node.id));
  };
  const lateNow = await claim(late, 'late_notified_at');
  const riskNow = await claim(risk, 'risk_notified_at');
  if (!lateNow.length && !riskNow.length) return { late: 0, at_risk: 0, evaluated };
  const userIds = await trackingRecipients(tx, clientId);
  if (!userIds.length) return { late: lateNow.length, at_risk: riskNow.length, evaluated };
  for (const [items, base] of [[lateNow, 'nodeLate'], [riskNow, 'nodeRisk']] as const) {
    for (const { order, node } of items) {
      const no = String(order.order_no ?? order.id);
      const kind = base === 'nodeRisk' && slippedByForecast(node) ? 'nodeSlip' : base;
      const source = node.forecast_source ? dictValueLabel('node_forecast_source', node.forecast_source) : '-';
      await raiseNotice(tx, {
        clientId, userIds, kind: NOTICE_KIND[kind], title: `notify.${kind}.title`, doc_no: no,
        link: `${TRACKING_PATH}?order=${Number(order.id)}`,
        i18n: { title: `notify.${kind}.title`, body: `notify.${kind}.body`, params: { no, node: node.node_name, plan: node.plan_date ?? '-', projected: node.projected_date ?? '-', delivery: order.delivery_date ?? '-', source } },
      });
    }
  }
  return { late: lateNow.length, at_risk: riskNow.length, evaluated };
}
