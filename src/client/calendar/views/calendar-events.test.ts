import { describe, expect, it } from 'vitest';
import { lineMonthView } from '../../../../calendars/line-month.calendar';
import { nodeTrackingCalendar } from '../../../../calendars/node-tracking.calendar';
import '../../../model/entities/nodeconfig.entity';
import { addOneDay, dictColours, eventsOf, EVENT_COLOURS, LATE_COLOUR, rowsOf, shiftDays, WINDOW_PAGE, windowRows } from './calendar-events';

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

  it('colours by the colour dictionary, a second date as its own event, the first hollow then and left out on the same day', () => {
    const nodes = nodeTrackingCalendar.events!;
    const colours = dictColours(nodes);
    expect(colours.get('late')).toBe('#d13438');
    const node = (id: number, extra: Record<string, unknown>) => ({ id, order_no: 'CO1', node_name: '裁剪', state: 'on_track', plan_date: '2026-03-10', actual_date: null, order_id: 5, ...extra });
    const [open] = eventsOf(nodes, [node(1, {})]);
    expect(open).toMatchObject({ id: '1', title: 'CO1 · 裁剪 · 计划', start: '2026-03-10', end: '2026-03-11', backgroundColor: colours.get('on_track') });
    const done = eventsOf(nodes, [node(2, { state: 'done_late', actual_date: '2026-03-12' })], 'en');
    expect(done.map((e) => [e.id, e.title, e.start, e.backgroundColor, e.borderColor])).toEqual([
      ['2', 'CO1 · 裁剪 · plan', '2026-03-10', '#ffffff', colours.get('done_late')],
      ['2/2', 'CO1 · 裁剪 · done', '2026-03-12', colours.get('done_late'), 'transparent'],
    ]);
    expect(eventsOf(nodes, [node(3, { state: 'done', actual_date: '2026-03-10' })]).map((e) => e.id)).toEqual(['3/2']);
    expect(eventsOf(nodes, [node(4, { plan_date: null, actual_date: '2026-03-01' })]).map((e) => e.id)).toEqual(['4/2']);
    expect(shiftDays('2026-03-01', -7)).toBe('2026-02-22');
  });
});

describe('a calendar over a view\'s rows (source.window)', () => {
  it('asks the weeks shown as the list\'s filters, page after page until one comes back short', async () => {
    const asked: Array<Record<string, string | number>> = [];
    const all = Array.from({ length: 2 * WINDOW_PAGE + 3 }, (_, i) => ({ id: i + 1 }));
    const read = async (q: Record<string, string | number>) => {
      asked.push(q);
      const page = Number(q.page);
      return { rows: all.slice((page - 1) * WINDOW_PAGE, page * WINDOW_PAGE) };
    };
    const got = await windowRows(read, { start: 'first_date', end: 'last_date' }, '2026-11-24', '2027-01-12');
    expect(got.rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(asked.map((q) => q.page)).toEqual([1, 2, 3]);
    expect(asked[0]).toEqual({ 'f.last_date.gte': '2026-11-24', 'f.first_date.lte': '2027-01-12', page: 1, size: WINDOW_PAGE, count: 'none' });
  });

  it('reads once when the first page is short, and an empty reply is no rows', async () => {
    let reads = 0;
    const got = await windowRows(async () => (reads++, {}), { start: 'plan_date', end: 'plan_date' }, '2026-12-01', '2026-12-31');
    expect([reads, got.rows]).toEqual([1, []]);
  });
});
