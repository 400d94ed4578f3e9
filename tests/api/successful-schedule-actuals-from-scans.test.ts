import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/model';
import type { ScheduleActuals } from '../../src/model/schedule-actuals';
import { SCHEDULE_ACTUALS_MESSAGE } from '../../src/model/schedule-board';
import { onCompanyEvent } from '../../src/server/realtime';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Plan against actual (issue 31, docs/architecture-board.md "Plan against actual"), on PGlite and
 * PostgreSQL: `GET /api/scmapi/schedule/actuals` gives each tracked bar the pieces scanned out of its
 * plan's sewing work order and each line its scanned pieces per day. The seeded demo's figures equal
 * the scan table's; scans the test adds (backdated rows and one bundle scanned through the scan page's
 * route) raise exactly the bar's and the line's day they fall on, nothing else; another company reads
 * nothing of the maker's; a user without the board's right is refused.
 */
let t: TestApp;
let planner: string;
let brand: string;
let makerId: number;

type Row = Record<string, unknown>;
const q = async <T extends Row = Row>(text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<T>>).execute(t.app.db)).rows as T[];
type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload: Row = {}): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(method === 'GET' ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) } : { payload }) });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const actuals = (token: string, query: Row = {}) => call<ScheduleActuals>('GET', '/api/scmapi/schedule/actuals', token, query);
const today = () => new Date().toISOString().slice(0, 10);

/** Pieces scanned out of each plan's sewing work order, straight from the table. */
async function scannedByPlan(): Promise<Map<number, number>> {
  const r = await q(sql`select s.plan_id, sum(s.qty)::int as n from scm_wo_scan s join scm_workorder w on w.client_id = s.client_id and w.id = s.workorder_id
    where s.client_id = ${makerId} and s.direction = 'out' and w.process_type = 'sewing' group by s.plan_id`);
  return new Map(r.map((x) => [Number(x.plan_id), Number(x.n)]));
}

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  makerId = Number((await q(sql`select id from clients where code = 'MAKER01'`))[0].id);
}, 120_000);
afterAll(async () => t?.close());

