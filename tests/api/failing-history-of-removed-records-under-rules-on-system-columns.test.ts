import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 28 item 3: under data permissions on system columns (a buyer sees only the vendors they
 * created, and only those created since 2024), a vendor refused to the buyer while it existed (404)
 * showed every old value in its history once removed (200): the removal recorded the vendor's own
 * fields only, so the rules were checked against the reader's own id and now(). A removal now
 * records the system columns the rules can name, the history of a removed record is judged by
 * them, and a removal recorded without them is refused where a rule names one.
 */
let t: TestApp;
let admin: string;
let buyer: string;
let adminId: number;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const SYSTEM = ['version', 'created_by', 'created_at', 'updated_by', 'updated_at'];

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: Record<string, unknown> } };
}

async function userId(username: string): Promise<number> {
  const users = await call('GET', `/api/adminapi/users?q=${username}`, admin);
  return (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === username)!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'brand');
  adminId = await userId('brand');
  // A role that may view, create, edit and delete vendors: the ones its user created, since 2024.
  const role = await call('POST', '/api/adminapi/roles/save', admin, { code: 'vendor_own_rw', name_zh: '本人供应商维护', grants: [{ menu_code: 'md.vendor', verbs: ['view', 'create', 'edit', 'delete'] }] });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const roleId = (role.body.data as { id: number }).id;
  for (const rule of [
    { field: 'created_by', operator: 'eq', value: '$$USER_ID$$' },
    { field: 'created_at', operator: 'gt', value: '2024-01-01 00:00:00' },
  ]) {
    const saved = await call('POST', '/api/adminapi/data-permissions/save', admin, { role_id: roleId, menu_code: 'md.vendor', ...rule });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  expect((await call('POST', '/api/adminapi/users/assign-roles', admin, { id: await userId('brand.buyer'), roles: ['vendor_own_rw'] })).status).toBe(200);
  buyer = await signIn(t.app, 'brand.buyer');
});
afterAll(async () => t?.close());

describe('the history of a removed record under data permissions on system columns', () => {
  it('keeps refusing a vendor another user created (created_by) once it is removed; its owner still reads it', async () => {
    const own = resourceClient(t.app, admin, 'mdapi', 'vendor');
    const other = resourceClient(t.app, buyer, 'mdapi', 'vendor');
    const saved = (await own.save({ name: '管理员建的供应商', vendor_type: 'fabric', grade: 'A', bank_account_no: '6222000033334444' })).body.data;
    expect((await other.view(saved.id)).status).toBe(404);
    expect((await other.history(saved.id)).status).toBe(404);

    expect((await own.remove([saved.id])).status).toBe(200);
    const refused = await other.history(saved.id);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('6222000033334444');

    const owner = await own.history(saved.id);
    expect(owner.status).toBe(200);
    expect(JSON.stringify(owner.body.data.rows)).toContain('6222000033334444');
    // The removal recorded the system columns, labelled as the lists label them.
    const removal = owner.body.data.rows.find((r) => r.action === 'remove')!;
    const recorded = Object.fromEntries(removal.changes.map((c) => [c.field, c]));
    for (const c of SYSTEM) expect(Object.keys(recorded)).toContain(c);
    expect(Number(recorded.created_by.old)).toBe(adminId);
    expect(recorded.created_by.label).toBe('创建人');
  });

  it('keeps refusing a vendor created before 2024 (created_at) once it is removed', async () => {
    const other = resourceClient(t.app, buyer, 'mdapi', 'vendor');
    const saved = (await other.save({ name: '买手旧供应商', vendor_type: 'fabric', grade: 'A', bank_account_no: '6222000055556666' })).body.data;
    expect((await other.view(saved.id)).status).toBe(200);
    await sql`update md_vendor set created_at = '2020-06-01 08:00:00+00' where id = ${Number(saved.id)}`.execute(t.database.db);
    expect((await other.view(saved.id)).status).toBe(404);
    expect((await other.history(saved.id)).status).toBe(404);

    const own = resourceClient(t.app, admin, 'mdapi', 'vendor');
    expect((await own.remove([saved.id])).status).toBe(200);
    const refused = await other.history(saved.id);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('6222000055556666');
    expect((await own.history(saved.id)).status).toBe(200);
  });

  it('still shows a removed vendor that was within the reader’s scope', async () => {
    const other = resourceClient(t.app, buyer, 'mdapi', 'vendor');
    const saved = (await other.save({ name: '买手新供应商', vendor_type: 'fabric', grade: 'A' })).body.data;
    expect((await resourceClient(t.app, admin, 'mdapi', 'vendor').remove([saved.id])).status).toBe(200);
    const h = await other.history(saved.id);
    expect(h.status).toBe(200);
    expect(h.body.data.rows.map((r) => r.action)).toEqual(['remove', 'create']);
  });

  it('refuses a removal recorded without system columns where a rule names one, and judges other rules as before', async () => {
    const other = resourceClient(t.app, buyer, 'mdapi', 'vendor');
    const saved = (await other.save({ name: '旧审计供应商', vendor_type: 'fabric', grade: 'A' })).body.data;
    const own = resourceClient(t.app, admin, 'mdapi', 'vendor');
    expect((await own.remove([saved.id])).status).toBe(200);
    expect((await other.history(saved.id)).status).toBe(200);
    // A removal as recorded before the system columns were kept.
    await sql`update audit_log set changes = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(changes) e where not (e->>'field' = any(${SYSTEM}::text[])))
      where entity = 'vendor' and record_id = ${Number(saved.id)} and action = 'remove'`.execute(t.database.db);
    const old = await own.history(saved.id);
    expect(old.body.data.rows.find((r) => r.action === 'remove')!.changes.map((c) => c.field)).not.toContain('created_by');
    // Its creator and creation time are unknown: the buyer's rules name them, so it is refused.
    expect((await other.history(saved.id)).status).toBe(404);
    // A reader whose rules name fields the removal recorded is judged by them (grade A: shown; grade B: refused).
    const rule = await call('POST', '/api/adminapi/data-permissions/save', admin, { user_id: adminId, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await own.history(saved.id)).status).toBe(200);
    await sql`update audit_log set changes = (select jsonb_agg(case when e->>'field' = 'grade' then jsonb_set(e, '{old}', '"B"') else e end) from jsonb_array_elements(changes) e)
      where entity = 'vendor' and record_id = ${Number(saved.id)} and action = 'remove'`.execute(t.database.db);
    expect((await own.history(saved.id)).status).toBe(404);
  });
});
