import { Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullCalendarView } from '../../calendar/FullCalendarView';
import { events, month } from './demos/calendar.demo';

const useStyles = makeStyles({
  day: { marginTop: '10px', padding: '8px 12px', borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground2, minHeight: '44px' },
  list: { margin: '4px 0 0', paddingLeft: '18px' },
});

const SELECTED_CSS = `.gallery-day-selected { background: rgba(15, 108, 189, 0.12) !important; box-shadow: inset 0 0 0 2px #0f6cbd; }`;

/** Whether an event (start, exclusive end) covers a day. */
const covers = (e: { start: string; end?: string }, day: string) => (e.end ? e.start <= day && day < e.end : e.start === day);

/** The calendar item: the declared events on FullCalendar's month; a click on a day lists that day's events. */
export function CalendarDemo() {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const [day, setDay] = useState<string | null>(null);
  const onDay = useMemo(() => (day ? events.filter((e) => covers(e, day)) : []), [day]);
  const input = useMemo(() => events.map((e) => ({ id: e.id, title: e.title, start: e.start, end: e.end, backgroundColor: e.color, borderColor: e.color, allDay: true })), []);
  return (
    <div data-testid="gallery-calendar">
      <style>{SELECTED_CSS}</style>
      <FullCalendarView
        view="dayGridMonth"
        date={month}
        language={i18n.language}
        events={input}
        headerToolbar={{ left: 'title', center: '', right: 'prev,next' }}
        dayClass={(d) => (d === day ? ['gallery-day-selected'] : [])}
        onDateClick={setDay}
        onEventClick={(id) => setDay(events.find((e) => e.id === id)?.start ?? null)}
      />
      <div className={s.day} data-testid="gallery-calendar-day">
        {day ? (
          <>
            <Text weight="semibold">{t('gallery.calendarDay', { date: day })}</Text>
            {onDay.length ? (
              <ul className={s.list}>
                {onDay.map((e) => (
                  <li key={e.id}>{e.title}</li>
                ))}
              </ul>
            ) : (
              <Caption1 block>{t('gallery.calendarNone')}</Caption1>
            )}
          </>
        ) : (
          <Caption1>{t('gallery.calendarHint')}</Caption1>
        )}
      </div>
    </div>
  );
}
