import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { addDaysIso, drillFilters, getReport, type BoardBar } from '../../src/model';
import { resourceClient } from '../support/resource-client';
import { LIVE_END_INDEX, planEndsSql } from '../../src/server/services/planning/plan-lateness';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { reportCalls } from './report-support';

/**
 * Lateness is one measure (issue 29): the board marks a plan late when its live schedule ends after
 * its delivery date; the plan keeps its days late from its bars (the database's upkeep); the late-plan
 * report, the control tower's widget and headline, and the plan list filtered as the figure's
 * drill-down count the same plans, on the demo data and after a planner moves a bar past its date.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const calls = reportCalls(() => t, tokens);
const report = getReport('plan-lateness')!;

beforeAll(async () => {
  t = await createTestApp();
  tokens.maker = await signIn(t.app, 'maker');
}, 120_000);
afterAll(async () => t?.close());

type Board = { bars: BoardBar[] };

/** The live schedule's bars over its whole span, in windows the board accepts. */
async function liveBars(): Promise<BoardBar[]> {
  const span = await t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    return (await sql<{ a: string; b: string }>`select to_char(min(start_date), 'YYYY-MM-DD') as a, to_char(max(end_date), 'YYYY-MM-DD') as b
      from scm_prodplan_bar where scenario_id is null and client_id = (select id from clients where code = 'MAKER01')`.execute(tx)).rows[0];
  });
  const out = new Map<number, BoardBar>();
  for (let from = span.a; from <= span.b; from = addDaysIso(from, 180)) {
    const res = await t.app.inject({ method: 'GET', url: `/api/scmapi/schedule/board?from=${from}&to=${addDaysIso(from, 179)}`, headers: { authorization: `Bearer ${tokens.maker}` } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    for (const b of (res.json() as { data: Board }).data.bars) if (b.scenario_id === null) out.set(b.id, b);
  }
  return [...out.values()];
}

async function figures() {
  const bars = await liveBars();
  const board = { plans: new Set(bars.map((b) => b.plan_id)).size, late: new Set(bars.filter((b) => b.late).map((b) => b.plan_id)).size };
  const rows = (await calls.run('maker', 'plan-lateness', { group: 'month' })).rows;
  const tower = { plans: calls.total(rows, 'plans'), late: calls.total(rows, 'late') };
  const plans = resourceClient(t.app, tokens.maker, 'scmapi', 'prodplan');
  const count = async (measure: string) => (await plans.page({ ...drillFilters(report, { _measure: measure }), page: 1, size: 1 })).body.data.total;
  const list = { plans: await count('plans'), late: await count('late') };
  return { board, tower, list };
}

describe('late plans: the board, the tower and the list agree', () => {
  it('on the demo schedule', async () => {
    const f = await figures();
    expect(f.board.plans).toBeGreaterThan(0);
    expect(f.tower).toEqual(f.board);
    expect(f.list).toEqual(f.board);
  });

  it('after a planner moves an on-time plan\'s only bar past its delivery date, all three count one more', async () => {
    const before = await figures();
    const bars = await liveBars();
    const perPlan = new Map<number, BoardBar[]>();
    for (const b of bars) perPlan.set(b.plan_id, [...(perPlan.get(b.plan_id) ?? []), b]);
    const bar = bars.find((b) => !b.late && !b.locked && b.delivery_date && perPlan.get(b.plan_id)!.length === 1)!;
    expect(bar, 'an on-time plan with one unlocked bar').toBeTruthy();
    const start = addDaysIso(bar.delivery_date!, 20);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/scmapi/schedule/command',
      headers: { authorization: `Bearer ${tokens.maker}` },
      payload: { op: 'move', bar_id: bar.id, version: bar.version, line_id: bar.line_id, start, from: start, to: addDaysIso(start, 60) },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const after = await figures();
    expect(after.board.late).toBe(before.board.late + 1);
    expect(after.tower).toEqual(after.board);
    expect(after.list).toEqual(after.board);
  });
});

describe('the late-plan report sums in SQL what each plan says (issue 34, B8 at scale)', () => {
  it('per delivery month and category: plans, late plans, their pieces and days late', async () => {
    const rows = (await calls.run('maker', 'plan-lateness', { group: 'month,category' })).rows.filter((r) => !r._level);
    const got = rows.map((r) => [r.month, r.category ?? null, Number(r.plans), Number(r.late), Number(r.late_qty), Number(r.late_days)].join('|')).sort();
    const expected = await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      const plans = (await sql<{ month: string; category: string | null; qty: number | null; late_days: number | null }>`select to_char(delivery_date, 'YYYY-MM') as month, category, qty, late_days
        from scm_prodplan where client_id = (select id from clients where code = 'MAKER01') and planned_end is not null`.execute(tx)).rows;
      const by = new Map<string, number[]>();
      for (const p of plans) {
        const key = `${p.month}|${p.category ?? null}`;
        const f = by.get(key) ?? [0, 0, 0, 0];
        const late = Number(p.late_days ?? 0) > 0;
        by.set(key, [f[0] + 1, f[1] + (late ? 1 : 0), f[2] + (late ? Number(p.qty ?? 0) : 0), f[3] + (late ? Number(p.late_days) : 0)]);
      }
      return [...by].map(([k, f]) => [k, ...f].join('|')).sort();
    });
    expect(expected.length).toBeGreaterThan(1);
    expect(got).toEqual(expected);
  });
});

