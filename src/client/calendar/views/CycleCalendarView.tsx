/**
 * The cycle calendar (calendars/cycle-calendar.calendar.ts): the company's working days, holidays
 * and overtime days of a year, by month or as the whole year; clicking a day, after a confirmation,
 * makes it a holiday or an overtime day (or ordinary again), written by the planning service as a
 * child row of the year's cycle calendar. Refreshes on the declaration's socket message.
 */
import { Button, Spinner, Tab, TabList } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CalendarViewDecl, CalendarViewZoom } from '../../../model/calendar';
import { FullCalendarView } from '../FullCalendarView';
import { dayKindClass, dayLabel } from './calendar-style';
import { CycleDayDialog } from './CycleDayDialog';
import { useCycleCalendar, type CycleCalendarState } from './use-cycle-calendar';

const LEGEND = [
  ['working', '#fff'],
  ['off', '#f3f2f1'],
  ['holiday', '#fde7e9'],
  ['overtime', '#e6f4ea'],
] as const;

/** One month of the calendar: the page's month, or one of the year's twelve small months. */
function CycleMonth({ s, month, mini }: { s: CycleCalendarState; month: string; mini: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <FullCalendarView
      view="dayGridMonth"
      date={`${month}-01`}
      language={i18n.language}
      hideOtherMonths={mini}
      headerToolbar={mini ? { left: '', center: 'title', right: '' } : { left: 'prev,next', center: 'title', right: '' }}
      onPeriod={(start) => {
        // The month view's own prev/next (its period starts on the 1st): follow it; a new year loads that year.
        if (!mini && start.slice(0, 7) !== s.month) s.setMonth(start.slice(0, 7));
      }}
      dayClass={(date) => {
        const d = s.byDate.get(date);
        return d ? ['cal-clickable', dayKindClass(d)] : [];
      }}
      dayContent={(date) => {
        const d = s.byDate.get(date);
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
      onDateClick={s.pick}
    />
  );
}

/** Year buttons, zoom tabs, refresh and the legend of the day kinds. */
function CycleToolbar({ s, decl }: { s: CycleCalendarState; decl: CalendarViewDecl }) {
  const { t } = useTranslation();
  return (
    <>
      <Button icon={<ChevronLeftRegular />} appearance="subtle" aria-label={t('calview.prevYear')} onClick={() => s.shift(-1)} data-testid="cal-prev-year" />
      <strong data-testid="cal-year">{s.year}</strong>
      <Button icon={<ChevronRightRegular />} appearance="subtle" aria-label={t('calview.nextYear')} onClick={() => s.shift(1)} data-testid="cal-next-year" />
      <TabList size="small" selectedValue={s.zoom} onTabSelect={(_, d) => s.setZoom(d.value as CalendarViewZoom)}>
        {decl.zooms.map((z) => (
          <Tab key={z} value={z}>
            <span data-testid={`cal-zoom-${z}`}>{t(`calview.zoom.${z}`)}</span>
          </Tab>
        ))}
      </TabList>
      <Button icon={<ArrowClockwiseRegular />} appearance="subtle" onClick={() => void s.load()} aria-label="refresh" />
      {LEGEND.map(([kind, colour]) => (
        <span key={kind} className="legend">
          <i style={{ background: colour }} />
          {t(`calview.legend.${kind}`)}
        </span>
      ))}
    </>
  );
}

export function CycleCalendarView({ decl, heading }: { decl: CalendarViewDecl; heading: React.ReactNode }) {
  const { t } = useTranslation();
  const s = useCycleCalendar(decl);
  const { data, error, counts, year } = s;
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
  return (
    <div className="calview" data-testid="cycle-calendar-view" style={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        {heading}
        <CycleToolbar s={s} decl={decl} />
      </div>
      <div style={{ fontSize: 12, color: '#616161' }} data-testid="cal-summary">
        {data?.calendar ? t('calview.summary', { year, working: counts.working, holidays: counts.holidays, overtime: counts.overtime, minutes: data.calendar.minutes }) : data ? t('calview.noCalendar', { year }) : ''}
        {' · '}
        {t('calview.clickHint')}
      </div>
      {error && <div role="alert" style={{ color: '#d13438' }}>{t('calview.loadFailed', { message: error })}</div>}
      {!data && !error ? (
        <Spinner label={t('calview.loading')} />
      ) : s.zoom === 'year' ? (
        <div className="cal-year" data-testid="cal-year-grid">
          {months.map((m) => (
            <div key={m} className="cal-mini">
              <CycleMonth s={s} month={m} mini />
            </div>
          ))}
        </div>
      ) : (
        <CycleMonth s={s} month={s.month} mini={false} />
      )}
      <CycleDayDialog s={s} />
    </div>
  );
}
