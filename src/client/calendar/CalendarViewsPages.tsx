/**
 * The calendar views' pages (issue 11), rendered on FullCalendar from their declarations:
 * - the cycle calendar (calendars/cycle-calendar.calendar.ts): the company's working days, holidays
 *   and overtime days of a year, by month or as the whole year; clicking a day, after a confirmation,
 *   makes it a holiday or an overtime day (or ordinary again), written by the planning service as a
 *   child row of the year's cycle calendar;
 * - a line's month (calendars/line-month.calendar.ts): the line's bars as events, each day's capacity
 *   in standard minutes and in pieces (by the line's standard minutes of its categories) and its load.
 * Both refresh when the company's schedule changes (`schedule.changed` on the socket).
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  Spinner,
  Tab,
  TabList,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowClockwiseRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { EventInput } from '@fullcalendar/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cycleCalendarView } from '../../../calendars/cycle-calendar.calendar';
import { lineMonthView } from '../../../calendars/line-month.calendar';
import { dayNumber, piecesFromMinutes, weekdayOf } from '../../../calendars/capacity';
import type { CalendarViewZoom, CycleCalendarDay, CycleCalendarView, CycleDayCommand, LineMonthView } from '../../model/calendar';
import { dictionaryItems } from '../../model/dictionaries';
import type { BoardBar } from '../../model/schedule-board';
import { api, ApiError, STALE_VERSION_CODE } from '../api/client';
import { onSocketMessage } from '../shell/notification-socket';
import { toast } from '../shell/toast-bus';
import './CalendarViewsMessages';
import { FullCalendarView } from './FullCalendarView';


/** Colours of the day kinds and of the categories' events (one per category, stable). */
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

const CATEGORY_COLOURS = ['#0f6cbd', '#8764b8', '#c239b3', '#ca5010', '#498205', '#038387', '#986f0b', '#4f6bed', '#e3008c', '#00b7c3'];

function useCategoryLabel(): (value: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (value: string) => {
      const item = (dictionaryItems('product_category') ?? []).find((i) => i.value === value);
      return item ? item.label[i18n.language === 'en' ? 'en' : 'zh'] : value;
    },
    [i18n.language],
  );
}

const fmt = (n: number) => Math.round(n).toLocaleString();
const titleOf = (label: { zh: string; en: string }, lang: string) => label[lang === 'en' ? 'en' : 'zh'];

function PageStyle() {
  return <style>{CALENDAR_CSS}</style>;
}

/** Reloads when the company's schedule or calendar changed (someone marked a day, moved a bar). */
function useScheduleChanged(socketType: string | undefined, reload: () => void): void {
  const ref = useRef(reload);
  ref.current = reload;
  useEffect(
    () =>
      onSocketMessage((m) => {
        const msg = m as { type?: string; scenario_id?: number | null };
        if (msg?.type === socketType && (msg.scenario_id ?? null) === null) ref.current();
      }),
    [socketType],
  );
}

// ---------------------------------------------------------------------------------------------
// The cycle calendar

type PendingDay = { day: CycleCalendarDay; kind: CycleDayCommand['kind'] };

