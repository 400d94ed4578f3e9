import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../calendars/capacity';
import type { BoardBar, BoardCommandResult, BoardData } from '../../src/model/schedule-board';
import { planSetups } from '../../src/server/services/planning/planning.schedule-inputs';
import { pushDrop } from '../support/board-drop';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The re-plan after one drag (issue 31) lays bars by the auto-scheduler's rules: a bar dropped with
 * "move and push" before its fabric's purchase order is due starts on or after the order's delivery
 * date, and every bar the drag lays again spends the company's changeover between different styles,
 * fabrics, colours or families (here 30,000 minutes, longer than a line's day: a first day without
 * pieces); the reply says where each bar was, for undo.
 */
let t: TestApp;
let planner: string;
let maker: number;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${planner}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const db = () => t.database.db;
const board = (query: Record<string, string> = {}) => call<BoardData>('GET', '/api/scmapi/schedule/board', undefined, query);
const overlap = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  maker = Number((await sql<{ client_id: number }>`select client_id from users where username = 'maker.planner'`.execute(db())).rows[0].client_id);
});
afterAll(async () => t?.close());

describe('the drag re-plan', () => {
  it('holds a dropped bar until its fabric is due and charges the changeover of every bar it lays again', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const data = (await board()).body.data;
    const drop = pushDrop(data, today, (b, ahead) => b.style_no !== ahead[0].style_no && b.qty >= 100);
    expect(drop, 'a line with bars ahead and a bar of another style to drop on it').toBeTruthy();
    const target: BoardData['lines'][number] | undefined = drop?.target;
    const mover: BoardBar | undefined = drop?.mover;
    const hit = drop!.ahead[0];

    // Every change on a line costs 30,000 minutes of setup (saved on the rules page, as a planner does).
    for (const change of ['family', 'fabric', 'colour', 'style']) expect((await call('POST', '/api/scmapi/changeover_rule/save', { change, minutes: 30000 })).status).toBe(200);
    // The mover's fabric is on a confirmed purchase order due ten days after the drop day, not received.
    const eta = addDays(hit.start, 10);
    const plan = (await sql<{ id: number; style_no: string }>`select id, style_no from scm_prodplan where id = ${mover!.plan_id}`.execute(db())).rows[0];
    const mat = await sql<{ id: number }>`insert into md_material (client_id, code, name) values (${maker}, 'DRAG-FAB', '面料') returning id`.execute(db());
    let style = (await sql<{ id: number }>`select id from dev_style where client_id = ${maker} and code = ${plan.style_no}`.execute(db())).rows[0];
    if (!style) style = (await sql<{ id: number }>`insert into dev_style (client_id, code, name, category) values (${maker}, ${plan.style_no}, ${plan.style_no}, ${mover!.category}) returning id`.execute(db())).rows[0];
    await sql`insert into dev_style_bom (client_id, style_id, material_id, consumption) values (${maker}, ${style.id}, ${mat.rows[0].id}, 1.2)`.execute(db());
    const po = await sql<{ id: number }>`insert into pur_order (client_id, po_no, order_kind, status, delivery_date) values (${maker}, 'PO-DRAG-1', 'material', 'confirmed', ${eta}) returning id`.execute(db());
    await sql`insert into pur_order_line (client_id, order_id, material_id, qty, received_qty) values (${maker}, ${po.rows[0].id}, ${mat.rows[0].id}, 500, 0)`.execute(db());
    // The plan's own material date aside: the purchase alone holds it.
    await sql`update scm_prodplan set material_ready_date = null where id = ${plan.id}`.execute(db());
    const gate = (await planSetups(db(), maker, [plan.id])).get(plan.id)!.gate;
    expect(gate).toBe(eta);

    const far = { from: addDays(hit.start, -30), to: addDays(hit.start, 399) };
    const before = (await board(far)).body.data;
    const lineBars = before.bars.filter((b) => b.line_id === target!.id);
    const pushed = await call<BoardCommandResult>('POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: mover!.id, version: mover!.version, line_id: target!.id, start: hit.start, push: true, ...far });
    expect(pushed.status).toBe(200);
    const reply = pushed.body.data;
    expect(reply.previous?.[0]).toMatchObject({ id: mover!.id, line_id: mover!.line_id, start: mover!.start, end: mover!.end });
    expect(reply.previous!.map((p) => p.id)).toContain(hit.id);

    const after = (await board(far)).body.data;
    const onLine = after.bars.filter((b) => b.line_id === target!.id).sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
    const moved = onLine.find((b) => b.id === mover!.id)!;
    // Not before the purchase order's delivery date, though dropped ten days before it.
    expect(moved.start >= eta, `${moved.start} before the gate ${eta}`).toBe(true);
    // The bar that was on the drop day now follows the dropped one (another style): its first day is all setup.
    const next = onLine.find((b) => b.id === hit.id)!;
    expect(next.start > moved.end).toBe(true);
    expect(next.daily[0]).toBe(0);
    // Every bar laid again follows another bar of the line on another style, fabric or colour here, or none: each starts on a day of setup alone.
    const laid = onLine.filter((b) => reply.previous!.some((p) => p.id === b.id));
    for (const b of laid) {
      const prev = onLine.filter((x) => x.id !== b.id && x.end < b.start).at(-1);
      if (prev && prev.style_no !== b.style_no) expect(b.daily[0], `bar ${b.id} after ${prev.id}`).toBe(0);
      expect(b.daily.reduce((s, q) => s + q, 0)).toBe(b.qty);
      for (const x of onLine) if (x.id !== b.id) expect(overlap(b, x), `${b.id} / ${x.id}`).toBe(false);
    }
    // Locked bars of the line did not move.
    for (const b of lineBars.filter((x) => x.locked)) expect(onLine.find((x) => x.id === b.id)).toMatchObject({ start: b.start, end: b.end });

    // Received in full: the material is in, and a drop on the same day now starts there.
    await sql`update pur_order_line set received_qty = qty where order_id = ${po.rows[0].id}`.execute(db());
    const again = await call<BoardCommandResult>('POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: mover!.id, version: moved.version, line_id: target!.id, start: hit.start, push: true, ...far });
    expect(again.status).toBe(200);
    const freed = again.body.data.bars.find((b) => b.id === mover!.id)!;
    expect(freed.start < eta).toBe(true);
  });
});
