import { defineCalendarView } from '../src/model/calendar';

/** A line's month route; the browser registers it, the menu entry points to it. */
export const LINE_MONTH_PATH = '/scm/page/line-month';

/**
 * One production line's month (issue 11): the live bars of the line as events over the month, and the
 * line's capacity of each day in standard minutes and in pieces (by the line's SAM of each category).
 */
export const lineMonthView = defineCalendarView({
  code: 'line-month',
  kind: 'line-month',
  title: { zh: '产线月历', en: 'Line month' },
  entity: 'prodplan_bar',
  source: { read: '/api/scmapi/schedule/line-month', socketType: 'schedule.changed' },
  resource: { entity: 'workline', param: 'line', title: { zh: '产线', en: 'Line' } },
  events: { rows: 'bars', id: 'id', start: 'start', end: 'end', title: ['style_no', 'plan_no', 'qty'], colour: 'category', resource: 'line_id', late: 'late', locked: 'locked' },
  zooms: ['month'],
  defaultZoom: 'month',
  menu: { code: 'scm.schedule.linemonth', group: 'planning', furl: LINE_MONTH_PATH, order: 30 },
});
