import { sql } from 'kysely';
import { NODE_TRACKING_EVENT, SUPPLIER_NODES_PATH, trackOrder, type OrderTracking } from '../../../model/node-tracking';
import { afterCommit } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { emitToCompany } from '../../realtime';
import { writeAudit, type AuditActor } from '../../kernel/audit/audit.service';
import { insertRecords, serviceWrite, updateRecords, deriveRecords } from '../../resources/record-writer';
import { raiseNotice } from '../notify/notice.service';
import { asTenant, receiverAccepts } from '../orders/cross-tenant.util';
import { nodesOf, recordNodeActual, summaryRow, todayIso, type NodeRow, type TrackedOrderRow } from './tracking.service';

/**
 * A maker's supplier records the actual dates of its own nodes (issue 12: "actual dates are entered
 * by the maker, the supplier (for its own nodes) ..."), through the order share mechanism as
 * outsourced orders use it (architecture-outsource.md):
 *
 * - the maker sends nodes whose responsible party is `supplier` (fabric in-house, trims in-house, the
 *   denim wash) of one of its orders in progress to a vendor whose company is on the platform and has
 *   confirmed the maker as its customer: a copy (`nodetask`) is written in the supplier's company with
 *   what it needs of the order (the maker's order number, style, quantity, delivery; nothing of the
 *   maker's customer), an `scm_order_share` row (`customerorder` → `nodetask`) in the maker's, and each
 *   node sent names that share (`scm_order_node.share_id`); the supplier's users get a notice;
 * - the supplier reads its copies, and the nodes of each only through the active share its copy names
 *   (read under the maker's tenant scope for a moment, checked to point back at the copy), and only the
 *   nodes naming that share: not the order's other nodes, nor the maker's other orders or customers;
 * - the supplier records a date of such a node: `recordNodeActual` with source `supplier`, audited in
 *   the maker's company under the supplier's user, notices and the brand's live timeline as always;
 * - the maker takes a node back (its share cleared); a share left with no node is closed with its copy.
 */

type Row = Record<string, unknown>;

async function joinedCompanyOf(tx: Db, clientId: number, vendorId: number): Promise<{ id: number; name: string; type: string; vendorName: string }> {
  const v = (await sql<{ name: string; code: string | null }>`select name, platform_client_code as code from md_vendor where id = ${vendorId} and client_id = ${clientId} and status = 'active'`.execute(tx)).rows[0];
  if (!v) throw new AppError('tracking.supplierRequired', { fields: { vendor_id: { key: 'tracking.supplierRequired' } } });
  const c = v.code
    ? (await sql<{ id: number; name: string; type: string }>`select id, name, type from clients where upper(code) = upper(${v.code}) and status = 'active' and id <> ${clientId}`.execute(tx)).rows[0]
    : undefined;
  if (!c) throw new AppError('tracking.supplierNotJoined', { params: { vendor: v.name } });
  return { ...c, id: Number(c.id), vendorName: v.name };
}

/** The supplier's copy of an order (in its company) and the maker's share naming it; each names the other. */
async function openSupplierShare(
  tx: Db,
  actor: AuditActor,
  p: { makerId: number; makerName: string; supplierId: number; orderId: number; order: Row },
): Promise<{ id: number; target_id: number }> {
  const { makerId: c, supplierId, order } = p;
  const partner = (stx: Db) => serviceWrite(stx, { ...actor, clientId: supplierId });
  const task = await asTenant(tx, supplierId, c, async (stx) => {
    const [r] = await insertRecords(partner(stx), 'nodetask', [
      { maker_name: p.makerName, source_no: order.order_no, style_no: order.style_no ?? null, total_qty: order.total_qty ?? null, delivery_date: order.delivery_date ?? null, state: 'active', source_client_id: c },
    ]);
    return Number(r.id);
  });
  const [s] = await insertRecords(serviceWrite(tx, actor), 'ordershare', [
    { from_client: c, to_client: supplierId, source_entity: 'customerorder', source_id: p.orderId, source_no: order.order_no, target_entity: 'nodetask', target_id: task, state: 'active' },
  ]);
  const shareId = Number(s.id);
  // The copy names the share just opened (a link, not a change anybody made).
  await asTenant(tx, supplierId, c, (stx) => deriveRecords(partner(stx), 'nodetask', [task], { share_id: shareId }));
  return { id: shareId, target_id: task };
}

/**
 * The maker sends supplier nodes of an order to a supplier company (see above). Nodes already sent to
 * this supplier stay sent; a node sent to another supplier, a maker's node or an unknown node is
 * refused naming it. Returns the share and the supplier's copy.
 */
