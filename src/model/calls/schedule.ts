import type { BoardWindow, BoardWindowQuery } from '../board-window';
import type { LateReasonsQuery, LateReasonsReply } from '../late-reasons';
import type { ScheduleActuals, ScheduleActualsQuery } from '../schedule-actuals';
import type { BoardCommand, BoardCommandResult, BoardData, ScenarioComparison, ScenarioSummary, ScheduleKpiComparison } from '../schedule-board';
import { getCall, postCall } from './call';

/**
 * The schedule board's scenario calls (contract src/model/schedule-board.ts), served by
 * src/server/services/planning/planning.routes.ts and called by src/client/calendar.
 */
export type ScenarioClose = { id: number; force?: boolean };

export const scheduleCalls = {
  /** The whole board of a range (one object per bar; `line`: one line only, a report's drill-down from a line's week). */
  board: getCall<{ from?: string; to?: string; scenario?: number; workshop?: number; line?: number }, BoardData>('/scmapi/schedule/board'),
  /** A board command (move, split, merge, place, ...) at the versions read; the touched bars as they now are. */
  command: postCall<BoardCommand & { from?: string; to?: string }, BoardCommandResult>('/scmapi/schedule/command'),
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
