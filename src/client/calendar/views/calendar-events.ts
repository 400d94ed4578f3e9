import type { EventInput } from '@fullcalendar/core';
import type { CalendarEventFields } from '../../../model/calendar';

/** Colours of the events by their colour field's value (one per value, stable across a reload). */
export const EVENT_COLOURS = ['#0f6cbd', '#8764b8', '#c239b3', '#ca5010', '#498205', '#038387', '#986f0b', '#4f6bed', '#e3008c', '#00b7c3'];
export const LATE_COLOUR = '#d13438';

type Row = Record<string, unknown>;

/** FullCalendar's all-day end is exclusive; a declared end is inclusive. */
export function addOneDay(date: string): string {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1)).toISOString().slice(0, 10);
}

/** The rows a reply holds under the field map's `rows`. */
export function rowsOf(fields: CalendarEventFields, reply: unknown): Row[] {
  const rows = (reply as Row | null)?.[fields.rows];
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/**
 * A calendar view's rows as FullCalendar events, by the declaration's field map: start and end
 * (inclusive) dates, the title's fields joined, a colour per value of the colour field (sorted
 * values, so a value keeps its colour while the others stay), late rows in the late colour, locked
 * rows with a dark border. Each event keeps its row (`extendedProps.row`).
 */
export function eventsOf(fields: CalendarEventFields, rows: Row[]): EventInput[] {
  const values = fields.colour ? [...new Set(rows.map((r) => String(r[fields.colour!] ?? '')))].sort() : [];
  const colourOf = (r: Row) => (fields.colour ? EVENT_COLOURS[values.indexOf(String(r[fields.colour] ?? '')) % EVENT_COLOURS.length] : EVENT_COLOURS[0]);
  return rows
    .filter((r) => typeof r[fields.start] === 'string')
    .map((r) => {
      const start = String(r[fields.start]);
      const end = fields.end && typeof r[fields.end] === 'string' ? String(r[fields.end]) : start;
      return {
        id: String(r[fields.id]),
        title: fields.title.map((f) => String(r[f] ?? '')).filter(Boolean).join(' · '),
        start,
        end: addOneDay(end),
        allDay: true,
        backgroundColor: fields.late && r[fields.late] ? LATE_COLOUR : colourOf(r),
        borderColor: fields.locked && r[fields.locked] ? '#242424' : 'transparent',
        extendedProps: { row: r },
      };
    });
}
