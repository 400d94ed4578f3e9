import { sql } from 'kysely';
import { brandNodeOrder, nodeCalendarEvent, supplierNode, supplierNodeOrder, trackedNode, trackedOrder } from '../../../model/entities/nodeconfig.entity';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { assertCan, dataScope } from '../../resources/permissions';
import { registerViewScope, type ViewLines, type ViewRows } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';
import { evaluateNodeFlags, nodesOf, orderTimeline, todayIso, trackedOrders, type NodeRow } from './tracking.service';
import { brandOrderNodes, brandTrackedOrders } from './tracking.share';
import { recordSupplierActual, supplierNamesOfOrder, supplierSentNodes, supplierOrderNodes, supplierTrackedOrders } from './tracking.supplier';
import type { TrackedOrderRow } from '../../../model/calls/tracking';
import { dayNumber, trackOrder, type OrderTracking, type TrackedNode } from '../../../model/node-tracking';
import { AppError } from '../../http/errors';

/**
 * The three lists of tracked orders are view entities whose rows this service computes (issue 30):
 * the engine reads them with its list query (filters, quick search, sort, paging) and opens a row in
 * its drawer. Each is read in the caller's company under its menu's read right; the maker's rows are
 * narrowed by the customer orders' data permissions in SQL, the brand's and the supplier's come from
 * their own shares and copies only (tracking.share.ts, tracking.supplier.ts).
 */
const ORDER_MENU = 'scm.customerorder';

/** A tracked order as a view's row: the company it belongs to and "done/total" beside its figures. */
const asRow = (clientId: number, id: number, r: TrackedOrderRow) => ({ ...r, id, client_id: clientId, progress: `${r.done}/${r.nodes}` });

/** The caller's company, read under the view's menu (403 without the read right); the rows are its own. */
const ownCompany = (menu: string) => async (auth: AuthContext, db: Db) => {
  const own = await assertCan(auth, menu, 'read', { db });
  return { where: sql`t.client_id = ${own}`, tenant: own };
};

/** The maker's orders in progress its data permissions show; the late and at-risk notices of what it reads are evaluated (each told once). */
const makerRows: ViewRows = async ({ db, auth }) => {
  const clientId = auth.clientId!;
  const scope = await dataScope(auth, ORDER_MENU, { db, inTenantScope: true });
  const rows = await trackedOrders(db, clientId, { status: ['in_progress'], scope });
  // The notices of what is shown (the figures are the dates' and do not move with them).
  if (rows.length) await evaluateNodeFlags(db, clientId, rows.map((r) => Number(r.id)));
  return rows.map((r) => asRow(clientId, Number(r.id), r));
};

/**
 * A tracked order's nodes as its record's lines (the views' child `nodes`): each node's stored
 * fields and what it says today (state, critical path, projected end: what the drawer's timeline
 * draws); its source only once done, its forecast only while open (as the drawer always showed them); `extra` adds what the reader's own company may see (the maker: where
 * a sent node went).
 */
const nodeLines = (tracking: OrderTracking<NodeRow>, extra: (n: TrackedNode<NodeRow>) => Record<string, unknown> = () => ({})) =>
  tracking.nodes.map((n) => ({
    id: n.id, version: n.version, node_code: n.node_code, node_name: n.node_name, seq: n.seq, party: n.party, plan_days: n.plan_days,
    plan_start: n.plan_start, plan_date: n.plan_date, actual_date: n.actual_date, actual_source: n.actual_date ? n.actual_source : null,
    forecast_date: n.actual_date ? null : n.forecast_date, forecast_source: n.actual_date ? null : n.forecast_source,
    share_id: n.share_id, state: n.state, critical: n.critical, projected_date: n.projected_date, ...extra(n),
  }));

/** The maker's order's nodes, within its data permissions; a sent node names the supplier company it went to. */
const makerLines: ViewLines = async ({ db, auth, row }) => {
  const clientId = auth.clientId!;
  const orderId = Number(row.id);
  const scope = await dataScope(auth, ORDER_MENU, { db, inTenantScope: true });
  const timeline = await orderTimeline(db, clientId, orderId, scope);
  const suppliers = await supplierNamesOfOrder(db, clientId, orderId);
  return nodeLines(timeline.tracking, (n) => ({ sent_to: n.share_id ? (suppliers[String(n.share_id)] ?? null) : null }));
};

/**
 * The nodes of the maker's orders in progress its data permissions show, each with its order's number,
 * customer and delivery and what it says today (`trackednode`, whose list export is the node plans' workbook).
 */
const makerNodes: ViewRows = async ({ db, auth }) => {
  const clientId = auth.clientId!;
  const today = todayIso();
  const orders = await trackedOrders(db, clientId, { status: ['in_progress'], scope: await dataScope(auth, ORDER_MENU, { db, inTenantScope: true }), today });
  const nodes = await nodesOf(db, clientId, orders.map((o) => Number(o.id)));
  return orders.flatMap((o) =>
    nodeLines(trackOrder(nodes.get(Number(o.id)) ?? [], today), (n) => ({ client_id: clientId, order_id: o.id, order_no: o.order_no, brand_name: o.brand_name, delivery_date: o.delivery_date, plan_manual: n.plan_manual === true, delay_days: n.delay_days })),
  );
};

