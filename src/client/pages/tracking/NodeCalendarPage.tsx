/**
 * The calendar views of spec 2's `/zp/{cata}/calendarview/{opt}` route: the declaration named by
 * `opt` (calendars/*.calendar.ts, defineCalendarView) picks its renderer by kind. Node tracking's
 * calendar (calendars/node-tracking.calendar.ts) shows every node of the maker's orders on
 * FullCalendar at its planned date, and at its actual date once recorded, coloured by its state
 * today; a click opens the order's timeline. It reloads on `nodetrack.changed`.
 */
import { Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import type { EventInput } from '@fullcalendar/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import '../../../../calendars/node-tracking.calendar';
import { getCalendarView, type CalendarViewKind } from '../../../model/calendar';
import { trackingCalls, type NodeCalendarEvent } from '../../../model/calls/tracking';
import { addDaysIso, NODE_TRACKING_PATH, type NodeState } from '../../../model/node-tracking';
import { callApi } from '../../api/calls';
import { FullCalendarView } from '../../calendar/FullCalendarView';
import { useCalendarSource } from '../../calendar/views/use-calendar-source';
import { STATE_COLOURS } from './timeline-layout';
import './tracking-messages';

/** Events of a node: one on its planned date, one on its actual date (solid) when it differs or is recorded. */
export function nodeEvents(events: NodeCalendarEvent[], words: { plan: string; actual: string }): EventInput[] {
  const out: EventInput[] = [];
  for (const e of events) {
    const colour = STATE_COLOURS[e.state];
    if (e.plan_date && !(e.actual_date && e.actual_date === e.plan_date))
      out.push({ id: `p${e.id}`, start: e.plan_date, allDay: true, title: `${e.order_no} ${e.node_name} · ${words.plan}`, borderColor: colour, backgroundColor: e.actual_date ? '#ffffff' : colour, textColor: e.actual_date ? colour : '#ffffff', extendedProps: { order: e.order_id, code: e.node_code, kind: 'plan', state: e.state } });
    if (e.actual_date)
      out.push({ id: `a${e.id}`, start: e.actual_date, allDay: true, title: `${e.order_no} ${e.node_name} · ${words.actual}`, borderColor: colour, backgroundColor: colour, textColor: '#ffffff', extendedProps: { order: e.order_id, code: e.node_code, kind: 'actual', state: e.state } });
  }
  return out;
}

/**
 * The node calendar's controller: the month shown, its events read through the declared call (a week
 * before to six weeks after the month's first day) by the calendar views' one source hook, again on
 * the declaration's socket message.
 */
function useNodeCalendar(socketType: string | undefined) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const read = useCallback(() => callApi(trackingCalls.calendar, { from: addDaysIso(`${month}-01`, -7), to: addDaysIso(`${month}-01`, 42) }, { quiet: true }), [month]);
  const { data, error, load } = useCalendarSource(read, socketType);
  const events = useMemo(() => nodeEvents(data?.events ?? [], { plan: t('nt.calendar.plan'), actual: t('nt.calendar.actual') }), [data, t]);
  return { month, setMonth, data, error, load, events };
}

function NodeTrackingCalendar({ socketType }: { socketType?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { month, setMonth, data, error, load, events } = useNodeCalendar(socketType);
  return (
    <div className="calview" data-testid="node-calendar" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', fontSize: 12 }}>
        {(Object.keys(STATE_COLOURS) as NodeState[]).map((s) => (
          <span key={s} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <i style={{ display: 'inline-block', width: 12, height: 10, borderRadius: 2, background: STATE_COLOURS[s] }} />
            {t(`nt.state.${s}`)}
          </span>
        ))}
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" aria-label="refresh" onClick={() => void load()} />
      </div>
      {error && <div role="alert" style={{ color: '#d13438' }}>{t('nt.loadFailed', { message: error })}</div>}
      {!data && !error ? (
        <Spinner label={t('nt.loading')} />
      ) : (
        <FullCalendarView
          view="dayGridMonth"
          date={`${month}-01`}
          language={i18n.language}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
          events={events}
          onPeriod={(start) => {
            // The month grid starts in the previous month's last week: the shown month is the one a week later.
            const shown = addDaysIso(start, 7).slice(0, 7);
            if (shown !== month) setMonth(shown);
          }}
          onEventClick={(id) => {
            const e = events.find((x) => x.id === id);
            const order = (e?.extendedProps as { order?: number } | undefined)?.order;
            if (order) navigate(`${NODE_TRACKING_PATH}?order=${order}`);
          }}
        />
      )}
    </div>
  );
}

const RENDERERS: Partial<Record<CalendarViewKind, (p: { socketType?: string }) => React.ReactNode>> = {
  'node-tracking': (p) => <NodeTrackingCalendar {...p} />,
};

/** `/zp/{cata}/calendarview/{opt}`: the calendar view declared with code `opt`. */
export function CalendarViewRoutePage() {
  const { t, i18n } = useTranslation();
  const { opt } = useParams();
  const decl = opt ? getCalendarView(opt) : undefined;
  const render = decl ? RENDERERS[decl.kind] : undefined;
  if (!decl || !render) return <div style={{ padding: 16 }}>{t('nt.unknownView')}</div>;
  return (
    <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
      <h2 style={{ margin: 0, fontSize: 16 }}>{i18n.language === 'en' ? decl.title.en : decl.title.zh}</h2>
      {render({ socketType: decl.source.socketType })}
    </div>
  );
}
