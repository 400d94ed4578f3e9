import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CycleCalendarView, LineMonthView } from '../../src/model/calendar';
import type { BoardData, ScenarioSummary } from '../../src/model/schedule-board';
import { addDays, dayNumber, weekdayOf } from '../../calendars/capacity';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Capacity master data of issue 11 through the planning service: holidays and overtime days listed on
 * the cycle calendar (the calendar view's day command and the seeded season) make a day's capacity 0
 * or a full day on the board and in auto-schedule; a line's standard minutes of a category replace the
 * plan's minutes in the load; a line's learning curve lowers the first days of a new style in
 * auto-schedule; a malformed learning curve is refused with its message; a line's month; another
 * company neither reads nor writes the maker's calendar and lines.
 */
let t: TestApp;
let planner: string;
let admin: string;
let brand: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const board = (token: string, query: Record<string, string> = {}) => call<BoardData>(token, 'GET', '/api/scmapi/schedule/board', undefined, query);
const calendar = (token: string, year: number) => call<CycleCalendarView>(token, 'GET', '/api/scmapi/schedule/cycle-calendar', undefined, { year: String(year) });
const setDay = (token: string, body: Record<string, unknown>) => call<CycleCalendarView>(token, 'POST', '/api/scmapi/schedule/cycle-calendar/day', body);

const today = new Date().toISOString().slice(0, 10);
const year = Number(today.slice(0, 4));
/** The next date from `from` (inclusive) with the given weekday (Monday 1 .. Sunday 7). */
const nextWeekday = (from: string, wd: number) => addDays(from, (wd - weekdayOf(dayNumber(from)) + 7) % 7);

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  admin = await signIn(t.app, 'maker');
  brand = await signIn(t.app, 'brand');
});
afterAll(async () => t?.close());

