import type { FastifyInstance } from 'fastify';
import { scheduleCalls } from '../../../model/calls/schedule';
import { PLANNING_MENU } from '../../../model/entities/prodplan.entity';
import { afterCommit } from '../../db/after-commit';
import { AppError } from '../../http/errors';
import { parseIdList } from '../../http/id-list';
import { writeContext } from '../../resources/document-stages';
import { serveMenuCall, serveMenuFile } from '../../resources/menu-call';
import { parseId } from '../../resources/resource.service';
import { emitToCompany } from '../../realtime';
import { calendarViewRoutes } from './calendar-views.routes';
import { scheduleActuals } from './planning.actuals';
import { boardData } from './planning.board-read';
import { boardWorkbook } from './planning.export';
import { lateBarReasons } from './planning.late-reasons';
import { autoScheduleScenario, checkRange, closeScenario, compareScenario, defaultRange, listScenarios, runCommand, scenarioKpis } from './planning.service';
import { boardWindow } from './planning.window';

/**
 * The scheduling board's server (contract src/model/schedule-board.ts): board read, window read,
 * actuals, late reasons, commands, auto-schedule into a scenario, scenarios, compare, publish and
 * discard; each a declared call (src/model/calls/schedule.ts) served by `serveMenuCall` under
 * `scm.schedule.board` (read for reads, update for commands and publish/discard, create for
 * auto-schedule), its data permissions read in the tenant's transaction, writes through the writer,
 * a `schedule.changed` message to the company's sockets once a change commits.
 */
type Q = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
const absent = (v: unknown) => v === undefined || v === '';
const READ = { menu: PLANNING_MENU, verb: 'read' } as const;
const UPDATE = { menu: PLANNING_MENU, verb: 'update' } as const;

/** The range of a read or command: from and to (the board's default when absent), at most MAX_RANGE_DAYS. */
function rangeOf(q: Q): { from: string; to: string } {
  const d = defaultRange();
  const r = { from: text(q.from) ?? d.from, to: text(q.to) ?? d.to };
  checkRange(r.from, r.to);
  return r;
}

/** An id a read names (a scenario, a line): absent is none, a malformed one is no record (404). */
function namedId(v: unknown): number | null {
  if (absent(v)) return null;
  const id = parseId(v);
  if (id === null) throw new AppError('err.notFound');
  return id;
}

/** What every board read names: its range, scenario, workshop (a bad one reads as none) and the lines in view. */
function boardRead(q: Q) {
  const lines = absent(q.lines) ? null : parseIdList(q.lines, { invalid: () => new AppError('planning.badCommand', { params: { reason: 'lines' } }) });
  return { ...rangeOf(q), scenario: namedId(q.scenario), workshop: absent(q.workshop) ? null : parseId(q.workshop), line: namedId(q.line), lines };
}

const changed = (clientId: number, userId: number, message: { scenario_id: number | null; bar_ids: number[]; removed: number[] }) => emitToCompany(clientId, 'schedule.changed', { ...message, user_id: userId });

/** Registers the scheduling board's routes (see above) and the calendar views'. */
export async function planningRoutes(app: FastifyInstance): Promise<void> {
  await calendarViewRoutes(app);
  registerBoardRoutes(app);
  registerScenarioRoutes(app);
}