describe('the plans\' ends are kept from their bars at any size (issue 34, B8 at scale)', () => {
  /** Plans whose kept end differs from the end of their live bars now, over every company. */
  const drifted = async () =>
    t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      return (await sql<{ id: number }>`select p.id from scm_prodplan p
        where p.planned_end is distinct from (select max(b.end_date) from scm_prodplan_bar b where b.plan_id = p.id and b.scenario_id is null)
          or p.late_days is distinct from (p.planned_end - p.delivery_date)`.execute(tx)).rows;
    });

  it('after bulk statements on the bars (one insert, update and delete each for many plans)', async () => {
    await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked)
        select p.client_id, p.id, null, b.line_id, b.end_date + 1, b.end_date + 3 + (p.id % 5)::int, 1, 60, false
        from scm_prodplan p join lateral (select line_id, end_date from scm_prodplan_bar x where x.plan_id = p.id and x.scenario_id is null order by end_date desc limit 1) b on true`.execute(tx);
    });
    expect(await drifted()).toEqual([]);
    await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      await sql`update scm_prodplan_bar set end_date = end_date + 2 where qty = 1 and minutes = 60 and plan_id % 2 = 0`.execute(tx);
      await sql`delete from scm_prodplan_bar where qty = 1 and minutes = 60 and plan_id % 3 = 0`.execute(tx);
    });
    expect(await drifted()).toEqual([]);
  });

  it('reads each plan\'s live bars by company and plan from an index (the live bars\' own or the plan reference\'s), not by reading every bar per plan', async () => {
    // The upkeep's statement for the plans of one bar, planned as the trigger's is (sequential scans
    // priced out, and the table's statistics forgotten as on a freshly filled table, so the planner
    // shows which index it takes without them).
    const plan = await t.app.db.transaction().execute(async (tx) => {
      await sql`select set_config('app.client_id', '*', true)`.execute(tx);
      await sql`set local enable_seqscan = off`.execute(tx);
      await sql`update pg_class set reltuples = -1, relpages = 0 where oid = 'scm_prodplan_bar'::regclass`.execute(tx);
      const ids = 'select client_id, plan_id from scm_prodplan_bar where id = (select min(id) from scm_prodplan_bar)';
      return (await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(planEndsSql(ids))}`.execute(tx)).rows[0]['QUERY PLAN'];
    });
    const nodes: Array<Record<string, unknown>> = [];
    const walk = (n: Record<string, unknown>) => {
      nodes.push(n);
      for (const c of (n.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(c);
    };
    walk(((typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
    // The live bars' own index, or the bars' plan index (the placed pieces are read beside the end): by company and plan either way.
    const byPlan = nodes.filter((n) => n['Index Name'] === LIVE_END_INDEX || n['Index Name'] === 'scm_prodplan_bar_plan_id_idx');
    expect(byPlan.length, JSON.stringify(nodes.map((n) => [n['Node Type'], n['Index Name'], n['Index Cond']]))).toBeGreaterThan(0);
    for (const n of byPlan) expect(String(n['Index Cond'])).toMatch(/client_id.*plan_id|plan_id.*client_id/);
  });
});
