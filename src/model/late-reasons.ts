/**
 * Why a late bar is late (issue 31): what held it past its delivery date, each reason naming the thing
 * the planner can open. Shared by the planning service (GET /scmapi/schedule/late-reasons, which reads
 * the facts in SQL) and the board (tooltip and reason panel). Pure: `lateReasons` takes one bar's facts.
 *
 * Every reason is measured against the bar's **latest on-time start** (`need_start`): its delivery date
 * less its length in days (the bar keeps its length, as a move on the board does). A cause that holds
 * the plan past that day made it late, by `days` (at most the bar's days late):
 * - **material**: the plan's material-ready date (the plan's own, or the latest receipt or ETA of the
 *   order's material purchase lines) after the latest on-time start and after the day the line would
 *   otherwise be free for it (the day after the line's previous bar ends, a bar running beside it not
 *   counted; at the latest its own start);
 * - **node**: an open node of the order's tracking before production (a stage before the first
 *   production node: fabric, trims, approvals) that ends after the latest on-time start; or, when none
 *   does, the order's critical path projected past the delivery date (its first open critical node);
 * - **lock**: a locked bar before it on the same line still on the line on or after the latest on-time
 *   start (the locked bar ending last is named);
 * - **capacity**: days of the line from the latest on-time start to the bar's end whose load, with
 *   other plans' work on it, fills the capacity (load >= 95 % of it, `FULL`; over capacity named apart), the line
 *   named; `days` counts the full days before the bar's start (else the full days it shares);
 * - **start**: none of these: the bar was simply placed too late (a planner's move), by its days late.
 * Several can apply: ordered by `days`, the decisive (longest) first; on a tie material, node, lock,
 * capacity, start.
 */

export type LateReasonKind = 'material' | 'node' | 'lock' | 'capacity' | 'start';

export type LateReason =
  | {
      kind: 'material';
      days: number;
      ready_date: string;
      /** Where the date comes from: a purchase order of the order, or the plan's own material-ready date. */
      source: 'purchase' | 'plan';
      purchase_id: number | null;
      po_no: string | null;
      material: string | null;
      /** The purchase line is received (the date is its last receipt) or still to come (the date is its ETA). */
      received: boolean;
    }
  | { kind: 'node'; days: number; order_id: number; order_no: string; node_code: string; node_name: string; node_end: string; critical: boolean; pushes_delivery: boolean }
  | { kind: 'lock'; days: number; bar_id: number; plan_no: string; lock_start: string; lock_end: string; line_id: number }
  | { kind: 'capacity'; days: number; line_id: number; line_code: string; line_name: string; full_days: string[]; over_days: string[] }
  | { kind: 'start'; days: number; line_id: number };

/** A late bar and its reasons, the decisive first. */
export type LateBarReasons = {
  bar_id: number;
  plan_id: number;
  plan_no: string;
  line_id: number;
  start: string;
  end: string;
  delivery_date: string;
  late_days: number;
  /** The latest start that would have met the delivery date (delivery less the bar's length). */
  need_start: string;
  reasons: LateReason[];
};

export type LateReasonsQuery = { from?: string; to?: string; scenario?: number; lines?: string };
export type LateReasonsReply = { from: string; to: string; scenario_id: number | null; bars: LateBarReasons[] };

/** What the service reads for one late bar. */
export type LateBarFacts = {
  bar: { id: number; plan_id: number; plan_no: string; line_id: number; start: string; end: string; delivery_date: string };
  line: { id: number; code: string; name: string };
  /** The line's days from at least the latest on-time start to the bar's end: capacity, load and this bar's own load, in minutes. */
  days: { date: string; capacity: number; load: number; own: number }[];
  /** The other bars of the line in the same schedule (locked or not) that start before this bar. */
  before: { id: number; plan_no: string; start: string; end: string; locked: boolean }[];
  /** Material-ready dates: the plan's own and each material purchase line of its order. */
  material: { ready_date: string; source: 'purchase' | 'plan'; purchase_id: number | null; po_no: string | null; material: string | null; received: boolean }[];
  /** The order's tracking: its nodes not done, with when each can end at the earliest. */
  nodes: { order_id: number; order_no: string; node_code: string; node_name: string; end: string; critical: boolean; before_production: boolean }[];
  /** When the order's last node can end at the earliest (null: no tracking). */
  projected_end: string | null;
};

