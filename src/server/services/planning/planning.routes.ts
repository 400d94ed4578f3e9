import type { FastifyInstance } from 'fastify';
import { PLANNING_MENU } from '../../../model/entities/prodplan.entity';
import { requireAuth, authOf } from '../../access/auth-context';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { assertCan, dataScope } from '../../resources/permissions';
import { writeContext } from '../../resources/document-stages';
import { actorOf } from '../../resources/resource.service';
import { parseId } from '../../resources/resource.service';
import { emitToCompany } from '../../realtime';
import { serveCall } from '../../http/calls';
import { scheduleCalls } from '../../../model/calls/schedule';
import { withTenant } from '../../kernel/rls';
import { calendarViewRoutes } from './calendar-views.routes';
import { boardWorkbook } from './planning.export';
import { boardWindow } from './planning.window';
import { registerActualsRoute } from './planning.actuals';
import { lateReasonRoutes } from './planning.late-reasons';
import { parseIdList } from '../../http/id-list';
import { boardData } from './planning.board-read';
import { autoScheduleScenario, checkRange, closeScenario, compareScenario, defaultRange, listScenarios, parseCommand, runCommand, scenarioKpis } from './planning.service';

/**
 * The scheduling board's server (contract src/model/schedule-board.ts): board read, commands,
 * auto-schedule into a scenario, scenarios, compare, publish/discard. Permission code
 * `scm.schedule.board` (read for reads, update for commands and publish/discard, create for
 * auto-schedule), the caller's tenant in every SQL statement, writes through the document writer,
 * a `schedule.changed` message to the company's sockets after every change.
 */
type Q = Record<string, unknown>;
const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

function rangeOf(q: Q): { from: string; to: string } {
  const d = defaultRange();
  const r = { from: text(q.from) ?? d.from, to: text(q.to) ?? d.to };
  checkRange(r.from, r.to);
  return r;
}

/** Registers the scheduling board's routes (see above) and the calendar views'. */
export async function planningRoutes(app: FastifyInstance): Promise<void> {
  await calendarViewRoutes(app);
  registerBoardRoutes(app);
  registerScenarioRoutes(app);
  // Plan against actual (issue 31): planning.actuals.ts.
  registerActualsRoute(app);
  // Why the late bars are late (issue 31): planning.late-reasons.ts.
  lateReasonRoutes(app);
}

