import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { defaultRange } from '../../reports/control-tower';
import { addDaysIso, weekStart, type BoardData } from '../../src/model';
import type { TowerReply } from '../../src/model/calls/tower';
import type { Db } from '../../src/server/db/database';
import { withTenant } from '../../src/server/kernel/rls';
import { LINE_DAY_LOAD, LINE_DAY_LOAD_FIGURES, rebuildLineDayLoad } from '../../src/server/services/planning/line-day-load';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { boardOverRange, reportCalls, type Row } from './report-support';

/**
 * The kept line x day load (issue 34, B8 at scale; services/planning/line-day-load.ts) holds exactly
 * the board's line load: after the seed, after random board commands, publishes and removes of bars
 * through the API (fast-check), after a plan's minutes, a line's SAM and a holiday change, and after
 * bulk statements, every line's every day in the table equals the day's load the board computes from
 * the bars (`GET /schedule/board`), and the figures SQL computes from the bars now (what a rebuild
 * writes). The tower's line utilisation reads it and its weeks are the board's days summed, the same
 * rows as `source=raw`; a company reads only its own rows.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const calls = reportCalls(() => t, tokens);
let makerId: number;
let brandId: number;
type Bar = BoardData['bars'][number];
type Line = BoardData['lines'][number];

beforeAll(async () => {
  t = await createTestApp();
  tokens.maker = await signIn(t.app, 'maker');
  const ids = (await sql<{ code: string; id: number }>`select code, id from clients where code in ('MAKER01', 'BRAND01')`.execute(t.database.db)).rows;
  makerId = Number(ids.find((r) => r.code === 'MAKER01')!.id);
  brandId = Number(ids.find((r) => r.code === 'BRAND01')!.id);
}, 120_000);
afterAll(async () => t?.close());

const asMaker = <T>(fn: (tx: Db) => Promise<T>) => withTenant(t.database.db, makerId, fn);

/** The kept rows of a company as its own scope reads them: `line|day` -> load. */
async function kept(clientId = makerId): Promise<Map<string, number>> {
  const rows = await withTenant(t.database.db, clientId, async (tx) =>
    (await sql<{ line_id: number; day: string; load: number }>`select line_id, to_char(day, 'YYYY-MM-DD') as day, load::float8 as load from ${sql.table(LINE_DAY_LOAD)} where bar_days <> 0`.execute(tx)).rows,
  );
  return new Map(rows.map((r) => [`${r.line_id}|${r.day}`, Number(r.load)]));
}

/** The table and the figures computed from every live bar now, company by company (system scope). */
async function keptAndComputed(): Promise<{ kept: string[]; computed: string[] }> {
  return t.database.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    const line = (r: { client_id: number; line_id: number; day: string; load: number; bar_days: number }) => `${r.client_id}|${r.line_id}|${r.day}|${Number(r.load)}|${r.bar_days}`;
    const k = await sql<{ client_id: number; line_id: number; day: string; load: number; bar_days: number }>`select client_id, line_id, to_char(day, 'YYYY-MM-DD') as day, load::text as load, bar_days
      from ${sql.table(LINE_DAY_LOAD)} where bar_days <> 0`.execute(tx);
    const c = await sql<{ client_id: number; line_id: number; day: string; load: number; bar_days: number }>`select client_id, line_id, to_char(day, 'YYYY-MM-DD') as day, load::text as load, bar_days
      from (${sql.raw(LINE_DAY_LOAD_FIGURES)}) f`.execute(tx);
    return { kept: k.rows.map(line).sort(), computed: c.rows.map(line).sort() };
  });
}

/** The maker's live schedule's first and last day, in whole ISO weeks. */
async function span(): Promise<{ from: string; to: string }> {
  const s = await asMaker(async (tx) => (await sql<{ a: string; b: string }>`select to_char(min(start_date), 'YYYY-MM-DD') as a, to_char(max(end_date), 'YYYY-MM-DD') as b
    from scm_prodplan_bar where scenario_id is null and client_id = ${makerId}`.execute(tx)).rows[0]);
  return { from: weekStart(s.a), to: addDaysIso(weekStart(s.b), 6) };
}

/** The board's own line load over a range (in the windows it accepts): `line|day` -> load; its live bars and lines. */
async function board(from: string, to: string): Promise<{ load: Map<string, number>; bars: Bar[]; lines: Line[] }> {
  const { days, bars, lines } = await boardOverRange(t, tokens.maker, from, to);
  return { load: new Map([...days].map(([k, d]) => [k, d.load])), bars, lines };
}