export async function sendNodesToSupplier(
  tx: Db,
  input: { clientId: number; orderId: number; vendorId: number; nodeCodes: string[]; actor: AuditActor },
): Promise<{ share_id: number; task_id: number; supplier: string; sent: string[] }> {
  const c = input.clientId;
  const codes = [...new Set(input.nodeCodes.map((x) => String(x).trim().toUpperCase()).filter(Boolean))];
  if (!codes.length) throw new AppError('tracking.nodesRequired', { fields: { node_codes: { key: 'tracking.nodesRequired' } } });
  const order = (await sql<Row>`select id, order_no, status, delivery_date, total_qty,
      (select e.style_no from scm_customer_order_entry e where e.client_id = o.client_id and e.order_id = o.id order by e.seq nulls last, e.id limit 1) as style_no
    from scm_customer_order o where client_id = ${c} and id = ${input.orderId} for update`.execute(tx)).rows[0];
  if (!order) throw new AppError('tracking.orderNotFound');
  if (order.status !== 'in_progress') throw new AppError('tracking.notInProgress', { params: { order: order.order_no } });
  const target = await joinedCompanyOf(tx, c, input.vendorId);
  const maker = (await sql<{ name: string; code: string }>`select name, code from clients where id = ${c}`.execute(tx)).rows[0];
  if (!maker || !(await receiverAccepts(tx, { id: c, code: maker.code }, target))) throw new AppError('tracking.supplierNotLinked', { params: { code: maker?.code ?? '' } });

  const nodes = (await sql<Row>`select n.node_code, n.node_name, n.party, n.share_id, s.to_client, s.state from scm_order_node n
      left join scm_order_share s on s.client_id = n.client_id and s.id = n.share_id
    where n.client_id = ${c} and n.order_id = ${input.orderId} and upper(n.node_code) = any(${sql.val(codes)}::text[]) for update of n`.execute(tx)).rows;
  for (const code of codes) {
    const n = nodes.find((x) => String(x.node_code).toUpperCase() === code);
    if (!n) throw new AppError('tracking.nodeNotFound', { params: { order: order.order_no, code } });
    if (n.party !== 'supplier') throw new AppError('tracking.notSupplierNode', { params: { node: n.node_name } });
    if (n.share_id && n.state === 'active' && Number(n.to_client) !== target.id) throw new AppError('tracking.sentElsewhere', { params: { node: n.node_name } });
  }

  // One share (and one copy) per order and supplier: a second send adds nodes to it.
  let share = (await sql<{ id: number; target_id: number }>`select id, target_id from scm_order_share where client_id = ${c} and from_client = ${c} and to_client = ${target.id}
    and source_entity = 'customerorder' and source_id = ${input.orderId} and target_entity = 'nodetask' and state = 'active' order by id desc limit 1`.execute(tx)).rows[0];
  if (!share) {
    share = await openSupplierShare(tx, input.actor, { makerId: c, makerName: maker.name, supplierId: target.id, orderId: input.orderId, order });
  }
  await updateRecords(serviceWrite(tx, input.actor), 'ordernode', { where: sql`t.order_id = ${input.orderId} and upper(t.node_code) = any(${sql.val(codes)}::text[])` }, { share_id: share.id }, { audit: 'nodes-to-supplier' });
  await writeAudit(tx, { ...input.actor, clientId: c }, 'customerorder', input.orderId, 'nodes-to-supplier', [{ field: 'supplier', old: null, new: target.name }, { field: 'nodes', old: null, new: codes.join(',') }]);
  const names = codes.map((code) => String(nodes.find((x) => String(x.node_code).toUpperCase() === code)?.node_name ?? code));
  const taskId = Number(share.target_id);
  await asTenant(tx, target.id, c, (stx) =>
    raiseNotice(stx, {
      clientId: target.id, everyone: true, kind: 'nodetrack.sent', title: 'notify.nodesSent.title', doc_no: String(order.order_no),
      link: `${SUPPLIER_NODES_PATH}?task=${taskId}`,
      i18n: { title: 'notify.nodesSent.title', body: 'notify.nodesSent.body', params: { maker: maker.name, no: order.order_no, nodes: names.join('、') } },
    }),
  );
  // Once committed, so both companies' browsers read the nodes as they now are.
  afterCommit(tx, () => {
    emitToCompany(target.id, NODE_TRACKING_EVENT, { task_id: taskId });
    emitToCompany(c, NODE_TRACKING_EVENT, { order_id: input.orderId });
  });
  return { share_id: share.id, task_id: taskId, supplier: target.name, sent: codes };
}

/**
 * The maker takes a sent node back (the node line's transition `recall`, tracking.lines.ts): the
 * share the node names, or `tracking.notSent` (404) when it was never sent. The stage then writes
 * the node's `share_id` empty (audited `recall`), and `afterNodeRecalled` does the rest.
 */
