import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/model';
import type { BoardBar, BoardCommandResult, BoardData, ScenarioSummary } from '../../src/model/schedule-board';
import { BAR_PLACES_REBUILD } from '../../src/server/services/planning/planning.window';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Each bar's place among its plan's bars (issue 31, docs/architecture-board.md "The window read"),
 * kept on the bar by the database (`split_index`, `split_count`) instead of counted per read: after
 * every kind of write (a split, a move that changes the order of a plan's bars, a merge, a lock, an
 * auto-schedule into a scenario, its publish, plain SQL inserts, updates and deletes) the kept places of every
 * bar of every company equal a recount from the bars, and the board shows the kept places. Another
 * company's plan with bars keeps its own numbering through the maker's writes.
 */
let t: TestApp;
let planner: string;
let brandClient: number;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const board = (query: Record<string, string> = {}) => call<BoardData>(planner, 'GET', '/api/scmapi/schedule/board', undefined, query);
const command = async (cmd: Record<string, unknown>) => {
  const r = await call<BoardCommandResult>(planner, 'POST', '/api/scmapi/schedule/command', cmd);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body.data;
};

/** In the system scope (every company's rows). */
async function system<T>(work: (tx: TestApp['app']['db']) => Promise<T>): Promise<T> {
  return t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    return work(tx);
  });
}

type Place = { id: number; client_id: number; kept_i: number | null; kept_n: number | null; i: number; n: number };
/** Every bar of every company whose kept place differs from a recount; and how many bars there are. */
async function wrongPlaces(): Promise<{ wrong: Place[]; bars: number; split: number }> {
  return system(async (tx) => {
    const r = await sql<Place>`select id, client_id, split_index as kept_i, split_count as kept_n,
        row_number() over (partition by client_id, scenario_id, plan_id order by start_date, id)::int as i,
        count(*) over (partition by client_id, scenario_id, plan_id)::int as n
      from scm_prodplan_bar`.execute(tx);
    const rows = r.rows.map((x) => ({ ...x, id: Number(x.id), client_id: Number(x.client_id) }));
    return { wrong: rows.filter((x) => x.kept_i !== x.i || x.kept_n !== x.n), bars: rows.length, split: rows.filter((x) => x.n > 1).length };
  });
}

async function expectCounted(): Promise<void> {
  const { wrong, bars } = await wrongPlaces();
  expect(bars).toBeGreaterThan(0);
  expect(wrong).toEqual([]);
}

/** The board's bars show the kept places: each plan's bars numbered 1..n by start, then id. */
function expectBoardPlaces(bars: BoardBar[]): void {
  const byPlan = new Map<number, BoardBar[]>();
  for (const b of bars) byPlan.set(b.plan_id, [...(byPlan.get(b.plan_id) ?? []), b]);
  for (const list of byPlan.values()) {
    const sorted = [...list].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id - b.id));
    // A plan's bars outside the range count too, so the ones shown are in order and within the count.
    for (let k = 1; k < sorted.length; k++) expect(sorted[k]!.split_index).toBeGreaterThan(sorted[k - 1]!.split_index);
    for (const b of sorted) expect(b.split_index).toBeLessThanOrEqual(b.split_count);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  // Another company's plan with three bars on a line of its own, written by plain SQL.
  await system(async (tx) => {
    brandClient = Number((await sql<{ id: number }>`select id from clients where code <> 'MAKER01' order by id limit 1`.execute(tx)).rows[0]!.id);
    const line = Number((await sql<{ id: number }>`insert into md_workline (client_id, code, name, operators, efficiency) values (${brandClient}, 'PLACE-L1', '他司产线', 10, 100) returning id`.execute(tx)).rows[0]!.id);
    const plan = Number((await sql<{ id: number }>`insert into scm_prodplan (client_id, plan_no, style_no, category, qty, status) values (${brandClient}, 'PLACE-P1', 'S1', 'woven-shirt', 300, 'scheduled') returning id`.execute(tx)).rows[0]!.id);
    await sql`insert into scm_prodplan_bar (client_id, plan_id, line_id, start_date, end_date, qty, locked)
      values (${brandClient}, ${plan}, ${line}, '2027-01-20', '2027-01-22', 100, false), (${brandClient}, ${plan}, ${line}, '2027-01-10', '2027-01-12', 100, false),
        (${brandClient}, ${plan}, ${line}, '2027-01-15', '2027-01-16', 100, false)`.execute(tx);
  });
}, 120_000);
afterAll(async () => t?.close());

