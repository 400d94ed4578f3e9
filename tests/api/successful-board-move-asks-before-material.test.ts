import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../calendars/capacity';
import type { BoardBar, BoardCommandResult, BoardData, MaterialGateAsk } from '../../src/model/schedule-board';
import { materialGates } from '../../src/server/services/planning/planning.schedule-inputs';
import { createTestApp, signIn, signInUnassigned, type TestApp } from '../support/test-app';

/**
 * A board move that would start a plan before its material is in (issue 31). With `material: 'ask'`
 * (the board's drop) the command refuses a start before the plan's material gate (the auto-scheduler's:
 * the latest due date of the open purchase lines of its materials, or its own material-ready date when
 * later) with a 409 naming the day and what holds it: the purchase order (id, number, material) or the
 * plan's own date; nothing changes. `gate` starts the bar on the gate day, `keep` on the planner's day,
 * a plain move and a move that pushes the following plans alike. Without the field a move does as
 * before. Another company's purchase lines hold nothing; another company cannot move the bar, a user
 * without the board's right gets its 403. Received in full, the material holds nothing.
 */
let t: TestApp;
let planner: string;
let brand: string;
let lone: string;
let maker: number;
let other: number;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${token}`, 'x-lang': lang } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const db = () => t.database.db;
const clientOf = async (username: string) => Number((await sql<{ client_id: number }>`select client_id from users where username = ${username}`.execute(db())).rows[0].client_id);
const board = (query: Record<string, string>) => call<BoardData>(planner, 'GET', '/api/scmapi/schedule/board', undefined, query);

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  brand = await signIn(t.app, 'brand');
  lone = await signInUnassigned(t, 'maker.planner', 'maker.gate.norole', '13700000031');
  maker = await clientOf('maker.planner');
  other = await clientOf('brand');
}, 300_000);
afterAll(async () => t?.close());

describe('a board move before the material is in', () => {
  it('is asked with the gate and what holds it; the planner\'s choice of the gate day or the own day is kept', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: today, to: addDays(today, 200) };
    const data = (await board(range)).body.data;
    // An unlocked bar ahead of today, alone on its plan, moved along its own line.
    const single = (b: BoardBar) => data.bars.filter((x) => x.plan_id === b.plan_id).length === 1;
    const bar = data.bars.find((b) => !b.locked && b.start > addDays(today, 10) && single(b))!;
    expect(bar, 'an unlocked bar ahead of today').toBeTruthy();
    const length = daysBetween(bar.start, bar.end) - 1;
    const plan = (await sql<{ id: number; style_no: string; plan_no: string }>`select id, style_no, plan_no from scm_prodplan where id = ${bar.plan_id}`.execute(db())).rows[0];
    await sql`update scm_prodplan set material_ready_date = null where id = ${plan.id}`.execute(db());
    // Its fabric on a confirmed purchase order due after every other gate of the plan, not received.
    const earlier = (await materialGates(db(), maker, [plan.id])).get(plan.id)?.day ?? bar.start;
    const eta = addDays(earlier > bar.start ? earlier : bar.start, 30);
    const mat = (await sql<{ id: number }>`insert into md_material (client_id, code, name) values (${maker}, 'GATE-FAB', '门控面料') returning id`.execute(db())).rows[0];
    let style = (await sql<{ id: number }>`select id from dev_style where client_id = ${maker} and code = ${plan.style_no}`.execute(db())).rows[0];
    if (!style) style = (await sql<{ id: number }>`insert into dev_style (client_id, code, name, category) values (${maker}, ${plan.style_no}, ${plan.style_no}, ${bar.category}) returning id`.execute(db())).rows[0];
    await sql`insert into dev_style_bom (client_id, style_id, material_id, consumption) values (${maker}, ${style.id}, ${mat.id}, 1.2)`.execute(db());
    const po = (await sql<{ id: number }>`insert into pur_order (client_id, po_no, order_kind, status, delivery_date) values (${maker}, 'PO-GATE-1', 'material', 'confirmed', ${eta}) returning id`.execute(db())).rows[0];
    await sql`insert into pur_order_line (client_id, order_id, material_id, qty, received_qty) values (${maker}, ${po.id}, ${mat.id}, 500, 0)`.execute(db());
    // Another company's purchase line naming the same material id, due later: it holds nothing of the maker's.
    const theirs = (await sql<{ id: number }>`insert into pur_order (client_id, po_no, order_kind, status, delivery_date) values (${other}, 'PO-GATE-X', 'material', 'confirmed', ${addDays(eta, 30)}) returning id`.execute(db())).rows[0];
    await sql`insert into pur_order_line (client_id, order_id, material_id, qty, received_qty) values (${other}, ${theirs.id}, ${mat.id}, 500, 0)`.execute(db());

    const move = (version: number, start: string, more: Record<string, unknown> = {}, token = planner, lang: 'zh-CN' | 'en' = 'zh-CN') =>
      call<BoardCommandResult>(token, 'POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: bar.id, version, line_id: bar.line_id, start, ...range, ...more }, undefined, lang);
    const stored = async () => (await sql<{ version: number; start_date: Date | string; line_id: number }>`select version, start_date, line_id from scm_prodplan_bar where id = ${bar.id}`.execute(db())).rows[0];
    const day = (v: Date | string) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
    // Twenty days before the gate: room for a push to lay the bar from there even across a holiday.
    const early = addDays(eta, -20);

    // Asked: refused with the gate day and the purchase order that holds it; nothing changes.
    const asked = await move(bar.version, early, { material: 'ask' });
    expect(asked.status, JSON.stringify(asked.body).slice(0, 300)).toBe(409);
    expect(asked.body.code).toBe(11002);
    const answer = asked.body.data as unknown as MaterialGateAsk;
    expect(answer).toEqual({ reason: 'material_gate', plan_id: plan.id, plan_no: plan.plan_no, start: early, gate: { day: eta, held_by: { source: 'purchase', purchase_id: po.id, po_no: 'PO-GATE-1', material: '门控面料' } } });
    expect(asked.body.message).toContain('PO-GATE-1');
    expect(asked.body.message).toContain(eta);
    const inEnglish = await move(bar.version, early, { material: 'ask' }, planner, 'en');
    expect(inEnglish.body.message).toContain(`ready only on ${eta} (purchase order PO-GATE-1: 门控面料)`);
    expect(await stored()).toMatchObject({ version: bar.version, line_id: bar.line_id });
    expect(day((await stored()).start_date)).toBe(bar.start);
    // A push is asked the same way.
    expect((await move(bar.version, early, { material: 'ask', push: true })).status).toBe(409);
    expect((await stored()).version).toBe(bar.version);

    // The gate day: the bar starts there, keeping its days.
    const atGate = await move(bar.version, early, { material: 'gate' });
    expect(atGate.status, JSON.stringify(atGate.body).slice(0, 300)).toBe(200);
    const g = atGate.body.data.bars.find((b) => b.id === bar.id)!;
    expect([g.start, g.end]).toEqual([eta, addDays(eta, length)]);

    // The planner's own day, kept.
    const kept = await move(g.version, early, { material: 'keep' });
    expect(kept.status).toBe(200);
    const k = kept.body.data.bars.find((b) => b.id === bar.id)!;
    expect(k.start).toBe(early);
    // On or after the gate nothing is asked.
    const after = await move(k.version, addDays(eta, 2), { material: 'ask' });
    expect(after.status).toBe(200);
    let version = after.body.data.bars.find((b) => b.id === bar.id)!.version;

    // A push that keeps the planner's day lays the dropped bar from that day (without the choice it waits for the gate).
    const pushedKeep = await move(version, early, { material: 'keep', push: true });
    expect(pushedKeep.status, JSON.stringify(pushedKeep.body).slice(0, 300)).toBe(200);
    const pk = pushedKeep.body.data.bars.find((b) => b.id === bar.id)!;
    expect(pk.start < eta, `${pk.start} kept before the gate ${eta}`).toBe(true);
    expect(pk.start >= early).toBe(true);
    const pushedGate = await move(pk.version, early, { material: 'gate', push: true });
    expect(pushedGate.status).toBe(200);
    const pg = pushedGate.body.data.bars.find((b) => b.id === bar.id)!;
    expect(pg.start >= eta, `${pg.start} on or after the gate ${eta}`).toBe(true);
    version = pg.version;

    // Without the field, a plain move keeps the planner's day as before.
    const plain = await move(version, early);
    expect(plain.status).toBe(200);
    version = plain.body.data.bars.find((b) => b.id === bar.id)!.version;
    expect(day((await stored()).start_date)).toBe(early);

    // The plan's own material-ready date, later than the purchase order: it holds the plan.
    const own = addDays(eta, 5);
    await sql`update scm_prodplan set material_ready_date = ${own} where id = ${plan.id}`.execute(db());
    const byPlan = await move(version, eta, { material: 'ask' });
    expect(byPlan.status).toBe(409);
    expect((byPlan.body.data as unknown as MaterialGateAsk).gate).toEqual({ day: own, held_by: { source: 'plan' } });
    expect(byPlan.body.message).toContain(`${own} 才齐套（计划的物料齐套日期）`);
    await sql`update scm_prodplan set material_ready_date = null where id = ${plan.id}`.execute(db());

    // Another company cannot move the bar (no board of its own, or not its bar); a user without the board's right gets the board's refusal.
    const foreign = await move(version, early, { material: 'ask' }, brand);
    expect([403, 404]).toContain(foreign.status);
    expect(foreign.body.data).toBeFalsy();
    expect((await stored()).version).toBe(version);
    const refused = await move(version, early, { material: 'ask' }, lone);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeFalsy();
    // A choice that is not one of the three is refused as a malformed command.
    expect((await move(version, early, { material: 'later' })).status).toBe(400);

    // Received in full: the material is in, nothing holds the move.
    await sql`update pur_order_line set received_qty = qty where order_id = ${po.id}`.execute(db());
    const free = await move(version, addDays(early, -1), { material: 'ask' });
    expect(free.status, JSON.stringify(free.body).slice(0, 300)).toBe(200);
    expect(free.body.data.bars.find((b) => b.id === bar.id)!.start).toBe(addDays(early, -1));
  });
});