export async function sentShareOf(tx: Db, clientId: number, node: Row): Promise<{ shareId: number; supplierId: number; taskId: number }> {
  const s = node.share_id
    ? (await sql<Row>`select id, to_client, target_id from scm_order_share where client_id = ${clientId} and id = ${Number(node.share_id)}`.execute(tx)).rows[0]
    : undefined;
  if (!s) throw new AppError('tracking.notSent', { params: { code: String(node.node_code) } });
  return { shareId: Number(s.id), supplierId: Number(s.to_client), taskId: Number(s.target_id) };
}

/**
 * After a node was taken back: the order's audit names it; the share and the supplier's copy close
 * when no node is left on it (the date the supplier entered stays the order's); the supplier's and
 * the maker's browsers are told.
 */
export async function afterNodeRecalled(tx: Db, input: { clientId: number; orderId: number; nodeCode: string; share: { shareId: number; supplierId: number; taskId: number }; actor: AuditActor }): Promise<{ closed: boolean }> {
  const c = input.clientId;
  const { shareId, supplierId, taskId } = input.share;
  await writeAudit(tx, { ...input.actor, clientId: c }, 'customerorder', input.orderId, 'node-recalled', [{ field: 'nodes', old: input.nodeCode, new: null }]);
  const left = (await sql<{ n: number }>`select count(*)::int as n from scm_order_node where client_id = ${c} and share_id = ${shareId}`.execute(tx)).rows[0].n;
  if (!left) {
    const w = serviceWrite(tx, input.actor);
    await updateRecords(w, 'ordershare', [shareId], { state: 'closed' }, { audit: 'close' });
    await asTenant(tx, supplierId, c, (stx) => updateRecords(serviceWrite(stx, { ...input.actor, clientId: supplierId }), 'nodetask', [taskId], { state: 'closed' }, { audit: 'close' }));
  }
  // Once committed, so both companies' browsers read the node as it now is.
  afterCommit(tx, () => {
    emitToCompany(supplierId, NODE_TRACKING_EVENT, { task_id: taskId });
    emitToCompany(c, NODE_TRACKING_EVENT, { order_id: input.orderId });
  });
  return { closed: !left };
}

/** For the maker's node lines (`sent_to`): the supplier each sent node went to, by share. */
export async function supplierNamesOfOrder(tx: Db, clientId: number, orderId: number): Promise<Record<string, string>> {
  const r = await sql<{ id: number; name: string }>`select s.id, c.name from scm_order_share s join clients c on c.id = s.to_client
    where s.client_id = ${clientId} and s.source_entity = 'customerorder' and s.source_id = ${orderId} and s.target_entity = 'nodetask' and s.state = 'active'`.execute(tx);
  return Object.fromEntries(r.rows.map((x) => [String(x.id), x.name]));
}

// ---------------------------------------------------------------------------------------------
// the supplier's side

type Task = { id: number; maker_name: string | null; source_no: string | null; style_no: string | null; total_qty: number | null; delivery_date: string | null; share_id: number | null; source_client_id: number | null };

async function ownTasks(tx: Db, supplierId: number, taskId: number | null): Promise<Task[]> {
  const r = await sql<Task>`select id, maker_name, source_no, style_no, total_qty, delivery_date, share_id, source_client_id from scm_node_task
    where client_id = ${supplierId} and state = 'active' ${taskId !== null ? sql`and id = ${taskId}` : sql``} order by delivery_date nulls last, id`.execute(tx);
  return r.rows.map((x) => ({ ...x, id: Number(x.id), share_id: x.share_id === null ? null : Number(x.share_id), source_client_id: x.source_client_id === null ? null : Number(x.source_client_id) }));
}

/**
 * Under the maker's scope: the active shares naming these copies of this supplier, and the nodes
 * naming those shares (who recorded each date blanked).
 */
async function sharedNodes(mtx: Db, makerId: number, supplierId: number, tasks: Task[]): Promise<Map<number, { orderId: number; status: string; nodes: NodeRow[] }>> {
  const out = new Map<number, { orderId: number; status: string; nodes: NodeRow[] }>();
  const shareIds = tasks.map((x) => x.share_id).filter((x): x is number => x !== null);
  if (!shareIds.length) return out;
  const shares = (await sql<Row>`select s.id, s.source_id, s.target_id, o.status from scm_order_share s join scm_customer_order o on o.client_id = s.client_id and o.id = s.source_id
    where s.client_id = ${makerId} and s.from_client = ${makerId} and s.to_client = ${supplierId} and s.id = any(${sql.val(shareIds)}::bigint[])
      and s.source_entity = 'customerorder' and s.target_entity = 'nodetask' and s.state = 'active'`.execute(mtx)).rows;
  const orderIds = shares.map((s) => Number(s.source_id));
  const all = await nodesOf(mtx, makerId, orderIds);
  for (const t of tasks) {
    const s = shares.find((x) => Number(x.id) === t.share_id && Number(x.target_id) === t.id);
    if (!s) continue;
    // Who recorded a date is a user of the maker or of this supplier: not the supplier's business.
    const nodes = (all.get(Number(s.source_id)) ?? []).filter((n) => n.share_id === t.share_id && n.party === 'supplier').map((n) => ({ ...n, actual_by: null }));
    out.set(t.id, { orderId: Number(s.source_id), status: String(s.status), nodes });
  }
  return out;
}

