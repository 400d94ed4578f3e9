/**
 * A month of events (a calendar view of kind `events`, calendars/*.calendar.ts): the rows its source
 * answers for the weeks shown (`?from=&to=`, or a view's rows by its declared window's filters; a week
 * before the month's first day to six weeks after)
 * drawn by the declaration's field map, the colour dictionary's items as the legend, a click opening
 * the declaration's `opens` address filled from the event's row. Read again on the declaration's
 * socket message. First user: the node-tracking calendar.
 */
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CalendarViewDecl } from '../../../model/calendar';
import { getCall } from '../../../model/calls/call';
import { dictionaryItems } from '../../../model/dictionaries';
import { openedAddress } from '../../../model/page';
import { callApi } from '../../api/calls';
import { FullCalendarView } from '../FullCalendarView';
import { titleOf } from './calendar-style';
import { dictColours, eventsOf, rowsOf, shiftDays, windowRows } from './calendar-events';
import { useCalendarSource } from './use-calendar-source';

type Row = Record<string, unknown>;

/** The view's month, its reply for the weeks shown and the reply's events. */
function useEventsMonth(decl: CalendarViewDecl) {
  const { i18n } = useTranslation();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const call = useMemo(() => getCall<Record<string, string | number>, Row>(decl.source.read.replace(/^\/api(?=\/)/, '')), [decl]);
  const read = useCallback(() => {
    const [from, to] = [shiftDays(`${month}-01`, -7), shiftDays(`${month}-01`, 42)];
    const window = decl.source.window;
    return window ? windowRows((q) => callApi(call, q, { quiet: true }), window, from, to) : callApi(call, { from, to }, { quiet: true });
  }, [call, decl, month]);
  const source = useCalendarSource(read, decl.source.socketType);
  const events = useMemo(() => (decl.events ? eventsOf(decl.events, rowsOf(decl.events, source.data), i18n.language) : []), [decl, source.data, i18n.language]);
  return { ...source, month, setMonth, events };
}

/** The colour dictionary's items with their colours. */
function Legend({ decl }: { decl: CalendarViewDecl }) {
  const { i18n } = useTranslation();
  if (!decl.events?.colourDict) return null;
  const colours = dictColours(decl.events);
  return (
    <>
      {(dictionaryItems(decl.events.colourDict) ?? []).filter((i) => colours.has(i.value)).map((i) => (
        <span key={i.value} className="legend" data-testid={`legend-${i.value}`}>
          <i style={{ background: colours.get(i.value), borderColor: colours.get(i.value) }} />
          {titleOf(i.label, i18n.language)}
        </span>
      ))}
    </>
  );
}

export function EventsMonthView({ decl, heading }: { decl: CalendarViewDecl; heading: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const s = useEventsMonth(decl);
  return (
    <div className="calview" data-testid={`calendar-${decl.code}`} style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {heading}
        <Legend decl={decl} />
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => void s.load()} aria-label="refresh" />
      </div>
      {s.error && <div role="alert" style={{ color: '#d13438' }}>{t('calview.loadFailed', { message: s.error })}</div>}
      {!s.data && !s.error ? (
        <Spinner label={t('calview.loading')} />
      ) : (
        <FullCalendarView
          view="dayGridMonth"
          date={`${s.month}-01`}
          language={i18n.language}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
          events={s.events}
          onPeriod={(start) => {
            // `start` is the shown month's first day (the view's currentStart, in UTC); a week on is still that month.
            const shown = shiftDays(start, 7).slice(0, 7);
            if (shown !== s.month) s.setMonth(shown);
          }}
          onEventClick={(id) => {
            const row = (s.events.find((x) => x.id === id)?.extendedProps as { row?: Row } | undefined)?.row;
            if (row && decl.opens) navigate(openedAddress(decl.opens, row));
          }}
        />
      )}
    </div>
  );
}