/** The kept table against the board, day by day over the live schedule's whole span; the board's bars and lines. */
async function agree(): Promise<{ days: number; kept: Map<string, number>; bars: Bar[]; lines: Line[] }> {
  const { from, to } = await span();
  const b = await board(from, to);
  const k = await kept();
  const off: string[] = [];
  let days = 0;
  for (const key of new Set([...k.keys(), ...b.load.keys()])) {
    const mine = k.get(key) ?? 0;
    const theirs = b.load.get(key) ?? 0;
    if (Math.abs(mine - theirs) > 1e-6) off.push(`${key}: kept ${mine}, board ${theirs}`);
    if (theirs > 0) days++;
  }
  expect(off.slice(0, 10), `${off.length} days differ`).toEqual([]);
  const f = await keptAndComputed();
  expect(f.kept).toEqual(f.computed);
  return { days, kept: k, bars: b.bars, lines: b.lines };
}

async function command(payload: Record<string, unknown>): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/command', headers: calls.auth(tokens.maker), payload });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
}

async function publishAutoSchedule(from: string, days: number): Promise<void> {
  const made = await calls.call('POST', '/api/scmapi/schedule/auto', tokens.maker, { name: `kept load ${from}`, from, to: addDaysIso(from, days) });
  expect(made.status, JSON.stringify(made.body).slice(0, 300)).toBe(200);
  const id = (made.body.data as { id: number }).id;
  const published = await calls.call('POST', '/api/scmapi/schedule/scenario/publish', tokens.maker, { id, force: true });
  expect(published.status, JSON.stringify(published.body).slice(0, 300)).toBe(200);
}

/** Takes a scheduled plan's bars off the board (unschedule, then back to draft: its bars are removed). */
async function removePlanBars(planId: number): Promise<boolean> {
  const plans = resourceClient(t.app, tokens.maker, 'scmapi', 'prodplan');
  const view = (await plans.view(planId)).body.data as { status: string };
  if (view.status !== 'scheduled') return false;
  const a = await plans.action('unschedule', { id: planId });
  // A plan whose work orders are already released to the line may not be unscheduled (wo.activated):
  // the production seed releases the work orders of the plans with output and of two more, and whether a
  // random pick lands on one of their bars depends on the run's seed and the date.
  if (a.status === 409 && String((a.body as { message?: string }).message).includes('工单已下达产线')) return false;
  expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(200);
  const b = await plans.action('to_draft', { id: planId });
  expect(b.status, JSON.stringify(b.body).slice(0, 300)).toBe(200);
  return true;
}

const changedDays = (a: Map<string, number>, b: Map<string, number>) => [...new Set([...a.keys(), ...b.keys()])].filter((k) => Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0)) > 1e-6).length;

