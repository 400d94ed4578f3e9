import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_TYPE_TABLE, translate, viewEntities, type EntityDef, type TransitionDef } from '../../src/model';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenFor, type Reply } from '../support/resource-client';
import { userIdOf } from './registry-harness';

/**
 * Generated for EVERY journal view (`EntityDef.journal`, issue 30: an approval task; rows that are
 * each one person's to act on, without a version, written by src/server/resources/journal-writer.ts)
 * and each of its transitions, through the generic action route, on the demo brand's rows held by
 * its administrator:
 * - a row outside the transition's from-states (a task already decided) is refused with 409 and the
 *   journal's own message, and nothing changes;
 * - a row taken through a transition that lands in a state is written once, audited under the
 *   action's name, and refused the second time with the same 409 (decided once, never twice);
 * - another company's caller gets 404 and a colleague who does not hold the row 403, and nothing changes.
 */
vi.setConfig({ testTimeout: 120000 });

const journals = viewEntities().filter((e) => e.journal && e.states?.transitions.length);
let t: TestApp;
const tokens = new Map<string, string>();
let holderId = 0;
let brandId = 0;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.finance', 'maker']) tokens.set(u, await tokenFor(t.database.db, t.config, u));
  holderId = await userIdOf(t.database.db, 'brand');
  brandId = Number((await sql<{ client_id: number }>`select client_id from users where id = ${holderId}`.execute(t.database.db)).rows[0].client_id);
}, 180000);
afterAll(async () => t?.close());

async function action(e: EntityDef, user: string, name: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/${e.prefix}/${e.name}/action/${name}`, payload: body, headers: { authorization: `Bearer ${tokens.get(user)}` } });
  return { status: res.statusCode, body: res.json() as Reply };
}

/** Valid parameters: free text where text is asked, an id where a reference is (its row is the handler's to check, which a refused call never reaches). */
const paramsOf = (tr: TransitionDef) =>
  Object.fromEntries((tr.params ?? []).map((p) => [p.key, FIELD_TYPE_TABLE[p.type].nature === 'text' && !p.ref ? 'x' : holderId]));

/** The brand administrator's rows of the journal, in or out of the transition's from-states, as stored. */
async function heldRows(e: EntityDef, tr: TransitionDef, inFrom: boolean): Promise<Array<Record<string, unknown>>> {
  const state = sql.ref(`t.${e.states!.field}`);
  const from = sql.join(tr.from.map((s) => sql`${s}`));
  const rows = await sql<Record<string, unknown>>`select * from ${sql.table(e.table)} t where t.client_id = ${brandId} and ${sql.ref(`t.${e.journal!.holder}`)} = ${holderId}
    and ${inFrom ? sql`${state}::text in (${from})` : sql`${state}::text not in (${from})`} order by t.id`.execute(t.database.db);
  return rows.rows;
}

const stored = async (e: EntityDef, id: unknown) => (await sql<Record<string, unknown>>`select * from ${sql.table(e.table)} where id = ${Number(id)}`.execute(t.database.db)).rows[0];

describe('journal views exist', () => {
  it('the approval task is one, its decisions its transitions', () => {
    expect(journals.map((e) => e.name)).toContain('wftask');
  });
});

describe.each(journals.map((e) => [e.name, e] as const))('journal view %s', (_name, entity) => {
  const moved = translate('zh-CN', entity.journal!.moved);

  it.each(entity.states!.transitions.map((tr) => [tr.action, tr] as const))('%s: a row outside its from-states is refused with the journal message; another company 404, a colleague 403', async (_a, tr) => {
    const [done] = await heldRows(entity, tr, false);
    expect(done, 'a row outside the from-states').toBeDefined();
    const refused = await action(entity, 'brand', tr.action, { ids: [done.id], ...paramsOf(tr) });
    expect([refused.status, refused.body.message]).toEqual([409, moved]);
    const [open] = await heldRows(entity, tr, true);
    expect(open, 'a row in a from-state').toBeDefined();
    expect((await action(entity, 'maker', tr.action, { ids: [open.id], ...paramsOf(tr) })).status).toBe(404);
    expect((await action(entity, 'brand.finance', tr.action, { ids: [open.id], ...paramsOf(tr) })).status).toBe(403);
    expect(await stored(entity, done.id)).toEqual(done);
    expect(await stored(entity, open.id)).toEqual(open);
  });

  it('a row taken through a transition is written once, audited under its action, and cannot be taken twice', async () => {
    const tr = entity.states!.transitions.find((x) => x.to && (x.params ?? []).every((p) => !p.required))!;
    expect(tr, 'a transition into a state without required parameters').toBeDefined();
    const [open] = await heldRows(entity, tr, true);
    const first = await action(entity, 'brand', tr.action, { ids: [open.id] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const after = await stored(entity, open.id);
    expect(String(after[entity.states!.field])).toBe(tr.to);
    const audit = await sql<{ action: string }>`select action from audit_log where entity = ${entity.name} and record_id = ${Number(open.id)}`.execute(t.database.db);
    expect(audit.rows.map((r) => r.action)).toEqual([tr.action]);
    const again = await action(entity, 'brand', tr.action, { ids: [open.id] });
    expect([again.status, again.body.message]).toEqual([409, moved]);
    expect(await stored(entity, open.id)).toEqual(after);
  });
});
