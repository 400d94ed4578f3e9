import { sql } from 'kysely';
import type { apiCalls } from './resource-client';

type Row = Record<string, unknown>;
/** A node of an order's time-and-action timeline as `/scmapi/nodetrack/timeline` answers it (and a tracked order's record carries it as a line). */
export type TimelineNode = Row & { node_code: string; plan_date: string; actual_date: string | null; actual_source: string | null; forecast_date: string | null; forecast_source: string | null; projected_date: string | null; state: string; critical?: boolean };
export type Timeline = { order: Row; today?: string; tracking: { nodes: TimelineNode[]; done: number; at_risk?: number; projected_end: string | null } };

/**
 * The API tests' reads of node tracking: a maker's timeline of one order, the brand's of its
 * purchase requirement (its record of the view `brandnodeorder` with the order's nodes as its lines,
 * what the brand's drawer draws, read as a timeline), a node of it by code, and the last audit entry
 * of an order's node.
 */
/** A tracked order's record (`/scmapi/<view>/view?id=`) read as a timeline: the record and its node lines with its figures. */
export const recordTimeline = (rec: Row): Timeline => ({
  order: rec,
  tracking: { nodes: rec.nodes as TimelineNode[], done: Number(rec.done), at_risk: rec.at_risk === undefined ? undefined : Number(rec.at_risk), projected_end: (rec.projected_end as string | null) ?? null },
});

export function nodeTimelines({ call, q }: ReturnType<typeof apiCalls>) {
  return {
    timeline: async (token: string, orderId: number) => (await call<Timeline>(token, 'GET', '/scmapi/nodetrack/timeline', { order_id: orderId })).body.data,
    brandTimeline: async (token: string, prId: number) => recordTimeline((await call<Row>(token, 'GET', '/scmapi/brandnodeorder/view', { id: prId })).body.data),
    node: (tl: Timeline, code: string) => tl.tracking.nodes.find((n) => n.node_code === code)!,
    lastNodeAudit: async (clientId: number, orderId: number, code: string) =>
      (await q(sql`select a.action, a.username from audit_log a join scm_order_node n on n.id = a.record_id
        where a.client_id = ${clientId} and a.entity = 'ordernode' and n.order_id = ${orderId} and n.node_code = ${code} order by a.id desc limit 1`))[0],
  };
}
