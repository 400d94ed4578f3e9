import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities, FIELD_TYPE_TABLE, type EntityDef } from '../../src/model';
import type { Db } from '../../src/server/db/database';
import { entityOfMenu } from '../../src/server/access/permission.service';
import { withSystemScope } from '../../src/server/kernel/rls';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Generated from the registry (issue 5): every entity with its own API is covered without new code.
 * For every entity and every verb:
 * - a user of another tenant (its administrator, who holds every verb) gets nothing and changes nothing;
 * - a user whose roles do not grant the verb is refused with 403;
 * - a data-permission rule narrows the list, the view and the export alike.
 * Rows are planted directly in the tables (system scope) so that no entity's own rules are needed.
 */
let t: TestApp;
let db: Db;
let brand: number;
let brandAdmin: string;
let makerAdmin: string;
let noVerbs: string;
let narrowed: string;

const ENTITIES = (): EntityDef[] => allEntities().filter((e) => !e.childOnly);
const TEXTUAL = new Set(['text', 'code', 'textarea']);
/** A text field a rule can compare on (the first plain text or code field). */
const ruleField = (e: EntityDef) => e.fields.find((f) => TEXTUAL.has(f.type) && !f.readonly && f.key !== e.states?.field);

type Resp = { status: number; json: { code: number; message: string; data: unknown } | null; raw: Buffer; type: string };

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>): Promise<Resp> {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  let json: Resp['json'] = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, raw: res.rawPayload, type: String(res.headers['content-type'] ?? '') };
}

/** Plants a row of `clientId` with a marker in the rule field (and unique values where needed). */
async function plant(e: EntityDef, clientId: number, marker: string): Promise<number> {
  const cols: string[] = ['client_id'];
  const vals: unknown[] = [clientId];
  const f = ruleField(e);
  if (f) {
    cols.push(f.key);
    vals.push(marker);
  }
  for (const field of e.fields) {
    if (cols.includes(field.key)) continue;
    if (field.unique || field.key === e.codeField) {
      cols.push(field.key);
      vals.push(TEXTUAL.has(field.type) ? `${marker}-${field.key}` : null);
    } else if (e.states && field.key === e.states.field) {
      cols.push(field.key);
      vals.push(e.states.initial);
    }
  }
  return withSystemScope(db, async (tx) => {
    const r = await sql<{ id: number }>`insert into ${sql.table(e.table)} (${sql.join(cols.map((c) => sql.id(c)))}) values (${sql.join(vals.map((v) => sql`${v}`))}) returning id`.execute(tx);
    return Number(r.rows[0].id);
  });
}

async function snapshot(e: EntityDef, id: number): Promise<string> {
  return withSystemScope(db, async (tx) => JSON.stringify((await sql`select * from ${sql.table(e.table)} where id = ${id}`.execute(tx)).rows));
}

/** The export route of an entity if the import/export area provides one. */
function exportRoute(e: EntityDef): { method: 'GET' | 'POST'; url: string } | null {
  const url = `/api/${e.prefix}/${e.name}/export`;
  if (t.app.hasRoute({ method: 'GET', url })) return { method: 'GET', url };
  if (t.app.hasRoute({ method: 'POST', url })) return { method: 'POST', url };
  return null;
}

/** Every text of an export reply: cells of a workbook, or the JSON text. */
async function exportText(r: Resp): Promise<string> {
  if (r.type.includes('spreadsheet') || r.raw.subarray(0, 2).toString() === 'PK') {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const out: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => out.push(String(c.text)))));
    return out.join('\n');
  }
  return r.raw.toString();
}

const isMain = (e: EntityDef) => entityOfMenu(e.menuCode)?.name === e.name;

