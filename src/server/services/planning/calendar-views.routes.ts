import type { FastifyInstance } from 'fastify';
import { cycleCalendarView as cycleDecl } from '../../../../calendars/cycle-calendar.calendar';
import { lineMonthView as lineDecl } from '../../../../calendars/line-month.calendar';
import { calendarCalls } from '../../../model/calls/calendars';
import { afterCommit } from '../../db/after-commit';
import { AppError } from '../../http/errors';
import { writeContext } from '../../resources/document-stages';
import { serveMenuCall } from '../../resources/menu-call';
import { parseId } from '../../resources/resource.service';
import { emitToCompany } from '../../realtime';
// The views' menu entries exist only where this server answers them.
import '../../../../calendars/views-menu';
import { cycleCalendarView, lineMonth, parseMonth, parseYear, setCalendarDay } from './calendar-views.service';

/**
 * The calendar views' server (issue 11): the cycle calendar of a year (read), a day's kind (update),
 * a line's month (read), each a declared call (src/model/calls/calendars.ts) served by
 * `serveMenuCall` under the view's menu code in the caller's company; a changed day tells the
 * company's boards to reload (capacity changed) once it commits.
 */
export async function calendarViewRoutes(app: FastifyInstance): Promise<void> {
  serveMenuCall(app, calendarCalls.cycleCalendar, { menu: cycleDecl.menu.code, verb: 'read' }, (c) => cycleCalendarView(c.tx, c.actor.clientId, parseYear(c.input.year)));

  serveMenuCall(app, calendarCalls.cycleDay, { menu: cycleDecl.menu.code, verb: 'update' }, async (c) => {
    const view = await setCalendarDay(writeContext(c.tx, c.actor, 'service'), c.input);
    afterCommit(c.tx, () => emitToCompany(c.actor.clientId, 'schedule.changed', { scenario_id: null, bar_ids: [], removed: [], user_id: c.actor.userId }));
    return view;
  });

  serveMenuCall(app, calendarCalls.lineMonth, { menu: lineDecl.menu.code, verb: 'read' }, async (c) => {
    const month = parseMonth(c.input.month);
    const line = c.input.line === undefined || c.input.line === '' ? null : parseId(c.input.line);
    if (c.input.line !== undefined && c.input.line !== '' && line === null) throw new AppError('err.notFound');
    return lineMonth(c.tx, c.actor.clientId, { line, month, scope: await c.scope() });
  });
}
