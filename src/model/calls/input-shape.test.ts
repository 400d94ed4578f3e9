import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { is, isDay, MAX_IDS_PER_CALL, readEachField, readInput } from './input-shape';
import { settingPreferences } from './workspace';
import { calendarCalls } from './calendars';
import { scheduleCalls } from './schedule';

const move = is.object({ bar_id: is.id, version: is.int, start: is.date, push: is.optional(is.bool) });
const command = is.tagged('op', { move, lock: is.object({ bar_id: is.id, version: is.int }) });

describe('input shapes of the declared calls', () => {
  it('keeps the declared fields, drops the others and leaves an absent optional out', () => {
    expect(readInput(command, { op: 'move', bar_id: 7, version: 2, start: '2026-12-07', extra: 'x' })).toEqual({ ok: true, value: { op: 'move', bar_id: 7, version: 2, start: '2026-12-07' } });
    expect(readInput(command, { op: 'move', bar_id: 7, version: 2, start: '2026-12-07', push: null })).toEqual({ ok: true, value: { op: 'move', bar_id: 7, version: 2, start: '2026-12-07' } });
    expect(readInput(command, { op: 'lock', bar_id: 7, version: 0 })).toEqual({ ok: true, value: { op: 'lock', bar_id: 7, version: 0 } });
  });

  it('names the first field that does not hold, under its variant', () => {
    expect(readInput(command, { op: 'lock', bar_id: 0, version: 1 })).toMatchObject({ ok: false, reason: 'lock.bar_id: an id' });
    expect(readInput(command, { op: 'move', bar_id: 1, version: 1, start: '2026-02-30' })).toMatchObject({ ok: false, reason: 'move.start: a date YYYY-MM-DD' });
    expect(readInput(command, { op: 'move', bar_id: 1, version: 1, start: '2026-02-03', push: 'yes' })).toMatchObject({ ok: false, reason: 'move.push: true or false' });
    expect(readInput(command, { op: 'drop' })).toMatchObject({ ok: false, reason: 'op: move | lock' });
    expect(readInput(command, null)).toMatchObject({ ok: false });
    expect(readInput(is.list(is.id, { max: 3 }), [1, 2, 'x'])).toMatchObject({ ok: false, reason: '2: an id' });
  });

  it("reads a query's id as text or number, and a field that must be sent as null or a value", () => {
    const q = is.object({ order_id: is.queryId, date: is.orNull(is.date) });
    expect(readInput(q, { order_id: '12', date: '2026-12-06' })).toEqual({ ok: true, value: { order_id: 12, date: '2026-12-06' } });
    expect(readInput(q, { order_id: 12, date: '' })).toEqual({ ok: true, value: { order_id: 12, date: null } });
    expect(readInput(q, { order_id: 12, date: null })).toEqual({ ok: true, value: { order_id: 12, date: null } });
    expect(readInput(q, { order_id: 12 })).toMatchObject({ ok: false, reason: 'date: a date YYYY-MM-DD or null' });
    for (const bad of ['0', '-3', '1.5', 'x', '', null]) expect(readInput(q, { order_id: bad, date: null }), String(bad)).toMatchObject({ ok: false, reason: 'order_id: an id' });
  });

  it('reads a real day only', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }), (d) => isDay(d.toISOString().slice(0, 10))),
    );
    for (const bad of ['2026-13-01', '2026-00-10', '2025-02-29', '2026-1-01', '20260101', 20260101, '2026-01-01T00:00']) expect(isDay(bad), String(bad)).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
  });

  it('reads ids as every bulk call does, and marks a list over the bound as too many before reading it', () => {
    const ids = is.ids({ min: 2, max: 100, distinct: true });
    expect(readInput(ids, [3, '4', ' 5 '])).toEqual({ ok: true, value: [3, 4, 5] });
    expect(readInput(ids, '3,4')).toEqual({ ok: true, value: [3, 4] });
    expect(readInput(ids, [3, 3])).toMatchObject({ ok: false });
    expect(readInput(ids, [3])).toMatchObject({ ok: false });
    const long = readInput(ids, Array.from({ length: 101 }, (_, i) => i + 1));
    expect(long).toMatchObject({ ok: false, reason: '2 to 100 distinct ids' });
    expect(!long.ok && long.miss.tooMany).toBeFalsy();
    const over = readInput(ids, Array.from({ length: MAX_IDS_PER_CALL + 1 }, () => 'not an id'));
    expect(over).toMatchObject({ ok: false, miss: { tooMany: true } });
  });

  it("the board's command shape takes what the board sends and refuses the rest", () => {
    const shape = scheduleCalls.command.input;
    const day = '2026-12-07';
    expect(readInput(shape, { op: 'move', bar_id: 1, version: 3, line_id: 2, start: day, push: true, from: day, to: '2027-01-31' })).toMatchObject({ ok: true, value: { push: true, from: day } });
    expect(readInput(shape, { op: 'merge', bar_ids: [1, 2, 3], versions: [1, 1] })).toMatchObject({ ok: false, reason: 'merge: a version for each bar' });
    const place = (bars: unknown[]) => readInput(shape, { op: 'place', bars });
    const b = { bar_id: 1, version: 1, line_id: 2, start: day, end: '2026-12-09', daily: [10, 20, 0] };
    expect(place([b])).toMatchObject({ ok: true });
    expect(place([])).toMatchObject({ ok: false });
    expect(place([b, b])).toMatchObject({ ok: false, reason: 'place.bars: distinct bars' });
    expect(place([{ ...b, end: '2026-12-06' }])).toMatchObject({ ok: false, reason: 'place.bars.0: end on or after start, at most 800 days' });
    expect(place([{ ...b, daily: [1, -1] }])).toMatchObject({ ok: false, reason: 'place.bars.0.daily.1: a number >= 0' });
    expect(readInput(shape, { op: 'split', bar_id: 1, version: 1, qty: 1.5 })).toMatchObject({ ok: false, reason: 'split.qty: a whole number' });
  });

  it("the cycle calendar's day shape: what the calendar view sends, an ordinary day as null or empty, a calendar named with its version", () => {
    const shape = calendarCalls.cycleDay.input;
    expect(readInput(shape, { year: 2026, calendar_id: 3, version: 7, date: '2026-10-01', kind: 'holiday', name: ' 国庆 ' })).toEqual({ ok: true, value: { year: 2026, calendar_id: 3, version: 7, date: '2026-10-01', kind: 'holiday', name: '国庆' } });
    expect(readInput(shape, { calendar_id: null, version: null, date: '2026-10-01', kind: '' })).toEqual({ ok: true, value: { calendar_id: null, version: null, date: '2026-10-01', kind: null } });
    expect(readInput(shape, { calendar_id: 3, date: '2026-10-01', kind: null })).toMatchObject({ ok: false, reason: "version: the calendar's version read" });
    expect(readInput(shape, { calendar_id: 3, version: 1, date: '2026-02-31', kind: 'holiday' })).toMatchObject({ ok: false, reason: 'date: a date YYYY-MM-DD' });
    expect(readInput(shape, { calendar_id: 3, version: 1, date: '2101-01-01', kind: 'holiday' })).toMatchObject({ ok: false, reason: 'date: a date YYYY-MM-DD of 2000..2100' });
    expect(readInput(shape, { calendar_id: 3, version: 1, date: '2026-10-01', kind: 'vacation' })).toMatchObject({ ok: false, reason: 'kind: holiday | overtime' });
    expect(readInput(shape, { calendar_id: 3, version: 1, date: '2026-10-01', kind: 'holiday', name: 'x'.repeat(61) })).toMatchObject({ ok: false, reason: 'name: text of at most 60 characters' });
  });

  it('reads JSON text of a value as the value itself (a form body carries a list as JSON text)', () => {
    const cells = is.object({ cells: is.json(is.list(is.object({ lineId: is.id, qty: is.nullable(is.int) }), { min: 1, max: 2 })) });
    expect(readInput(cells, { cells: '[{"lineId":1,"qty":null}]' })).toEqual({ ok: true, value: { cells: [{ lineId: 1, qty: null }] } });
    expect(readInput(cells, { cells: [{ lineId: 2, qty: 5 }] })).toEqual({ ok: true, value: { cells: [{ lineId: 2, qty: 5 }] } });
    expect(readInput(cells, { cells: '[{"lineId":0}]' })).toMatchObject({ ok: false, reason: 'cells.0.lineId: an id' });
    expect(readInput(cells, { cells: '[{"lineId":1}' })).toMatchObject({ ok: false, reason: 'cells: a list of 1 to 2 ({ lineId, qty })' });
    expect(readInput(cells, { cells: '[]' })).toMatchObject({ ok: false });
  });
  it('reads every field and keeps each miss under its key (a call that answers all field errors at once)', () => {
    const read = readEachField(settingPreferences, { rpt_theme: 'dark theme!', cr_dash: 12, vf_qty_amount: 'both', nav_collapsed: '0', other: 1 });
    expect(read.value).toEqual({ cr_dash: '12', nav_collapsed: false });
    expect(Object.keys(read.misses).sort()).toEqual(['rpt_theme', 'vf_qty_amount']);
    expect(read.misses.rpt_theme).toEqual({ at: 'rpt_theme', expected: 'a theme name' });
    // Empty text leaves a preference out, except the chosen dashboard, where it means none.
    expect(readEachField(settingPreferences, { rpt_theme: '', cr_dash: '', nav_collapsed: null }).value).toEqual({ cr_dash: '' });
    expect(readEachField(settingPreferences, { rpt_theme: ' dark', nav_collapsed: 'yes' }).misses).toHaveProperty('nav_collapsed');
    expect(readEachField(settingPreferences, { rpt_theme: ' dark' }).misses).toHaveProperty('rpt_theme');
    // Codes as a list, JSON text or comma-separated text; too many refused with the call's own refusal.
    const codes = is.codes(/^[a-z]+$/, 2, { key: 'profile.tooManyItems', params: { max: 2 } });
    expect(readInput(codes, ' b, b ')).toEqual({ ok: true, value: ['b'] });
    expect(readInput(codes, '["a"]')).toEqual({ ok: true, value: ['a'] });
    expect(readInput(codes, '')).toEqual({ ok: true, value: [] });
    expect(readInput(codes, 'a,b,c')).toMatchObject({ ok: false, miss: { refusal: { key: 'profile.tooManyItems', params: { max: 2 } } } });
    for (const bad of ['[a', ['A'], [1], 7]) expect(readInput(codes, bad)).toMatchObject({ ok: false, miss: { expected: 'at most 2 codes' } });
  });
});
