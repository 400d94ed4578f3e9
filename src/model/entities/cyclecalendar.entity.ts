import { defineDictionary } from '../dictionaries';
import { defineEntity, type FieldErrors } from '../entity';

/** What a listed day of a cycle calendar is: a day off on a working weekday, or a day worked although off. */
export const calendarDayKind = defineDictionary({
  code: 'calendar_day_kind',
  label: { zh: '日期类型', en: 'Day kind' },
  items: [
    { value: 'holiday', label: { zh: '节假日', en: 'Holiday' } },
    { value: 'overtime', label: { zh: '加班日', en: 'Overtime day' } },
  ],
});

/**
 * A holiday or an overtime day of a cycle calendar (DOMAIN "Capacity": a holiday has no working
 * minutes, an overtime day a full working day even on a weekend or holiday).
 */
export const cycleCalendarDay = defineEntity({
  name: 'cyclecalendar_day',
  table: 'scm_cycle_calendar_day',
  prefix: 'scmapi',
  menuCode: 'scm.cyclecalendar',
  label: { zh: '节假日与加班日', en: 'Holidays and overtime days' },
  titleField: 'day_date',
  childOnly: true,
  defaultSort: { field: 'day_date', dir: 'asc' },
  fields: [
    { key: 'day_date', label: { zh: '日期', en: 'Date' }, type: 'date', required: true },
    { key: 'kind', label: { zh: '类型', en: 'Kind' }, type: 'dict', dict: 'calendar_day_kind', required: true, default: 'holiday' },
    { key: 'name', label: { zh: '名称', en: 'Name' }, type: 'text', maxLength: 60 },
  ],
});


/** One period of a cycle calendar: a month or an ISO week with its dates and working days. */
export const cycleCalendarPeriod = defineEntity({
  name: 'cyclecalendar_period',
  table: 'scm_cycle_period',
  prefix: 'scmapi',
  menuCode: 'scm.cyclecalendar',
  label: { zh: '周期', en: 'Period' },
  titleField: 'cycle',
  childOnly: true,
  defaultSort: { field: 'start_date', dir: 'asc' },
  fields: [
    { key: 'cycle', label: { zh: '周期', en: 'Cycle' }, type: 'code', required: true, maxLength: 8 },
    { key: 'start_date', label: { zh: '开始日期', en: 'Start date' }, type: 'date', required: true },
    { key: 'end_date', label: { zh: '结束日期', en: 'End date' }, type: 'date', required: true },
    { key: 'working_days', label: { zh: '工作天数', en: 'Working days' }, type: 'integer', required: true, rules: ['naturalNumber'] },
  ],
});

/**
 * Cycle calendar (spec 3: type, year, AM and PM work hours): the months or weeks capacity is planned
 * in, with the working day's morning and afternoon hours (DOMAIN "Capacity": working minutes come from
 * the cycle calendar). The `generate` action fills the periods of the year.
 */
export const cycleCalendar = defineEntity({
  name: 'cyclecalendar',
  table: 'scm_cycle_calendar',
  prefix: 'scmapi',
  menuCode: 'scm.cyclecalendar',
  label: { zh: '周期日历', en: 'Cycle calendar' },
  titleField: 'name',
  defaultSort: { field: 'year', dir: 'desc' },
  children: [
    { key: 'periods', label: { zh: '周期', en: 'Periods' }, entity: 'cyclecalendar_period', foreignKey: 'calendar_id' },
    { key: 'days', label: { zh: '节假日与加班日', en: 'Holidays and overtime days' }, entity: 'cyclecalendar_day', foreignKey: 'calendar_id' },
  ],
  fields: [
    { key: 'name', label: { zh: '日历名称', en: 'Calendar name' }, type: 'text', required: true, maxLength: 60 },
    { key: 'cycle_type', label: { zh: '周期类型', en: 'Cycle type' }, type: 'dict', dict: 'cycle_type', required: true, default: 'month' },
    { key: 'year', label: { zh: '年份', en: 'Year' }, type: 'integer', required: true, rules: ['interger'], grouping: false },
    { key: 'am_start', label: { zh: '上午开始', en: 'AM start' }, type: 'text', rules: ['time'], default: '08:00:00' },
    { key: 'am_end', label: { zh: '上午结束', en: 'AM end' }, type: 'text', rules: ['time'], default: '12:00:00' },
    { key: 'pm_start', label: { zh: '下午开始', en: 'PM start' }, type: 'text', rules: ['time'], default: '13:00:00' },
    { key: 'pm_end', label: { zh: '下午结束', en: 'PM end' }, type: 'text', rules: ['time'], default: '17:30:00' },
    { key: 'work_weekdays', label: { zh: '工作日（周一=1）', en: 'Working weekdays (Mon=1)' }, type: 'text', default: '1,2,3,4,5,6', maxLength: 20 },
    { key: 'remark', label: { zh: '备注', en: 'Remark' }, type: 'text', maxLength: 200 },
  ],
  checks: [
    // AM must end after it starts, PM after AM (text HH:mm:ss compares in time order).
    (doc): FieldErrors => {
      const t = (k: string) => (typeof doc[k] === 'string' && doc[k] ? (doc[k] as string) : null);
      const [a1, a2, p1, p2] = [t('am_start'), t('am_end'), t('pm_start'), t('pm_end')];
      if (a1 && a2 && a2 <= a1) return { am_end: 'scm.calendar.badHours' };
      if (a2 && p1 && p1 < a2) return { pm_start: 'scm.calendar.badHours' };
      if (p1 && p2 && p2 <= p1) return { pm_end: 'scm.calendar.badHours' };
      return {};
    },
    (doc): FieldErrors => (typeof doc.work_weekdays === 'string' && doc.work_weekdays && !/^[1-7](,[1-7])*$/.test(doc.work_weekdays) ? { work_weekdays: 'scm.calendar.badWeekdays' } : {}),
  ],
});
