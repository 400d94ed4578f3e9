import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Spec 6 end to end through the API: a client administrator creates a menu role with a
 * data-permission rule, assigns it to a user, and the user's list, views and writes follow it; the
 * server enforces each verb whatever the browser shows.
 */
let t: TestApp;
let admin: string;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: auth(token), payload: payload as Record<string, unknown> | undefined });
  return { status: res.statusCode, body: res.json() as { code: number; message: string; data: Record<string, unknown> } };
}

const vendorIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'brand');
  for (const [name, grade] of [['甲供应商', 'A'], ['乙供应商', 'B'], ['丙供应商', 'A']] as const) {
    const r = await call('POST', '/api/mdapi/vendor/save', admin, { name, vendor_type: 'fabric', grade });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    vendorIds[name] = (r.body.data as { id: number }).id;
  }
});

afterAll(async () => {
  await t?.close();
});

describe('menu roles and data permissions (spec 6)', () => {
  let roleId: number;

  it('lists what can be granted: menu codes with their verbs and each action', async () => {
    const r = await call('GET', '/api/adminapi/permission-catalog', admin);
    expect(r.status).toBe(200);
    const vendor = (r.body.data.menus as Array<{ menu_code: string; verbs: string[] }>).find((m) => m.menu_code === 'md.vendor');
    expect(vendor?.verbs).toEqual(expect.arrayContaining(['view', 'create', 'edit', 'delete', 'import', 'export', 'action:freeze', 'action:activate']));
  });

  it('creates a role that may view and export vendors, refusing unknown menus and verbs', async () => {
    const bad = await call('POST', '/api/adminapi/roles/save', admin, { code: 'vendor_a', name_zh: 'A级供应商查看', grants: [{ menu_code: 'md.vendor', verbs: ['view', 'fly'] }, { menu_code: 'no.such', verbs: ['view'] }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(11000);
    expect(Object.keys(bad.body.data.errors as object)).toEqual(expect.arrayContaining(['grants[0].verbs', 'grants[1].menu_code']));
    const res = await call('POST', '/api/adminapi/roles/save', admin, { code: 'vendor_a', name_zh: 'A级供应商查看', name_en: 'Grade A vendor viewer', grants: JSON.stringify([{ menu_code: 'md.vendor', verbs: ['view', 'export'] }]) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    roleId = (res.body.data as { id: number }).id;
  });

  it('binds a data permission to the role, refusing a field the menu does not have', async () => {
    const bad = await call('POST', '/api/adminapi/data-permissions/save', admin, { role_id: roleId, menu_code: 'md.vendor', field: 'password', operator: 'eq', value: 'x' });
    expect(bad.status).toBe(400);
    const res = await call('POST', '/api/adminapi/data-permissions/save', admin, { role_id: roleId, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('narrows the list, the view and the writes of the user who holds only that role', async () => {
    const users = await call('GET', '/api/adminapi/users?q=brand.buyer', admin);
    const buyerId = ((users.body.data.rows as Array<{ id: number; username: string }>).find((u) => u.username === 'brand.buyer') as { id: number }).id;
    const before = await signIn(t.app, 'brand.buyer');
    const all = await call('GET', '/api/mdapi/vendor/page?size=100', before);
    expect(all.status).toBe(200);
    const names = (all.body.data.rows as Array<{ name: string }>).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['甲供应商', '乙供应商', '丙供应商']));

    const assign = await call('POST', '/api/adminapi/users/assign-roles', admin, { id: buyerId, roles: ['vendor_a'] });
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    const buyer = await signIn(t.app, 'brand.buyer');
    const page = await call('GET', '/api/mdapi/vendor/page?size=100', buyer);
    expect(page.status).toBe(200);
    const grades = (page.body.data.rows as Array<{ grade: string; name: string }>).map((r) => r.grade);
    expect(grades.length).toBeGreaterThanOrEqual(2);
    expect(new Set(grades)).toEqual(new Set(['A']));
    expect(page.body.data.total).toBe(grades.length);

    // The view of a row outside the rule is as if it did not exist.
    expect((await call('GET', `/api/mdapi/vendor/view?id=${vendorIds['乙供应商']}`, buyer)).status).toBe(404);
    expect((await call('GET', `/api/mdapi/vendor/view?id=${vendorIds['甲供应商']}`, buyer)).status).toBe(200);
    // Verbs the role does not grant are refused by the server, whatever the browser shows.
    expect((await call('POST', '/api/mdapi/vendor/save', buyer, { name: '丁', vendor_type: 'fabric', grade: 'A' })).status).toBe(403);
    expect((await call('POST', '/api/mdapi/vendor/remove', buyer, { ids: [vendorIds['甲供应商']] })).status).toBe(403);
    expect((await call('POST', `/api/mdapi/vendor/action/freeze`, buyer, { ids: [vendorIds['甲供应商']] })).status).toBe(403);
    // Menus the role does not grant at all.
    expect((await call('GET', '/api/mdapi/customer/page', buyer)).status).toBe(403);
    expect((await call('GET', '/api/adminapi/roles', buyer)).status).toBe(403);
  });

  it('keeps another company out of the role, its rules and its users', async () => {
    const maker = await signIn(t.app, 'maker');
    const roles = await call('GET', '/api/adminapi/roles', maker);
    expect((roles.body.data as unknown as Array<{ code: string }>).some((r) => r.code === 'vendor_a')).toBe(false);
    expect((await call('GET', `/api/adminapi/roles/view?id=${roleId}`, maker)).status).toBe(404);
    expect((await call('GET', '/api/adminapi/data-permissions', maker)).body.data).toEqual([]);
    expect((await call('POST', '/api/adminapi/roles/remove', maker, { id: roleId })).status).toBe(404);
    const users = await call('GET', '/api/adminapi/users?size=100', maker);
    expect((users.body.data.rows as Array<{ username: string }>).some((u) => u.username.startsWith('brand'))).toBe(false);
  });

  it('refuses to remove a role still assigned, and a stale version', async () => {
    expect((await call('POST', '/api/adminapi/roles/remove', admin, { id: roleId })).status).toBe(409);
    const stale = await call('POST', '/api/adminapi/roles/save', admin, { id: roleId, version: 99, code: 'vendor_a', name_zh: 'x', grants: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe(11409);
  });

  it('records who changed roles and permissions in the audit view', async () => {
    const r = await call('GET', '/api/adminapi/audit?size=50', admin);
    expect(r.status).toBe(200);
    const rows = r.body.data.rows as Array<{ entity: string; action: string; username: string; ip: string }>;
    expect(rows.some((x) => x.entity === 'role' && x.action === 'create' && x.username === 'brand')).toBe(true);
    expect(rows.some((x) => x.entity === 'data_permission')).toBe(true);
    expect(rows.some((x) => x.entity === 'user' && x.action === 'assign-roles')).toBe(true);
    const maker = await signIn(t.app, 'maker');
    const other = await call('GET', '/api/adminapi/audit?size=50', maker);
    // The maker's audit names the brand's user only on the maker's copies of shared documents the
    // brand acted on (written in the maker's company through the share): the orders it sent, and the
    // maker's applications and quotations in the brand's sourcing projects (shortlisted, awarded).
    // None of the brand's own records shows there.
    const throughShares = new Set(['customerorder', 'srcapplication', 'srcquotation']);
    const fromBrand = (other.body.data.rows as Array<{ username: string; entity: string }>).filter((x) => x.username === 'brand');
    expect(fromBrand.filter((x) => !throughShares.has(x.entity))).toEqual([]);
  });
});
