import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayNumber, weekdayOf } from '../../../../calendars/capacity';
import type { CalendarViewDecl, CalendarViewZoom, CycleCalendarDay, CycleDayCommand } from '../../../model/calendar';
import { calendarCalls } from '../../../model/calls/calendars';
import { ApiError, STALE_VERSION_CODE } from '../../api/client';
import { callApi } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';
import { useCalendarSource } from './use-calendar-source';

export type PendingDay = { day: CycleCalendarDay; kind: CycleDayCommand['kind'] };

/** A listed day goes back to the weekday's rule; otherwise a working day becomes a holiday, a day off overtime. */
export const nextKind = (day: CycleCalendarDay): CycleDayCommand['kind'] => (day.holiday || day.overtime ? null : day.working ? 'holiday' : 'overtime');

/** The words of the confirmation of a pending day. */
function useConfirmText(shown: PendingDay | null): string {
  const { t } = useTranslation();
  if (!shown) return '';
  const { date } = shown.day;
  const weekday = t(`calview.weekday.${weekdayOf(dayNumber(date))}`);
  if (shown.kind === 'holiday') return t('calview.confirm.holiday', { date, weekday });
  if (shown.kind === 'overtime') return t('calview.confirm.overtime', { date, weekday });
  return t(shown.day.holiday ? 'calview.confirm.clearHoliday' : 'calview.confirm.clearOvertime', { date, name: shown.day.name ?? '' });
}

/** The cycle calendar's state: the year read, the day being confirmed, its write. */
export function useCycleCalendar(decl: CalendarViewDecl) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<CalendarViewZoom>(decl.defaultZoom);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const year = Number(month.slice(0, 4));
  const read = useCallback(() => callApi(calendarCalls.cycleCalendar, { year }, { quiet: true }), [year]);
  const source = useCalendarSource(read, decl.source.socketType);
  const { data, load, set } = source;
  const [pending, setPending] = useState<PendingDay | null>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const byDate = useMemo(() => new Map((data?.year === year ? data.days : []).map((d) => [d.date, d])), [data, year]);

  const pick = (date: string) => {
    const day = byDate.get(date);
    if (!day) return;
    setName('');
    setPending({ day, kind: nextKind(day) });
  };

  const confirm = async () => {
    if (!pending || !data) return;
    setSaving(true);
    try {
      const cmd: CycleDayCommand = { year, calendar_id: data.calendar?.id ?? null, version: data.calendar?.version ?? null, date: pending.day.date, kind: pending.kind, ...(name.trim() ? { name: name.trim() } : {}) };
      set(await callApi(calendarCalls.cycleDay, cmd, { quiet: true }));
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
    return { working: days.filter((d) => d.working).length, holidays: days.filter((d) => d.holiday && !d.overtime).length, overtime: days.filter((d) => d.overtime).length };
  }, [data]);

  // The dialog keeps its last text while it fades out after closing.
  const lastPending = useRef<PendingDay | null>(null);
  if (pending) lastPending.current = pending;
  const shown = lastPending.current;
  const confirmText = useConfirmText(shown);
  const shift = (years: number) => setMonth(`${year + years}-${month.slice(5, 7)}`);

  return { ...source, zoom, setZoom, month, setMonth, year, byDate, pick, pending, setPending, shown, confirmText, name, setName, saving, confirm, counts, shift };
}
export type CycleCalendarState = ReturnType<typeof useCycleCalendar>;