async function sharedByMaker(tx: Db, supplierId: number, tasks: Task[]): Promise<Map<number, { orderId: number; status: string; nodes: NodeRow[] }>> {
  const out = new Map<number, { orderId: number; status: string; nodes: NodeRow[] }>();
  for (const makerId of new Set(tasks.map((x) => x.source_client_id).filter((x): x is number => x !== null))) {
    const mine = tasks.filter((x) => x.source_client_id === makerId);
    const got = await asTenant(tx, makerId, supplierId, (mtx) => sharedNodes(mtx, makerId, supplierId, mine));
    for (const [k, v] of got) out.set(k, v);
  }
  return out;
}

const taskHeader = (t: Task, status: string) => ({ task_id: t.id, maker_name: t.maker_name, source_no: t.source_no, style_no: t.style_no, total_qty: t.total_qty, delivery_date: t.delivery_date, status });

/** The supplier's customers' orders whose nodes were sent to it, with what those nodes say today. */
export async function supplierTrackedOrders(tx: Db, supplierId: number): Promise<Array<TrackedOrderRow & { task_id: number }>> {
  const today = todayIso();
  const tasks = await ownTasks(tx, supplierId, null);
  const shared = await sharedByMaker(tx, supplierId, tasks);
  return tasks.filter((x) => shared.has(x.id)).map((x) => {
    const s = shared.get(x.id)!;
    const h = taskHeader(x, s.status);
    return { ...summaryRow(h, s.nodes, today), task_id: h.task_id };
  });
}

/** Every node sent to the supplier's company under its live copies, each with its copy (`task_id`): the rows of the view `suppliernode`. */
export async function supplierSentNodes(tx: Db, supplierId: number): Promise<Array<NodeRow & { task_id: number }>> {
  const tasks = await ownTasks(tx, supplierId, null);
  const shared = await sharedByMaker(tx, supplierId, tasks);
  return [...shared].flatMap(([taskId, s]) => s.nodes.map((n) => ({ ...n, task_id: taskId })));
}

/** One copy's nodes (only those sent to this supplier) as they stand today (its record's lines); 404 when the copy or its share is not live. */
export async function supplierOrderNodes(tx: Db, supplierId: number, taskId: number): Promise<OrderTracking<NodeRow>> {
  const t = (await ownTasks(tx, supplierId, taskId))[0];
  const s = t ? (await sharedByMaker(tx, supplierId, [t])).get(t.id) : undefined;
  if (!s) throw new AppError('tracking.orderNotFound');
  return trackOrder(s.nodes, todayIso());
}

/** The supplier records (or clears) the actual date of a node sent to it (the view `suppliernode`'s writer, tracking.views.ts); anything else is "not found". */
export async function recordSupplierActual(
  tx: Db,
  input: { supplierId: number; taskId: number; nodeCode: string; date: string | null; version: number | null; actor: AuditActor },
): Promise<void> {
  const t = (await ownTasks(tx, input.supplierId, input.taskId))[0];
  if (!t || !t.source_client_id) throw new AppError('tracking.orderNotFound');
  const makerId = t.source_client_id;
  const s = (await sharedByMaker(tx, input.supplierId, [t])).get(t.id);
  if (!s) throw new AppError('tracking.orderNotFound');
  const node = s.nodes.find((n) => n.node_code === input.nodeCode);
  if (!node) throw new AppError('tracking.nodeNotFound', { params: { order: t.source_no ?? '', code: input.nodeCode } });
  await asTenant(tx, makerId, input.supplierId, (mtx) =>
    recordNodeActual(mtx, {
      clientId: makerId, orderId: s.orderId, nodeCode: node.node_code, date: input.date, version: input.version, source: 'supplier',
      // Audited in the maker's company under the supplier's user, as an outsourced task's answers are.
      actor: { ...input.actor, clientId: makerId },
    }),
  );
  // The supplier's browsers, once committed (the maker's and the brand's are told by recordNodeActual).
  afterCommit(tx, () => emitToCompany(input.supplierId, NODE_TRACKING_EVENT, { task_id: t.id }));
}
