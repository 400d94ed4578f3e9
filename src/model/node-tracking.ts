/**
 * Time and action (node tracking, issue 12): what a node plan says about an order today. Pure and
 * isomorphic: the server computes the flags it stores notices for with it, the browser's timeline
 * reads the same figures from the server's reply.
 *
 * Rules (docs/architecture-tracking.md):
 * - Nodes run in stages by `seq`; nodes of one stage run side by side, a stage lasts as long as its
 *   longest node, so the plan is counted back from delivery stage by stage.
 * - A node is **late** when its planned date has passed (before today) and it has no actual date.
 * - A node is **at risk** when it has no actual date, is not late, and the remaining nodes'
 *   durations up to it, counted from today or from the last actual date (whichever is later), no
 *   longer fit before its planned date. The last stage's planned date is the delivery date, so an
 *   order whose remaining nodes no longer fit before delivery has at least one node at risk.
 * - A node may carry a **forecast date** (issue 31): when its work ends by what the floor and the
 *   partners say (the order's sewing bars on the board and their end re-forecast from scans, an
 *   outsourced process's open orders), kept on the node by the tracking service. An open node with a
 *   forecast ends on it (the schedule of that work is better knowledge than its configured
 *   duration), unless the nodes before it now end after it: then its duration counts from them. So a
 *   bar moved later, a slow scan rate or a vendor's later date slips the node and every stage after.
 * - The **critical path** is, per stage, the node that decides when the stage ends: for a stage
 *   still open the remaining node that ends last (with no forecast: the longest duration), for a
 *   closed stage the node finished last (the one with the longest plan when none has an actual date).
 */

export type TrackedNodeInput = {
  node_code: string;
  node_name: string;
  seq: number;
  plan_days: number;
  plan_start: string | null;
  plan_date: string | null;
  actual_date: string | null;
  /** The earliest the node's work can end by the floor's and partners' evidence (none: its duration alone decides). */
  forecast_date?: string | null;
};

export type NodeState = 'done' | 'done_late' | 'late' | 'at_risk' | 'on_track';

export type TrackedNode<T extends TrackedNodeInput = TrackedNodeInput> = T & {
  state: NodeState;
  late: boolean;
  at_risk: boolean;
  /** The earliest date the node can finish (its actual date once done). */
  projected_date: string | null;
  /** Days between the plan and the projection (positive: behind plan). */
  delay_days: number;
  critical: boolean;
};

export type OrderTracking<T extends TrackedNodeInput = TrackedNodeInput> = {
  nodes: TrackedNode<T>[];
  /** When the last node can finish at the earliest. */
  projected_end: string | null;
  late: number;
  at_risk: number;
  done: number;
  /** Any node late or at risk. */
  flagged: boolean;
  /** The first node without an actual date, in plan order. */
  next: string | null;
};

const DAY = 86_400_000;

