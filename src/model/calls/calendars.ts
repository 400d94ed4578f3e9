import type { CycleCalendarView, CycleDayCommand, LineMonthView } from '../calendar';
import { getCall, postCall } from './call';

/**
 * The calendar views' calls (issue 11; calendars/*.calendar.ts `source`), served by
 * src/server/services/planning/calendar-views.routes.ts and called by src/client/calendar/views.
 */
export const calendarCalls = {
  /** The company's cycle calendar of a year and its days. */
  cycleCalendar: getCall<{ year: number }, CycleCalendarView>('/scmapi/schedule/cycle-calendar'),
  /** A day made a holiday, an overtime day, or ordinary again; the year as it now is. */
  cycleDay: postCall<CycleDayCommand, CycleCalendarView>('/scmapi/schedule/cycle-calendar/day'),
  /** One line's month (the first line the caller may see when none is asked). */
  lineMonth: getCall<{ month: string; line?: number }, LineMonthView>('/scmapi/schedule/line-month'),
};