/**
 * The calendar's nodes (`nodecalendar`): of the maker's orders in progress or finished within its data
 * permissions, those whose planned or actual date falls in the window its filters ask (`last_date` on
 * or after the first day, `first_date` on or before the last, at most 400 days), with the state today.
 */
const calendarNodes: ViewRows = async ({ db, auth, filters = [] }) => {
  const day = (field: string, op: string) => filters.find((f) => f.field === field && f.op === op)?.values.map(String)[0];
  const [from, to] = [day('last_date', 'gte'), day('first_date', 'lte')];
  if (!from || !to || to < from || dayNumber(to) - dayNumber(from) > 400) throw new AppError('tracking.calendarWindow');
  const clientId = auth.clientId!;
  const today = todayIso();
  const scope = await dataScope(auth, ORDER_MENU, { db, inTenantScope: true });
  const orders = (await sql<Record<string, unknown>>`select t.id, t.order_no, t.brand_name from scm_customer_order t
    where t.client_id = ${clientId} and t.status in ('in_progress', 'finished') ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}
      and exists (select 1 from scm_order_node n where n.client_id = t.client_id and n.order_id = t.id
        and ((n.plan_date between ${from} and ${to}) or (n.actual_date between ${from} and ${to})))`.execute(db)).rows;
  const nodes = await nodesOf(db, clientId, orders.map((o) => Number(o.id)));
  const inWindow = (d: string | null) => !!d && d >= from && d <= to;
  return orders.flatMap((o) =>
    trackOrder(nodes.get(Number(o.id)) ?? [], today).nodes.filter((n) => inWindow(n.plan_date) || inWindow(n.actual_date)).map((n) => ({
      id: n.id, client_id: clientId, order_id: o.id, order_no: o.order_no, brand_name: o.brand_name, node_code: n.node_code, node_name: n.node_name,
      plan_date: n.plan_date, actual_date: n.actual_date, state: n.state, critical: n.critical,
      first_date: [n.plan_date, n.actual_date].filter(Boolean).sort()[0] ?? null, last_date: [n.plan_date, n.actual_date].filter(Boolean).sort().pop() ?? null,
    })),
  );
};

export function registerTrackingViews(): void {
  registerViewScope(nodeCalendarEvent.name, ownCompany(nodeCalendarEvent.menuCode), { rows: calendarNodes });
  registerViewScope(trackedOrder.name, ownCompany(trackedOrder.menuCode), { rows: makerRows, lines: { nodes: makerLines } });
  registerViewScope(trackedNode.name, ownCompany(trackedNode.menuCode), { rows: makerNodes });
  registerViewScope(brandNodeOrder.name, ownCompany(brandNodeOrder.menuCode), {
    rows: async ({ db, auth }) => (await brandTrackedOrders(db, auth.clientId!)).map((r) => asRow(auth.clientId!, r.pr_id, r)),
    // Through the brand's share: dates and sources, never who recorded them or where a node went.
    lines: { nodes: async ({ db, auth, row }) => nodeLines(await brandOrderNodes(db, auth.clientId!, Number(row.id))) },
  });
  registerViewScope(supplierNodeOrder.name, ownCompany(supplierNodeOrder.menuCode), {
    rows: async ({ db, auth }) => (await supplierTrackedOrders(db, auth.clientId!)).map((r) => asRow(auth.clientId!, r.task_id, r)),
    // Only the nodes sent to it; who recorded them is not its business.
    lines: { nodes: async ({ db, auth, row }) => nodeLines(await supplierOrderNodes(db, auth.clientId!, Number(row.id)), () => ({ task_id: Number(row.id), share_id: undefined })) },
  });
  registerSupplierNodes();
}

/**
 * The supplier's own record (issue 30, the view `suppliernode`): its rows are the nodes sent to its
 * company (id and version the maker's node's); a save of the actual date is stored by
 * `recordSupplierActual`, which checks the share again and records the maker's node (source
 * 供应商录入, audited in the maker's company under the supplier's user, both companies and the
 * brand told once committed). The view writer checks the version read and the date's field rules first.
 */
function registerSupplierNodes(): void {
  registerViewScope(supplierNode.name, ownCompany(supplierNode.menuCode), {
    rows: async ({ db, auth }) => (await supplierSentNodes(db, auth.clientId!)).map((n) => ({ ...n, client_id: auth.clientId, actual_source: n.actual_date ? n.actual_source : null })),
  });
  registerViewWriter(supplierNode.name, {
    store: async ({ tx, auth, row, set, actor }) => {
      if (!Object.prototype.hasOwnProperty.call(set, 'actual_date')) return;
      const date = set.actual_date === null || set.actual_date === undefined || set.actual_date === '' ? null : String(set.actual_date);
      await recordSupplierActual(tx, { supplierId: auth.clientId!, taskId: Number(row.task_id), nodeCode: String(row.node_code), date, version: Number(row.version), actor });
    },
  });
}
