/**
 * The contract between the scheduling board (browser, src/client/calendar) and the planning service
 * (server, src/server/services/planning): what the board reads and the commands it sends. Both sides
 * import these types; neither repeats them.
 *
 * Vocabulary (DOMAIN "Scheduling"): a *plan* (prodplan) is an order, or one delivery batch of it, to be
 * made; a *bar* (prodplan_bar) is the part of a plan placed on one line over a run of days. A plan has
 * one bar until the planner splits it by quantity or across lines. Bars belong to the live schedule
 * (`scenario_id` null) or to a what-if *scenario* (a named copy the auto-scheduler writes, published
 * over the live schedule or discarded).
 *
 * Dates are `YYYY-MM-DD`; a bar's `end` is inclusive. Capacity and load are standard minutes.
 */

/** One day column of the board. */
export type BoardDay = {
  date: string;
  /** A working day of the line's cycle calendar (weekday in its working weekdays, not a holiday). */
  working: boolean;
  holiday: boolean;
  /** A weekend or holiday made a working day (overtime). */
  overtime: boolean;
};

/** One line (a row of the board), with its capacity and load per day aligned with `BoardData.days`. */
export type BoardLine = {
  id: number;
  code: string;
  name: string;
  workshop_id: number | null;
  workshop_name: string;
  /** Product categories (dictionary `product_category` values) the line can make; empty = any. */
  categories: string[];
  operators: number;
  efficiency: number;
  /** Capacity in minutes per day (0 on a non-working day). */
  capacity: number[];
  /** Minutes already placed per day by the bars of the shown schedule. */
  load: number[];
  /** Standard minutes per piece by category set on the line (line settings); a plan's own minutes apply otherwise. */
  sam?: Record<string, number>;
  /** Output of a new style's first days on the line, percent (e.g. [60, 80, 90]); empty: none. */
  learning?: number[];
  /**
   * The frame's count of the line's sub-rows: the most of its bars in the range overlapping at once
   * (a hand-over day is no overlap), counted by the server before any bar is read, so that a row is
   * as tall from the first frame as when every window is read (the window read's lines leave it out).
   */
  lanes?: number;
};

/** A bar: part of a plan on one line. */
export type BoardBar = {
  id: number;
  version: number;
  plan_id: number;
  plan_no: string;
  order_no: string;
  customer: string;
  style_no: string;
  category: string;
  /** The category as the reader reads it (its `product_category` label in the reader's language; the board's read only). */
  category_label?: string;
  line_id: number;
  start: string;
  end: string;
  qty: number;
  /** Finished pieces reported so far (progress = done_qty / qty). */
  done_qty: number;
  /** Standard minutes of the whole bar (qty x minutes per piece / efficiency). */
  minutes: number;
  /** The plan's own standard minutes per piece (a line without its own minutes of the category takes these). */
  minutes_per_piece?: number;
  /** Pieces the bar makes on each day from `start` to `end`. */
  daily: number[];
  delivery_date: string | null;
  /** Ends after the plan's delivery date. */
  late: boolean;
  locked: boolean;
  /** Position of this bar among the bars of its plan (1-based) and their count. */
  split_index: number;
  split_count: number;
  scenario_id: number | null;
};

/** GET /api/scmapi/schedule/board?from=&to=&scenario=&workshop= */
export type BoardQuery = { from: string; to: string; scenario?: number; workshop?: number };

export type BoardData = {
  from: string;
  to: string;
  scenario_id: number | null;
  days: BoardDay[];
  lines: BoardLine[];
  bars: BoardBar[];
};

/**
 * POST /api/scmapi/schedule/command. Every command names the bar and the version it was read at; a
 * stale version is the 409 11409 reply ("该单据已被他人操作，请刷新后重试"). A move onto a line that
 * cannot make the bar's category, or into a locked bar's change, is a 400 with the reason.
 */
