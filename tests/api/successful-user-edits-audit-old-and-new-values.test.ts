import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 10: an administrator's edit of a user (name, org, roles, status) is audited with the old
 * value beside the new one, so the audit view answers "what was it before".
 */
let t: TestApp;
let brand: string;
type Reply = { code: number; message: string; data: Record<string, unknown> };
type Change = { field: string; old: unknown; new: unknown };
type AuditEntry = { entity: string; record_id: number | string; action: string; username: string; changes: Change[] };

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${brand}` }, payload });
  return { status: res.statusCode, body: res.json() as Reply };
}

async function buyer(): Promise<Record<string, unknown>> {
  const list = await call('GET', '/api/adminapi/users?q=brand.buyer');
  return (list.body.data.rows as Array<Record<string, unknown>>)[0];
}

async function auditOf(userId: unknown, action: string): Promise<AuditEntry> {
  const r = await call('GET', `/api/adminapi/audit?entity=user&record_id=${String(userId)}`);
  expect(r.status).toBe(200);
  const entry = (r.body.data.rows as AuditEntry[]).find((a) => a.action === action);
  if (!entry) throw new Error(`no ${action} audit of user ${String(userId)}: ${JSON.stringify(r.body.data.rows)}`);
  // The stored change (the view adds labels beside it, tested in successful-audit-reads-as-labels).
  return { ...entry, changes: entry.changes.map((c) => ({ field: c.field, old: c.old, new: c.new })) };
}

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
});
afterAll(async () => t?.close());

describe('audit of user administration', () => {
  it('records the old and the new name and org of an edit, and only what changed', async () => {
    const org = await resourceClient(t.app, brand, 'mdapi', 'org').save({ code: 'AUDITORG', name: '审计测试部' });
    expect(org.body.code, JSON.stringify(org.body)).toBe(200);
    const before = await buyer();
    const saved = await call('POST', '/api/adminapi/users/save', { ...before, fullname: '李采购（新）', org_id: org.body.data.id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const entry = await auditOf(before.id, 'update');
    expect(entry.username).toBe('brand');
    const byField = new Map(entry.changes.map((c) => [c.field, c]));
    expect(byField.get('fullname')).toEqual({ field: 'fullname', old: before.fullname, new: '李采购（新）' });
    expect(byField.get('org_id')?.old).toBeNull();
    expect(Number(byField.get('org_id')?.new)).toBe(Number(org.body.data.id));
    // Unchanged fields (e-mail, mobile) are not claimed as changed.
    expect(byField.has('email')).toBe(false);
    expect(byField.has('mobile')).toBe(false);
  });

  it('records the roles held before and after an assignment', async () => {
    const u = await buyer();
    const oldRoles = u.roles as string[];
    const r = await call('POST', '/api/adminapi/users/assign-roles', { id: u.id, roles: ['common', 'planner'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const entry = await auditOf(u.id, 'assign-roles');
    expect(entry.changes).toEqual([{ field: 'roles', old: oldRoles, new: ['common', 'planner'] }]);
  });

  it('records the status before a freeze and an activation', async () => {
    const u = await buyer();
    expect((await call('POST', '/api/adminapi/users/freeze', { ids: [u.id] })).status).toBe(200);
    expect((await auditOf(u.id, 'freeze')).changes).toEqual([{ field: 'status', old: 'active', new: 'frozen' }]);
    expect((await call('POST', '/api/adminapi/users/activate', { ids: [u.id] })).status).toBe(200);
    expect((await auditOf(u.id, 'activate')).changes).toEqual([{ field: 'status', old: 'frozen', new: 'active' }]);
  });
});