/** The board read, its window and figures, its Excel export and the board's commands. */
function registerBoardRoutes(app: FastifyInstance): void {
  serveMenuCall(app, scheduleCalls.board, READ, async (c) => boardData(c.tx, c.actor.clientId, { ...boardRead(c.input), scope: await c.scope(), language: c.language }));

  // The window read (issue 31): the bars of a range on the lines in view, as columns (src/model/board-window.ts);
  // `live_under=<scenario id>`: the live bars under a scenario, by window (instead of `scenario`).
  serveMenuCall(app, scheduleCalls.window, READ, async (c) => {
    const q = boardRead(c.input);
    const liveUnder = namedId(c.input.live_under);
    if (liveUnder !== null && q.scenario !== null) throw new AppError('planning.badCommand', { params: { reason: 'scenario or live_under' } });
    return boardWindow(c.tx, c.actor.clientId, { ...q, scope: await c.scope(), language: c.language, frame: c.input.frame === '1', liveUnder });
  });

  // Plan against actual (issue 31: planning.actuals.ts) and why the late bars are late (planning.late-reasons.ts).
  serveMenuCall(app, scheduleCalls.actuals, READ, async (c) => scheduleActuals(c.tx, c.actor.clientId, { ...boardRead(c.input), scope: await c.scope() }));
  serveMenuCall(app, scheduleCalls.lateReasons, READ, async (c) => lateBarReasons(c.tx, c.actor.clientId, { ...boardRead(c.input), scope: await c.scope() }));

  // Excel of the board (issue 11): one row per plan and day, and a Gantt-like sheet.
  serveMenuFile(app, scheduleCalls.export, READ, async (c) => {
    const { from, to, scenario } = boardRead(c.input);
    const body = await boardWorkbook(c.tx, c.actor.clientId, { from, to, scenario, scope: await c.scope(), language: c.language });
    return { name: `${c.language === 'en' ? 'Schedule' : '排产计划'}_${from}_${to}.xlsx`, body };
  });

  serveMenuCall(app, scheduleCalls.command, UPDATE, async (c) => {
    const scope = await c.scope();
    const { from, to, ...cmd } = c.input;
    const range = rangeOf({ ...(c.req.query as Q), ...(from ? { from } : {}), ...(to ? { to } : {}) });
    const { scenario_id, ...reply } = await runCommand(writeContext(c.tx, c.actor, 'service', { scope }), cmd, scope, range);
    afterCommit(c.tx, () => changed(c.actor.clientId, c.actor.userId, { scenario_id, bar_ids: reply.bars.map((b) => b.id), removed: reply.removed }));
    return reply;
  });
}

/** Auto-schedule into a new scenario, the scenarios, a scenario compared with the live schedule, publish and discard. */
function registerScenarioRoutes(app: FastifyInstance): void {
  serveMenuCall(app, scheduleCalls.auto, { menu: PLANNING_MENU, verb: 'create' }, async (c) => {
    const { from, to } = rangeOf(c.input);
    const name = (text(c.input.name) ?? '').trim().slice(0, 100) || `Auto ${from}`;
    const r = await autoScheduleScenario(writeContext(c.tx, c.actor, 'service'), { name, from, to });
    afterCommit(c.tx, () => changed(c.actor.clientId, c.actor.userId, { scenario_id: r.summary.id, bar_ids: r.barIds, removed: [] }));
    return r.summary;
  });

  serveMenuCall(app, scheduleCalls.scenarios, READ, (c) => listScenarios(c.tx, c.actor.clientId));

  serveMenuCall(app, scheduleCalls.compare, READ, async (c) => {
    const id = parseId(c.input.scenario);
    if (id === null) throw new AppError('err.notFound');
    return compareScenario(c.tx, c.actor.clientId, id, await c.scope());
  });

  // The control tower's scenarios (issue 34): the live plan's figures and a draft scenario's, one function for both.
  serveMenuCall(app, scheduleCalls.kpis, READ, async (c) => {
    const from = text(c.input.from) ?? undefined;
    const to = text(c.input.to) ?? undefined;
    if ((from === undefined) !== (to === undefined)) throw new AppError('planning.badCommand', { params: { reason: 'from/to' } });
    return scenarioKpis(c.tx, c.actor.clientId, { scenario: namedId(c.input.scenario), from, to, scope: await c.scope() });
  });

  for (const how of ['publish', 'discard'] as const)
    serveMenuCall(app, scheduleCalls[how], UPDATE, async (c) => {
      const id = parseId(c.input.id);
      if (id === null) throw new AppError('err.notFound');
      const r = await closeScenario(writeContext(c.tx, c.actor, 'service'), id, how, { force: c.input.force === true });
      afterCommit(c.tx, () => changed(c.actor.clientId, c.actor.userId, { scenario_id: how === 'publish' ? null : id, bar_ids: r.barIds, removed: r.removed }));
      return r.summary;
    });
}
