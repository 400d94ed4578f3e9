import { groupedNumber } from '../../../model/number-text';
/** The calendar views' look: day kinds, capacity text, the year's small months, legends, events. */
const CALENDAR_CSS = `
.calview .fc { font-size: 13px; }
.calview .fc .fc-daygrid-day.cal-off { background: #f3f2f1; }
.calview .fc .fc-daygrid-day.cal-holiday { background: #fde7e9; }
.calview .fc .fc-daygrid-day.cal-overtime { background: #e6f4ea; }
.calview .fc .fc-daygrid-day.cal-clickable { cursor: pointer; }
.calview .fc .fc-daygrid-day.cal-clickable:hover { outline: 2px solid #0f6cbd; outline-offset: -2px; }
.calview .fc .fc-daygrid-day.cal-over { box-shadow: inset 0 -3px 0 #d13438; }
.calview .fc .fc-daygrid-day-top { flex-direction: row; }
.calview .fc .fc-daygrid-day-frame { min-height: 64px; }
.calview .cal-cell { display: flex; flex-direction: column; align-items: flex-start; gap: 1px; width: 100%; line-height: 1.25; padding: 0 2px; }
.calview .cal-cell .cal-num { font-weight: 600; }
.calview .cal-badge { display: inline-block; margin-left: 4px; padding: 0 4px; border-radius: 3px; font-size: 11px; color: #fff; font-weight: 600; }
.calview .cal-badge.holiday { background: #d13438; }
.calview .cal-badge.overtime { background: #107c10; }
.calview .cal-name { font-size: 11px; color: #616161; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.calview .cal-cap { font-size: 11px; color: #424242; }
.calview .cal-cap.over { color: #d13438; font-weight: 600; }
.calview .cal-year { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 12px 16px; }
.calview .cal-mini .fc { font-size: 11px; }
.calview .cal-mini .fc .fc-toolbar.fc-header-toolbar { margin-bottom: 4px; }
.calview .cal-mini .fc .fc-toolbar-title { font-size: 14px; }
.calview .cal-mini .fc .fc-daygrid-day-frame { min-height: 0; height: 30px; }
.calview .cal-mini .cal-badge { margin-left: 2px; padding: 0 2px; font-size: 10px; }
.calview .legend { display: inline-flex; align-items: center; gap: 4px; font-size: 12px; color: #424242; }
.calview .legend i { display: inline-block; width: 12px; height: 12px; border: 1px solid #c8c6c4; border-radius: 2px; }
.calview .cal-event { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; padding: 0 4px; font-size: 12px; }
`;

export function CalendarStyle() {
  return <style>{CALENDAR_CSS}</style>;
}

export const fmt = (n: number) => groupedNumber(Math.round(n));
export const titleOf = (label: { zh: string; en: string }, lang: string) => label[lang === 'en' ? 'en' : 'zh'];

/** A day cell's number; the 1st of a month names the month (the year view is one continuous grid). */
export function dayLabel(date: string, language: string): string {
  const day = Number(date.slice(8, 10));
  if (day !== 1) return String(day);
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(language === 'en' ? 'en' : 'zh-CN', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** The class of a day by its kind (cycle calendar and line month alike). */
export const dayKindClass = (d: { working: boolean; holiday: boolean; overtime: boolean }) => (d.overtime ? 'cal-overtime' : d.holiday ? 'cal-holiday' : d.working ? 'cal-working' : 'cal-off');
