import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso } from '../../src/model/node-tracking';
import { todayIso } from '../../src/server/services/tracking';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * The engine's transitions of a master-detail record's lines (issue 30, `EntityDef.lineOf`), on the
 * first entity that declares them: a customer order's node lines (`ordernode`: `actual`, `plan`).
 * What a master's transition checks, a line's checks too, through the same writer stage: the route
 * exists only for declared transitions, the caller's company and the master's data permissions (404),
 * the line's version (409), its parameters as a save's fields (400 under the field), the master's
 * state (409, in the domain's words), the handler's refusals, all lines of a call or none, the write
 * through the record writer (version, who) with one audit row under the action's name, and the
 * handlers' data in the reply.
 */
let t: TestApp;
let maker: string;
let brand: string;
let makerId: number;

type Row = Record<string, unknown>;
type Reply<T> = { status: number; body: { code: number; message: string; data: T } };
type Node = Row & { id: number; version: number; node_code: string; node_name: string; plan_date: string; actual_date: string | null };
type Timeline = { order: Row; tracking: { nodes: Node[]; done: number } };

const today = todayIso();

async function call<T = Row>(token: string | null, method: 'GET' | 'POST', url: string, body?: Row): Promise<Reply<T>> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const res = await t.app.inject({ method, url: `/api${url}`, headers, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() };
}
const line = (token: string | null, action: string, body: Row) => call<{ rows: Row[]; data?: Timeline[]; errors?: Record<string, unknown> }>(token, 'POST', `/scmapi/ordernode/action/${action}`, body);
const timeline = async (orderId: number) => (await call<Timeline>(maker, 'GET', '/scmapi/nodetrack/timeline', { order_id: String(orderId) })).body.data;
const stored = async (id: number) => (await sql<Row>`select version, actual_date, actual_source, actual_by, updated_by, plan_date, plan_manual from scm_order_node where id = ${id}`.execute(t.app.db)).rows[0];
const audits = async (id: number, action: string) =>
  (await sql<{ changes: unknown }>`select changes from audit_log where client_id = ${makerId} and entity = 'ordernode' and record_id = ${id} and action = ${action}`.execute(t.app.db)).rows;

let orders: number[];

beforeAll(async () => {
  t = await createTestApp();
  maker = await signIn(t.app, 'maker');
  brand = await signIn(t.app, 'brand');
  makerId = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(t.app.db)).rows[0].id;
  orders = (await call<{ rows: Row[] }>(maker, 'GET', '/scmapi/trackedorder/page?size=500')).body.data.rows.map((r) => Number(r.id));
});
afterAll(async () => t?.close());

describe('a line\'s transition through the writer', () => {
  it('is served only for the line\'s declared transitions, signed in', async () => {
    const n = (await timeline(orders[0])).tracking.nodes.find((x) => !x.actual_date)!;
    expect((await line(null, 'actual', { ids: [n.id], actual_date: today })).status).toBe(401);
    expect((await line(maker, 'nodeplan', { ids: [n.id] })).status).toBe(404);
    expect((await line(maker, 'actual', {})).status).toBe(400);
    // A child entity without lines' transitions has no action route at all.
    expect((await call(maker, 'POST', '/scmapi/customerorder_entry/action/actual', { ids: [1] })).status).toBe(404);
  });

  it('refuses another company\'s line, a stale version and a bad parameter, writing nothing', async () => {
    const n = (await timeline(orders[0])).tracking.nodes.find((x) => !x.actual_date)!;
    const before = await stored(n.id);
    expect((await line(brand, 'actual', { ids: [n.id], actual_date: today })).status).toBe(404);
    expect((await line(maker, 'actual', { ids: [n.id], actual_date: today, version: n.version + 1 })).status).toBe(409);
    const bad = await line(maker, 'plan', { ids: [n.id], plan_date: 'not a date' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors ?? {})).toEqual(['plan_date']);
    const missing = await line(maker, 'plan', { ids: [n.id] });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.errors ?? {})).toEqual(['plan_date']);
    expect(await stored(n.id)).toEqual(before);
  });

  it('writes through the record writer: the patch of parameters and handler, the version, who, one audit row; the handler\'s data replies', async () => {
    const n = (await timeline(orders[0])).tracking.nodes.find((x) => !x.actual_date)!;
    const r = await line(maker, 'actual', { ids: [n.id], actual_date: today, version: n.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.rows).toHaveLength(1);
    expect(r.body.data.rows[0]).toMatchObject({ id: n.id, version: n.version + 1 });
    expect(r.body.data.data?.[0].tracking.nodes.find((x) => x.id === n.id)).toMatchObject({ actual_date: today, state: 'done' });
    const row = await stored(n.id);
    const makerUser = (await sql<{ id: number }>`select id from users where username = 'maker'`.execute(t.app.db)).rows[0].id;
    expect(row).toMatchObject({ version: n.version + 1, actual_source: 'maker' });
    expect(Number(row.actual_by)).toBe(makerUser);
    expect(Number(row.updated_by)).toBe(makerUser);
    const audit = await audits(n.id, 'actual');
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0].changes)).toContain(today);
  });

  it('the handler refuses in its own words: a done node is not re-planned', async () => {
    const done = (await timeline(orders[0])).tracking.nodes.find((x) => x.actual_date)!;
    const r = await line(maker, 'plan', { ids: [done.id], plan_date: addDaysIso(today, 5) });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain(done.node_name);
  });

  it('all lines of one call or none: one line on a finished order refuses the whole call, in the master\'s domain words', async () => {
    expect(orders.length).toBeGreaterThan(1);
    const a = orders[0];
    const na = (await timeline(a)).tracking.nodes.find((x) => !x.actual_date)!;
    // Another demo order the maker may finish (one whose outgoing inspection failed may not).
    let b: number | null = null;
    let nb: Node | null = null;
    for (const id of orders.slice(1)) {
      const open = (await timeline(id)).tracking.nodes.find((x) => !x.actual_date);
      if (!open) continue;
      if ((await resourceClient(t.app, maker, 'scmapi', 'customerorder').action('finish', { id })).status === 200) {
        [b, nb] = [id, open];
        break;
      }
    }
    expect(b, 'a demo order the maker can finish').not.toBeNull();
    const beforeA = await stored(na.id);
    const r = await line(maker, 'plan', { ids: [na.id, nb!.id], plan_date: addDaysIso(today, 30) });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/已完成，不能再修改节点$/);
    expect(await stored(na.id)).toEqual(beforeA);
    expect(await audits(na.id, 'plan')).toHaveLength(0);
    // The line of the order still in progress alone goes through, planned by hand and audited.
    const ok = await line(maker, 'plan', { ids: [na.id], plan_date: addDaysIso(today, 30) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await stored(na.id)).toMatchObject({ plan_manual: true, version: Number(beforeA.version) + 1 });
    expect(await audits(na.id, 'plan')).toHaveLength(1);
  });
});
