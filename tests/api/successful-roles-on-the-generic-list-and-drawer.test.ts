import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: a company's roles are the engine's list, drawer and removal of the editable view entity
 * `role` (/api/adminapi/role/page, view, save, remove), the grants a field of the role stored in
 * role_grants. A company administrator creates, edits and removes its own roles only; the system
 * roles are listed with what they grant by rule and refused to every write; another company's role
 * is a 404 on every call, a member without `admin.role` is refused; the old addresses
 * (/adminapi/roles, roles/view, roles/save, roles/remove) answer through the same reader and writer.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let brand: string;
let maker: string;
let buyer: string;
let roleId = 0;

type Grant = { menu_code: string; verbs: string[] };
const roles = (token: string) => resourceClient(t.app, token, 'adminapi', 'role');

async function call(token: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }), headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as { code: number; data: Record<string, unknown> & { errors?: Record<string, string> } } };
}

const auditOf = async (id: number) =>
  (await sql<{ action: string; changes: Array<{ field: string; old: unknown; new: unknown }> }>`select action, changes from audit_log where entity = 'role' and record_id = ${id} order by id`.execute(t.database.db)).rows;

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
});
afterAll(async () => t?.close());

describe('roles on the engine', () => {
  it('creates a role with its grants from the drawer, refusing a system code, a taken code, an unknown menu and verb', async () => {
    const bad = await roles(brand).save({ code: 'clientadmin', name_zh: '冒名', grants: [{ menu_code: 'md.vendor', verbs: ['view', 'fly'] }, { menu_code: 'no.such', verbs: ['view'] }] });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body.data as { errors: object }).errors)).toEqual(expect.arrayContaining(['code', 'grants[0].verbs', 'grants[1].menu_code']));
    const sneaky = await roles(brand).save({ code: 'sneaky_sys', name_zh: '越权', grants: [{ menu_code: 'admin.sys.config', verbs: ['view'] }] });
    expect(sneaky.status).toBe(400);
    const saved = await roles(brand).save({ code: 'grade_a_view', name_zh: 'A级供应商查看', kind: 'menu', grants: JSON.stringify([{ menu_code: 'md.vendor', verbs: ['export', 'view'] }]) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    roleId = Number(saved.body.data.id);
    expect(saved.body.data).toMatchObject({ code: 'grade_a_view', name_zh: 'A级供应商查看', name_en: 'A级供应商查看', kind: 'menu', users: 0, data_rules: 0, version: 1 });
    expect(saved.body.data.grants).toEqual([{ menu_code: 'md.vendor', verbs: ['view', 'export'] }]);
    const stored = await sql<{ verbs: string[] }>`select verbs from role_grants where role_id = ${roleId}`.execute(t.database.db);
    expect(stored.rows.map((r) => r.verbs)).toEqual([['view', 'export']]);
    expect((await roles(brand).save({ code: 'grade_a_view', name_zh: '重复' })).status).toBe(400);
    const audit = await auditOf(roleId);
    expect(audit.map((a) => a.action)).toEqual(['create']);
    expect(audit[0].changes.find((c) => c.field === 'grants')?.new).toEqual([{ menu_code: 'md.vendor', verbs: ['view', 'export'] }]);
  });

  it('lists the company\'s roles beside the system roles, with tabs per kind and the system grants by rule', async () => {
    const page = await roles(brand).page({ tabs: 1, size: 100 });
    expect(page.status).toBe(200);
    const codes = page.body.data.rows.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['grade_a_view', 'clientadmin', 'common']));
    expect(codes).not.toContain('superadmin');
    expect(page.body.data.tabs?.menu).toBeGreaterThanOrEqual(1);
    expect(page.body.data.tabs?.system).toBe(page.body.data.rows.filter((r) => r.client_id === null).length);
    const common = page.body.data.rows.find((r) => r.code === 'common')!;
    expect((common.grants as Grant[]).some((g) => g.menu_code === 'md.vendor' && g.verbs.includes('edit'))).toBe(true);
    const admin = page.body.data.rows.find((r) => r.code === 'clientadmin')!;
    expect(Number(admin.users)).toBeGreaterThanOrEqual(1);
    const found = await roles(brand).page({ q: 'grade_a', opt: 'roles' });
    expect(found.body.data.rows.map((r) => r.code)).toEqual(['grade_a_view']);
  });

  it('changes the grants at the version read, moving the version and auditing old beside new; a stale version loses', async () => {
    const view = await roles(brand).view(roleId);
    const grants: Grant[] = [{ menu_code: 'md.vendor', verbs: ['view'] }, { menu_code: 'md.customer', verbs: ['view'] }];
    const saved = await roles(brand).save({ id: roleId, version: view.body.data.version, grants });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.version).toBe(Number(view.body.data.version) + 1);
    expect(saved.body.data.grants).toEqual([{ menu_code: 'md.customer', verbs: ['view'] }, { menu_code: 'md.vendor', verbs: ['view'] }]);
    const update = (await auditOf(roleId)).at(-1)!;
    expect(update.action).toBe('update');
    expect(update.changes).toEqual([{ field: 'grants', old: [{ menu_code: 'md.vendor', verbs: ['view', 'export'] }], new: saved.body.data.grants }]);
    // The same grants again change nothing.
    const same = await roles(brand).save({ id: roleId, version: saved.body.data.version, grants: [...grants].reverse() });
    expect(same.body.data.version).toBe(saved.body.data.version);
    expect((await roles(brand).save({ id: roleId, version: view.body.data.version, name_zh: '过期' })).status).toBe(409);
  });

  it('refuses every write of a system role', async () => {
    const page = await roles(brand).page({ tab: 'system', size: 100 });
    const common = page.body.data.rows.find((r) => r.code === 'common')!;
    expect(common.kind).toBe('system');
    const save = await roles(brand).save({ id: common.id, version: common.version, name_zh: '改名' });
    expect(save.status).toBe(403);
    expect((await roles(brand).remove([common.id])).status).toBe(403);
    expect((await call(brand, 'POST', '/api/adminapi/roles/remove', { id: Number(common.id) })).status).toBe(403);
    expect((await roles(brand).save({ code: 'kind_sys', name_zh: '系统类', kind: 'system' })).status).toBe(400);
  });

  it('refuses another company\'s role on every call, and a member without the roles menu', async () => {
    const view = await roles(brand).view(roleId);
    expect((await roles(maker).view(roleId)).status).toBe(404);
    expect((await roles(maker).save({ id: roleId, version: view.body.data.version, name_zh: 'x' })).status).toBe(404);
    expect((await roles(maker).remove([roleId], [Number(view.body.data.version)])).status).toBe(404);
    expect((await roles(maker).page({ size: 100 })).body.data.rows.some((r) => Number(r.id) === roleId)).toBe(false);
    expect((await call(maker, 'GET', '/api/adminapi/roles/view', { id: String(roleId) })).status).toBe(404);
    expect((await roles(buyer).page()).status).toBe(403);
    expect((await roles(buyer).save({ code: 'buyer_role', name_zh: '采购自建' })).status).toBe(403);
    expect((await roles(buyer).remove([roleId])).status).toBe(403);
  });

  it('answers the old addresses through the same reader and writer', async () => {
    const list = await call(brand, 'GET', '/api/adminapi/roles');
    const rows = list.body.data as unknown as Array<{ code: string; system: boolean }>;
    expect(rows[0].system).toBe(true);
    expect(rows.find((r) => r.code === 'grade_a_view')?.system).toBe(false);
    const detail = await call(brand, 'GET', '/api/adminapi/roles/view', { id: String(roleId) });
    expect(detail.body.data).toMatchObject({ code: 'grade_a_view', system: false, data_permissions: [] });
    const version = Number(detail.body.data.version);
    const saved = await call(brand, 'POST', '/api/adminapi/roles/save', { id: roleId, version, code: 'grade_a_view', name: '只看A级', grants: [] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ id: roleId });
    const after = await roles(brand).view(roleId);
    expect(after.body.data).toMatchObject({ name_zh: '只看A级', grants: [] });
  });

  it('removes a role only while no user holds it, with its grants and data rules', async () => {
    const rule = await call(brand, 'POST', '/api/adminapi/data-permissions/save', { role_id: roleId, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await roles(brand).view(roleId)).body.data.data_rules).toBe(1);
    const buyerId = Number((await sql<{ id: number }>`select id from users where username = 'brand.buyer'`.execute(t.database.db)).rows[0].id);
    await sql`insert into user_roles (user_id, role_id) values (${buyerId}, ${roleId})`.execute(t.database.db);
    expect((await roles(brand).remove([roleId])).status).toBe(409);
    await sql`delete from user_roles where user_id = ${buyerId} and role_id = ${roleId}`.execute(t.database.db);
    const view = await roles(brand).view(roleId);
    expect((await roles(brand).remove([roleId], [Number(view.body.data.version) - 1])).status).toBe(409);
    const removed = await roles(brand).remove([roleId]);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await roles(brand).view(roleId)).status).toBe(404);
    const left = await sql<{ n: number }>`select (select count(*) from role_grants where role_id = ${roleId}) + (select count(*) from data_permissions where role_id = ${roleId}) as n`.execute(t.database.db);
    expect(Number(left.rows[0].n)).toBe(0);
    expect((await auditOf(roleId)).at(-1)?.action).toBe('remove');
  });
});
