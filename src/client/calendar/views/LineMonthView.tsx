/**
 * A line's month (calendars/line-month.calendar.ts): the line's bars as events by the declaration's
 * field map, each day's capacity in standard minutes and in pieces (by the line's standard minutes
 * of its categories) and its load. Refreshes on the declaration's socket message.
 */
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CalendarViewDecl } from '../../../model/calendar';
import type { BoardBar } from '../../../model/schedule-board';
import { FullCalendarView } from '../FullCalendarView';
import { dayKindClass, titleOf } from './calendar-style';
import { LineBarEvent, LineDayCell, LinePicker, LineSettings } from './LineMonthParts';
import { useLineMonth } from './use-line-month';

type EventContentArgLike = { event: { title: string; extendedProps: Record<string, unknown> } };

export function LineMonthView({ decl, heading }: { decl: CalendarViewDecl; heading: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const s = useLineMonth(decl);
  const { data, error } = s;
  return (
    <div className="calview" data-testid="line-month-view" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {heading}
        {decl.resource && <span>{titleOf(decl.resource.title, i18n.language)}</span>}
        <LinePicker s={s} />
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => void s.load()} aria-label="refresh" />
      </div>
      <LineSettings s={s} />
      {error && <div role="alert" style={{ color: '#d13438' }}>{t('calview.loadFailed', { message: error })}</div>}
      {!data && !error ? (
        <Spinner label={t('calview.loading')} />
      ) : data && !data.lines.length ? (
        <div>{t('calview.noLines')}</div>
      ) : (
        <FullCalendarView
          view="dayGridMonth"
          date={`${s.month}-01`}
          language={i18n.language}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
          events={s.events}
          eventContent={(arg: EventContentArgLike) => <LineBarEvent bar={arg.event.extendedProps.row as BoardBar} title={arg.event.title} />}
          onPeriod={(start) => {
            if (start.slice(0, 7) !== s.month) s.setMonth(start.slice(0, 7));
          }}
          dayClass={(date) => {
            const x = s.dayOf(date);
            return x ? [dayKindClass(x.day), ...(x.over ? ['cal-over'] : [])] : [];
          }}
          dayContent={(date) => <LineDayCell s={s} date={date} />}
        />
      )}
    </div>
  );
}