describe('cycle calendar holidays and overtime days, line settings', () => {
  it('lists the calendar views in the planner\'s production planning menu', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'maker.planner', password: 'Demo1234' } });
    const menus = (res.json() as { data: { menus: Array<{ children: Array<{ CODE: string; FURL: string }> }> } }).data.menus;
    const entries = menus.flatMap((g) => g.children);
    expect(entries).toContainEqual(expect.objectContaining({ CODE: 'scm.schedule.cyclecal', FURL: '/scm/page/cycle-calendar' }));
    expect(entries).toContainEqual(expect.objectContaining({ CODE: 'scm.schedule.linemonth', FURL: '/scm/page/line-month' }));
  });

  it('seeds the season\'s Chinese holidays and overtime days: the view and the board show them, with 0 and full capacity', async () => {
    const next = (await calendar(planner, year + 1)).body.data;
    expect(next.calendar).not.toBeNull();
    expect(next.days).toHaveLength(dayNumber(`${year + 1}-12-31`) - dayNumber(`${year + 1}-01-01`) + 1);
    const newYear = next.days.find((d) => d.date === `${year + 1}-01-01`)!;
    expect(newYear).toMatchObject({ holiday: true, working: false, minutes: 0, name: '元旦' });
    expect(next.days.filter((d) => d.holiday && d.name === '春节').length).toBeGreaterThanOrEqual(5);
    const thisYear = (await calendar(planner, year)).body.data;
    const rush = thisYear.days.concat(next.days).filter((d) => d.overtime && d.name === '赶货加班');
    expect(rush).toHaveLength(2);
    for (const d of rush) expect(d).toMatchObject({ working: true, minutes: 510 });
    // The board over New Year: no capacity on the holiday, a full day on the rush Sunday.
    const data = (await board(planner, { from: addDays(today, -7), to: `${year + 1}-01-10` })).body.data;
    const ny = data.days.findIndex((d) => d.date === `${year + 1}-01-01`);
    expect(data.days[ny]).toMatchObject({ holiday: true, working: false });
    const r0 = data.days.findIndex((d) => d.date === rush[0].date);
    expect(data.days[r0]).toMatchObject({ overtime: true, working: true });
    for (const l of data.lines) {
      expect(l.capacity[ny]).toBe(0);
      if (l.operators > 0) expect(l.capacity[r0]).toBeCloseTo(l.operators * 510 * (l.efficiency / 100), 4);
    }
    // The seeded bars were laid again around the holidays: still no line over capacity.
    for (const l of data.lines) l.load.forEach((m, i) => expect(m).toBeLessThanOrEqual(l.capacity[i] + 1e-6));
  });

  it('a day marked a holiday has no capacity on the board and gets no pieces from auto-schedule; an overtime Sunday gets a full day', async () => {
    const from = addDays(today, 1);
    const to = addDays(from, 41);
    const holiday = nextWeekday(addDays(today, 8), 3); // a Wednesday, a working day
    const sunday = nextWeekday(addDays(today, 8), 7);
    const before = (await board(planner, { from, to })).body.data;
    const h = before.days.findIndex((d) => d.date === holiday);
    const s = before.days.findIndex((d) => d.date === sunday);
    expect(before.days[h].working).toBe(true);
    expect(before.days[s].working).toBe(before.days[s].overtime);
    const line = before.lines.find((l) => l.operators > 0 && l.categories.length > 0)!;
    expect(line.capacity[h]).toBeGreaterThan(0);

    const y = Number(holiday.slice(0, 4));
    let view = (await calendar(planner, y)).body.data;
    const stale = view.calendar!.version;
    const marked = await setDay(planner, { calendar_id: view.calendar!.id, version: view.calendar!.version, date: holiday, kind: 'holiday', name: '厂庆' });
    expect(marked.status).toBe(200);
    view = marked.body.data;
    expect(view.calendar!.version).toBe(stale + 1);
    expect(view.days.find((d) => d.date === holiday)).toMatchObject({ holiday: true, working: false, minutes: 0, name: '厂庆' });
    // The same calendar at the version read before: someone else changed it.
    const again = await setDay(planner, { calendar_id: view.calendar!.id, version: stale, date: sunday, kind: 'overtime' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(11409);
    const sy = Number(sunday.slice(0, 4));
    const sv = (await calendar(planner, sy)).body.data;
    const ot = await setDay(planner, { calendar_id: sv.calendar!.id, version: sv.calendar!.version, date: sunday, kind: 'overtime', name: '加班' });
    expect(ot.status).toBe(200);
    expect(ot.body.data.days.find((d) => d.date === sunday)).toMatchObject({ overtime: true, working: true, minutes: 510 });

    // Persisted as child rows of the cycle calendar (its form's grid).
    const cal = await resourceClient(t.app, admin, 'scmapi', 'cyclecalendar').view(view.calendar!.id);
    expect(cal.body.data.days).toContainEqual(expect.objectContaining({ day_date: holiday, kind: 'holiday', name: '厂庆' }));

    const after = (await board(planner, { from, to })).body.data;
    expect(after.days[h]).toMatchObject({ holiday: true, working: false });
    expect(after.days[s]).toMatchObject({ overtime: true, working: true });
    for (const l of after.lines) {
      expect(l.capacity[h]).toBe(0);
      if (l.operators > 0) expect(l.capacity[s]).toBeCloseTo(l.operators * 510 * (l.efficiency / 100), 4);
    }

    const auto = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', { name: '假日方案', from, to });
    expect(auto.status).toBe(200);
    const sc = (await board(planner, { from, to, scenario: String(auto.body.data.id) })).body.data;
    const piecesOn = (date: string) =>
      sc.bars.filter((b) => !b.locked).reduce((a, b) => {
        const i = dayNumber(date) - dayNumber(b.start);
        return a + (i >= 0 && i < b.daily.length ? b.daily[i] : 0);
      }, 0);
    expect(sc.bars.filter((b) => !b.locked).length).toBeGreaterThan(0);
    expect(piecesOn(holiday)).toBe(0);
    expect(piecesOn(sunday)).toBeGreaterThan(0);
    // Placed bars take only what capacity leaves free; a locked bar stays where it was, even on the new holiday.
    const minutesOn = (locked: boolean, lineId: number, date: string) =>
      sc.bars
        .filter((b) => b.locked === locked && b.line_id === lineId)
        .reduce((a, b) => {
          const j = dayNumber(date) - dayNumber(b.start);
          return a + (j >= 0 && j < b.daily.length ? (b.daily[j] * b.minutes) / b.qty : 0);
        }, 0);
    for (const l of sc.lines)
      sc.days.forEach((d, i) => expect(minutesOn(false, l.id, d.date)).toBeLessThanOrEqual(Math.max(0, l.capacity[i] - minutesOn(true, l.id, d.date)) + 1e-6));
    await call(planner, 'POST', '/api/scmapi/schedule/scenario/discard', { id: auto.body.data.id });

    // Back to an ordinary day: the row goes, the capacity comes back.
    const cleared = await setDay(planner, { calendar_id: view.calendar!.id, version: (await calendar(planner, y)).body.data.calendar!.version, date: holiday, kind: null });
    expect(cleared.body.data.days.find((d) => d.date === holiday)).toMatchObject({ holiday: false, working: true, name: null });
    expect((await board(planner, { from, to })).body.data.lines.find((l) => l.id === line.id)!.capacity[h]).toBeCloseTo(line.capacity[h], 4);
  });

  it('a line\'s standard minutes of a category replace the plan\'s minutes in the load; the line month shows them', async () => {
    const from = addDays(today, -7);
    const to = addDays(today, 60);
    const data = (await board(planner, { from, to })).body.data;
    const bar = data.bars.find((b) => !b.locked && b.daily.some((q) => q > 0) && b.start >= from)!;
    const line = data.lines.find((l) => l.id === bar.line_id)!;
    const mpp = bar.minutes / bar.qty;
    expect(line.sam?.[bar.category]).toBe(mpp); // seeded: the demo's standard minutes
    const k = bar.daily.findIndex((q) => q > 0);
    const i = data.days.findIndex((d) => d.date === addDays(bar.start, k));

    const lines = resourceClient(t.app, admin, 'mdapi', 'workline');
    const doc = (await lines.view(line.id)).body.data as { version: number; sams: Array<{ id: number; category: string; sam: number }> };
    const sams = doc.sams.map((r) => (r.category === bar.category ? { id: r.id, sam: mpp * 2 } : { id: r.id }));
    const saved = await lines.save({ id: line.id, version: doc.version, sams });
    expect(saved.status).toBe(200);

    const after = (await board(planner, { from, to })).body.data;
    const b2 = after.bars.find((b) => b.id === bar.id)!;
    expect(b2.minutes).toBeCloseTo(bar.qty * mpp * 2, 4);
    const l2 = after.lines.find((l) => l.id === line.id)!;
    expect(l2.sam?.[bar.category]).toBe(mpp * 2);
    // Every bar of that category on the line now weighs twice its minutes.
    const date = data.days[i].date;
    const extra = data.bars
      .filter((x) => x.line_id === line.id && x.category === bar.category)
      .reduce((a, x) => {
        const j = dayNumber(date) - dayNumber(x.start);
        return a + (j >= 0 && j < x.daily.length ? x.daily[j] * (x.minutes / x.qty) : 0);
      }, 0);
    expect(extra).toBeGreaterThanOrEqual(bar.daily[k] * mpp);
    expect(l2.load[i]).toBeCloseTo(line.load[i] + extra, 4);
    // Other lines keep their load.
    const other = data.lines.find((l) => l.id !== line.id)!;
    expect(after.lines.find((l) => l.id === other.id)!.load).toEqual(other.load);

    const month = addDays(bar.start, k).slice(0, 7);
    const lm = await call<LineMonthView>(planner, 'GET', '/api/scmapi/schedule/line-month', undefined, { line: String(line.id), month });
    expect(lm.status).toBe(200);
    expect(lm.body.data.line!.id).toBe(line.id);
    expect(lm.body.data.days[0].date).toBe(`${month}-01`);
    expect(lm.body.data.line!.capacity).toHaveLength(lm.body.data.days.length);
    expect(lm.body.data.lines.length).toBeGreaterThanOrEqual(12);
    expect(lm.body.data.bars.length).toBeGreaterThan(0);
    expect(lm.body.data.bars.every((b) => b.line_id === line.id && b.start <= lm.body.data.to && b.end >= lm.body.data.from)).toBe(true);
    expect(lm.body.data.bars.find((b) => b.id === bar.id)!.minutes).toBeCloseTo(bar.qty * mpp * 2, 4);
  });

  it('a learning curve lowers the first days of new styles in auto-schedule; a malformed one is refused', async () => {
    const from = addDays(today, 1);
    const to = addDays(from, 59);
    const lines = resourceClient(t.app, admin, 'mdapi', 'workline');
    const badDoc = await lines.view((await board(planner, { from, to })).body.data.lines[0].id);
    for (const curve of ['60,80,abc', '60,180', '0,50']) {
      const refused = await lines.save({ id: badDoc.body.data.id, version: badDoc.body.data.version, learning_curve: curve });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(11000);
      expect(JSON.stringify(refused.body.data)).toContain('学习曲线请填写1~100的整数百分比');
    }

    const firstDays = async (name: string) => {
      const sc = (await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', { name, from, to })).body.data;
      const bars = (await board(planner, { from, to, scenario: String(sc.id) })).body.data.bars.filter((b) => !b.locked);
      await call(planner, 'POST', '/api/scmapi/schedule/scenario/discard', { id: sc.id });
      return { first: bars.reduce((a, b) => a + b.daily[0], 0), days: bars.reduce((a, b) => a + b.daily.length, 0), bars: bars.length };
    };
    const setAll = async (curve: string) => {
      for (const l of (await board(planner, { from, to })).body.data.lines) {
        const d = await lines.view(l.id);
        expect((await lines.save({ id: l.id, version: d.body.data.version, learning_curve: curve })).status).toBe(200);
      }
    };
    await setAll('');
    const none = await firstDays('无学习曲线');
    await setAll('20,40,60');
    const slow = await firstDays('学习曲线');
    expect(none.bars).toBeGreaterThan(0);
    expect(slow.bars).toBeGreaterThan(0);
    // A new style makes a fifth of a day's output on its first day: first days make fewer pieces, bars run longer.
    expect(slow.first / slow.bars).toBeLessThan(none.first / none.bars);
    expect(slow.days / slow.bars).toBeGreaterThan(none.days / none.bars);
  });

  it('keeps the maker\'s calendar and lines from another company', async () => {
    const mine = (await calendar(planner, year)).body.data;
    const theirs = await calendar(brand, year);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.calendar?.id).not.toBe(mine.calendar!.id);
    const write = await setDay(brand, { calendar_id: mine.calendar!.id, version: mine.calendar!.version, date: `${year}-12-30`, kind: 'holiday' });
    expect(write.status).toBe(404);
    expect((await calendar(planner, year)).body.data.calendar!.version).toBe(mine.calendar!.version);
    const line = (await board(planner)).body.data.lines[0];
    const lm = await call<LineMonthView>(brand, 'GET', '/api/scmapi/schedule/line-month', undefined, { line: String(line.id), month: today.slice(0, 7) });
    expect(lm.status).toBe(404);
    const badDay = await setDay(planner, { calendar_id: mine.calendar!.id, version: mine.calendar!.version, date: `${year}-02-31`, kind: 'holiday' });
    expect(badDay.status).toBe(400);
  });
});