const DAY = 86_400_000;
const num = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
const between = (a: string, b: string) => Math.round(num(b) - num(a));
const plus = (d: string, n: number) => new Date((num(d) + n) * DAY).toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);
/** A day is full from this share of its capacity on (whole pieces rarely fill the last minutes of a day). */
export const FULL = 0.95;
const ORDER: LateReasonKind[] = ['material', 'node', 'lock', 'capacity', 'start'];

/** The reasons of one bar (none when it is not late). */
export function lateReasons(f: LateBarFacts): LateBarReasons | null {
  const { bar } = f;
  const late = between(bar.delivery_date, bar.end);
  if (!(late > 0)) return null;
  const need = plus(bar.delivery_date, -between(bar.start, bar.end));
  const cap = (d: number) => Math.max(1, Math.min(late, d));
  const reasons: LateReason[] = [];

  // The day the line would be free for this bar: after the previous bar of the line ends (a bar still
  // running when this one starts ran beside it and held nothing; a hand-over day is shared).
  const prevEnd = f.before.filter((b) => b.end <= bar.start).reduce<string | null>((m, b) => (m === null || b.end > m ? b.end : m), null);
  const lineFree = prevEnd ? (plus(prevEnd, 1) < bar.start ? plus(prevEnd, 1) : bar.start) : null;
  const holdFrom = lineFree ? later(need, lineFree) : need;
  const material = f.material.reduce<LateBarFacts['material'][number] | null>((m, x) => (m === null || x.ready_date > m.ready_date || (x.ready_date === m.ready_date && x.source === 'purchase' && m.source === 'plan') ? x : m), null);
  if (material && material.ready_date > holdFrom) reasons.push({ kind: 'material', days: cap(between(holdFrom, material.ready_date)), ...material });

  const holding = f.nodes.filter((n) => n.before_production && n.end > need).sort((a, b) => (a.end === b.end ? Number(b.critical) - Number(a.critical) : a.end < b.end ? 1 : -1))[0];
  if (holding) reasons.push({ kind: 'node', days: cap(between(need, holding.end)), order_id: holding.order_id, order_no: holding.order_no, node_code: holding.node_code, node_name: holding.node_name, node_end: holding.end, critical: holding.critical, pushes_delivery: false });
  else if (f.projected_end && f.projected_end > bar.delivery_date) {
    const critical = f.nodes.find((n) => n.critical);
    if (critical) reasons.push({ kind: 'node', days: cap(between(bar.delivery_date, f.projected_end)), order_id: critical.order_id, order_no: critical.order_no, node_code: critical.node_code, node_name: critical.node_name, node_end: critical.end, critical: true, pushes_delivery: true });
  }

  const lock = f.before.filter((b) => b.locked && b.id !== bar.id && b.end >= need && b.start <= bar.start && b.end < bar.end).sort((a, b) => (a.end < b.end ? 1 : a.end > b.end ? -1 : 0))[0];
  if (lock) reasons.push({ kind: 'lock', days: cap(between(need, lock.end) + 1), bar_id: lock.id, plan_no: lock.plan_no, lock_start: lock.start, lock_end: lock.end, line_id: bar.line_id });

  const window = f.days.filter((d) => d.date >= need && d.date <= bar.end);
  // A day the line is full with other plans' work (a day this bar fills on its own holds nothing up).
  const full = window.filter((d) => d.load - d.own > 1e-6 && (d.capacity > 0 ? d.load >= d.capacity * FULL : true));
  if (full.length) {
    const over = full.filter((d) => d.load > d.capacity + 1e-6);
    reasons.push({ kind: 'capacity', days: cap(full.filter((d) => d.date < bar.start).length || full.length), line_id: f.line.id, line_code: f.line.code, line_name: f.line.name, full_days: full.map((d) => d.date), over_days: over.map((d) => d.date) });
  }

  if (!reasons.length) reasons.push({ kind: 'start', days: late, line_id: bar.line_id });
  reasons.sort((a, b) => b.days - a.days || ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  return { bar_id: bar.id, plan_id: bar.plan_id, plan_no: bar.plan_no, line_id: bar.line_id, start: bar.start, end: bar.end, delivery_date: bar.delivery_date, late_days: late, need_start: need, reasons };
}