const planted = new Map<string, { a1: number; a2: number }>();

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  brand = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(db)).rows[0].id;
  brandAdmin = await signIn(t.app, 'brand');
  makerAdmin = await signIn(t.app, 'maker');
  for (const e of ENTITIES()) planted.set(e.name, { a1: await plant(e, brand, `ISO1-${e.name}`), a2: await plant(e, brand, `ISO2-${e.name}`) });

  // A role that grants nothing, and one that grants view and export on every menu with a rule per
  // menu that keeps only the rows marked ISO1.
  const none = await call('POST', '/api/adminapi/roles/save', brandAdmin, { code: 'suite_none', name_zh: '无权限', grants: [] });
  expect(none.status, JSON.stringify(none.json)).toBe(200);
  const menus = [...new Set(ENTITIES().map((e) => e.menuCode))];
  const view = await call('POST', '/api/adminapi/roles/save', brandAdmin, { code: 'suite_view', name_zh: '只读', grants: menus.map((m) => ({ menu_code: m, verbs: ['view', 'export'] })) });
  expect(view.status, JSON.stringify(view.json)).toBe(200);
  const viewRole = (view.json?.data as { id: number }).id;
  for (const e of ENTITIES()) {
    const f = ruleField(e);
    // Rules bind to a menu code; a menu shared by several entities takes its rule fields from its main entity.
    if (!f || !isMain(e)) continue;
    const r = await call('POST', '/api/adminapi/data-permissions/save', brandAdmin, { role_id: viewRole, menu_code: e.menuCode, field: f.key, operator: 'like', value: 'ISO1-' });
    expect(r.status, `${e.name}: ${JSON.stringify(r.json)}`).toBe(200);
  }
  const users = await call('GET', '/api/adminapi/users?size=100', brandAdmin);
  const idOf = (name: string) => ((users.json?.data as { rows: Array<{ id: number; username: string }> }).rows.find((u) => u.username === name) as { id: number }).id;
  expect((await call('POST', '/api/adminapi/users/assign-roles', brandAdmin, { id: idOf('brand.buyer'), roles: ['suite_none'] })).status).toBe(200);
  // A second user of the brand for the narrowed role: created straight in the tables.
  await withSystemScope(db, async (tx) => {
    const hash = (await sql<{ password_hash: string }>`select password_hash from users where username = 'brand.buyer'`.execute(tx)).rows[0].password_hash;
    const u = await sql<{ id: number }>`insert into users (client_id, username, fullname, password_hash, status) values (${brand}, 'brand.viewer', '只读用户', ${hash}, 'active') returning id`.execute(tx);
    await sql`insert into user_roles (user_id, role_id) values (${u.rows[0].id}, ${viewRole})`.execute(tx);
  });
  noVerbs = await signIn(t.app, 'brand.buyer');
  narrowed = await signIn(t.app, 'brand.viewer');
}, 300_000);

afterAll(async () => {
  await t?.close();
});

