import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarViewDecl } from '../../../model/calendar';
import { calendarCalls } from '../../../model/calls/calendars';
import { dictionaryItems } from '../../../model/dictionaries';
import { callApi } from '../../api/calls';
import { eventsOf, rowsOf } from './calendar-events';
import { useCalendarSource } from './use-calendar-source';

/** A category's name in the interface language. */
export function useCategoryLabel(): (value: string) => string {
  const { i18n } = useTranslation();
  return useCallback(
    (value: string) => {
      const item = (dictionaryItems('product_category') ?? []).find((i) => i.value === value);
      return item ? item.label[i18n.language === 'en' ? 'en' : 'zh'] : value;
    },
    [i18n.language],
  );
}

const param = (name: string) => new URLSearchParams(window.location.search).get(name);

/** The line's month: month and line (from the address first), the reply, its events by the field map, capacity per day. */
export function useLineMonth(decl: CalendarViewDecl) {
  const [month, setMonth] = useState(() => param('month') ?? new Date().toISOString().slice(0, 7));
  const [line, setLine] = useState<number | null>(() => {
    const v = Number(param(decl.resource?.param ?? 'line'));
    return Number.isSafeInteger(v) && v > 0 ? v : null;
  });
  const read = useCallback(() => callApi(calendarCalls.lineMonth, { month, ...(line ? { line } : {}) }, { quiet: true }), [month, line]);
  const source = useCalendarSource(read, decl.source.socketType);
  const { data } = source;
  const l = data?.line ?? null;
  const dayIndex = useMemo(() => new Map((data?.days ?? []).map((d, i) => [d.date, i])), [data]);
  const events = useMemo(() => (decl.events ? eventsOf(decl.events, rowsOf(decl.events, data)) : []), [decl, data]);
  // Pieces per day by the line's standard minutes: of its first category with standard minutes.
  const samEntries = Object.entries(l?.sam ?? {});
  const fullDay = l ? Math.max(0, ...l.capacity) : 0;

  /** A day's kind, capacity and load, by its date (null outside the reply). */
  const dayOf = (date: string) => {
    const i = dayIndex.get(date);
    if (i === undefined || !data || !l) return null;
    const cap = l.capacity[i];
    const load = l.load[i];
    return { day: data.days[i], cap, load, over: load > cap + 1e-6 };
  };
  return { ...source, month, setMonth, line: l, setLine, events, samEntries, mainSam: samEntries[0]?.[1] ?? null, fullDay, dayOf };
}
export type LineMonthState = ReturnType<typeof useLineMonth>;
