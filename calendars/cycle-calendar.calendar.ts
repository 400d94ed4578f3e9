import { defineCalendarView } from '../src/model/calendar';

/** The cycle calendar view's route; the browser registers it, the menu entry points to it. */
export const CYCLE_CALENDAR_PATH = '/scm/page/cycle-calendar';

/**
 * The company's cycle calendar as a year or a month (issue 11): working days, holidays and overtime
 * days; clicking a day makes it a holiday (a working day) or an overtime day (a day off), or back,
 * after a confirmation, written as a child row of the year's cycle calendar (cyclecalendar_day).
 */
export const cycleCalendarView = defineCalendarView({
  code: 'cycle-calendar',
  kind: 'cycle-calendar',
  title: { zh: '生产日历', en: 'Working calendar' },
  entity: 'cyclecalendar_day',
  source: { read: '/api/scmapi/schedule/cycle-calendar', write: '/api/scmapi/schedule/cycle-calendar/day', socketType: 'schedule.changed' },
  zooms: ['year', 'month'],
  defaultZoom: 'month',
  menu: { code: 'scm.schedule.cyclecal', group: 'planning', furl: CYCLE_CALENDAR_PATH, order: 20 },
});
