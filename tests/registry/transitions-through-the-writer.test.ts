import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allEntities, type EntityDef, type TransitionDef } from '../../src/model';
import { registerSaveHook, type AfterWriteContext } from '../../src/server/resources/save-hooks';
import { resourceClient, tokenFor } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { TenantActor, userIdOf } from './registry-harness';

/**
 * Generated for every entity with a state machine (issue 30: transitions go through the writer).
 * A transition out of the initial state (to another state) that asks for no parameters:
 * - bumps the version once and is recorded in the document's history under its action, with the
 *   state's change;
 * - runs the entity's afterWrite hooks (derived columns, the control tower's refresh), with the
 *   source `action`;
 * - loses with 409 at a stale version, as a save does;
 * - is refused, as a save is, when its result would leave the actor's data scope (a rule on the
 *   state field that admits the initial state only), and then changes nothing.
 * Transitions whose domain pre-checks refuse a generated document (no lines yet, a missing partner)
 * answer with a domain message and are counted apart; the suite fails if too few could be tried.
 */
vi.setConfig({ testTimeout: 120000 });

const candidates = allEntities()
  .filter((e) => !e.childOnly && e.states)
  .map((e) => [e.name, e, e.states!.transitions.find((t) => t.from.includes(e.states!.initial) && t.to !== undefined && t.to !== e.states!.initial && !t.params?.length && !t.roles?.length) ?? null] as const)
  .filter((c): c is readonly [string, EntityDef, TransitionDef] => c[2] !== null);

let t: TestApp;
let a: TenantActor;
let admin: string;
const seenBySource = new Map<string, string[]>();
const tried: string[] = [];
const refusedByDomain: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  a = new TenantActor(t.app, db, await tokenFor(db, t.config, 'brand'), await userIdOf(db, 'brand'), 9000);
  admin = await signIn(t.app, 'brand');
  for (const [name] of candidates) {
    registerSaveHook(name, {
      afterWrite: async (ctx: AfterWriteContext) => {
        seenBySource.set(`${name}:${ctx.ids.join(',')}`, [...(seenBySource.get(`${name}:${ctx.ids.join(',')}`) ?? []), ctx.source]);
      },
    });
  }
}, 180000);
afterAll(async () => t?.close());

async function adminCall(method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}` }, payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: Record<string, unknown> } };
}

/** brand.buyer with one role: the entity's menu, its edits and the transition, rows in the initial state only. */
async function buyerLimitedToInitialState(entity: EntityDef, tr: TransitionDef): Promise<string> {
  const code = `scope_${entity.name}`.slice(0, 40);
  const role = await adminCall('POST', '/api/adminapi/roles/save', { code, name_zh: `${entity.name}初始状态`, grants: [{ menu_code: entity.menuCode, verbs: ['view', 'create', 'edit', `action:${tr.action}`] }] });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const rule = await adminCall('POST', '/api/adminapi/data-permissions/save', { role_id: (role.body.data as { id: number }).id, menu_code: entity.menuCode, field: entity.states!.field, operator: 'eq', value: entity.states!.initial });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  const users = await adminCall('GET', '/api/adminapi/users?q=brand.buyer');
  const buyerId = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'brand.buyer')!.id;
  expect((await adminCall('POST', '/api/adminapi/users/assign-roles', { id: buyerId, roles: [code] })).status).toBe(200);
  return signIn(t.app, 'brand.buyer');
}

describe.each(candidates)('transition of %s through the writer', (_name, entity, tr) => {
  it(`${tr.action}: one version, audited, hooks with source action, stale refused, scope kept`, async () => {
    const doc = await a.create(entity.name);
    const id = Number(doc.id);
    const client = a.client(entity.name);
    const moved = await client.action(tr.action, { ids: [id], version: doc.version });
    if (moved.status !== 200) {
      // A domain pre-check (lines required, a partner to send to): a message, never a failure of the server.
      expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(500);
      expect(moved.body.message).toBeTruthy();
      refusedByDomain.push(`${entity.name}.${tr.action}`);
      return;
    }
    tried.push(`${entity.name}.${tr.action}`);
    const after = (await client.view(id)).body.data;
    expect(after.version).toBe(Number(doc.version) + 1);
    expect(after[entity.states!.field]).toBe(tr.to);
    const history = (await client.history(id)).body.data;
    const entry = history.rows.find((r) => r.action === tr.action);
    expect(entry?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: entity.states!.field, new: tr.to })]));
    expect(seenBySource.get(`${entity.name}:${id}`)).toContain('action');

    // A stale version loses, as a save's does.
    const back = entity.states!.transitions.find((x) => x.from.includes(tr.to ?? '') && !x.params?.length && !x.roles?.length);
    if (back) {
      const stale = await client.action(back.action, { ids: [id], version: doc.version });
      expect(stale.status).toBe(409);
    }

    // What a save refuses, a transition refuses: a result outside the actor's data scope.
    const buyer = await buyerLimitedToInitialState(entity, tr);
    const limited = resourceClient(t.app, buyer, entity.prefix, entity.name);
    // A personal entity's rows are their creator's alone (tasks, notes): the buyer moves one of its own.
    const mine = entity.personal ? await limited.save(await a.document(entity.name)) : null;
    if (mine) expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const own = mine ? mine.body.data : await a.create(entity.name);
    const refused = await limited.action(tr.action, { ids: [Number(own.id)], version: own.version });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.message).toBe('保存后的数据超出了您的数据权限范围，无法保存');
    const still = (await (mine ? limited : client).view(Number(own.id))).body.data;
    expect({ state: still[entity.states!.field], version: still.version }).toEqual({ state: entity.states!.initial, version: own.version });
  });
});

describe('coverage of the generated transitions', () => {
  it('tried enough transitions to mean something', () => {
    expect(candidates.length).toBeGreaterThan(10);
    console.info(`transitions through the writer: ${tried.length} of ${candidates.length} tried; refused by their domain checks: ${refusedByDomain.join(' ')}`);
    expect(tried.length, `tried ${tried.join(' ')}; refused by their domain checks: ${refusedByDomain.join(' ')}`).toBeGreaterThanOrEqual(Math.ceil(candidates.length / 3));
  });
});
