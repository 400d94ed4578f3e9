import type { NodeState } from '../../../model/node-tracking';

/**
 * The summary over a tracked order's timeline (pure, unit-tested). The timeline itself is the node
 * grid's declared one (`timeline` in grids/tracking/trackedorders.grid.ts, drawn by the engine's
 * LineTimeline under the grid).
 */
type SummaryNode = { state: NodeState; actual_date: string | null; projected_date: string | null };

/**
 * What an order's nodes say today, over the lines its record carries (as `trackOrder` counts them):
 * done, late and at-risk nodes, and the projected end (the last node's).
 */
export function nodeSummary(nodes: SummaryNode[]): { done: number; late: number; at_risk: number; projected_end: string | null } {
  const count = (state: NodeState) => nodes.filter((n) => n.state === state).length;
  const end = nodes.reduce<string | null>((m, n) => (n.projected_date && (!m || n.projected_date > m) ? n.projected_date : m), null);
  return { done: nodes.filter((n) => n.actual_date).length, late: count('late'), at_risk: count('at_risk'), projected_end: end };
}