/** Days from a `YYYY-MM-DD` date to another (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

// Day numbers of `YYYY-MM-DD` dates and back, remembered (the dates of a company's nodes repeat).
const dayNumbers = new Map<string, number>();
const dayTexts = new Map<number, string>();
function dayNumberOf(iso: string): number {
  let d = dayNumbers.get(iso);
  if (d === undefined) {
    d = Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY);
    if (dayNumbers.size > 50_000) dayNumbers.clear();
    dayNumbers.set(iso, d);
  }
  return d;
}
function isoOfDay(day: number): string {
  let s = dayTexts.get(day);
  if (s === undefined) {
    s = new Date(day * DAY).toISOString().slice(0, 10);
    if (dayTexts.size > 50_000) dayTexts.clear();
    dayTexts.set(day, s);
  }
  return s;
}

/** `YYYY-MM-DD` plus whole days. */
export function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** Whether a value is a real calendar date written `YYYY-MM-DD` (the declared calls' one check). */
export { isDay as isIsoDate } from './calls/input-shape';

/**
 * Planned dates of a node set counted back from delivery (the same arithmetic as the server's
 * set-based SQL, used by tests and by the browser's preview): each stage ends when the next starts.
 */
export function planBackFromDelivery<T extends { seq: number; plan_days: number }>(nodes: T[], delivery: string): (T & { plan_start: string; plan_date: string })[] {
  const stages = [...new Set(nodes.map((n) => n.seq))].sort((a, b) => b - a);
  const due = new Map<number, string>();
  let end = delivery;
  for (const s of stages) {
    due.set(s, end);
    const longest = Math.max(...nodes.filter((n) => n.seq === s).map((n) => n.plan_days));
    end = addDaysIso(end, -longest);
  }
  return nodes.map((n) => {
    const d = due.get(n.seq)!;
    return { ...n, plan_date: d, plan_start: addDaysIso(d, -n.plan_days) };
  });
}

// ISO dates order as text; node codes as people read them.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byPlan = (a: TrackedNodeInput, b: TrackedNodeInput) => a.seq - b.seq || byText(a.plan_date ?? '', b.plan_date ?? '') || a.node_code.localeCompare(b.node_code);

/** The flags, projection and critical path of one order's nodes on `today`. */
export function trackOrder<T extends TrackedNodeInput>(input: T[], today: string): OrderTracking<T> {
  const nodes = [...input].sort(byPlan);
  const lastActual = nodes.reduce<string | null>((m, n) => (n.actual_date && (!m || n.actual_date > m) ? n.actual_date : m), null);
  // Remaining work starts today, or after the last actual date when that is later (day numbers:
  // a company's recompute runs this for thousands of orders, bench B9c).
  let cursor = dayNumberOf(lastActual && lastActual > today ? lastActual : today);
  const projected = new Map<T, string>();
  const critical = new Set<T>();
  // Nodes are in plan order, so a stage (one sequence number) is a run of them.
  for (let i = 0; i < nodes.length; ) {
    let j = i;
    let decisive: T | null = null;
    let decisiveEnd = -Infinity;
    let lastDone: T | null = null;
    for (; j < nodes.length && nodes[j].seq === nodes[i].seq; j++) {
      const n = nodes[j];
      if (n.actual_date) {
        if (!lastDone || n.actual_date > (lastDone.actual_date ?? '')) lastDone = n;
        continue;
      }
      // The schedule's or the vendor's date is the node's end once known, unless the nodes before
      // it now end after it: then its own duration counts from them.
      const f = n.forecast_date ? dayNumberOf(n.forecast_date) : null;
      const ends = f !== null && f >= cursor ? f : cursor + n.plan_days;
      projected.set(n, isoOfDay(ends));
      // The node that ends the stage: the latest projection (ties: the first in plan order).
      if (ends > decisiveEnd) {
        decisive = n;
        decisiveEnd = ends;
      }
    }
    if (decisive) {
      critical.add(decisive);
      cursor = decisiveEnd;
    } else if (lastDone) critical.add(lastDone);
    i = j;
  }
  let late = 0;
  let atRisk = 0;
  let done = 0;
  let next: string | null = null;
  let end: string | null = null;
  const out = nodes.map((n): TrackedNode<T> => {
    const p = n.actual_date ?? projected.get(n) ?? null;
    if (p && (!end || p > end)) end = p;
    const isLate = !n.actual_date && !!n.plan_date && n.plan_date < today;
    const risk = !n.actual_date && !isLate && !!n.plan_date && !!p && p > n.plan_date;
    const state: NodeState = n.actual_date ? (n.plan_date && n.actual_date > n.plan_date ? 'done_late' : 'done') : isLate ? 'late' : risk ? 'at_risk' : 'on_track';
    if (isLate) late++;
    if (risk) atRisk++;
    if (n.actual_date) done++;
    else if (next === null) next = n.node_code;
    return { ...n, state, late: isLate, at_risk: risk, projected_date: p, delay_days: p && n.plan_date ? dayNumberOf(p) - dayNumberOf(n.plan_date) : 0, critical: critical.has(n) };
  });
  return { nodes: out, projected_end: end, late, at_risk: atRisk, done, flagged: late + atRisk > 0, next };
}

/** A `YYYY-MM-DD` date as a day number (days since 1970-01-01, as PostgreSQL's `date - date '1970-01-01'`). */
export function dayNumber(iso: string): number {
  return dayNumberOf(iso);
}

/**
 * One order's open nodes as day numbers, sorted by `seq`, and its last actual date: what
 * `orderFlagged` reads (one array per figure, no object per node).
 */
export type OrderDays = {
  /** The latest actual date of any of its nodes (null: none done). */
  last_actual: number | null;
  seq: readonly number[];
  plan_days: readonly number[];
  plan: readonly (number | null)[];
  forecast: readonly (number | null)[];
};

/**
 * Whether any node of an order is late or at risk on `today` (a day number): `trackOrder`'s `flagged`,
 * by the same rule (remaining work from today or the last actual date, stage by stage, a forecast
 * ending the node unless the nodes before it end later), without naming the nodes or making an object
 * per node, so a company's check of every order (5,000 orders x 30 nodes, bench B9c) names only the
 * flagged ones with `trackOrder`. A done node only counts through the last actual date, and which
 * nodes are flagged does not depend on the order of the nodes within a stage, so the open nodes need
 * only be sorted by `seq`.
 */
export function orderFlagged(o: OrderDays, today: number): boolean {
  const n = o.seq.length;
  let cursor = o.last_actual !== null && o.last_actual > today ? o.last_actual : today;
  for (let i = 0; i < n; ) {
    const stage = o.seq[i];
    let stageEnd = -Infinity;
    for (; i < n && o.seq[i] === stage; i++) {
      const f = o.forecast[i];
      const ends = f !== null && f >= cursor ? f : cursor + o.plan_days[i];
      const plan = o.plan[i];
      // Late (its planned date has passed) or at risk (it can only end after it).
      if (plan !== null && (plan < today || ends > plan)) return true;
      if (ends > stageEnd) stageEnd = ends;
    }
    cursor = stageEnd;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Where node tracking lives: permission (menu) codes and routes, shared by the server, the menus
// (grids/tracking) and the browser's pages.

/** The maker's tracking list and timelines (read), recording actual dates (update). */
export const NODE_TRACKING_MENU = 'scm.nodetrack';
/** The brand's view of its own orders' node timelines at its makers. */
export const NODE_TIMELINE_BRAND_MENU = 'scm.nodetrack.brand';
/** The maker's tracking page (orders, timeline, actual dates). */
export const NODE_TRACKING_PATH = '/scm/page/node-tracking';
/** The brand's page: its requirement orders' node timelines. */
export const NODE_TIMELINE_BRAND_PATH = '/scm/page/order-node-timeline';

/** A supplier company's customers' order nodes sent to it (read, and recording their dates: update). */
export const SUPPLIER_NODES_MENU = 'scm.nodetrack.supplier';
/** The supplier's page: the nodes its customers sent it, with their dates to record. */
export const SUPPLIER_NODES_PATH = '/scm/page/supplier-nodes';

/** What the server sends on the company socket when an order's nodes change. */
export const NODE_TRACKING_EVENT = 'nodetrack.changed';
