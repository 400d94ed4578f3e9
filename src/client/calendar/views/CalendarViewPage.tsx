/**
 * The one page of the calendar views (calendars/*.calendar.ts, defineCalendarView): the declaration
 * whose menu address is the page's path (or whose code is spec 2's `/zp/{cata}/calendarview/{opt}`) gives the title, the source, the zooms, the resource and
 * the events' field map; its kind picks the body (the days of a cycle calendar, a line's month, a month of events).
 */
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import '../../../../calendars';
import { allCalendarViews, type CalendarViewDecl, type CalendarViewKind } from '../../../model/calendar';
import '../CalendarViewsMessages';
import { CalendarStyle, titleOf } from './calendar-style';
import { CycleCalendarView } from './CycleCalendarView';
import { EventsMonthView } from './EventsMonthView';
import { LineMonthView } from './LineMonthView';

type ViewBody = (p: { decl: CalendarViewDecl; heading: React.ReactNode }) => React.ReactNode;

const BODIES: Partial<Record<CalendarViewKind, ViewBody>> = {
  'cycle-calendar': (p) => <CycleCalendarView {...p} />,
  'line-month': (p) => <LineMonthView {...p} />,
  events: (p) => <EventsMonthView {...p} />,
};

export function CalendarViewPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  // At its menu address, or by its code under spec 2's `/zp/{cata}/calendarview/{opt}`.
  const { opt } = useParams();
  const decl = allCalendarViews().find((v) => v.menu.furl === pathname || v.code === opt);
  const body = decl ? BODIES[decl.kind] : undefined;
  if (!decl || !body) return <div style={{ padding: 16 }}>{t('calview.unknownView')}</div>;
  return (
    <>
      <CalendarStyle />
      {body({ decl, heading: <h2 style={{ margin: 0, fontSize: 18 }}>{titleOf(decl.title, i18n.language)}</h2> })}
    </>
  );
}