describe('the kept line x day load is the board’s line load', () => {
  it('after the seed, every line and day of the live schedule', async () => {
    const f = await agree();
    expect(f.days).toBeGreaterThan(100);
  }, 120_000);

  it('after random moves, resizes, splits, merges, publishes and removes through the API (fast-check)', async () => {
    const op = fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('move' as const), bar: fc.nat(), line: fc.nat(), shift: fc.integer({ min: -21, max: 21 }) }), weight: 4 },
      { arbitrary: fc.record({ kind: fc.constant('resize' as const), bar: fc.nat(), days: fc.integer({ min: 0, max: 25 }) }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('split' as const), bar: fc.nat(), qty: fc.nat(), line: fc.nat() }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('merge' as const), pick: fc.nat() }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('remove' as const), bar: fc.nat() }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('publish' as const), offset: fc.integer({ min: 0, max: 40 }) }), weight: 1 },
    );
    const done: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 2, maxLength: 4 }), async (ops) => {
        let f = await agree();
        for (const o of ops) {
          const free = f.bars.filter((b) => !b.locked);
          if (o.kind === 'publish') {
            await publishAutoSchedule(addDaysIso(new Date().toISOString().slice(0, 10), o.offset), 45);
          } else if (o.kind === 'merge') {
            const byPlan = new Map<number, Bar[]>();
            for (const b of free) byPlan.set(b.plan_id, [...(byPlan.get(b.plan_id) ?? []), b]);
            const plans = [...byPlan.values()].filter((bs) => bs.length > 1);
            if (!plans.length) continue;
            const bars = plans[o.pick % plans.length];
            await command({ op: 'merge', bar_ids: bars.map((b) => b.id), versions: bars.map((b) => b.version) });
          } else {
            const bar = free[o.bar % free.length];
            const able = f.lines.filter((l) => !l.categories.length || l.categories.includes(bar.category));
            if (o.kind === 'move') await command({ op: 'move', bar_id: bar.id, version: bar.version, line_id: able[o.line % able.length].id, start: addDaysIso(bar.start, o.shift) });
            else if (o.kind === 'resize') await command({ op: 'resize', bar_id: bar.id, version: bar.version, end: addDaysIso(bar.start, o.days) });
            else if (o.kind === 'split') {
              if (bar.qty < 2) continue;
              await command({ op: 'split', bar_id: bar.id, version: bar.version, qty: 1 + (o.qty % (bar.qty - 1)), line_id: able[o.line % able.length].id });
            } else if (!(await removePlanBars(bar.plan_id))) continue;
          }
          done[o.kind] = (done[o.kind] ?? 0) + 1;
          f = await agree();
        }
      }),
      { numRuns: 5 },
    );
    expect(Object.keys(done).length).toBeGreaterThanOrEqual(4);
  }, 900_000);

  it('after a line’s SAM, a plan’s minutes per piece and a holiday change (no bar written)', async () => {
    let f = await agree();
    // A bar spread over its working days (resized: its kept pieces no longer fit), on a line with SAMs.
    const bar = f.bars.find((b) => !b.locked && b.qty > 10 && f.lines.find((l) => l.id === b.line_id && Object.keys(l.sam ?? {}).length));
    expect(bar, 'an unlocked bar on a line with SAMs').toBeTruthy();
    await command({ op: 'resize', bar_id: bar!.id, version: bar!.version, end: addDaysIso(bar!.start, 9) });
    f = await agree();

    // The line's SAM of the bar's category: its days' loads follow.
    const lines = resourceClient(t.app, tokens.maker, 'mdapi', 'workline');
    const line = (await lines.view(bar!.line_id)).body.data as Record<string, unknown> & { sams: Array<Record<string, unknown>> };
    const sams = line.sams.map((s) => (s.category === bar!.category ? { ...s, sam: Number(s.sam) + 5 } : s));
    expect(sams.some((s) => s.category === bar!.category), 'the line has a SAM of the bar’s category').toBe(true);
    let r = await lines.save({ ...line, sams });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    let g = await agree();
    expect(changedDays(f.kept, g.kept)).toBeGreaterThan(0);

    // Without the line's SAMs the plan's own minutes apply; then the plan's minutes change.
    const again = (await lines.view(bar!.line_id)).body.data as Record<string, unknown>;
    r = await lines.save({ ...again, sams: [] });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    f = await agree();
    expect(changedDays(g.kept, f.kept)).toBeGreaterThan(0);
    const plans = resourceClient(t.app, tokens.maker, 'scmapi', 'prodplan');
    const plan = (await plans.view(bar!.plan_id)).body.data as Record<string, unknown>;
    r = await plans.save({ ...plan, minutes_per_piece: Number(plan.minutes_per_piece ?? 10) + 3 });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    g = await agree();
    expect(changedDays(f.kept, g.kept)).toBeGreaterThan(0);

    // A holiday on a working day of the spread bar: its pieces spread over the other days.
    const board1 = g.bars.find((b) => b.id === bar!.id)!;
    const day = board1.daily.findIndex((q) => q > 0);
    const date = addDaysIso(board1.start, day);
    const view = await calls.call('GET', `/api/scmapi/schedule/cycle-calendar?year=${date.slice(0, 4)}`, tokens.maker);
    const cal = (view.body.data as { calendar: { id: number; version: number } | null }).calendar;
    const set = await calls.call('POST', '/api/scmapi/schedule/cycle-calendar/day', tokens.maker, { date, kind: 'holiday', name: '测试假日', calendar_id: cal?.id ?? null, version: cal?.version ?? null });
    expect(set.status, JSON.stringify(set.body).slice(0, 300)).toBe(200);
    f = await agree();
    expect(changedDays(g.kept, f.kept)).toBeGreaterThan(0);
  }, 300_000);

  it('after bulk statements on bars, and a rebuild gives the same table', async () => {
    await asMaker(async (tx) => {
      const plan = (await sql<{ id: number; line_id: number }>`select b.plan_id as id, b.line_id from scm_prodplan_bar b where b.client_id = ${makerId} and b.scenario_id is null order by b.id limit 1`.execute(tx)).rows[0];
      // Spread bars, and bars whose kept pieces fit, do not add up, hold a text or fractions (both spread).
      await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, locked, daily)
        select ${makerId}, ${plan.id}, null, ${plan.line_id}, date '2026-08-03' + g, date '2026-08-03' + g + 3, 40, false,
          (array[null, '[10, 10, 10, 10]', '[1, 2, 3, 4]', '["10", 10, 10, 10]', '[10.5, 9.5, 10, 10]']::jsonb[])[1 + g % 5]
        from generate_series(0, 24) g`.execute(tx);
      await sql`update scm_prodplan_bar set start_date = start_date + 2, end_date = end_date + 2 where client_id = ${makerId} and start_date >= date '2026-08-10' and start_date < date '2026-08-20'`.execute(tx);
      await sql`delete from scm_prodplan_bar where client_id = ${makerId} and start_date between date '2026-08-20' and date '2026-08-24'`.execute(tx);
    });
    const f = await agree();
    const before = await keptAndComputed();
    await t.database.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      await rebuildLineDayLoad(tx);
    });
    expect((await keptAndComputed()).kept).toEqual(before.kept);
    expect(f.days).toBeGreaterThan(0);
  }, 120_000);

  it('after a push (one statement over the bars behind the drop) and single statements that change some rows and only stamp others', async () => {
    // The update triggers tell the rows whose load-deciding fields changed by a set difference of the
    // old and new rows (line-day-load.ts movedBars, changedPlans): rows only stamped keep their days.
    let f = await agree();
    const line = f.lines.find((l) => f.bars.filter((b) => b.line_id === l.id && !b.locked).length >= 3);
    expect(line, 'a line with three unlocked bars').toBeTruthy();
    const first = f.bars.filter((b) => b.line_id === line!.id && !b.locked).sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)[0];
    await command({ op: 'move', bar_id: first.id, version: first.version, line_id: line!.id, start: addDaysIso(first.start, 2), push: true });
    let g = await agree();
    expect(changedDays(f.kept, g.kept)).toBeGreaterThan(0);
    // One statement on the line's bars: every second one a day later, every third one's kept pieces
    // dropped (spread again), every bar stamped.
    await asMaker(async (tx) => {
      await sql`update scm_prodplan_bar set start_date = case when id % 2 = 0 then start_date + 1 else start_date end, end_date = case when id % 2 = 0 then end_date + 1 else end_date end,
          daily = case when id % 3 = 0 then null else daily end, version = version + 1, updated_at = now()
        where client_id = ${makerId} and scenario_id is null and line_id = ${line!.id}`.execute(tx);
    });
    f = await agree();
    expect(changedDays(g.kept, f.kept)).toBeGreaterThan(0);
    // One statement on the plans: every second plan's minutes per piece changed, every plan stamped
    // (the line's own SAMs gone first, so that its bars take their plans' minutes).
    await asMaker(async (tx) => {
      await sql`delete from md_workline_sam where client_id = ${makerId} and workline_id = ${line!.id}`.execute(tx);
    });
    f = await agree();
    await asMaker(async (tx) => {
      await sql`update scm_prodplan set minutes_per_piece = case when id % 2 = 0 then coalesce(minutes_per_piece, 10) + 1 else minutes_per_piece end, version = version + 1, updated_at = now()
        where client_id = ${makerId}`.execute(tx);
    });
    g = await agree();
    expect(changedDays(f.kept, g.kept)).toBeGreaterThan(0);
  }, 300_000);

  it('keeps each company to its own rows (row-level security)', async () => {
    // A line, a plan and a bar of the brand, written in the brand's own scope.
    await withTenant(t.database.db, brandId, async (tx) => {
      const line = (await sql<{ id: number }>`insert into md_workline (client_id, code, name, operators, efficiency) values (${brandId}, 'KEPT-L1', '品牌测试线', 10, 85) returning id`.execute(tx)).rows[0].id;
      const plan = (await sql<{ id: number }>`insert into scm_prodplan (client_id, plan_no, category, qty, minutes_per_piece, status) values (${brandId}, 'KEPT-P1', 'denim', 60, 20, 'scheduled') returning id`.execute(tx)).rows[0].id;
      await sql`insert into scm_prodplan_bar (client_id, plan_id, line_id, start_date, end_date, qty, locked) values (${brandId}, ${plan}, ${line}, date '2026-09-07', date '2026-09-12', 60, false)`.execute(tx);
    });
    const brandRows = await withTenant(t.database.db, brandId, async (tx) => (await sql<{ client_id: number; n: number }>`select client_id, count(*)::int as n from ${sql.table(LINE_DAY_LOAD)} group by client_id`.execute(tx)).rows);
    expect(brandRows.map((r) => [Number(r.client_id), r.n])).toEqual([[brandId, 6]]);
    const makerSees = await asMaker(async (tx) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(LINE_DAY_LOAD)} where client_id <> ${makerId}`.execute(tx)).rows[0].n);
    expect(makerSees).toBe(0);
    // Six days, Monday to Saturday working: 10 pieces x 20 minutes each.
    expect([...(await kept(brandId)).values()]).toEqual([200, 200, 200, 200, 200, 200]);
    const f = await keptAndComputed();
    expect(f.kept).toEqual(f.computed);
    // A bar the brand's scope cannot write into the maker's company.
    await expect(withTenant(t.database.db, brandId, (tx) => sql`insert into ${sql.table(LINE_DAY_LOAD)} (client_id, line_id, day, load, bar_days) values (${makerId}, 1, date '2026-01-05', 1, 1)`.execute(tx))).rejects.toThrow();
  }, 60_000);

  it('is what the tower’s line utilisation reads: its weeks are the board’s days, the same rows as from the bars', async () => {
    const range = defaultRange(new Date().toISOString().slice(0, 10));
    const tower = async (raw: boolean) => {
      const q = new URLSearchParams({ ...range, ...(raw ? { source: 'raw' } : {}) });
      const r = await calls.call('GET', `/api/rptapi/tower?${q}`, tokens.maker);
      expect(r.status).toBe(200);
      const w = (r.body.data as TowerReply).widgets.capacity;
      return { rows: (w.result!.rows as Row[]).filter((x) => !x._level), kind: (w.result as unknown as { source: { kind: string; why?: string } }).source };
    };
    const kept = await tower(false);
    const raw = await tower(true);
    expect(kept.kind).toEqual({ kind: 'aggregate' });
    expect(raw.kind).toEqual({ kind: 'raw', why: 'asked' });
    expect(kept.rows.length).toBeGreaterThan(0);
    const key = (r: Row) => `${r.line}|${r.week}`;
    const rawBy = new Map(raw.rows.map((r) => [key(r), r]));
    expect(kept.rows.map(key).sort()).toEqual(raw.rows.map(key).sort());
    const weeks = kept.rows.map((r) => String(r.week)).sort();
    const b = await board(weeks[0], addDaysIso(weeks.at(-1)!, 6));
    let loaded = 0;
    for (const r of kept.rows) {
      const days = Array.from({ length: 7 }, (_, i) => b.load.get(`${r.line}|${addDaysIso(String(r.week), i)}`) ?? 0).reduce((a, x) => a + x, 0);
      expect(Math.abs(Number(r.load) - days), `${key(r)}: widget ${r.load}, board ${days}`).toBeLessThanOrEqual(0.01);
      expect(Math.abs(Number(r.load) - Number(rawBy.get(key(r))!.load)), `${key(r)}: from the bars ${rawBy.get(key(r))!.load}`).toBeLessThanOrEqual(0.01);
      expect(r.capacity).toBe(rawBy.get(key(r))!.capacity);
      if (days > 0) loaded++;
    }
    expect(loaded).toBeGreaterThan(0);
    // An organisation's authors are no field of the kept days: that run reads the bars.
    const byOrg = await calls.run('maker', 'capacity-load', { group: 'line,week', 'f.start_date.between': `${range.from},${range.to}`, 'f.created_by.in': '1' });
    expect((byOrg as unknown as { source: { kind: string } }).source.kind).toBe('raw');
  }, 120_000);

  it('is left for the bars when the company’s calendars differ in their working weekdays', async () => {
    const cals = resourceClient(t.app, tokens.maker, 'scmapi', 'cyclecalendar');
    const made = await cals.save({ name: '2031 五天工作制', cycle_type: 'month', year: 2031, am_start: '08:00:00', am_end: '12:00:00', pm_start: '13:00:00', pm_end: '17:30:00', work_weekdays: '1,2,3,4,5' });
    expect(made.status, JSON.stringify(made.body).slice(0, 300)).toBe(200);
    const range = defaultRange(new Date().toISOString().slice(0, 10));
    const run = await calls.run('maker', 'capacity-load', { group: 'line,week', 'f.start_date.between': `${range.from},${range.to}` });
    expect((run as unknown as { source: { kind: string; why?: string } }).source).toEqual({ kind: 'raw', why: 'calendars of different weekdays' });
    const removed = await cals.remove([Number((made.body.data as { id: number }).id)]);
    expect(removed.status).toBe(200);
    await agree();
  }, 120_000);
});