describe('plan against actual', () => {
  it('gives the seeded scans to the bars and lines, and forecasts each running bar', async () => {
    const r = await actuals(planner, { from: addDaysIso(today(), -60), to: addDaysIso(today(), 120) });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const a = r.body.data;
    expect(a.as_of).toBe(today());
    const scanned = await scannedByPlan();
    expect(scanned.size).toBeGreaterThan(0);
    const byPlan = new Map<number, number>();
    for (const b of a.bars) byPlan.set(b.plan_id, (byPlan.get(b.plan_id) ?? 0) + b.actual);
    for (const [plan, n] of scanned) expect(byPlan.get(plan), `plan ${plan}`).toBe(n);
    // Each line's days add up to its bars' actual pieces.
    for (const l of a.lines) {
      const bars = a.bars.filter((b) => b.line_id === l.line_id).reduce((x, b) => x + b.actual, 0);
      expect(l.actual.reduce((x, v) => x + v, 0)).toBe(bars);
      expect(l.planned).toHaveLength(a.days.length);
    }
    const running = a.bars.filter((b) => b.actual > 0 && !b.done);
    expect(running.length).toBeGreaterThan(0);
    for (const b of running) {
      expect(b.ratio).not.toBeNull();
      expect(b.forecast_end! >= a.as_of).toBe(true);
      // Behind the plan's pace forecasts a later end than planned; ahead, no later.
      if (b.ratio! < 0.95 && b.plan_end >= a.as_of) expect(b.forecast_end! >= b.plan_end).toBe(true);
    }
    const idx = await q(sql`select indexname from pg_indexes where tablename = 'scm_wo_scan' and indexname = 'scm_wo_scan_output_idx'`);
    expect(idx).toHaveLength(1);
  });

  it('adds exactly the test’s scans to the bar and the line day they fall on', async () => {
    const from = addDaysIso(today(), -30);
    const to = addDaysIso(today(), 30);
    const before = (await actuals(planner, { from, to })).body.data;
    // A running tracked bar whose plan has a bundle not scanned yet.
    const bar = before.bars.find((b) => b.actual > 0 && !b.done)!;
    expect(bar).toBeTruthy();
    const wos = await q(sql`select id, process_id, process_type, sequence from scm_workorder where client_id = ${makerId} and plan_id = ${bar.plan_id} order by sequence`);
    const sewing = wos.find((w) => w.process_type === 'sewing')!;
    const [fixture, bundle] = await q(sql`select id, bundle_no, qty from scm_wo_bundle b where client_id = ${makerId} and plan_id = ${bar.plan_id}
      and not exists (select 1 from scm_wo_scan s where s.client_id = b.client_id and s.bundle_id = b.id) order by seq limit 2`);
    const start = (await q(sql`select to_char(start_date, 'YYYY-MM-DD') as s from scm_prodplan_bar where id = ${bar.bar_id}`))[0].s as string;
    // Two backdated scans out of sewing on the bar's first day (a fixture, as the floor's terminal would have sent them).
    for (const qty of [7, 5])
      await sql`insert into scm_wo_scan (client_id, bundle_id, workorder_id, process_id, plan_id, direction, qty, scanned_at, scanned_by)
        values (${makerId}, ${fixture.id}, ${sewing.id}, ${sewing.process_id}, ${bar.plan_id}, 'out', ${qty}, ${`${start}T10:00:00Z`}, 'test')`.execute(t.app.db);
    // And one bundle through the scan page's route today: cutting in and out, sewing in and out. Each
    // scan out tells the company's boards that this plan's pieces made changed (cutting is not the
    // last process: no bar moves, yet the 计划/实际 view reads again); a scan in, or a refused scan, does not.
    const heard: Array<{ clientId: number; plans: unknown }> = [];
    onCompanyEvent(SCHEDULE_ACTUALS_MESSAGE, (clientId, payload) => heard.push({ clientId, plans: payload.plan_ids }));
    const refused = await call<Row>('POST', '/api/scmapi/workorder/scan', planner, { barcode: String(bundle.bundle_no), process_id: Number(sewing.process_id), direction: 'out' });
    expect(refused.status).toBe(409);
    for (const w of wos.filter((x) => x.process_type === 'cutting' || x.process_type === 'sewing'))
      for (const direction of ['in', 'out'] as const) {
        const s = await call<Row>('POST', '/api/scmapi/workorder/scan', planner, { barcode: String(bundle.bundle_no), process_id: Number(w.process_id), direction });
        expect(s.status, JSON.stringify(s.body)).toBe(200);
      }
    await new Promise((r) => setImmediate(r));
    expect(heard).toEqual([{ clientId: makerId, plans: [bar.plan_id] }, { clientId: makerId, plans: [bar.plan_id] }]);
    const after = (await actuals(planner, { from, to })).body.data;
    const b2 = after.bars.find((b) => b.bar_id === bar.bar_id)!;
    expect(b2.actual - bar.actual).toBe(12 + Number(bundle.qty));
    const line = (x: ScheduleActuals) => x.lines.find((l) => l.line_id === bar.line_id)!;
    const di = (d: string) => after.days.indexOf(d);
    const delta = line(after).actual.map((v, i) => v - line(before).actual[i]);
    const expected = after.days.map(() => 0);
    if (di(start) >= 0) expected[di(start)] += 12;
    expected[di(today())] += Number(bundle.qty);
    expect(delta).toEqual(expected);
    // Nothing else moved.
    for (const l of after.lines.filter((l) => l.line_id !== bar.line_id)) expect(l.actual).toEqual(before.lines.find((x) => x.line_id === l.line_id)!.actual);
    for (const b of after.bars.filter((b) => b.plan_id !== bar.plan_id)) expect(b.actual).toBe(before.bars.find((x) => x.bar_id === b.bar_id)!.actual);
    // The kept days (scm_wo_output_day) equal the scans summed, and follow a removal.
    const kept = async () => q(sql`select to_char(day, 'YYYY-MM-DD') as day, qty::int as qty from scm_wo_output_day where client_id = ${makerId} and workorder_id = ${sewing.id} order by day`);
    const summed = async () => q(sql`select to_char(scanned_at::date, 'YYYY-MM-DD') as day, sum(qty)::int as qty from scm_wo_scan
      where client_id = ${makerId} and workorder_id = ${sewing.id} and direction = 'out' group by 1 order by 1`);
    expect(await kept()).toEqual(await summed());
    await sql`delete from scm_wo_scan where client_id = ${makerId} and bundle_id = ${fixture.id} and scanned_by = 'test'`.execute(t.app.db);
    expect(await kept()).toEqual(await summed());
    const removed = (await actuals(planner, { from, to })).body.data;
    expect(removed.bars.find((b) => b.bar_id === bar.bar_id)!.actual - bar.actual).toBe(Number(bundle.qty));
  });

  it('never gives another company the maker’s figures, and refuses what the board refuses', async () => {
    const mine = (await actuals(planner)).body.data;
    const lines = mine.lines.map((l) => l.line_id).join(',');
    expect(lines).not.toBe('');
    const theirs = await actuals(brand, { lines });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.lines).toEqual([]);
    expect(theirs.body.data.bars).toEqual([]);
    const all = await actuals(brand);
    const makerPlans = new Set(mine.bars.map((b) => b.plan_id));
    expect(all.body.data.bars.filter((b) => makerPlans.has(b.plan_id))).toEqual([]);
    expect((await actuals(planner, { lines: '1,x' })).status).toBe(400);
    expect((await actuals(planner, { from: mine.to, to: mine.from })).status).toBe(400);
    expect((await call('GET', '/api/scmapi/schedule/actuals', 'not-a-token')).status).toBe(401);
  });
});
