import { nodeState, orderNode } from '../../../model/entities/nodeconfig.entity';
import { addDaysIso, daysBetween, type NodeState } from '../../../model/node-tracking';

/**
 * The node timeline's geometry (pure, unit-tested): one row per node, days across, the planned bar
 * from planned start to planned date, the projected bar of an open node where it no longer matches
 * the plan, the actual date as a diamond, today's and the delivery's lines. Drawn as plain SVG by
 * NodeTimeline.tsx.
 */
export type TimelineNode = {
  node_code: string;
  node_name: string;
  seq: number;
  plan_days: number;
  plan_start: string | null;
  plan_date: string | null;
  actual_date: string | null;
  projected_date: string | null;
  state: NodeState;
  critical: boolean;
};

export type TimelineRow = {
  node: TimelineNode;
  y: number;
  plan: { x: number; w: number } | null;
  projected: { x: number; w: number } | null;
  actual: number | null;
};

export type TimelineLayout = {
  from: string;
  days: number;
  dayWidth: number;
  width: number;
  height: number;
  rows: TimelineRow[];
  today: number | null;
  delivery: number | null;
  /** Month or week ticks along the top. */
  ticks: { x: number; label: string }[];
};

export const LABEL_WIDTH = 170;
export const ROW_HEIGHT = 30;
export const HEADER_HEIGHT = 28;

export function layoutTimeline(nodes: TimelineNode[], opts: { today: string; delivery: string | null; width: number }): TimelineLayout {
  const dates: string[] = [opts.today];
  if (opts.delivery) dates.push(opts.delivery);
  for (const n of nodes) for (const d of [n.plan_start, n.plan_date, n.actual_date, n.projected_date]) if (d) dates.push(d);
  const min = dates.reduce((a, b) => (b < a ? b : a));
  const max = dates.reduce((a, b) => (b > a ? b : a));
  const from = addDaysIso(min, -2);
  const days = daysBetween(from, max) + 4;
  const dayWidth = Math.max(4, Math.min(28, (opts.width - LABEL_WIDTH - 8) / days));
  const x = (d: string) => LABEL_WIDTH + daysBetween(from, d) * dayWidth;
  // A node's date is the end of its day: bars run to the end of their last day.
  const xEnd = (d: string) => x(d) + dayWidth;
  const rows = nodes.map((n, i): TimelineRow => {
    const plan = n.plan_start && n.plan_date ? { x: xEnd(n.plan_start), w: Math.max(dayWidth * 0.5, xEnd(n.plan_date) - xEnd(n.plan_start)) } : null;
    const projectedDiffers = !n.actual_date && n.projected_date && n.projected_date !== n.plan_date;
    const projected = projectedDiffers ? { x: xEnd(addDaysIso(n.projected_date!, -n.plan_days)), w: Math.max(dayWidth * 0.5, n.plan_days * dayWidth) } : null;
    return { node: n, y: HEADER_HEIGHT + i * ROW_HEIGHT, plan, projected, actual: n.actual_date ? x(n.actual_date) + dayWidth / 2 : null };
  });
  const ticks: { x: number; label: string }[] = [];
  const step = dayWidth >= 14 ? 7 : dayWidth >= 6 ? 14 : 30;
  for (let i = 0; i <= days; i += step) {
    const d = addDaysIso(from, i);
    ticks.push({ x: LABEL_WIDTH + i * dayWidth, label: d.slice(5) });
  }
  return {
    from,
    days,
    dayWidth,
    width: LABEL_WIDTH + days * dayWidth + 8,
    height: HEADER_HEIGHT + nodes.length * ROW_HEIGHT + 8,
    rows,
    today: x(opts.today) + dayWidth / 2,
    delivery: opts.delivery ? xEnd(opts.delivery) : null,
    ticks,
  };
}

/**
 * What an order's nodes say today, over the lines its record carries (as `trackOrder` counts them):
 * done, late and at-risk nodes, and the projected end (the last node's).
 */
export function nodeSummary(nodes: TimelineNode[]): { done: number; late: number; at_risk: number; projected_end: string | null } {
  const count = (state: NodeState) => nodes.filter((n) => n.state === state).length;
  const end = nodes.reduce<string | null>((m, n) => (n.projected_date && (!m || n.projected_date > m) ? n.projected_date : m), null);
  return { done: nodes.filter((n) => n.actual_date).length, late: count('late'), at_risk: count('at_risk'), projected_end: end };
}

/** Today in the browser's time zone, `YYYY-MM-DD` (the timeline's today line). */
export function localToday(now = new Date()): string {
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())).toISOString().slice(0, 10);
}

/** Colours of the node states (the `node_state` dictionary's, Fluent palette): done green, done late orange, late red, at risk amber, on track blue. */
export const STATE_COLOURS = Object.fromEntries(nodeState.items.map((i) => [i.value, i.extra!.colour])) as Record<NodeState, string>;

/** A node state's name in the interface language (the `node_state` dictionary). */
export function stateLabel(state: NodeState, language: string): string {
  const label = nodeState.items.find((i) => i.value === state)?.label;
  return label ? (language === 'en' ? label.en : label.zh) : state;
}

/**
 * Where a planned bar dragged by `dx` pixels lands: whole days (rounded), the node's new planned date
 * (its duration kept), or null when it did not move a whole day.
 */
export function draggedPlanDate(planDate: string | null, dx: number, dayWidth: number): string | null {
  if (!planDate || !(dayWidth > 0)) return null;
  const days = Math.round(dx / dayWidth);
  return days === 0 ? null : addDaysIso(planDate, days);
}

/** A node date's name on the timeline's tooltip: the `ordernode` field's label. */
export function columnLabel(column: 'plan_date' | 'actual_date', language: string): string {
  const label = orderNode.fields.find((f) => f.key === column)!.label;
  return language === 'en' ? label.en : label.zh;
}
