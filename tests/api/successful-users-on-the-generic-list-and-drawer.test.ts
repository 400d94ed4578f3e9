import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the company's users are the engine's list, drawer and transitions of the editable view
 * entity `user` (/api/adminapi/user/...). A company administrator reads and changes their own
 * company's users only (another company's user is a 404 on every call, as on every list); a member
 * without `admin.user` is refused; the roles are saved from the drawer and checked; the password
 * reset hashes a temporary password that only the user's mail carries (never a reply nor the audit).
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let t: TestApp;
let brand: string;
let maker: string;
let buyer: string;

const users = (token: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, token, 'adminapi', 'user', lang);
const idOf = async (username: string) => Number((await sql<{ id: number }>`select id from users where username = ${username}`.execute(t.database.db)).rows[0].id);

async function action(token: string, name: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/adminapi/user/action/${name}`, payload: body, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: { rows: Array<Record<string, unknown>>; data?: unknown[] } } };
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
});
afterAll(async () => t?.close());

describe('users on the engine', () => {
  it('lists the own company\'s users only, with their roles, tabs and quick search, and no password column', async () => {
    const page = await users(brand).page({ tabs: 1, size: 100 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const brandClient = Number((await sql<{ client_id: number }>`select client_id from users where username = 'brand'`.execute(t.database.db)).rows[0].client_id);
    const own = Number((await sql<{ n: number }>`select count(*)::int as n from users where client_id = ${brandClient}`.execute(t.database.db)).rows[0].n);
    expect(page.body.data.total).toBe(own);
    expect(page.body.data.rows.every((r) => Number(r.client_id) === brandClient)).toBe(true);
    expect(page.body.data.rows.some((r) => r.username === 'maker')).toBe(false);
    expect(page.body.data.tabs?.all).toBe(own);
    const found = await users(brand).page({ q: 'brand.buyer', opt: 'users' });
    expect(found.body.data.rows.map((r) => r.username)).toEqual(['brand.buyer']);
    expect(found.body.data.rows[0].roles).toEqual(expect.arrayContaining(['common']));
    for (const row of page.body.data.rows) expect(Object.keys(row).some((k) => k.includes('password'))).toBe(false);
  });

  it('refuses another company\'s user on every call, and a member without the users menu', async () => {
    const id = await idOf('brand.buyer');
    const view = await users(brand).view(id);
    expect((await users(maker).view(id)).status).toBe(404);
    expect((await users(maker).save({ id, version: view.body.data.version, fullname: 'x' })).status).toBe(404);
    expect((await action(maker, 'freeze', { ids: [id] })).status).toBe(404);
    expect((await action(maker, 'reset-password', { ids: [id] })).status).toBe(404);
    expect((await users(maker).page({ q: 'brand.buyer' })).body.data.rows).toEqual([]);
    expect((await users(buyer).page()).status).toBe(403);
    expect((await users(buyer).view(id)).status).toBe(403);
    expect((await users(buyer).save({ id, version: view.body.data.version, fullname: 'x' })).status).toBe(403);
    expect((await action(buyer, 'freeze', { ids: [id] })).status).toBe(403);
    // Nothing changed.
    expect((await users(brand).view(id)).body.data.fullname).toBe(view.body.data.fullname);
  });

  it('saves the drawer with its roles, checks organisation, roles and version, and audits the roles', async () => {
    const id = await idOf('brand.buyer');
    const before = (await users(brand).view(id)).body.data;
    const makerOrg = await resourceClient(t.app, maker, 'mdapi', 'org').save({ code: 'MKORG1', name: '工厂部门' });
    const org = await resourceClient(t.app, brand, 'mdapi', 'org').save({ code: 'BRORG1', name: '采购部' });
    const foreign = await users(brand).save({ id, version: before.version, org_id: makerOrg.body.data.id });
    expect(foreign.status).toBe(400);
    expect(Object.keys((foreign.body.data as { errors: Record<string, unknown> }).errors)).toEqual(['org_id']);
    const platformRole = await users(brand).save({ id, version: before.version, roles: ['common', 'superadmin'] });
    expect(platformRole.status).toBe(400);
    expect(Object.keys((platformRole.body.data as { errors: Record<string, unknown> }).errors)).toEqual(['roles']);

    const saved = await users(brand).save({ id, version: before.version, fullname: '李采购', org_id: org.body.data.id, roles: ['common', 'planner'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ fullname: '李采购', org_id__label: '采购部', roles: ['common', 'planner'] });
    expect(Number(saved.body.data.version)).toBeGreaterThan(Number(before.version));
    expect((await users(brand).save({ id, version: before.version, fullname: '旧版本' })).status).toBe(409);
    // A save of the roles alone still moves the version.
    const rolesOnly = await users(brand).save({ id, version: saved.body.data.version, roles: ['common'] });
    expect(Number(rolesOnly.body.data.version)).toBe(Number(saved.body.data.version) + 1);
    const audit = await sql<{ action: string; changes: unknown }>`select action, changes from audit_log where entity = 'user' and record_id = ${id} order by id`.execute(t.database.db);
    const roleChanges = audit.rows.filter((a) => a.action === 'assign-roles').map((a) => (typeof a.changes === 'string' ? JSON.parse(a.changes) : a.changes));
    expect(roleChanges.at(-1)).toEqual([{ field: 'roles', old: ['common', 'planner'], new: ['common'] }]);
  });

  it('freezes and activates through the transitions (never one\'s own account), ending the frozen user\'s sessions', async () => {
    const id = await idOf('brand.buyer');
    const session = await tokenFor(t.database.db, t.config, 'brand.buyer');
    expect((await action(brand, 'freeze', { ids: [await idOf('brand')] })).status).toBe(400);
    const frozen = await action(brand, 'freeze', { ids: [id] });
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200);
    expect(frozen.body.data.rows[0].status).toBe('frozen');
    expect((await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(401);
    expect((await users(brand).page({ tab: 'frozen' })).body.data.rows.map((r) => r.username)).toContain('brand.buyer');
    expect((await action(brand, 'freeze', { ids: [id] })).status).toBe(409);
    expect((await action(brand, 'activate', { ids: [id] })).body.data.rows[0].status).toBe('active');
  });

  it('resets a password: the hash is stored, the temporary password goes only to the user\'s mail', async () => {
    const id = await idOf('maker.planner');
    const hashBefore = (await sql<{ h: string }>`select password_hash as h from users where id = ${id}`.execute(t.database.db)).rows[0].h;
    const reset = await action(maker, 'reset-password', { ids: [id] });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const stored = (await sql<{ h: string; must: boolean; email: string }>`select password_hash as h, must_change_password as must, email from users where id = ${id}`.execute(t.database.db)).rows[0];
    expect(stored.h).not.toBe(hashBefore);
    expect(stored.must).toBe(true);
    const reply = JSON.stringify(reset.body);
    expect(reply).not.toContain(stored.h);
    expect(reply).not.toMatch(/password_hash/);
    const mail = (await sql<{ body: string }>`select body from outbox where to_address = ${stored.email} order by id desc limit 1`.execute(t.database.db)).rows[0];
    const temporary = /(?:临时密码为|temporary password is)\s*([A-Za-z0-9]{10})/.exec(mail.body)?.[1];
    expect(temporary).toBeTruthy();
    expect(reply).not.toContain(temporary!);
    const audit = await sql<{ changes: unknown }>`select changes from audit_log where entity = 'user' and record_id = ${id} and action = 'reset-password'`.execute(t.database.db);
    expect(audit.rows.length).toBe(1);
    expect(JSON.stringify(audit.rows[0].changes)).not.toContain(stored.h);
    // The temporary password signs in (and must be changed).
    expect(await signIn(t.app, 'maker.planner', temporary!)).toBeTruthy();
  });
});
