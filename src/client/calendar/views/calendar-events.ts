import type { EventInput } from '@fullcalendar/core';
import type { CalendarEventFields } from '../../../model/calendar';
import { dictionaryItems } from '../../../model/dictionaries';
import type { Label } from '../../../model/entity';
import { labelIn } from '../../../model/label-text';

/** Colours of the events by their colour field's value (one per value, stable across a reload). */
export const EVENT_COLOURS = ['#0f6cbd', '#8764b8', '#c239b3', '#ca5010', '#498205', '#038387', '#986f0b', '#4f6bed', '#e3008c', '#00b7c3'];
export const LATE_COLOUR = '#d13438';

type Row = Record<string, unknown>;

/** A `YYYY-MM-DD` day moved by whole days. */
export function shiftDays(date: string, days: number): string {
  return new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + days)).toISOString().slice(0, 10);
}

/** FullCalendar's all-day end is exclusive; a declared end is inclusive. */
export const addOneDay = (date: string): string => shiftDays(date, 1);

/** A list page's size for a calendar over a view's rows (the list's largest). */
export const WINDOW_PAGE = 500;

/**
 * The rows of a view within the weeks shown (a calendar's `source.window`): its list page asked with
 * the window's filters, page after page until one comes back short; `read` asks one page.
 */
export async function windowRows(read: (query: Record<string, string | number>) => Promise<Row>, window: { start: string; end: string }, from: string, to: string): Promise<{ rows: Row[] }> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const reply = await read({ [`f.${window.end}.gte`]: from, [`f.${window.start}.lte`]: to, page, size: WINDOW_PAGE, count: 'none' });
    const got = (reply.rows as Row[] | undefined) ?? [];
    rows.push(...got);
    if (got.length < WINDOW_PAGE) return { rows };
  }
}

/** The rows a reply holds under the field map's `rows`. */
export function rowsOf(fields: CalendarEventFields, reply: unknown): Row[] {
  const rows = (reply as Row | null)?.[fields.rows];
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/** The colour of each value of the field map's colour field that its dictionary gives (`extra.colour`). */
export function dictColours(fields: CalendarEventFields): Map<string, string> {
  return new Map((fields.colourDict ? (dictionaryItems(fields.colourDict) ?? []) : []).filter((i) => i.extra?.colour).map((i) => [i.value, i.extra!.colour]));
}

/**
 * A calendar view's rows as FullCalendar events, by the declaration's field map: start and end
 * (inclusive) dates, the title's fields joined, a colour per value of the colour field (its
 * dictionary's colour, else one of sorted values, so a value keeps its colour while the others stay),
 * late rows in the late colour, locked rows with a dark border. A row with a `second` date gets a
 * second event on it (`<id>/2`); each title then ends with its word in `language`, and the first is
 * hollow once the second has a date (left out when both fall on one day). Each event keeps its row
 * (`extendedProps.row`).
 */
export function eventsOf(fields: CalendarEventFields, rows: Row[], language = 'zh-CN'): EventInput[] {
  const values = fields.colour ? [...new Set(rows.map((r) => String(r[fields.colour!] ?? '')))].sort() : [];
  const fixed = dictColours(fields);
  const colourOf = (r: Row) => {
    const v = fields.colour ? String(r[fields.colour] ?? '') : '';
    return fixed.get(v) ?? (fields.colour ? EVENT_COLOURS[values.indexOf(v) % EVENT_COLOURS.length] : EVENT_COLOURS[0]);
  };
  const word = (l: Label) => ` · ${labelIn(l, language)}`;
  const second = fields.second;
  return rows.flatMap((r): EventInput[] => {
    const dated = (field: string) => (typeof r[field] === 'string' ? String(r[field]) : null);
    const start = dated(fields.start);
    const then = second ? dated(second.start) : null;
    const title = fields.title.map((f) => String(r[f] ?? '')).filter(Boolean).join(' · ');
    const colour = fields.late && r[fields.late] ? LATE_COLOUR : colourOf(r);
    const out: EventInput[] = [];
    if (start && !(then && then === start)) {
      const end = fields.end ? (dated(fields.end) ?? start) : start;
      const hollow = then !== null;
      out.push({
        id: String(r[fields.id]),
        title: second ? title + word(second.firstWord) : title,
        start,
        end: addOneDay(end),
        allDay: true,
        backgroundColor: hollow ? '#ffffff' : colour,
        textColor: hollow ? colour : undefined,
        borderColor: fields.locked && r[fields.locked] ? '#242424' : hollow ? colour : 'transparent',
        extendedProps: { row: r },
      });
    }
    if (second && then) out.push({ id: `${String(r[fields.id])}/2`, title: title + word(second.word), start: then, end: addOneDay(then), allDay: true, backgroundColor: colour, borderColor: 'transparent', extendedProps: { row: r } });
    return out;
  });
}
