/**
 * Plan against actual (issue 31): the board's actual output read, `GET /api/scmapi/schedule/actuals`
 * (served by src/server/services/planning/planning.actuals.ts, drawn by src/client/calendar). Actual
 * output is the pieces scanned out of a plan's output process (its sewing work order, else its last),
 * given to the plan's bar whose run holds the scan's day (calendars/actuals.ts `attributeOutput`).
 */
export type ScheduleActualsQuery = { from?: string; to?: string; lines?: string; scenario?: number };

/** A bar tracked by scans (its plan has a released or finished output work order). */
export type BarActual = {
  bar_id: number;
  plan_id: number;
  line_id: number;
  qty: number;
  /** Pieces the plan meant to make on this bar up to and including `as_of`. */
  planned_to_date: number;
  /** Pieces scanned out (attributed to this bar) up to `as_of`. */
  actual: number;
  /** Recent ratio of actual to planned (null: no evidence, the plan stands). */
  ratio: number | null;
  /** The planned end and the end re-forecast from the actual rate (null: the capacity never allows it). */
  plan_end: string;
  forecast_end: string | null;
  /** Every piece made. */
  done: boolean;
};

/** A line's planned and actual pieces per day of the range, and its next day's forecast. */
export type LineActual = {
  line_id: number;
  /** Planned pieces per day of the range (the bars' daily pieces), aligned with `days`. */
  planned: number[];
  /** Scanned pieces per day of the range (0 after `as_of`). */
  actual: number[];
  /** The line's recent ratio of actual to planned (null: no complete day with planned output). */
  ratio: number | null;
  /** The next working day after `as_of` and its forecast output in pieces, from where the floor is (calendars/actuals.ts `forecastLineOutput`). */
  next_day: string;
  forecast_next: number;
};

export type ScheduleActuals = {
  from: string;
  to: string;
  /** The day the figures are taken on (the server's today). */
  as_of: string;
  days: string[];
  bars: BarActual[];
  lines: LineActual[];
};