/** The board read, its Excel export and the board's commands. */
function registerBoardRoutes(app: FastifyInstance): void {
  app.get('/scmapi/schedule/board', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, PLANNING_MENU, { db: app.db });
    const q = req.query as Q;
    const { from, to } = rangeOf(q);
    const scenario = q.scenario === undefined || q.scenario === '' ? null : parseId(q.scenario);
    if (q.scenario !== undefined && q.scenario !== '' && scenario === null) throw new AppError('err.notFound');
    const workshop = q.workshop === undefined || q.workshop === '' ? null : parseId(q.workshop);
    // One line only (a report's drill-down from a line's week).
    const line = q.line === undefined || q.line === '' ? null : parseId(q.line);
    if (q.line !== undefined && q.line !== '' && line === null) throw new AppError('err.notFound');
    return ok(await withTenant(app.db, clientId, (tx) => boardData(tx, clientId, { from, to, scenario, workshop, line, scope, language: requestLanguage(req) })));
  });

  // The window read (issue 31): the bars of a range on the lines in view, as columns (src/model/board-window.ts).
  serveCall(app, scheduleCalls.window, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, PLANNING_MENU, { db: app.db });
    const q = req.query as Q;
    const { from, to } = rangeOf(q);
    const scenario = q.scenario === undefined || q.scenario === '' ? null : parseId(q.scenario);
    if (q.scenario !== undefined && q.scenario !== '' && scenario === null) throw new AppError('err.notFound');
    const workshop = q.workshop === undefined || q.workshop === '' ? null : parseId(q.workshop);
    const lines = q.lines === undefined || q.lines === '' ? null : parseIdList(q.lines, { invalid: () => new AppError('planning.badCommand', { params: { reason: 'lines' } }) });
    // The live bars under a scenario, by window (`live_under=<scenario id>`, instead of `scenario`).
    const liveUnder = q.live_under === undefined || q.live_under === '' ? null : parseId(q.live_under);
    if (q.live_under !== undefined && q.live_under !== '' && liveUnder === null) throw new AppError('err.notFound');
    if (liveUnder !== null && scenario !== null) throw new AppError('planning.badCommand', { params: { reason: 'scenario or live_under' } });
    return withTenant(app.db, clientId, (tx) => boardWindow(tx, clientId, { from, to, scenario, workshop, lines, scope, language: requestLanguage(req), frame: q.frame === '1', liveUnder }));
  });

  // Excel of the board (issue 11): one row per plan and day, and a Gantt-like sheet; the board page's
  // export button calls exactly this URL.
  app.get('/scmapi/schedule/export', { preHandler: requireAuth }, async (req, reply) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, PLANNING_MENU, { db: app.db });
    const q = req.query as Q;
    const { from, to } = rangeOf(q);
    const scenario = q.scenario === undefined || q.scenario === '' ? null : parseId(q.scenario);
    if (q.scenario !== undefined && q.scenario !== '' && scenario === null) throw new AppError('err.notFound');
    const language = requestLanguage(req);
    const body = await withTenant(app.db, clientId, (tx) => boardWorkbook(tx, clientId, { from, to, scenario, scope, language }));
    const name = `${language === 'en' ? 'Schedule' : '排产计划'}_${from}_${to}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="schedule.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(body);
  });

  app.post('/scmapi/schedule/command', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'update', { db: app.db });
    const scope = await dataScope(auth, PLANNING_MENU, { db: app.db });
    const cmd = parseCommand(req.body);
    const range = rangeOf({ ...(req.query as Q), ...((req.body ?? {}) as Q) });
    const result = await withTenant(app.db, clientId, (tx) => runCommand(writeContext(tx, actorOf(auth, clientId, req.ip), 'service', { scope }), cmd, scope, range));
    const { scenario_id, ...reply } = result;
    emitToCompany(clientId, 'schedule.changed', { scenario_id, bar_ids: reply.bars.map((b) => b.id), removed: reply.removed, user_id: auth.userId });
    return ok(reply);
  });
}

/** Auto-schedule into a new scenario, the scenarios, a scenario compared with the live schedule, publish and discard. */
function registerScenarioRoutes(app: FastifyInstance): void {
  serveCall(app, scheduleCalls.auto, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'create', { db: app.db });
    const body = (req.body ?? {}) as Q;
    const { from, to } = rangeOf(body);
    const name = (text(body.name) ?? '').trim().slice(0, 100) || `Auto ${from}`;
    const r = await withTenant(app.db, clientId, (tx) => autoScheduleScenario(writeContext(tx, actorOf(auth, clientId, req.ip), 'service'), { name, from, to }));
    emitToCompany(clientId, 'schedule.changed', { scenario_id: r.summary.id, bar_ids: r.barIds, removed: [], user_id: auth.userId });
    return r.summary;
  });

  serveCall(app, scheduleCalls.scenarios, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'read', { db: app.db });
    return withTenant(app.db, clientId, (tx) => listScenarios(tx, clientId));
  });

  serveCall(app, scheduleCalls.compare, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'read', { db: app.db });
    const id = parseId((req.query as Q).scenario);
    if (id === null) throw new AppError('err.notFound');
    const scope = await dataScope(auth, PLANNING_MENU, { db: app.db });
    return withTenant(app.db, clientId, (tx) => compareScenario(tx, clientId, id, scope));
  });

  // The control tower's scenarios (issue 34): the live plan's figures and a draft scenario's, one function for both.
  serveCall(app, scheduleCalls.kpis, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, PLANNING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, PLANNING_MENU, { db: app.db });
    const q = req.query as Q;
    const scenario = q.scenario === undefined || q.scenario === '' ? null : parseId(q.scenario);
    if (q.scenario !== undefined && q.scenario !== '' && scenario === null) throw new AppError('err.notFound');
    const from = text(q.from) ?? undefined;
    const to = text(q.to) ?? undefined;
    if ((from === undefined) !== (to === undefined)) throw new AppError('planning.badCommand', { params: { reason: 'from/to' } });
    return withTenant(app.db, clientId, (tx) => scenarioKpis(tx, clientId, { scenario, from, to, scope }));
  });

  for (const how of ['publish', 'discard'] as const)
    serveCall(app, scheduleCalls[how], { preHandler: requireAuth }, async (req) => {
      const auth = authOf(req);
      const clientId = await assertCan(auth, PLANNING_MENU, 'update', { db: app.db });
      const body = (req.body ?? {}) as Q & { force?: unknown };
      const id = parseId(body.id);
      if (id === null) throw new AppError('err.notFound');
      const r = await withTenant(app.db, clientId, (tx) => closeScenario(writeContext(tx, actorOf(auth, clientId, req.ip), 'service'), id, how, { force: body.force === true }));
      emitToCompany(clientId, 'schedule.changed', { scenario_id: how === 'publish' ? null : id, bar_ids: r.barIds, removed: r.removed, user_id: auth.userId });
      return r.summary;
    });
}