export function CycleCalendarPage() {
  const { t, i18n } = useTranslation();
  const decl = cycleCalendarView;
  const [zoom, setZoom] = useState<CalendarViewZoom>(decl.defaultZoom);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const year = Number(month.slice(0, 4));
  const [data, setData] = useState<CycleCalendarView | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState<PendingDay | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      setError('');
      setData(await api.get<CycleCalendarView>(decl.source.read, { year: String(year) }, { quiet: true }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [decl, year]);
  useEffect(() => {
    void load();
  }, [load]);
  useScheduleChanged(decl.source.socketType, () => void load());

  const byDate = useMemo(() => new Map((data?.year === year ? data.days : []).map((d) => [d.date, d])), [data, year]);
  const weekday = (date: string) => t(`calview.weekday.${weekdayOf(dayNumber(date))}`);

  const onDateClick = (date: string) => {
    const day = byDate.get(date);
    if (!day) return;
    // A listed day goes back to the weekday's rule; otherwise a working day becomes a holiday, a day off overtime.
    const kind: CycleDayCommand['kind'] = day.holiday || day.overtime ? null : day.working ? 'holiday' : 'overtime';
    setName('');
    setPending({ day, kind });
  };

  const confirm = async () => {
    if (!pending || !data) return;
    setSaving(true);
    try {
      const cmd: CycleDayCommand = {
        year,
        calendar_id: data.calendar?.id ?? null,
        version: data.calendar?.version ?? null,
        date: pending.day.date,
        kind: pending.kind,
        ...(name.trim() ? { name: name.trim() } : {}),
      };
      setData(await api.post<CycleCalendarView>(decl.source.write!, cmd, { quiet: true }));
      toast.success(t('calview.saved'));
    } catch (e) {
      if (e instanceof ApiError && (e.code === STALE_VERSION_CODE || e.status === 409)) void load();
      toast.error(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
      setPending(null);
    }
  };

  const counts = useMemo(() => {
    const days = data?.days ?? [];
    return {
      working: days.filter((d) => d.working).length,
      holidays: days.filter((d) => d.holiday && !d.overtime).length,
      overtime: days.filter((d) => d.overtime).length,
    };
  }, [data]);

  // The dialog keeps its last text while it fades out after closing.
  const lastPending = useRef<PendingDay | null>(null);
  if (pending) lastPending.current = pending;
  const shown = lastPending.current;
  const confirmText = shown
    ? shown.kind === 'holiday'
      ? t('calview.confirm.holiday', { date: shown.day.date, weekday: weekday(shown.day.date) })
      : shown.kind === 'overtime'
        ? t('calview.confirm.overtime', { date: shown.day.date, weekday: weekday(shown.day.date) })
        : t(shown.day.holiday ? 'calview.confirm.clearHoliday' : 'calview.confirm.clearOvertime', { date: shown.day.date, name: shown.day.name ?? '' })
    : '';

  const shift = (years: number) => setMonth(`${year + years}-${month.slice(5, 7)}`);

  /** One month of the calendar: the page's month, or one of the year's twelve small months. */
  const calendarOf = (m: string, mini: boolean) => (
    <FullCalendarView
      view="dayGridMonth"
      date={`${m}-01`}
      language={i18n.language}
      hideOtherMonths={mini}
      headerToolbar={mini ? { left: '', center: 'title', right: '' } : { left: 'prev,next', center: 'title', right: '' }}
      onPeriod={(start) => {
        // The month view's own prev/next (its period starts on the 1st): follow it; a new year loads that year.
        if (mini) return;
        if (start.slice(0, 7) !== month) setMonth(start.slice(0, 7));
      }}
      dayClass={(date) => {
        const d = byDate.get(date);
        if (!d) return [];
        return ['cal-clickable', d.overtime ? 'cal-overtime' : d.holiday ? 'cal-holiday' : d.working ? 'cal-working' : 'cal-off'];
      }}
      dayContent={(date) => {
        const d = byDate.get(date);
        const kind = d?.overtime ? 'overtime' : d?.holiday ? 'holiday' : null;
        return (
          <div className="cal-cell" data-testid={`cal-day-${date}`} data-kind={d ? (kind ?? (d.working ? 'working' : 'off')) : ''} title={d?.name ?? undefined}>
            <span>
              <span className="cal-num">{mini ? Number(date.slice(8, 10)) : dayLabel(date, i18n.language)}</span>
              {kind && <span className={`cal-badge ${kind}`}>{t(`calview.badge.${kind}`)}</span>}
            </span>
            {d?.name && !mini && <span className="cal-name">{d.name}</span>}
          </div>
        );
      }}
      onDateClick={onDateClick}
    />
  );

  return (
    <div className="calview" data-testid="cycle-calendar-view" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
      <PageStyle />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{titleOf(decl.title, i18n.language)}</h2>
        <Button icon={<ChevronLeftRegular />} appearance="subtle" aria-label={t('calview.prevYear')} onClick={() => shift(-1)} data-testid="cal-prev-year" />
        <strong data-testid="cal-year">{year}</strong>
        <Button icon={<ChevronRightRegular />} appearance="subtle" aria-label={t('calview.nextYear')} onClick={() => shift(1)} data-testid="cal-next-year" />
        <TabList size="small" selectedValue={zoom} onTabSelect={(_, d) => setZoom(d.value as CalendarViewZoom)}>
          {decl.zooms.map((z) => (
            <Tab key={z} value={z}>
              <span data-testid={`cal-zoom-${z}`}>{t(`calview.zoom.${z}`)}</span>
            </Tab>
          ))}
        </TabList>
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => void load()} aria-label="refresh" />
        <span className="legend"><i style={{ background: '#fff' }} />{t('calview.legend.working')}</span>
        <span className="legend"><i style={{ background: '#f3f2f1' }} />{t('calview.legend.off')}</span>
        <span className="legend"><i style={{ background: '#fde7e9' }} />{t('calview.legend.holiday')}</span>
        <span className="legend"><i style={{ background: '#e6f4ea' }} />{t('calview.legend.overtime')}</span>
      </div>
      <div style={{ fontSize: 12, color: '#616161' }} data-testid="cal-summary">
        {data?.calendar
          ? t('calview.summary', { year, working: counts.working, holidays: counts.holidays, overtime: counts.overtime, minutes: data.calendar.minutes })
          : data
            ? t('calview.noCalendar', { year })
            : ''}
        {' · '}
        {t('calview.clickHint')}
      </div>
      {error && <div role="alert" style={{ color: '#d13438' }}>{t('calview.loadFailed', { message: error })}</div>}
      {!data && !error ? (
        <Spinner label={t('calview.loading')} />
      ) : (
        zoom === 'year' ? (
          <div className="cal-year" data-testid="cal-year-grid">
            {Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`).map((m) => (
              <div key={m} className="cal-mini">
                {calendarOf(m, true)}
              </div>
            ))}
          </div>
        ) : (
          calendarOf(month, false)
        )
      )}
      <Dialog open={pending !== null} onOpenChange={(_, d) => !d.open && setPending(null)} modalType="alert">
        <DialogSurface aria-describedby="cal-confirm-text" data-testid="cal-confirm">
          <DialogBody>
            <DialogTitle>{t('calview.confirm.title')}</DialogTitle>
            <DialogContent>
              <p id="cal-confirm-text">{confirmText}</p>
              {shown?.kind && (
                <Field label={t('calview.confirm.name')}>
                  <Input value={name} maxLength={60} onChange={(_, v) => setName(v.value)} data-testid="cal-confirm-name" />
                </Field>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setPending(null)}>{t('calview.confirm.cancel')}</Button>
              <Button appearance="primary" disabled={saving} onClick={() => void confirm()} data-testid="cal-confirm-ok">
                {t('calview.confirm.ok')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// A line's month

export function LineMonthPage() {
  const { t, i18n } = useTranslation();
  const decl = lineMonthView;
  const categoryLabel = useCategoryLabel();
  const [month, setMonth] = useState(() => new URLSearchParams(window.location.search).get('month') ?? new Date().toISOString().slice(0, 7));
  const [line, setLine] = useState<number | null>(() => {
    const v = Number(new URLSearchParams(window.location.search).get('line'));
    return Number.isSafeInteger(v) && v > 0 ? v : null;
  });
  const [data, setData] = useState<LineMonthView | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(async () => {
    try {
      setError('');
      const query: Record<string, string> = { month };
      if (line) query.line = String(line);
      setData(await api.get<LineMonthView>(decl.source.read, query, { quiet: true }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [decl, month, line]);
  useEffect(() => {
    void load();
  }, [load]);
  useScheduleChanged(decl.source.socketType, () => void load());

  const l = data?.line ?? null;
  const dayIndex = useMemo(() => new Map((data?.days ?? []).map((d, i) => [d.date, i])), [data]);
  const colourOf = useMemo(() => {
    const cats = [...new Set((data?.bars ?? []).map((b) => b.category))].sort();
    return (c: string) => CATEGORY_COLOURS[Math.max(0, cats.indexOf(c)) % CATEGORY_COLOURS.length];
  }, [data]);
  // Pieces per day by the line's standard minutes: of its first category with standard minutes.
  const samEntries = Object.entries(l?.sam ?? {});
  const mainSam = samEntries[0]?.[1] ?? null;
  const fullDay = l ? Math.max(0, ...l.capacity) : 0;

  const events: EventInput[] = (data?.bars ?? []).map((b: BoardBar) => ({
    id: String(b.id),
    title: t('calview.bar', { style: b.style_no, plan: b.plan_no, qty: b.qty }),
    start: b.start,
    end: addOneDay(b.end),
    allDay: true,
    backgroundColor: b.late ? '#d13438' : colourOf(b.category),
    borderColor: b.locked ? '#242424' : 'transparent',
    extendedProps: { bar: b },
  }));

  const eventContent = (arg: EventContentArgLike) => {
    const b = arg.event.extendedProps.bar as BoardBar;
    return (
      <Tooltip
        relationship="description"
        content={t('calview.barTip', { plan: b.plan_no, style: b.style_no, category: categoryLabel(b.category), qty: b.qty, start: b.start, end: b.end, delivery: b.delivery_date ?? '-' })}
      >
        <div className="cal-event" data-testid={`line-bar-${b.id}`}>
          {b.locked ? '🔒 ' : ''}
          {arg.event.title}
        </div>
      </Tooltip>
    );
  };

  return (
    <div className="calview" data-testid="line-month-view" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
      <PageStyle />
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{titleOf(decl.title, i18n.language)}</h2>
        {decl.resource && <span>{titleOf(decl.resource.title, i18n.language)}</span>}
        <Dropdown
          data-testid="line-select"
          style={{ minWidth: 220 }}
          value={l ? `${l.code} ${l.name}` : ''}
          selectedOptions={l ? [String(l.id)] : []}
          onOptionSelect={(_, d) => d.optionValue && setLine(Number(d.optionValue))}
        >
          {(data?.lines ?? []).map((x) => (
            <Option key={x.id} value={String(x.id)} text={`${x.code} ${x.name}`}>
              {`${x.code} ${x.name}${x.workshop_name ? ` · ${x.workshop_name}` : ''}`}
            </Option>
          ))}
        </Dropdown>
        <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => void load()} aria-label="refresh" />
      </div>
      {l && (
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 12, color: '#424242' }} data-testid="line-settings">
          <span>{t('calview.lineInfo', { operators: l.operators, efficiency: fmt(l.efficiency), minutes: fmt(fullDay) })}</span>
          <span>{l.learning?.length ? t('calview.learning', { curve: l.learning.map((p) => `${p}%`).join(' → ') }) : t('calview.noLearning')}</span>
          {samEntries.length ? (
            samEntries.map(([c, sam]) => (
              <span key={c} data-testid={`line-sam-${c}`}>
                {t('calview.samOf', { category: categoryLabel(c), sam, pieces: fmt(piecesFromMinutes(fullDay, sam)) })}
              </span>
            ))
          ) : (
            <span>{t('calview.planSam')}</span>
          )}
        </div>
      )}
      {error && <div role="alert" style={{ color: '#d13438' }}>{t('calview.loadFailed', { message: error })}</div>}
      {!data && !error ? (
        <Spinner label={t('calview.loading')} />
      ) : data && !data.lines.length ? (
        <div>{t('calview.noLines')}</div>
      ) : (
        <FullCalendarView
          view="dayGridMonth"
          date={`${month}-01`}
          language={i18n.language}
          headerToolbar={{ left: 'prev,next today', center: 'title', right: '' }}
          events={events}
          eventContent={eventContent}
          onPeriod={(start) => {
            if (start.slice(0, 7) !== month) setMonth(start.slice(0, 7));
          }}
          dayClass={(date) => {
            const i = dayIndex.get(date);
            if (i === undefined || !data || !l) return [];
            const d = data.days[i];
            const cls = [d.overtime ? 'cal-overtime' : d.holiday ? 'cal-holiday' : d.working ? 'cal-working' : 'cal-off'];
            if (l.load[i] > l.capacity[i] + 1e-6) cls.push('cal-over');
            return cls;
          }}
          dayContent={(date) => {
            const i = dayIndex.get(date);
            const d = i === undefined ? null : data?.days[i];
            const cap = i === undefined || !l ? null : l.capacity[i];
            const load = i === undefined || !l ? 0 : l.load[i];
            const over = cap !== null && load > cap + 1e-6;
            return (
              <div className="cal-cell" data-testid={`line-day-${date}`}>
                <span>
                  <span className="cal-num">{dayLabel(date, i18n.language)}</span>
                  {d?.overtime && <span className="cal-badge overtime">{t('calview.badge.overtime')}</span>}
                  {d?.holiday && !d.overtime && <span className="cal-badge holiday">{t('calview.badge.holiday')}</span>}
                </span>
                {cap !== null &&
                  (cap > 0 ? (
                    <>
                      <span className="cal-cap" data-testid={`line-cap-${date}`}>{t('calview.dayCapacity', { minutes: fmt(cap) })}</span>
                      {mainSam && (
                        <span className="cal-cap" title={categoryLabel(samEntries[0][0])}>
                          {t('calview.dayPieces', { pieces: fmt(piecesFromMinutes(cap, mainSam)) })}
                        </span>
                      )}
                      <span className={`cal-cap${over ? ' over' : ''}`}>{t('calview.dayLoad', { percent: Math.round((load / cap) * 100) })}</span>
                    </>
                  ) : (
                    <span className="cal-cap">{t('calview.dayOff')}</span>
                  ))}
              </div>
            );
          }}
        />
      )}
    </div>
  );
}

/** A day cell's number; the 1st of a month names the month (the year view is one continuous grid). */
function dayLabel(date: string, language: string): string {
  const day = Number(date.slice(8, 10));
  if (day !== 1) return String(day);
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(language === 'en' ? 'en' : 'zh-CN', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

type EventContentArgLike = { event: { title: string; extendedProps: Record<string, unknown> } };

/** FullCalendar's all-day end is exclusive; a bar's end is inclusive. */
function addOneDay(date: string): string {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1)).toISOString().slice(0, 10);
}
