import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 20: data permissions narrowed what a user reads but not what it writes (a user limited to
 * grade-A vendors saved a grade-B one and moved one from A to C, and the reply then said "record not
 * found", so a retry made a duplicate); the history of a removed record showed every old value, bank
 * account included, to a user outside its scope; a remove won silently over a concurrent edit; and
 * 300,000 ids in one remove ran 9 s into a 500.
 */
let t: TestApp;
let admin: string;
let buyer: string;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: Record<string, unknown> } };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'brand');
  // A role that may view, create, edit, delete and import vendors of grade A only.
  const role = await call('POST', '/api/adminapi/roles/save', admin, { code: 'vendor_a_rw', name_zh: 'A级供应商维护', grants: [{ menu_code: 'md.vendor', verbs: ['view', 'create', 'edit', 'delete', 'import'] }] });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const rule = await call('POST', '/api/adminapi/data-permissions/save', admin, { role_id: (role.body.data as { id: number }).id, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  const users = await call('GET', '/api/adminapi/users?q=brand.buyer', admin);
  const buyerId = (users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'brand.buyer')!.id;
  expect((await call('POST', '/api/adminapi/users/assign-roles', admin, { id: buyerId, roles: ['vendor_a_rw'] })).status).toBe(200);
  buyer = await signIn(t.app, 'brand.buyer');
});
afterAll(async () => t?.close());

describe('a write that would leave the writer’s data scope is refused before anything is written', () => {
  it('refuses creating a record outside the scope, with a clear message, and writes nothing', async () => {
    const vendors = resourceClient(t.app, buyer, 'mdapi', 'vendor');
    const before = (await resourceClient(t.app, admin, 'mdapi', 'vendor').page({ 'f.name.eq': '越权乙级' })).body.data.total;
    const refused = await vendors.save({ name: '越权乙级', vendor_type: 'fabric', grade: 'B' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('保存后的数据超出了您的数据权限范围，无法保存');
    expect((await resourceClient(t.app, admin, 'mdapi', 'vendor').page({ 'f.name.eq': '越权乙级' })).body.data.total).toBe(before);
    const allowed = await vendors.save({ name: '本权限甲级', vendor_type: 'fabric', grade: 'A' });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it('refuses moving a record out of the scope, in both languages, and leaves it as it was', async () => {
    const vendors = resourceClient(t.app, buyer, 'mdapi', 'vendor');
    const saved = (await vendors.save({ name: '待改等级', vendor_type: 'fabric', grade: 'A' })).body.data;
    const moved = await vendors.save({ ...saved, grade: 'C' });
    expect(moved.status).toBe(403);
    const english = await resourceClient(t.app, buyer, 'mdapi', 'vendor', 'en').save({ ...saved, grade: 'C' });
    expect(english.body.message).toBe('The record would fall outside your data permissions, so it cannot be saved');
    const after = (await vendors.view(saved.id)).body.data;
    expect(after).toMatchObject({ grade: 'A', version: saved.version });
  });

  it('refuses an import row that would land outside the scope, with the same message', async () => {
    const { writeEntityFile } = await import('../../fixtures/xlsx/large');
    const { readFileSync, mkdirSync } = await import('node:fs');
    const { importFile, UPLOAD_BASE, api } = await import('./import-support');
    mkdirSync('.tmp/scope-import', { recursive: true });
    const rows = [{ name: '导入乙级', vendor_type: 'fabric', grade: 'B' }, { name: '导入甲级', vendor_type: 'fabric', grade: 'A' }];
    await writeEntityFile('.tmp/scope-import/vendors.xlsx', 'vendor', rows.length, (i) => rows[i]);
    const job = await importFile(t.app, buyer, { name: 'vendors.xlsx', content: readFileSync('.tmp/scope-import/vendors.xlsx') }, { entity: 'vendor' });
    expect(job.result).toMatchObject({ total: 2, invalid: 1 });
    const errors = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${job.id}/errors`, headers: api(buyer) });
    expect((errors.json() as { data: { rows: Array<{ row: number; message: string }> } }).data.rows).toEqual([expect.objectContaining({ row: 2, message: '保存后的数据超出了您的数据权限范围，无法保存' })]);
  });
});

describe('the history of a removed record keeps to the reader’s data scope', () => {
  it('shows a removed grade-B vendor with its bank account to the administrator, and nothing to the grade-A user', async () => {
    const vendors = resourceClient(t.app, admin, 'mdapi', 'vendor');
    const saved = (await vendors.save({ name: '将删乙级', vendor_type: 'fabric', grade: 'B', bank_account_no: '6222000011112222' })).body.data;
    expect((await vendors.remove([saved.id])).status).toBe(200);
    const own = await vendors.history(saved.id);
    expect(own.status).toBe(200);
    expect(JSON.stringify(own.body.data.rows)).toContain('6222000011112222');
    const outside = await resourceClient(t.app, buyer, 'mdapi', 'vendor').history(saved.id);
    expect(outside.status).toBe(404);
    expect(JSON.stringify(outside.body)).not.toContain('6222000011112222');
  });
});

describe('remove checks versions and bounds its batch', () => {
  it('refuses a remove at a version someone has changed since, and keeps the record', async () => {
    const vendors = resourceClient(t.app, admin, 'mdapi', 'vendor');
    const saved = (await vendors.save({ name: '并发删除', vendor_type: 'fabric', grade: 'A' })).body.data;
    expect((await vendors.save({ ...saved, remark: '别人改了' })).status).toBe(200);
    const stale = await vendors.remove([saved.id], [Number(saved.version)]);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('该单据已被他人操作，请刷新后重试');
    expect((await vendors.view(saved.id)).status).toBe(200);
    const noVersion = await call('POST', '/api/mdapi/vendor/remove', admin, { ids: [saved.id] });
    expect(noVersion.status).toBe(400);
    expect((await vendors.view(saved.id)).status).toBe(200);
    const fresh = await vendors.remove([saved.id]);
    expect(fresh.status).toBe(200);
  });

  it('refuses 300,000 ids at once quickly with a clear message', async () => {
    const ids = Array.from({ length: 300_000 }, (_, i) => i + 1);
    const started = Date.now();
    const res = await call('POST', '/api/mdapi/vendor/remove', admin, { ids, versions: ids.map(() => 1) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('一次最多只能操作 1000 条数据，请分批进行');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
