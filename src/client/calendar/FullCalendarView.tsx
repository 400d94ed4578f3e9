/**
 * FullCalendar for the calendar views (calendars/*.calendar.ts declared with defineCalendarView): the
 * MIT daygrid and interaction plugins only, dates in UTC so a `YYYY-MM-DD` day never moves with the
 * browser's time zone, the interface language's locale (zh-CN first), Monday as the first weekday.
 */
import type { DatesSetArg, DayCellContentArg, EventClickArg, EventContentArg, EventInput } from '@fullcalendar/core';
import zhCnLocale from '@fullcalendar/core/locales/zh-cn';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import type { ReactNode } from 'react';

export type FullCalendarViewName = 'dayGridMonth' | 'dayGridYear';

export type FullCalendarViewProps = {
  view: FullCalendarViewName;
  /** The date shown (first day of the month or year). */
  date: string;
  language: string;
  events?: EventInput[];
  /** Class names of a day cell by its date (`YYYY-MM-DD`). */
  dayClass?: (date: string) => string[];
  /** What a day cell shows below its number. */
  dayContent?: (date: string, dayNumber: string) => ReactNode;
  onDateClick?: (date: string) => void;
  onEventClick?: (id: string) => void;
  eventContent?: (arg: EventContentArg) => ReactNode;
  /** The first visible day of the view's own period moved (its prev/next buttons). */
  onPeriod?: (start: string) => void;
  headerToolbar?: false | { left?: string; center?: string; right?: string };
  height?: number | 'auto';
  /** Leave the days of the neighbouring months empty (the year's twelve small months). */
  hideOtherMonths?: boolean;
};

/** `YYYY-MM-DD` of a FullCalendar date in UTC. */
export const utcDate = (d: Date) => d.toISOString().slice(0, 10);

export function FullCalendarView(props: FullCalendarViewProps) {
  // The view and date chosen outside (toolbar tabs, year buttons, the view's own prev/next reported
  // through onPeriod) start a fresh calendar rather than driving the old one imperatively from an
  // effect, which re-entered FullCalendar's custom rendering until React gave up (error #185).
  return (
    <FullCalendar
      key={`${props.view}:${props.date}`}
      plugins={[dayGridPlugin, interactionPlugin]}
      initialView={props.view}
      initialDate={props.date}
      timeZone="UTC"
      locales={[zhCnLocale]}
      locale={props.language === 'en' ? 'en' : 'zh-cn'}
      firstDay={1}
      headerToolbar={props.headerToolbar ?? false}
      height={props.height ?? 'auto'}
      fixedWeekCount={false}
      showNonCurrentDates={!props.hideOtherMonths}
      dayMaxEvents={4}
      events={props.events ?? []}
      dayCellClassNames={(arg: DayCellContentArg) => (props.dayClass ? props.dayClass(utcDate(arg.date)) : [])}
      dayCellContent={(arg: DayCellContentArg) =>
        props.dayContent ? props.dayContent(utcDate(arg.date), arg.dayNumberText) : arg.dayNumberText
      }
      dateClick={(arg: DateClickArg) => props.onDateClick?.(utcDate(arg.date))}
      eventClick={(arg: EventClickArg) => props.onEventClick?.(arg.event.id)}
      eventContent={props.eventContent}
      datesSet={(arg: DatesSetArg) => props.onPeriod?.(utcDate(arg.view.currentStart))}
    />
  );
}
