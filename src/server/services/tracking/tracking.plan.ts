import { sql } from 'kysely';
import { addDaysIso, isIsoDate } from '../../../model/node-tracking';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { AuditActor } from '../../kernel/audit/audit.service';
import { serviceWrite, updateRecords } from '../../resources/record-writer';
import { closedParams, emitNodeChange, evaluateNodeFlags, orderTimeline, todayIso, type OrderTimeline } from './tracking.service';

/**
 * A node's planned date set by hand (issue 31: "node plan dates can be dragged on the node
 * timeline"): the node keeps its duration (planned start = planned date - days), is marked
 * `plan_manual` so regenerating the order's plan keeps it, forgets its notified markers (the plan it
 * was told about moved), is audited as `plan` with the old and new dates, and the order's flags are
 * evaluated again; the maker's and the brand's timelines follow live. Refused: a bad date, a node
 * already done, an order not in progress, an unknown node, a stale version.
 *
 * Example: `await moveNodePlan(tx, { clientId, orderId, nodeCode: 'SEWING', planDate: '2027-01-20', version: 3, actor })`
 */
export async function moveNodePlan(tx: Db, input: { clientId: number; orderId: number; nodeCode: string; planDate: string; version: number | null; actor: AuditActor }): Promise<OrderTimeline> {
  if (!isIsoDate(input.planDate)) throw new AppError('tracking.badDate', { fields: { plan_date: { key: 'tracking.badDate' } } });
  const order = (await sql<Record<string, unknown>>`select id, order_no, status, share_id, source_client_id, source_no from scm_customer_order
    where client_id = ${input.clientId} and id = ${input.orderId} for update`.execute(tx)).rows[0];
  if (!order) throw new AppError('tracking.orderNotFound');
  if (order.status !== 'in_progress') throw new AppError('tracking.orderClosed', { params: closedParams(order) });
  const node = (await sql<{ id: number; version: number; node_name: string; plan_days: number; actual_date: unknown }>`select id, version, node_name, plan_days, actual_date from scm_order_node
    where client_id = ${input.clientId} and order_id = ${input.orderId} and node_code = ${input.nodeCode} for update`.execute(tx)).rows[0];
  if (!node) throw new AppError('tracking.nodeNotFound', { params: { order: order.order_no, code: input.nodeCode } });
  if (input.version !== null && Number(node.version) !== input.version) throw new AppError('err.staleVersion');
  if (node.actual_date) {
    const done = node.actual_date instanceof Date ? todayIso(node.actual_date) : String(node.actual_date).slice(0, 10);
    throw new AppError('tracking.nodeDone', { params: { node: node.node_name, date: done } });
  }
  const w = serviceWrite(tx, { ...input.actor });
  await updateRecords(w, 'ordernode', [Number(node.id)], {
    plan_date: input.planDate, plan_start: addDaysIso(input.planDate, -Number(node.plan_days ?? 0)), plan_manual: true, late_notified_at: null, risk_notified_at: null,
  }, { audit: 'plan' });
  await evaluateNodeFlags(tx, input.clientId, [input.orderId]);
  emitNodeChange(input.clientId, order);
  return orderTimeline(tx, input.clientId, input.orderId);
}
