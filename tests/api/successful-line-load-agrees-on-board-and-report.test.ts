import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { dayOverloaded, weekOverloaded } from '../../calendars/capacity';
import { addDaysIso, weekStart, type BoardData } from '../../src/model';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { boardOverRange, reportCalls, type Row } from './report-support';

/**
 * Line load is one figure (issue 29, docs/architecture-board.md "Line load: one figure"): over the
 * whole span of the demo maker's live schedule, for every line and ISO week, the capacity-load
 * report's load is the sum of the board's day loads of that line over the week's seven days (to a
 * hundredth of a minute) and its capacity the sum of the board's day capacities. The rule of the
 * product: an overloaded day is a day whose load exceeds its capacity, an overloaded week a week whose
 * load exceeds its capacity (the report above 100 %); so every overloaded week holds at least one
 * overloaded day of the board. The default run (the kept line x day loads) and `source=raw` (the
 * bars laid out day by day) give the same rows. The same holds
 * after random moves of bars through the board's command route.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const calls = reportCalls(() => t, tokens);
const REPORT_DAYS = 26 * 7;

beforeAll(async () => {
  t = await createTestApp();
  tokens.maker = await signIn(t.app, 'maker');
}, 120_000);
afterAll(async () => t?.close());

/** The live schedule's first and last day (whole ISO weeks around them). */
async function span(): Promise<{ from: string; to: string }> {
  const s = await t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    return (await sql<{ a: string; b: string }>`select to_char(min(start_date), 'YYYY-MM-DD') as a, to_char(max(end_date), 'YYYY-MM-DD') as b
      from scm_prodplan_bar where scenario_id is null and client_id = (select id from clients where code = 'MAKER01')`.execute(tx)).rows[0];
  });
  return { from: weekStart(s.a), to: addDaysIso(weekStart(s.b), 6) };
}

/** The board over a range, in windows it accepts: each line's day (`line|date`) and the live bars. */
const board = (from: string, to: string) => boardOverRange(t, tokens.maker, from, to);

/** The capacity-load report by line and week over a range, in windows of the 26 weeks it covers at most. */
async function report(from: string, to: string, raw: boolean) {
  const rows: Row[] = [];
  for (let a = from; a <= to; a = addDaysIso(a, REPORT_DAYS)) {
    const b = addDaysIso(a, REPORT_DAYS - 1) < to ? addDaysIso(a, REPORT_DAYS - 1) : to;
    const data = await calls.run('maker', 'capacity-load', { group: 'line,week', 'f.start_date.between': `${a},${b}`, ...(raw ? { source: 'raw' } : {}) });
    // The kept line x day loads (planning/line-day-load.ts) by default, the bars with `source=raw`.
    expect((data as unknown as { source: { kind: string } }).source.kind).toBe(raw ? 'raw' : 'aggregate');
    rows.push(...data.rows.filter((r) => r._level === 0));
  }
  return rows;
}

/** Compares the report with the board line by line and week by week; returns the figures compared. */
async function agree() {
  const { from, to } = await span();
  const b = await board(from, to);
  const rows = await report(from, to, false);
  expect((await report(from, to, true)).map((r) => JSON.stringify(r))).toEqual(rows.map((r) => JSON.stringify(r)));
  const weeks = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1) / 7;
  expect(rows.length).toBe(b.lines.length * weeks);
  let overloadedWeeks = 0;
  let weeksWithOverloadedDay = 0;
  let loaded = 0;
  for (const r of rows) {
    const week = Array.from({ length: 7 }, (_, i) => b.days.get(`${r.line}|${addDaysIso(String(r.week), i)}`));
    expect(week.every(Boolean), `board days of line ${r.line} week ${r.week}`).toBe(true);
    const load = week.map((d) => d!.load);
    const capacity = week.map((d) => d!.capacity);
    const sum = (xs: number[]) => xs.reduce((a, x) => a + x, 0);
    const where = `line ${r.line}, week ${r.week}`;
    expect(Math.abs(Number(r.load) - sum(load)), `${where}: load ${r.load} vs board ${sum(load)}`).toBeLessThanOrEqual(0.01);
    expect(Math.abs(Number(r.capacity) - sum(capacity)), `${where}: capacity ${r.capacity} vs board ${sum(capacity)}`).toBeLessThanOrEqual(0.01);
    if (sum(load) > 0) loaded++;
    const dayOver = load.some((m, i) => dayOverloaded(capacity[i], m));
    if (dayOver) weeksWithOverloadedDay++;
    // The report above 100 %: an overloaded week, and then at least one overloaded day on the board.
    if (Number(r.capacity) > 0 ? Number(r.load) > Number(r.capacity) + 0.01 : Number(r.load) > 0.01) {
      overloadedWeeks++;
      expect(weekOverloaded(capacity, load), `${where}: above 100 % in the report`).toBe(true);
      expect(dayOver, `${where}: above 100 % in the report, no overloaded day on the board`).toBe(true);
    }
  }
  return { rows: rows.length, loaded, overloadedWeeks, weeksWithOverloadedDay, bars: b.bars, lines: b.lines };
}

describe('line load: the board and the capacity-load report agree', () => {
  it('on the demo schedule, every line and ISO week, both report paths', async () => {
    const f = await agree();
    expect(f.loaded).toBeGreaterThan(0);
    // The demo is laid into free capacity: no overloaded day, hence no week above 100 %.
    expect(f.weeksWithOverloadedDay).toBe(0);
    expect(f.overloadedWeeks).toBe(0);
  }, 120_000);

  it('after random moves of bars through the board (overloading some days)', async () => {
    const move = async (bar: BoardData['bars'][number], lineId: number, start: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/scmapi/schedule/command',
        headers: calls.auth(tokens.maker),
        payload: { op: 'move', bar_id: bar.id, version: bar.version, line_id: lineId, start, from: start, to: addDaysIso(start, 60) },
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    };
    // First a bar stacked onto another bar's days on a fully laid line: overloaded days and weeks.
    const f0 = await agree();
    const free = f0.bars.filter((b) => !b.locked);
    const pair = free.flatMap((a) => free.filter((b) => b.id !== a.id && b.line_id !== a.line_id && b.category === a.category).map((b) => [a, b] as const))[0];
    expect(pair, 'two unlocked bars of one category on two lines').toBeTruthy();
    await move(pair[0], pair[1].line_id, pair[1].start);
    const f1 = await agree();
    expect(f1.weeksWithOverloadedDay).toBeGreaterThan(0);
    expect(f1.overloadedWeeks).toBeGreaterThan(0);
    let moved = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ bar: fc.nat(), line: fc.nat(), shift: fc.integer({ min: -21, max: 21 }) }), { minLength: 1, maxLength: 3 }),
        async (moves) => {
          let f = await agree();
          for (const m of moves) {
            const free = f.bars.filter((b) => !b.locked);
            const bar = free[m.bar % free.length];
            const able = f.lines.filter((l) => !l.categories.length || l.categories.includes(bar.category));
            const line = able[m.line % able.length];
            await move(bar, line.id, addDaysIso(bar.start, m.shift));
            moved++;
            f = await agree();
          }
        },
      ),
      { numRuns: 4 },
    );
    expect(moved).toBeGreaterThan(0);
  }, 600_000);
});
