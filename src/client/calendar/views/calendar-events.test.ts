import { describe, expect, it } from 'vitest';
import { lineMonthView } from '../../../../calendars/line-month.calendar';
import { addOneDay, eventsOf, EVENT_COLOURS, LATE_COLOUR, rowsOf } from './calendar-events';

const fields = lineMonthView.events!;
const bar = (id: number, category: string, extra: Record<string, unknown> = {}) => ({ id, style_no: `S${id}`, plan_no: `P${id}`, qty: 100 * id, category, start: '2026-03-30', end: '2026-04-02', line_id: 7, ...extra });

describe('calendar view events from the field map', () => {
  it('maps start, inclusive end, title and keeps the row', () => {
    const [e] = eventsOf(fields, [bar(1, 'knit')]);
    expect(e).toMatchObject({ id: '1', title: 'S1 · P1 · 100', start: '2026-03-30', end: '2026-04-03', allDay: true });
    expect((e.extendedProps as { row: { line_id: number } }).row.line_id).toBe(7);
  });

  it('colours by value (stable, sorted), late in red, locked with a border', () => {
    const events = eventsOf(fields, [bar(1, 'woven'), bar(2, 'knit'), bar(3, 'knit', { late: true }), bar(4, 'woven', { locked: true })]);
    expect(events.map((e) => e.backgroundColor)).toEqual([EVENT_COLOURS[1], EVENT_COLOURS[0], LATE_COLOUR, EVENT_COLOURS[1]]);
    expect(events.map((e) => e.borderColor)).toEqual(['transparent', 'transparent', 'transparent', '#242424']);
  });

  it('reads the rows the map names and skips rows without a start', () => {
    expect(rowsOf(fields, { bars: [bar(1, 'knit')] })).toHaveLength(1);
    expect(rowsOf(fields, { rows: [bar(1, 'knit')] })).toEqual([]);
    expect(eventsOf(fields, [bar(1, 'knit', { start: null })])).toEqual([]);
    expect(addOneDay('2026-12-31')).toBe('2027-01-01');
  });
});