describe('the bars\' kept places', () => {
  it('are counted for every bar of every company after the seed and plain SQL inserts', async () => {
    await expectCounted();
    const theirs = await system(async (tx) => (await sql<{ start_date: string; split_index: number; split_count: number }>`select to_char(start_date, 'YYYY-MM-DD') as start_date, split_index, split_count from scm_prodplan_bar where client_id = ${brandClient} order by start_date`.execute(tx)).rows);
    expect(theirs.map((b) => [b.start_date, b.split_index, b.split_count])).toEqual([['2027-01-10', 1, 3], ['2027-01-15', 2, 3], ['2027-01-20', 3, 3]]);
  });

  it('follow splits, a move that changes a plan\'s order, merges and locks, as the board shows them', async () => {
    const data = (await board()).body.data;
    const bar = data.bars.find((b) => !b.locked && b.qty >= 100 && b.split_count === 1)!;
    const split = await command({ op: 'split', bar_id: bar.id, version: bar.version, qty: 40 });
    await expectCounted();
    expect(split.bars.map((b) => [b.split_index, b.split_count]).sort()).toEqual([[1, 2], [2, 2]]);
    // The new part moved a day before the first: the plan's order changes, the first becomes second.
    const part = split.bars.find((b) => b.id !== bar.id)!;
    const first = split.bars.find((b) => b.id === bar.id)!;
    const moved = await command({ op: 'move', bar_id: part.id, version: part.version, line_id: part.line_id, start: addDaysIso(part.start, -1) });
    expect(moved.bars[0]).toMatchObject({ id: part.id, split_index: 1, split_count: 2 });
    await expectCounted();
    const shown = (await board()).body.data;
    expect(shown.bars.find((b) => b.id === bar.id)).toMatchObject({ split_index: 2, split_count: 2 });
    expectBoardPlaces(shown.bars);
    const again = shown.bars.find((b) => b.id === bar.id)!;
    const merged = await command({ op: 'merge', bar_ids: [again.id, part.id], versions: [again.version, moved.bars[0]!.version] });
    expect(merged.bars[0]).toMatchObject({ id: first.id, split_index: 1, split_count: 1 });
    await expectCounted();
    const lock = await command({ op: 'lock', bar_id: merged.bars[0]!.id, version: merged.bars[0]!.version });
    await command({ op: 'unlock', bar_id: lock.bars[0]!.id, version: lock.bars[0]!.version });
    await expectCounted();
  });

  it('follow auto-schedule into a scenario, its publish, and plain SQL deletes; other companies keep theirs', async () => {
    const data = (await board()).body.data;
    const auto = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/auto', { name: '位次方案', from: data.from, to: data.to });
    expect(auto.status).toBe(200);
    await expectCounted();
    const inScenario = (await board({ scenario: String(auto.body.data.id) })).body.data;
    expect(inScenario.bars.length).toBeGreaterThan(0);
    expectBoardPlaces(inScenario.bars);
    const pub = await call<ScenarioSummary>(planner, 'POST', '/api/scmapi/schedule/scenario/publish', { id: auto.body.data.id, force: true });
    expect(pub.status).toBe(200);
    await expectCounted();
    expectBoardPlaces((await board()).body.data.bars);
    // Plain SQL: the middle bar of the other company's plan goes, its others are numbered 1 and 2 of 2.
    await system((tx) => sql`delete from scm_prodplan_bar where client_id = ${brandClient} and start_date = '2027-01-15'`.execute(tx));
    await expectCounted();
    const theirs = await system(async (tx) => (await sql<{ split_index: number; split_count: number }>`select split_index, split_count from scm_prodplan_bar where client_id = ${brandClient} order by start_date`.execute(tx)).rows);
    expect(theirs.map((b) => [b.split_index, b.split_count])).toEqual([[1, 2], [2, 2]]);
  });

  it('follow plain SQL updates: a plan\'s only bar given to another plan, or moved by days (still 1 of 1)', async () => {
    const bars = await system(async (tx) => (await sql<{ id: number; plan_id: number }>`select id, plan_id from scm_prodplan_bar
      where scenario_id is null and split_count = 1 and client_id = (select id from clients where code = 'MAKER01') order by id limit 3`.execute(tx)).rows);
    const [a, b, c] = bars.map((x) => ({ id: Number(x.id), plan_id: Number(x.plan_id) }));
    // The update names no bar of more than one: b's plan has two bars now, a and b, numbered by start.
    await system((tx) => sql`update scm_prodplan_bar set plan_id = ${b!.plan_id} where id = ${a!.id}`.execute(tx));
    await expectCounted();
    const counts = await system(async (tx) => (await sql<{ split_count: number }>`select split_count from scm_prodplan_bar where id in (${a!.id}, ${b!.id})`.execute(tx)).rows);
    expect(counts.map((x) => x.split_count)).toEqual([2, 2]);
    await system((tx) => sql`update scm_prodplan_bar set start_date = start_date + 3, end_date = end_date + 3 where id = ${c!.id}`.execute(tx));
    await expectCounted();
  });

  it('are the same after a full recount (the installation\'s rebuild changes nothing)', async () => {
    const changed = await system(async (tx) => Number((await sql.raw(BAR_PLACES_REBUILD).execute(tx)).numAffectedRows ?? 0));
    expect(changed).toBe(0);
    // The rebuild does number bars that lost their places.
    // (with the triggers off for that statement: they would number them again at once)
    await system(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`update scm_prodplan_bar set split_index = null, split_count = null where client_id = ${brandClient}`.execute(tx);
    });
    expect((await wrongPlaces()).wrong.length).toBe(2);
    await system((tx) => sql.raw(BAR_PLACES_REBUILD).execute(tx));
    await expectCounted();
  });
});
