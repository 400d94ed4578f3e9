import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, type BoardData } from '../../src/model';
import { kpiRows, type ScenarioComparison, type ScenarioSummary, type ScheduleKpiComparison, type ScheduleKpis } from '../../src/model/schedule-board';
import { withTenant } from '../../src/server/kernel/rls';
import { scheduleKpis } from '../../src/server/services/planning/planning.service';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, signInUnassigned, type TestApp } from '../support/test-app';

/**
 * The board's scenarios on the control tower (issue 34, docs/architecture-reports.md "Scenarios on the
 * tower"), on PGlite and PostgreSQL: the live plan's figures and a scenario's come from one function
 * (`scheduleKpis`), so each must equal what the board's own read of that schedule says: utilisation
 * is the board's load over its capacity on the range's days, changeovers the changes of category
 * between a line's consecutive bars touching the range, a plan is late when the board places fewer
 * pieces than it has or its last bar is marked late, late orders are the orders of late plans. The
 * differences are scenario − live; the board's own comparison shows the same figures; the call is
 * the board's (another company's user is refused) and answers within the issue's 2 s on demo data.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

async function get<T>(user: string, url: string): Promise<{ status: number; data: T; raw: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[user]}` } });
  return { status: res.statusCode, data: (res.json() as { data: T }).data, raw: res.body.slice(0, 300) };
}

type PlanRow = { id: number; qty: number; order_key: string };

/** The maker's plans not cancelled, with the order each makes. */
async function plans(): Promise<PlanRow[]> {
  return t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    const r = await sql<{ id: number; qty: number | string | null; order_id: number | null; prorder_id: number | null }>`select id, qty, order_id, prorder_id from scm_prodplan
      where client_id = (select id from clients where code = 'MAKER01') and coalesce(status, 'draft') <> 'cancelled'`.execute(tx);
    return r.rows.map((p) => ({ id: Number(p.id), qty: Number(p.qty ?? 0), order_key: p.order_id != null ? `o${p.order_id}` : p.prorder_id != null ? `r${p.prorder_id}` : `p${p.id}` }));
  });
}

/** The first and last day of a schedule's bars (the live one, or a scenario's). */
async function span(scenario: number | null): Promise<{ from: string; to: string }> {
  return t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    const r = await sql<{ a: string; b: string }>`select to_char(min(start_date), 'YYYY-MM-DD') as a, to_char(max(end_date), 'YYYY-MM-DD') as b from scm_prodplan_bar
      where client_id = (select id from clients where code = 'MAKER01') and ${scenario === null ? sql`scenario_id is null` : sql`scenario_id = ${scenario}`}`.execute(tx);
    return { from: r.rows[0].a, to: r.rows[0].b };
  });
}

const boardOf = async (range: { from: string; to: string }, scenario: number | null): Promise<BoardData> => {
  const r = await get<BoardData>('maker.planner', `/api/scmapi/schedule/board?from=${range.from}&to=${range.to}${scenario === null ? '' : `&scenario=${scenario}`}`);
  expect(r.status, r.raw).toBe(200);
  return r.data;
};

/** The figures the board's reads say: over `range` for load and changeovers, over the schedule's whole span for lateness. */
async function fromTheBoard(range: { from: string; to: string }, scenario: number | null): Promise<Omit<ScheduleKpis, 'per_line'>> {
  const inRange = await boardOf(range, scenario);
  const whole = await span(scenario);
  expect(Math.round((Date.parse(whole.to) - Date.parse(whole.from)) / 86_400_000)).toBeLessThanOrEqual(400);
  const all = await boardOf(whole, scenario);
  const load = inRange.lines.reduce((a, l) => a + l.load.reduce((x, y) => x + y, 0), 0);
  const capacity = inRange.lines.reduce((a, l) => a + l.capacity.reduce((x, y) => x + y, 0), 0);
  let changeovers = 0;
  for (const l of inRange.lines) {
    const mine = inRange.bars.filter((b) => b.line_id === l.id).sort((a, b) => (a.start === b.start ? a.id - b.id : a.start < b.start ? -1 : 1));
    for (let i = 1; i < mine.length; i++) if (mine[i].category !== mine[i - 1].category) changeovers++;
  }
  const list = await plans();
  let late = 0;
  let pieces = 0;
  let placed = 0;
  const orders = new Set<string>();
  for (const p of list) {
    const bars = all.bars.filter((b) => b.plan_id === p.id);
    if (bars.length) placed++;
    if (!bars.length || bars.reduce((a, b) => a + b.qty, 0) < p.qty || bars.some((b) => b.late)) {
      late++;
      pieces += p.qty;
      orders.add(p.order_key);
    }
  }
  return { plans: list.length, placed, late_plans: late, late_pieces: pieces, late_orders: orders.size, changeovers, utilisation: capacity > 0 ? Math.round((load / capacity) * 1000) / 1000 : 0 };
}