export type BoardCommand =
  /**
   * `push`: the planner chose "move and push the following plans later" for a drop that overloads the
   * line: the bar is laid into the line's capacity from `start`, and the unlocked bars of the line that
   * end on or after `start` follow it in their order, each laid after the previous one, so that no bar
   * overlaps another and no day is over capacity (calendars/cascade.ts).
   */
  | { op: 'move'; bar_id: number; version: number; line_id: number; start: string; push?: boolean; material?: MaterialChoice }
  | { op: 'resize'; bar_id: number; version: number; end: string }
  | { op: 'split'; bar_id: number; version: number; qty: number; line_id?: number }
  | { op: 'merge'; bar_ids: number[]; versions: number[] }
  | { op: 'lock' | 'unlock'; bar_id: number; version: number }
  /**
   * Puts bars on given lines and days, all in one step (the undo of a pushing move: every bar it moved
   * back where `previous` says it was, with its pieces per day). Each bar at the version it was read
   * at; a locked bar, a bar out of the planner's scope or a line that cannot make the bar's category
   * refuses the whole command. At most 1,000 bars.
   */
  | { op: 'place'; bars: BarPlacement[] };

/**
 * A move before its plan's material gate (the auto-scheduler's: the latest delivery date of the open
 * purchase lines of its materials, or its own material-ready date when later). `ask`: the server
 * refuses such a move with the gate (`MaterialGateAsk`, reason `material_gate`), the board's drop asks
 * the planner; `gate`: the bar starts on the gate day (the drop day when that is later); `keep`: the
 * planner's day, the gate left aside for the dropped bar (with `push` too). Without it a plain move
 * keeps the day and a push lays the bar from its gate, as before (API clients, seeds, undo and redo).
 */
export type MaterialChoice = 'ask' | 'gate' | 'keep';

/** A plan's material gate: its day, and what holds it (a purchase order with the material, or the plan's own date). */
export type MaterialGate = {
  day: string;
  held_by: { source: 'purchase'; purchase_id: number; po_no: string; material: string | null } | { source: 'plan' };
};

/** The refusal of a move with `material: 'ask'` that would start its plan before the gate: the envelope's `data`. */
export type MaterialGateAsk = { reason: 'material_gate'; plan_id: number; plan_no: string; start: string; gate: MaterialGate };

/** The bars a command names, in its order (a merge: the kept one first), with the versions it read them at. */
export function commandBars(cmd: BoardCommand): { ids: number[]; versions: number[] } {
  switch (cmd.op) {
    case 'merge': return { ids: cmd.bar_ids, versions: cmd.versions };
    case 'place': return { ids: cmd.bars.map((b) => b.bar_id), versions: cmd.bars.map((b) => b.version) };
    default: return { ids: [cmd.bar_id], versions: [cmd.version] };
  }
}

/** Where a `place` command puts a bar: its line, first and last day, its pieces per day (null: spread evenly). */
export type BarPlacement = { bar_id: number; version: number; line_id: number; start: string; end: string; daily?: number[] | null };

/** The reply to a command: bars changed or created, bars removed, and the new load of touched lines. */
export type BoardCommandResult = {
  bars: BoardBar[];
  removed: number[];
  lines: { id: number; load: number[] }[];
  /** A pushing move: where each bar it moved was before (the board's undo puts them back). */
  previous?: { id: number; line_id: number; start: string; end: string; daily?: number[] | null }[];
};

/** Figures that compare a scenario with the live schedule. */
export type ScheduleMetrics = {
  plans: number;
  placed: number;
  late_plans: number;
  late_pieces: number;
  changeovers: number;
  /** Load / capacity over the compared range, 0..1, overall and per line. */
  utilisation: number;
  per_line: { line_id: number; utilisation: number; changeovers: number }[];
};

/**
 * A schedule's figures read now from its stored bars (issue 34: the live plan and every scenario are
 * measured by one server function, `scheduleKpis`): the metrics and the orders with a late plan.
 */
export type ScheduleKpis = ScheduleMetrics & { late_orders: number };

/**
 * GET /api/scmapi/schedule/kpis?scenario=&from=&to= → the live schedule's figures and, when asked, a
 * draft scenario's, over the scenario's range (else from/to, else the board's default range); the
 * company's draft scenarios to pick from; the server's time in milliseconds.
 */
export type ScheduleKpiComparison = {
  range: { from: string; to: string };
  live: ScheduleKpis;
  scenario: { summary: ScenarioSummary; kpis: ScheduleKpis } | null;
  scenarios: ScenarioSummary[];
  took_ms: number;
};

