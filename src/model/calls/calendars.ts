import type { CycleCalendarView, CycleDayCommand, LineMonthView } from '../calendar';
import { getCall, postCall } from './call';
import { is } from './input-shape';

/** Years a calendar may hold. */
const inYears = (date: string) => Number(date.slice(0, 4)) >= 2000 && Number(date.slice(0, 4)) <= 2100;
/** A day of a cycle calendar made a holiday, an overtime day or ordinary (`CycleDayCommand`); a calendar named with its version. */
const cycleDay = is.check(
  is.object({
    year: is.optional(is.int),
    calendar_id: is.nullable(is.id),
    version: is.nullable(is.int),
    date: is.check(is.date, inYears, 'a date YYYY-MM-DD of 2000..2100'),
    kind: is.nullable(is.oneOf('holiday', 'overtime')),
    name: is.optional(is.text(60)),
  }),
  (c) => c.calendar_id === null || c.version !== null,
  'version: the calendar\'s version read',
);

/**
 * The calendar views' calls (issue 11; calendars/*.calendar.ts `source`), served by
 * src/server/services/planning/calendar-views.routes.ts and called by src/client/calendar/views.
 */
export const calendarCalls = {
  /** The company's cycle calendar of a year and its days. */
  cycleCalendar: getCall<{ year: number }, CycleCalendarView>('/scmapi/schedule/cycle-calendar'),
  /** A day made a holiday, an overtime day, or ordinary again; the year as it now is. */
  cycleDay: postCall<CycleDayCommand, CycleCalendarView>('/scmapi/schedule/cycle-calendar/day', { input: cycleDay, refuse: 'planning.badCommand' }),
  /** One line's month (the first line the caller may see when none is asked). */
  lineMonth: getCall<{ month: string; line?: number }, LineMonthView>('/scmapi/schedule/line-month'),
};