const figures = (k: ScheduleKpis) => ({ plans: k.plans, placed: k.placed, late_plans: k.late_plans, late_pieces: k.late_pieces, late_orders: k.late_orders, changeovers: k.changeovers, utilisation: k.utilisation });

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker.planner', 'brand']) tokens[u] = await signIn(t.app, u);
  tokens.lone = await signInUnassigned(t, 'maker.planner', 'maker.kpinorole', '13700000019');
}, 120_000);
afterAll(async () => t?.close());

describe('scenarios on the control tower', { timeout: 180_000 }, () => {
  let scenario: ScenarioSummary;

  it("measures the live plan as the board's own data says", async () => {
    const whole = await span(null);
    const range = { from: whole.from, to: addDaysIso(whole.from, 90) };
    const r = await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis?from=${range.from}&to=${range.to}`);
    expect(r.status, r.raw).toBe(200);
    expect(r.data.range).toEqual(range);
    expect(r.data.scenario).toBeNull();
    expect(r.data.live.plans).toBeGreaterThan(0);
    expect(r.data.live.placed).toBeGreaterThan(0);
    expect(r.data.live.utilisation).toBeGreaterThan(0);
    // The demo's season has late plans, and so late orders (most of its plans stand for an order of their own).
    expect(r.data.live.late_orders).toBeGreaterThan(0);
    expect(figures(r.data.live)).toEqual(await fromTheBoard(range, null));
    // The plan list's "pieces scheduled" column is the same figure per plan: the pieces of the board's bars.
    const bars = (await boardOf(whole, null)).bars;
    const listed = await resourceClient(t.app, tokens['maker.planner'], 'scmapi', 'prodplan').page({ pageNum: 1, pageSize: 500 });
    expect(listed.status).toBe(200);
    const withBars = listed.body.data.rows.filter((p) => bars.some((b) => b.plan_id === Number(p.id)));
    expect(withBars.length).toBeGreaterThan(0);
    for (const p of listed.body.data.rows) {
      const mine = bars.filter((b) => b.plan_id === Number(p.id));
      expect(p.placed_qty === null ? null : Number(p.placed_qty), `plan ${String(p.plan_no)}`).toBe(mine.length ? mine.reduce((a, b) => a + b.qty, 0) : null);
    }
  });

  it("measures a scenario by the same function, beside the live plan, with the differences and as the board's comparison", async () => {
    const whole = await span(null);
    const made = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/auto', headers: { authorization: `Bearer ${tokens['maker.planner']}` }, payload: { name: '控制塔方案', from: whole.from, to: addDaysIso(whole.from, 120) } });
    expect(made.statusCode, made.body.slice(0, 300)).toBe(200);
    scenario = (made.json() as { data: ScenarioSummary }).data;
    const r = await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis?scenario=${scenario.id}`);
    expect(r.status, r.raw).toBe(200);
    expect(r.data.range).toEqual({ from: whole.from, to: addDaysIso(whole.from, 120) });
    expect(r.data.scenarios.map((s) => s.id)).toContain(scenario.id);
    expect(r.data.scenario!.summary.id).toBe(scenario.id);
    expect(figures(r.data.scenario!.kpis)).toEqual(await fromTheBoard(r.data.range, scenario.id));
    expect(figures(r.data.live)).toEqual(await fromTheBoard(r.data.range, null));
    // The differences: scenario − live, lower lateness and changeovers better, higher utilisation better.
    for (const row of kpiRows(r.data.live, r.data.scenario!.kpis)) {
      expect(row.diff).toBeCloseTo(Number(r.data.scenario!.kpis[row.key]) - Number(r.data.live[row.key]), 6);
      if (row.diff !== 0) expect(row.tone).toBe((row.diff! < 0) === (row.key !== 'utilisation' && row.key !== 'placed') ? 'better' : 'worse');
    }
    // The board's comparison panel shows the same figures for both schedules.
    const cmp = await get<ScenarioComparison>('maker.planner', `/api/scmapi/schedule/compare?scenario=${scenario.id}`);
    expect(cmp.status, cmp.raw).toBe(200);
    expect(figures(cmp.data.scenario.metrics as ScheduleKpis)).toEqual(figures(r.data.scenario!.kpis));
    expect(figures(cmp.data.live as ScheduleKpis)).toEqual(figures(r.data.live));
  });

  it('follows a move on the live board: the live figures change as the board says, the scenario stays', async () => {
    const before = (await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis?scenario=${scenario.id}`)).data;
    const live = await boardOf(before.range, null);
    // A bar whose plan is on time, moved 60 days later: its plan becomes late.
    const bar = live.bars.find((b) => !b.locked && !b.late && b.delivery_date !== null && b.start >= before.range.from)!;
    expect(bar).toBeTruthy();
    const moved = await t.app.inject({ method: 'POST', url: '/api/scmapi/schedule/command', headers: { authorization: `Bearer ${tokens['maker.planner']}` }, payload: { op: 'move', bar_id: bar.id, version: bar.version, line_id: bar.line_id, start: addDaysIso(bar.start, 60), from: before.range.from, to: before.range.to } });
    expect(moved.statusCode, moved.body.slice(0, 300)).toBe(200);
    const after = (await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis?scenario=${scenario.id}`)).data;
    expect(after.live.late_plans).toBeGreaterThan(before.live.late_plans);
    expect(figures(after.live)).toEqual(await fromTheBoard(after.range, null));
    expect(figures(after.scenario!.kpis)).toEqual(figures(before.scenario!.kpis));
  });

  it("follows a plan's new category: its bars carry it, and the changeovers stay the board's", async () => {
    const before = (await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis`)).data;
    const live = await boardOf(before.range, null);
    // A plan with a bar in range on a line that holds bars of another category: changing it moves the count.
    const bar = live.bars.find((b) => live.bars.some((o) => o.line_id === b.line_id && o.category !== b.category))!;
    expect(bar).toBeTruthy();
    const other = live.bars.find((o) => o.line_id === bar.line_id && o.category !== bar.category)!.category;
    const plansApi = resourceClient(t.app, tokens['maker.planner'], 'scmapi', 'prodplan');
    const plan = (await plansApi.view(bar.plan_id)).body.data;
    const saved = await plansApi.save({ ...plan, category: other });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    const kept = await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      return (await sql<{ c: string | null }>`select distinct plan_category as c from scm_prodplan_bar where plan_id = ${bar.plan_id}`.execute(tx)).rows.map((r) => r.c);
    });
    expect(kept).toEqual([other]);
    const after = (await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis`)).data;
    expect(figures(after.live)).toEqual(await fromTheBoard(after.range, null));
  });

  it('sums a schedule\'s load in SQL as the kept line x day table does (a narrower scope reads the bars, as a scenario does)', async () => {
    const whole = await span(null);
    const range = { from: whole.from, to: addDaysIso(whole.from, 90) };
    const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id);
    const kept = await withTenant(t.app.db, maker, (tx) => scheduleKpis(tx, maker, { scenario: null, ...range }));
    // A scope that keeps every row: the same bars, summed from the bars instead of the kept table.
    const summed = await withTenant(t.app.db, maker, (tx) => scheduleKpis(tx, maker, { scenario: null, ...range, scope: [sql`true`] }));
    expect(kept.utilisation).toBeGreaterThan(0);
    expect(summed).toEqual(kept);
  });

  it('answers within 2 s on the demo data (median of five)', async () => {
    const took: number[] = [];
    for (let i = 0; i < 5; i++) {
      const at = performance.now();
      const r = await get<ScheduleKpiComparison>('maker.planner', `/api/scmapi/schedule/kpis?scenario=${scenario.id}`);
      took.push(performance.now() - at);
      expect(r.status).toBe(200);
    }
    took.sort((a, b) => a - b);
    console.log(`scenario figures on the tower: median ${Math.round(took[2])} ms (${took.map(Math.round).join(', ')} ms), ${t.app.database.kind}`);
    expect(took[2]).toBeLessThan(2000);
  });

  it("is the board's: another company reads its own schedule only, a user without the board is refused, an unknown scenario is not found, a half range is refused", async () => {
    // The brand's administrator holds the grant but not the maker's rows: the maker's scenario is not found, its own plan has no plan of the maker's.
    expect((await get('brand', `/api/scmapi/schedule/kpis?scenario=${scenario.id}`)).status).toBe(404);
    const own = await get<ScheduleKpiComparison>('brand', '/api/scmapi/schedule/kpis');
    expect(own.status, own.raw).toBe(200);
    expect(own.data.live.plans).toBe(0);
    expect(own.data.scenarios).toEqual([]);
    expect((await get('lone', '/api/scmapi/schedule/kpis')).status).toBe(403);
    expect((await get('maker.planner', '/api/scmapi/schedule/kpis?scenario=99999999')).status).toBe(404);
    expect((await get('maker.planner', '/api/scmapi/schedule/kpis?scenario=abc')).status).toBe(404);
    expect((await get('maker.planner', '/api/scmapi/schedule/kpis?from=2026-01-01')).status).toBe(400);
  });
});