/**
 * The figures the control tower sets side by side, and which way is better. A plan not placed (no
 * bar, or fewer pieces than it has) counts as late, so these are named "late or unplaced" (the tower's
 * headline 计划延期 counts the scheduled plans ending after their date only).
 */
export const SCHEDULE_KPIS = [
  { key: 'late_orders', label: { zh: '延期订单', en: 'Late orders' }, better: 'lower', format: 'count' },
  { key: 'late_plans', label: { zh: '延期或未排计划', en: 'Plans late or unplaced' }, better: 'lower', format: 'count' },
  { key: 'late_pieces', label: { zh: '延期或未排件数', en: 'Pieces late or unplaced' }, better: 'lower', format: 'count' },
  { key: 'utilisation', label: { zh: '产能利用率', en: 'Utilisation' }, better: 'higher', format: 'percent' },
  { key: 'changeovers', label: { zh: '换款次数', en: 'Changeovers' }, better: 'lower', format: 'count' },
  { key: 'placed', label: { zh: '已排计划', en: 'Plans placed' }, better: 'higher', format: 'count' },
] as const satisfies readonly { key: keyof ScheduleKpis; label: { zh: string; en: string }; better: 'lower' | 'higher'; format: 'count' | 'percent' }[];

export type KpiRow = { key: (typeof SCHEDULE_KPIS)[number]['key']; live: number; scenario: number | null; diff: number | null; tone: 'better' | 'worse' | 'same' | null };

/** Each figure of the live plan, the scenario's and the difference (scenario − live) with its tone. */
export function kpiRows(live: ScheduleKpis, scenario: ScheduleKpis | null): KpiRow[] {
  return SCHEDULE_KPIS.map((k) => {
    const a = Number(live[k.key] ?? 0);
    if (!scenario) return { key: k.key, live: a, scenario: null, diff: null, tone: null };
    const b = Number(scenario[k.key] ?? 0);
    // A share's difference in its own 0..1 units, rounded as the figures are (to a tenth of a percent).
    const diff = k.format === 'percent' ? Math.round((b - a) * 1000) / 1000 : b - a;
    const tone = diff === 0 ? 'same' : (diff < 0) === (k.better === 'lower') ? 'better' : 'worse';
    return { key: k.key, live: a, scenario: b, diff, tone };
  });
}

/** Why the auto-scheduler could not place a plan on time. */
export type UnplacedReason = 'no_line' | 'capacity' | 'material_date';

export type ScenarioSummary = {
  id: number;
  name: string;
  status: 'draft' | 'published' | 'discarded';
  created_at: string;
  created_by_name: string;
  metrics: ScheduleMetrics;
};

/**
 * POST /api/scmapi/schedule/auto `{ name, from, to }` → ScenarioSummary;
 * GET /api/scmapi/schedule/scenarios → ScenarioSummary[];
 * GET /api/scmapi/schedule/compare?scenario= → ScenarioComparison;
 * POST /api/scmapi/schedule/scenario/publish|discard `{ id }` → ScenarioSummary.
 */
export type ScenarioComparison = {
  scenario: ScenarioSummary;
  live: ScheduleMetrics;
  /** Plans the scenario places late or not at all, with the reason. */
  issues: { plan_id: number; plan_no: string; reason: UnplacedReason; delivery_date: string | null; planned_end: string | null }[];
  /**
   * Whether the live schedule changed after the scenario was made (a bar moved, split, merged, locked,
   * added or removed): publishing would overwrite those changes. `changes` counts the live bars written
   * since (removals leave no row to count), `by` and `at` name the latest of them.
   */
  stale: ScenarioStale | null;
};

export type ScenarioStale = { changes: number; by: string | null; at: string | null };

/** The socket message every board of the company receives after a change (type `schedule.changed`). */
export type ScheduleChanged = { scenario_id: number | null; bar_ids: number[]; removed: number[]; user_id: number };

/**
 * The company message after a scan (or its undo) changed the pieces made of some plans: the boards
 * showing plan against actual read those figures again (src/client/calendar/useBoardActuals.ts). Not
 * `schedule.changed`: the bars did not move, and that message recomputes every order's node forecasts.
 */
export const SCHEDULE_ACTUALS_MESSAGE = 'schedule.actuals';
