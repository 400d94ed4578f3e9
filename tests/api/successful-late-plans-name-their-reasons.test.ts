import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL, type LateReason, type LateReasonsReply } from '../../src/model/late-reasons';
import type { BoardData } from '../../src/model/schedule-board';
import { addDaysIso } from '../../src/model';
import { createTestApp, signIn, signInUnassigned, type TestApp } from '../support/test-app';

/**
 * Every late plan names what made it late (issue 31, src/model/late-reasons.ts): on the maker's demo
 * board each kind of reason is there and true against the stored facts (the purchase order of the
 * order and its ETA, the open node of the order's tracking, the locked bar before it on its line, the
 * line's full days as the board itself counts them); a purchase order added for an order whose plan is
 * then placed after its ETA becomes one of that plan's reasons, and cancelling it takes it away.
 * Another company never reads the maker's plans; a user without the board's right gets a 403.
 */
let t: TestApp;
let planner: string;
let brand: string;
let lone: string;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(token: string, method: 'GET' | 'POST', url: string, q: Record<string, unknown> = {}): Promise<Reply<T>> {
  const res = method === 'GET'
    ? await t.app.inject({ method, url, query: q as Record<string, string>, headers: { authorization: `Bearer ${token}` } })
    : await t.app.inject({ method, url, payload: q, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const reasons = (token: string, q: Record<string, string> = {}) => call<LateReasonsReply>(token, 'GET', '/api/scmapi/schedule/late-reasons', q);
const board = (token: string, q: Record<string, string> = {}) => call<BoardData>(token, 'GET', '/api/scmapi/schedule/board', q);
async function rows<T>(q: ReturnType<typeof sql<T>>): Promise<T[]> {
  return t.app.db.transaction().execute(async (tx) => {
    await sql`select set_config('app.client_id', '*', true)`.execute(tx);
    return (await q.execute(tx)).rows;
  });
}
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
type Of<K extends LateReason['kind']> = Extract<LateReason, { kind: K }>;

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  lone = await signInUnassigned(t, 'maker.planner', 'maker.norole', '13700000009');
}, 300_000);
afterAll(async () => t?.close());

describe('late plans name their reasons', () => {
  it('on the demo board: every late bar and no other, each with reasons ordered by days, each kind there and true', async () => {
    const r = await reasons(planner);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const { from, to, bars } = r.body.data;
    const whole = (await board(planner, { from, to })).body.data;
    expect(bars.map((b) => b.bar_id).sort((a, b) => a - b)).toEqual(whole.bars.filter((b) => b.late).map((b) => b.id).sort((a, b) => a - b));
    for (const b of bars) {
      expect(b.reasons.length).toBeGreaterThan(0);
      expect(b.late_days).toBeGreaterThan(0);
      for (let i = 1; i < b.reasons.length; i++) expect(b.reasons[i - 1].days).toBeGreaterThanOrEqual(b.reasons[i].days);
      for (const x of b.reasons) expect(x.days).toBeLessThanOrEqual(b.late_days);
    }
    const all = bars.flatMap((b) => b.reasons.map((x) => ({ b, x })));
    const kinds = new Set(all.map((a) => a.x.kind));
    for (const k of ['material', 'node', 'lock', 'capacity'] as const) expect(kinds, k).toContain(k);

    // Material: the fabric purchase order of the plan's order, its ETA the ready date, after the latest on-time start.
    const forOrders = new Set((await rows(sql<{ id: number }>`select id from pur_order where customer_order_id is not null`)).map((x) => Number(x.id)));
    const material = all.find((a) => a.x.kind === 'material' && a.x.source === 'purchase' && forOrders.has(Number(a.x.purchase_id)))!;
    const m = material.x as Of<'material'>;
    const [po] = await rows(sql<{ customer_order_id: number; delivery_date: string; po_no: string; order_id: number }>`select po.customer_order_id, po.delivery_date, po.po_no, p.order_id
      from pur_order po, scm_prodplan p where po.id = ${m.purchase_id} and p.id = ${material.b.plan_id} and po.client_id = p.client_id`);
    expect(po.customer_order_id).toBe(po.order_id);
    expect(m.po_no).toBe(po.po_no);
    expect(m.ready_date).toBe(day(po.delivery_date));
    expect(m.ready_date > material.b.need_start).toBe(true);

    // T&A node: an open node of the order before production, ending after the latest on-time start.
    const node = all.find((a) => a.x.kind === 'node')!;
    const n = node.x as Of<'node'>;
    const [stored] = await rows(sql<{ actual_date: string | null; plan_date: string; seq: number; first: number }>`select x.actual_date, x.plan_date, x.seq,
      (select min(y.seq) from scm_order_node y where y.order_id = x.order_id and y.client_id = x.client_id and y.process_type is not null) as first
      from scm_order_node x where x.order_id = ${n.order_id} and x.node_code = ${n.node_code}`);
    expect(stored.actual_date).toBeNull();
    if (!n.pushes_delivery) {
      expect(Number(stored.seq)).toBeLessThan(Number(stored.first));
      expect(n.node_end >= day(stored.plan_date)).toBe(true);
      expect(n.node_end > node.b.need_start).toBe(true);
    }

    // Lock: a locked bar of the same line, before it, still on the line on the latest on-time start.
    const lock = all.find((a) => a.x.kind === 'lock')!;
    const l = lock.x as Of<'lock'>;
    const [held] = await rows(sql<{ locked: boolean; line_id: number; start_date: string; end_date: string }>`select locked, line_id, start_date, end_date from scm_prodplan_bar where id = ${l.bar_id}`);
    expect(held.locked).toBe(true);
    expect(Number(held.line_id)).toBe(lock.b.line_id);
    expect(day(held.start_date) <= lock.b.start && day(held.end_date) >= lock.b.need_start).toBe(true);

    // Capacity: the named full days are full on the board's own figures of that line.
    const cap = all.find((a) => a.x.kind === 'capacity')!;
    const c = cap.x as Of<'capacity'>;
    const span = (await board(planner, { from: c.full_days[0], to: c.full_days.at(-1)! })).body.data;
    const line = span.lines.find((x) => x.id === c.line_id)!;
    expect(line.code).toBe(c.line_code);
    for (const d of c.full_days) {
      const i = span.days.findIndex((x) => x.date === d);
      expect(line.load[i] >= line.capacity[i] * FULL || line.capacity[i] === 0, d).toBe(true);
    }
  });

  it('a purchase order for an order whose plan is then placed after its ETA is one of that plan’s reasons; cancelled, it is gone', async () => {
    const [plan] = await rows(sql<{ plan_id: number; order_id: number; bar_id: number; version: number; line_id: number; start_date: string; end_date: string; delivery_date: string; client_id: number }>`
      select p.id as plan_id, p.order_id, b.id as bar_id, b.version, b.line_id, b.start_date, b.end_date, p.delivery_date, p.client_id
      from scm_prodplan p join scm_prodplan_bar b on b.plan_id = p.id and b.scenario_id is null join clients c on c.id = p.client_id and c.code = 'MAKER01'
      where p.order_id is not null and b.end_date <= p.delivery_date and b.locked is not true
        and not exists (select 1 from pur_order po where po.customer_order_id = p.order_id) order by p.delivery_date desc limit 1`);
    expect(plan).toBeTruthy();
    const delivery = day(plan.delivery_date);
    const eta = addDaysIso(delivery, 3);
    const [{ id: poId }] = await rows(sql<{ id: number }>`insert into pur_order (client_id, po_no, order_kind, vendor_id, customer_order_id, delivery_date, currency, status, version)
      select ${plan.client_id}, 'PO-LATE-TEST', 'material', v.id, ${plan.order_id}, ${eta}::date, 'CNY', 'confirmed', 1 from md_vendor v where v.client_id = ${plan.client_id} order by v.id limit 1 returning id`);
    await rows(sql`insert into pur_order_line (client_id, order_id, material_id, unit, qty, received_qty, seq, version)
      select ${plan.client_id}, ${poId}, m.id, 'KG', 500, 0, 1, 1 from md_material m where m.client_id = ${plan.client_id} order by m.id limit 1`);
    // Not late yet: no reason is read for it.
    expect((await reasons(planner)).body.data.bars.some((b) => b.bar_id === plan.bar_id)).toBe(false);
    // Placed from the day after its delivery, before its fabric comes: late, and the fabric holds it past the day it had to start.
    const moved = await call<unknown>(planner, 'POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: plan.bar_id, version: plan.version, line_id: plan.line_id, start: addDaysIso(delivery, 1) });
    expect(moved.status, JSON.stringify(moved.body).slice(0, 300)).toBe(200);
    const late = (await reasons(planner, { from: addDaysIso(eta, -10), to: addDaysIso(eta, 30) })).body.data.bars.find((b) => b.bar_id === plan.bar_id)!;
    expect(late).toBeTruthy();
    const named = late.reasons.find((x) => x.kind === 'material');
    expect(named).toMatchObject({ kind: 'material', source: 'purchase', purchase_id: poId, po_no: 'PO-LATE-TEST', ready_date: eta, received: false });
    expect(named!.days).toBeGreaterThan(0);
    expect(late.reasons[0].days).toBeGreaterThanOrEqual(named!.days);
    await rows(sql`update pur_order set status = 'cancelled' where id = ${poId}`);
    const after = (await reasons(planner, { from: addDaysIso(eta, -10), to: addDaysIso(eta, 30) })).body.data.bars.find((b) => b.bar_id === plan.bar_id)!;
    expect(after.reasons.some((x) => x.kind === 'material' && x.source === 'purchase' && x.purchase_id === poId)).toBe(false);
  });

  it('never reads another company’s plans; refuses a user without the board’s right like the board; a bad line list 400', async () => {
    const mine = (await reasons(planner)).body.data;
    const lines = [...new Set(mine.bars.map((b) => b.line_id))].join(',');
    const theirs = await reasons(brand, { lines });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.bars).toEqual([]);
    const refused = await reasons(lone);
    const boardRefused = await board(lone);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(boardRefused.body.code);
    expect(refused.body.data).toBeFalsy();
    expect((await reasons(planner, { lines: '1,x' })).status).toBe(400);
    expect((await reasons(planner, { from: mine.to, to: mine.from })).status).toBe(400);
    // Asked for the maker's lines (as the board asks for the lines in view), the maker reads exactly the
    // late bars on them, each with the same reasons as read with every line.
    const some = mine.bars.slice(0, 2).map((b) => b.line_id);
    const narrowed = (await reasons(planner, { lines: some.join(',') })).body.data.bars;
    const byBar = (bars: typeof narrowed) => [...bars].sort((a, b) => a.bar_id - b.bar_id);
    expect(byBar(narrowed)).toEqual(byBar(mine.bars.filter((b) => some.includes(b.line_id))));
  });
});
