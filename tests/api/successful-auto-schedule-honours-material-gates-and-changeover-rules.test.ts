import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../calendars/capacity';
import type { BoardBar, BoardData, ScenarioSummary } from '../../src/model/schedule-board';
import { changeoverRules, planSetups } from '../../src/server/services/planning/planning.schedule-inputs';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Auto-schedule that is true to the floor (issue 31), on the maker's demo season: a plan whose
 * material is on a purchase order not yet received does not start before the order's delivery date
 * (and starts earlier again once the material is received); the company's changeover rules, kept on
 * their registry page, set the setup a line spends between families; another company's purchase
 * orders and rules change nothing for the maker.
 */
let t: TestApp;
let planner: string;
let maker: number;
let other: number;

type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
async function call<T>(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, query?: Record<string, string>): Promise<Reply<T>> {
  const res = await t.app.inject({ method, url, payload, query, headers: { authorization: `Bearer ${planner}` } });
  return { status: res.statusCode, body: res.json() as Reply<T>['body'] };
}
const db = () => t.database.db;
const clientOf = async (username: string) => Number((await sql<{ client_id: number }>`select client_id from users where username = ${username}`.execute(db())).rows[0].client_id);

async function scenarioBars(from: string, to: string, name: string): Promise<BoardBar[]> {
  const auto = await call<ScenarioSummary>('POST', '/api/scmapi/schedule/auto', { name, from, to });
  expect(auto.status).toBe(200);
  const board = await call<BoardData>('GET', '/api/scmapi/schedule/board', undefined, { from, to, scenario: String(auto.body.data.id) });
  return board.body.data.bars;
}

/** A purchase of one material for a style's BOM, in a company: the style (code), its BOM line, the order and its line. */
async function purchase(clientId: number, styleNo: string, eta: string, poNo: string): Promise<{ lineId: number }> {
  const mat = await sql<{ id: number }>`insert into md_material (client_id, code, name) values (${clientId}, ${poNo + '-FAB'}, '面料') returning id`.execute(db());
  const materialId = Number(mat.rows[0].id);
  let style = (await sql<{ id: number }>`select id from dev_style where client_id = ${clientId} and code = ${styleNo}`.execute(db())).rows[0];
  if (!style) style = (await sql<{ id: number }>`insert into dev_style (client_id, code, name, category, colours) values (${clientId}, ${styleNo}, ${styleNo}, 'knit-top', '黑色') returning id`.execute(db())).rows[0];
  await sql`insert into dev_style_bom (client_id, style_id, material_id, consumption) values (${clientId}, ${style.id}, ${materialId}, 1.2)`.execute(db());
  const po = await sql<{ id: number }>`insert into pur_order (client_id, po_no, order_kind, status, delivery_date) values (${clientId}, ${poNo}, 'material', 'confirmed', ${eta}) returning id`.execute(db());
  const line = await sql<{ id: number }>`insert into pur_order_line (client_id, order_id, material_id, qty, received_qty) values (${clientId}, ${po.rows[0].id}, ${materialId}, 500, 0) returning id`.execute(db());
  return { lineId: Number(line.rows[0].id) };
}

beforeAll(async () => {
  t = await createTestApp();
  planner = await signIn(t.app, 'maker.planner');
  maker = await clientOf('maker.planner');
  other = await clientOf('brand');
});
afterAll(async () => t?.close());

describe('auto-schedule with material gates and changeover rules', () => {
  let range: { from: string; to: string };

  it('holds a plan until its fabric\'s purchase order is due, another company\'s purchase aside, and frees it once received', async () => {
    const board = (await call<BoardData>('GET', '/api/scmapi/schedule/board')).body.data;
    range = { from: board.from, to: board.to };
    const before = await scenarioBars(range.from, range.to, '无采购约束');
    // The plan the scheduler starts first (not locked): its material now arrives 20 days later.
    const first = before.filter((b) => !b.locked).sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)[0];
    const plan = (await sql<{ id: number; style_no: string }>`select id, style_no from scm_prodplan where id = ${first.plan_id} and client_id = ${maker}`.execute(db())).rows[0];
    const eta = addDays(first.start, 20);
    const { lineId } = await purchase(maker, plan.style_no, eta, 'PO-GATE-1');
    // The same style and a later purchase in another company: not the maker's material.
    await purchase(other, plan.style_no, addDays(first.start, 90), 'PO-GATE-2');

    const setups = await planSetups(db(), maker);
    expect(setups.get(plan.id)?.gate).toBe(eta);
    expect((await planSetups(db(), other)).has(plan.id)).toBe(false);

    const gated = (await scenarioBars(range.from, range.to, '采购约束')).filter((b) => b.plan_id === plan.id);
    expect(gated.length).toBeGreaterThan(0);
    for (const b of gated) expect(b.start >= eta).toBe(true);

    // Received in full: the material is in, the plan is free to start as before.
    await sql`update pur_order_line set received_qty = qty where id = ${lineId}`.execute(db());
    expect((await planSetups(db(), maker)).get(plan.id)?.gate ?? null).not.toBe(eta);
    const freed = (await scenarioBars(range.from, range.to, '已收货')).filter((b) => b.plan_id === plan.id);
    expect(freed.some((b) => b.start < eta)).toBe(true);
  });

  it('spends the company\'s family changeover between families on a line, kept on the rules page; another company\'s rules aside', async () => {
    const bad = await call('POST', '/api/scmapi/changeover_rule/save', { change: 'colour', from_family: 'denim', minutes: 30 });
    expect(bad.body.code).not.toBe(200);
    expect(JSON.stringify(bad.body)).toContain('只有“换品类”规则可以指定原品类和新品类');
    // Another company's rule of 0 minutes is not the maker's.
    await sql`insert into scm_changeover_rule (client_id, change, minutes) values (${other}, 'family', 0)`.execute(db());
    const saved = await call<{ id: number }>('POST', '/api/scmapi/changeover_rule/save', { change: 'family', minutes: 30000 });
    expect(saved.status).toBe(200);
    expect((await changeoverRules(db(), maker)).family).toBe(30000);
    expect((await changeoverRules(db(), other)).family).toBe(0);

    // 30,000 minutes is more than a line's day: a change of family shows as a first day without pieces.
    const long = await scenarioBars(range.from, range.to, '换线长');
    const pairs = familyChanges(long);
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter(setupDay).length).toBe(pairs.length);

    // Without a family changeover most changes start making pieces on their first day.
    await sql`update scm_changeover_rule set minutes = 0 where client_id = ${maker}`.execute(db());
    const none = familyChanges(await scenarioBars(range.from, range.to, '换线零'));
    expect(none.filter(setupDay).length).toBeLessThan(none.length / 2);
  });
});

/** A change of family spent a whole day in setup: the bar after it (or, laid into an idle span, the one before) starts without pieces. */
const setupDay = ([a, b]: [BoardBar, BoardBar]) => a.daily[0] === 0 || b.daily[0] === 0;

/** Consecutive bars (placed, not locked) of a line that make different families. */
function familyChanges(bars: BoardBar[]): [BoardBar, BoardBar][] {
  const byLine = new Map<number, BoardBar[]>();
  for (const b of bars) if (!b.locked) byLine.set(b.line_id, [...(byLine.get(b.line_id) ?? []), b]);
  const out: [BoardBar, BoardBar][] = [];
  for (const list of byLine.values()) {
    list.sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
    for (let i = 1; i < list.length; i++) if (list[i - 1].category !== list[i].category) out.push([list[i - 1], list[i]]);
  }
  return out;
}
