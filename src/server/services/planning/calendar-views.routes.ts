import type { FastifyInstance } from 'fastify';
import { cycleCalendarView as cycleDecl } from '../../../../calendars/cycle-calendar.calendar';
import { lineMonthView as lineDecl } from '../../../../calendars/line-month.calendar';
import { requireAuth, authOf } from '../../access/auth-context';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { assertCan, dataScope } from '../../resources/permissions';
import { writeContext } from '../../resources/document-stages';
import { actorOf, parseId } from '../../resources/resource.service';
import { emitToCompany } from '../../realtime';
import { withTenant } from '../../kernel/rls';
// The views' menu entries exist only where this server answers them.
import '../../../../calendars/views-menu';
import { cycleCalendarView, lineMonth, parseDayCommand, parseMonth, parseYear, setCalendarDay } from './calendar-views.service';

/**
 * The calendar views' server (issue 11): the cycle calendar of a year (read), a day's kind (update),
 * a line's month (read). Permission codes are the views' menu codes; the caller's tenant is in every
 * statement; a changed day tells the company's boards to reload (capacity changed).
 */
type Q = Record<string, unknown>;

export async function calendarViewRoutes(app: FastifyInstance): Promise<void> {
  app.get('/scmapi/schedule/cycle-calendar', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, cycleDecl.menu.code, 'read', { db: app.db });
    const year = parseYear((req.query as Q).year);
    return ok(await withTenant(app.db, clientId, (tx) => cycleCalendarView(tx, clientId, year)));
  });

  app.post('/scmapi/schedule/cycle-calendar/day', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, cycleDecl.menu.code, 'update', { db: app.db });
    const cmd = parseDayCommand(req.body);
    const view = await withTenant(app.db, clientId, (tx) => setCalendarDay(writeContext(tx, actorOf(auth, clientId, req.ip), 'service'), cmd));
    emitToCompany(clientId, 'schedule.changed', { scenario_id: null, bar_ids: [], removed: [], user_id: auth.userId });
    return ok(view);
  });

  app.get('/scmapi/schedule/line-month', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, lineDecl.menu.code, 'read', { db: app.db });
    const scope = await dataScope(auth, lineDecl.menu.code, { db: app.db });
    const q = req.query as Q;
    const month = parseMonth(q.month);
    const line = q.line === undefined || q.line === '' ? null : parseId(q.line);
    if (q.line !== undefined && q.line !== '' && line === null) throw new AppError('err.notFound');
    return ok(await withTenant(app.db, clientId, (tx) => lineMonth(tx, clientId, { line, month, scope })));
  });
}