describe.each(ENTITIES().map((e) => [e.name, e] as const))('entity %s', (_name, e) => {
  const base = `/api/${e.prefix}/${e.name}`;
  const actions = (e.states?.transitions ?? []).map((x) => x.action);

  it('another tenant gets nothing: list, view, history and export', async () => {
    const { a1, a2 } = planted.get(e.name)!;
    const page = await call('GET', `${base}/page?size=500`, makerAdmin);
    expect(page.status).toBe(200);
    const ids = ((page.json?.data as { rows: Array<{ id: number }> }).rows ?? []).map((r) => Number(r.id));
    expect(ids).not.toContain(a1);
    expect(ids).not.toContain(a2);
    expect((await call('GET', `${base}/view?id=${a1}`, makerAdmin)).status).toBe(404);
    const history = await call('GET', `${base}/history?id=${a1}`, makerAdmin);
    expect(history.status).toBe(404);
    const ex = exportRoute(e);
    if (ex) {
      const r = await call(ex.method, ex.url, makerAdmin);
      if (r.status === 200) expect(await exportText(r)).not.toContain(`ISO1-${e.name}`);
      else expect(r.status).toBeLessThan(500);
    }
  });

  it('another tenant changes nothing: save, remove and every action on its rows', async () => {
    const { a1 } = planted.get(e.name)!;
    const before = await snapshot(e, a1);
    const f = ruleField(e);
    const save = await call('POST', `${base}/save`, makerAdmin, { id: a1, version: 1, ...(f ? { [f.key]: 'hijacked' } : {}) });
    expect([400, 404]).toContain(save.status);
    const remove = await call('POST', `${base}/remove`, makerAdmin, { ids: [a1] });
    expect(remove.status).toBe(404);
    for (const action of actions) {
      const r = await call('POST', `${base}/action/${action}`, makerAdmin, { ids: [a1] });
      expect([403, 404], `${action}: ${r.status}`).toContain(r.status);
    }
    expect(await snapshot(e, a1)).toBe(before);
  });

  it('a user without the verb is refused (403) for every verb', async () => {
    const { a1 } = planted.get(e.name)!;
    const before = await snapshot(e, a1);
    expect((await call('GET', `${base}/page`, noVerbs)).status).toBe(403);
    expect((await call('GET', `${base}/view?id=${a1}`, noVerbs)).status).toBe(403);
    expect((await call('POST', `${base}/save`, noVerbs, {})).status).toBe(403);
    expect((await call('POST', `${base}/save`, noVerbs, { id: a1, version: 1 })).status).toBe(403);
    expect((await call('POST', `${base}/remove`, noVerbs, { ids: [a1] })).status).toBe(403);
    for (const action of actions) expect((await call('POST', `${base}/action/${action}`, noVerbs, { ids: [a1] })).status, action).toBe(403);
    const ex = exportRoute(e);
    if (ex) expect((await call(ex.method, ex.url, noVerbs)).status).toBe(403);
    // The narrowed role may view and export, but not write.
    expect((await call('POST', `${base}/remove`, narrowed, { ids: [a1] })).status).toBe(403);
    expect((await call('POST', `${base}/save`, narrowed, { id: a1, version: 1 })).status).toBe(403);
    expect(await snapshot(e, a1)).toBe(before);
  });

  // A personal entity's rows are their creator's alone (notes): the narrowed colleague sees none, which
  // tests/api/successful-personal-notes.test.ts checks; a data rule has nothing to narrow there.
  it.runIf(Boolean(ruleField(e)) && isMain(e) && !e.personal)('a data-permission rule narrows the list, the view and the export alike', async () => {
    const { a1, a2 } = planted.get(e.name)!;
    const page = await call('GET', `${base}/page?size=500`, narrowed);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    const rows = (page.json?.data as { rows: Array<Record<string, unknown>> }).rows;
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toContain(a1);
    expect(ids).not.toContain(a2);
    const f = ruleField(e)!;
    for (const r of rows) expect(String(r[f.key] ?? '')).toContain('ISO1-');
    expect((await call('GET', `${base}/view?id=${a1}`, narrowed)).status).toBe(200);
    expect((await call('GET', `${base}/view?id=${a2}`, narrowed)).status).toBe(404);
    const ex = exportRoute(e);
    if (ex) {
      const r = await call(ex.method, ex.url, narrowed);
      expect(r.status).toBe(200);
      const text = await exportText(r);
      expect(text).not.toContain(`ISO2-${e.name}`);
    }
    // The administrator without rules still sees both.
    const all = await call('GET', `${base}/page?size=500`, brandAdmin);
    const allIds = (all.json?.data as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
    expect(allIds).toEqual(expect.arrayContaining([a1, a2]));
  });
});

it('covers every registry entity with its own API', async () => {
  expect(ENTITIES().length).toBeGreaterThan(5);
  // Its page answers (a caller not signed in is asked to sign in), where a path naming no entity is not found.
  for (const e of ENTITIES()) expect((await t.app.inject({ method: 'GET', url: `/api/${e.prefix}/${e.name}/page` })).statusCode, e.name).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: `/api/${ENTITIES()[0].prefix}/no_such_entity/page` })).statusCode).toBe(404);
  void FIELD_TYPE_TABLE;
});
