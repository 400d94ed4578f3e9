import type { BoardWindow, BoardWindowQuery } from '../board-window';
import type { LateReasonsQuery, LateReasonsReply } from '../late-reasons';
import type { ScheduleActuals, ScheduleActualsQuery } from '../schedule-actuals';
import type { BoardCommand, BoardCommandResult, BoardData, ScenarioComparison, ScenarioSummary, ScheduleKpiComparison } from '../schedule-board';
import { getCall, postCall } from './call';
import { is, MAX_IDS_PER_CALL, type Reader } from './input-shape';

/**
 * The schedule board's scenario calls (contract src/model/schedule-board.ts), served by
 * src/server/services/planning/planning.routes.ts and called by src/client/calendar.
 */
export type ScenarioClose = { id: number; force?: boolean };

/** The longest run a placed bar may have, in days (a push lays at most 800 days, `layBar`'s `maxDays`). */
export const MAX_PLACED_DAYS = 800;
const span = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
const bar = { bar_id: is.id, version: is.int };
const range = { from: is.optional(is.date), to: is.optional(is.date) };
// Pieces per day as a bar keeps them (the server spreads them evenly when they do not fit the bar's run).
const daily = is.optional(is.list(is.check(is.number, (n) => n >= 0, 'a number >= 0'), { max: MAX_PLACED_DAYS }));
const placement = is.check(
  is.object({ ...bar, line_id: is.id, start: is.date, end: is.date, daily }),
  (b) => span(b.start, b.end) >= 1 && span(b.start, b.end) <= MAX_PLACED_DAYS,
  `end on or after start, at most ${MAX_PLACED_DAYS} days`,
);

/**
 * A board command's shape (`BoardCommand`, with the range whose lines' load the reply carries).
 * A merge takes 2 to 100 distinct bars with a version each; a place 1 to 1,000 distinct bars.
 */
const boardCommand: Reader<BoardCommand & { from?: string; to?: string }> = is.tagged('op', {
  move: is.object({ ...bar, line_id: is.id, start: is.date, push: is.optional(is.bool), material: is.optional(is.oneOf('ask', 'gate', 'keep')), ...range }),
  resize: is.object({ ...bar, end: is.date, ...range }),
  lock: is.object({ ...bar, ...range }),
  unlock: is.object({ ...bar, ...range }),
  split: is.object({ ...bar, qty: is.int, line_id: is.optional(is.id), ...range }),
  merge: is.check(is.object({ bar_ids: is.ids({ min: 2, max: 100, distinct: true }), versions: is.list(is.int, { min: 2, max: 100 }), ...range }), (m) => m.bar_ids.length === m.versions.length, 'a version for each bar'),
  place: is.object({ bars: is.check(is.list(placement, { min: 1, max: MAX_IDS_PER_CALL }), (bs) => new Set(bs.map((b) => b.bar_id)).size === bs.length, 'distinct bars'), ...range }),
});

export const scheduleCalls = {
  /** The whole board of a range (one object per bar; `line`: one line only, a report's drill-down from a line's week). */
  board: getCall<{ from?: string; to?: string; scenario?: number; workshop?: number; line?: number }, BoardData>('/scmapi/schedule/board'),
  /** A board command (move, split, merge, place, ...) at the versions read; the touched bars as they now are. */
  command: postCall<BoardCommand & { from?: string; to?: string }, BoardCommandResult>('/scmapi/schedule/command', { input: boardCommand, refuse: 'planning.badCommand' }),
  /** The board of a range as a workbook (issue 11): one row per plan and day, and a Gantt-like sheet. */
  export: getCall<{ from?: string; to?: string; scenario?: number }, Blob>('/scmapi/schedule/export'),
  /** The bars of a range on the lines in view, as columns (issue 31, src/model/board-window.ts). */
  window: getCall<BoardWindowQuery, BoardWindow>('/scmapi/schedule/window'),
  /** Each line's and running bar's planned against actual output from scans, and the forecasts (issue 31, src/model/schedule-actuals.ts). */
  actuals: getCall<ScheduleActualsQuery, ScheduleActuals>('/scmapi/schedule/actuals'),
  /** Why the late bars of a range are late, each reason naming what to open (issue 31, src/model/late-reasons.ts). */
  lateReasons: getCall<LateReasonsQuery, LateReasonsReply>('/scmapi/schedule/late-reasons'),
  /** Auto-schedule the range into a new scenario. */
  auto: postCall<{ name: string; from: string; to: string }, ScenarioSummary>('/scmapi/schedule/auto'),
  /** The company's scenarios. */
  scenarios: getCall<void, ScenarioSummary[]>('/scmapi/schedule/scenarios'),
  /** A scenario's figures against the live schedule's. */
  compare: getCall<{ scenario: number }, ScenarioComparison>('/scmapi/schedule/compare'),
  /** The live schedule's figures and a draft scenario's, measured by one function (the control tower's scenarios, issue 34). */
  kpis: getCall<{ scenario?: number; from?: string; to?: string }, ScheduleKpiComparison>('/scmapi/schedule/kpis'),
  /** The scenario becomes the live schedule (`force`: even though the live schedule changed since). */
  publish: postCall<ScenarioClose, ScenarioSummary>('/scmapi/schedule/scenario/publish'),
  /** The scenario is dropped. */
  discard: postCall<ScenarioClose, ScenarioSummary>('/scmapi/schedule/scenario/discard'),
};
