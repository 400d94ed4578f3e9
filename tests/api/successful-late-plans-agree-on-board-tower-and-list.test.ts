import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { addDaysIso, drillFilters, getReport, type BoardBar } from '../../src/model';
import { resourceClient } from '../support/resource-client';
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
