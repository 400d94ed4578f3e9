import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: a company's data permissions are the engine's list, drawer and removal of the editable
 * view entity `data_permission` (/api/adminapi/data_permission/...). A rule names a menu that lists
 * an entity, a field of it, an operator and a value that fits, and binds the company's own role (or
 * user); another company's rule is a 404 on every call, a member without `admin.dataperm` is refused;
 * the list narrows to one role by the filter the role's link gives. Runs on PGlite and PostgreSQL.
 */
let t: TestApp;
let brand: string;
let maker: string;
let buyer: string;
let roleId = 0;
let ruleId = 0;

const rules = (token: string) => resourceClient(t.app, token, 'adminapi', 'data_permission');
const roles = (token: string) => resourceClient(t.app, token, 'adminapi', 'role');
const errorsOf = (body: { data: unknown }) => Object.keys((body.data as { errors?: object }).errors ?? {});

beforeAll(async () => {
  t = await createTestApp();
  brand = await tokenFor(t.database.db, t.config, 'brand');
  maker = await tokenFor(t.database.db, t.config, 'maker');
  buyer = await tokenFor(t.database.db, t.config, 'brand.buyer');
  roleId = Number((await roles(brand).save({ code: 'rules_role', name_zh: '规则角色', grants: [{ menu_code: 'md.vendor', verbs: ['view'] }] })).body.data.id);
});
afterAll(async () => t?.close());

describe('data permissions on the engine', () => {
  it('refuses a rule that names no listed menu, a field the entity lacks, a value that does not fit, or a role not the company\'s', async () => {
    expect(errorsOf((await rules(brand).save({ role_id: roleId, menu_code: 'no.such', field: 'grade', operator: 'eq', value: 'A' })).body)).toContain('menu_code');
    expect(errorsOf((await rules(brand).save({ role_id: roleId, menu_code: 'md.vendor', field: 'password', operator: 'eq', value: 'x' })).body)).toContain('field');
    expect(errorsOf((await rules(brand).save({ role_id: roleId, menu_code: 'md.vendor', field: 'created_at', operator: 'gt', value: 'soon' })).body)).toContain('value');
    expect(errorsOf((await rules(brand).save({ menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' })).body)).toContain('role_id');
    const common = (await roles(brand).page({ tab: 'system', size: 100 })).body.data.rows.find((r) => r.code === 'common')!;
    expect(errorsOf((await rules(brand).save({ role_id: common.id, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' })).body)).toContain('role_id');
    const makerRole = Number((await roles(maker).save({ code: 'maker_rules', name_zh: '工厂规则' })).body.data.id);
    expect(errorsOf((await rules(brand).save({ role_id: makerRole, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' })).body)).toContain('role_id');
  });

  it('saves a rule with its role\'s name, lists it by role, edits it at the version read and audits it', async () => {
    const saved = await rules(brand).save({ role_id: roleId, menu_code: 'md.vendor', field: 'grade', operator: 'in', value: 'A, B', remark: '只看A、B级' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    ruleId = Number(saved.body.data.id);
    expect(saved.body.data).toMatchObject({ role_id: roleId, role_id__label: '规则角色', menu_code: 'md.vendor', field: 'grade', operator: 'in', value: 'A, B', version: 1 });
    const byRole = await rules(brand).page({ 'f.role_id.eq': roleId, size: 100 });
    expect(byRole.body.data.rows.map((r) => Number(r.id))).toEqual([ruleId]);
    const edited = await rules(brand).save({ id: ruleId, version: 1, operator: 'eq', value: '$$USER_ID$$', field: 'created_by' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.version).toBe(2);
    expect((await rules(brand).save({ id: ruleId, version: 1, remark: '过期' })).status).toBe(409);
    const stamps = await sql<{ created_by: number; updated_by: number }>`select created_by, updated_by from data_permissions where id = ${ruleId}`.execute(t.database.db);
    expect(stamps.rows[0].created_by).toBe(stamps.rows[0].updated_by);
    const audit = await sql<{ action: string }>`select action from audit_log where entity = 'data_permission' and record_id = ${ruleId} order by id`.execute(t.database.db);
    expect(audit.rows.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('keeps another company and a member without the menu out', async () => {
    const view = await rules(brand).view(ruleId);
    expect((await rules(maker).view(ruleId)).status).toBe(404);
    expect((await rules(maker).save({ id: ruleId, version: view.body.data.version, remark: 'x' })).status).toBe(404);
    expect((await rules(maker).remove([ruleId], [Number(view.body.data.version)])).status).toBe(404);
    expect((await rules(maker).page({ size: 100 })).body.data.rows.some((r) => Number(r.id) === ruleId)).toBe(false);
    expect((await rules(buyer).page()).status).toBe(403);
    expect((await rules(buyer).save({ role_id: roleId, menu_code: 'md.vendor', field: 'grade', operator: 'eq', value: 'A' })).status).toBe(403);
  });

  it('removes a rule at its version, and the old addresses answer through the same reader and writer', async () => {
    const old = await t.app.inject({ method: 'GET', url: `/api/adminapi/data-permissions?role_id=${roleId}`, headers: { authorization: `Bearer ${brand}` } });
    expect((old.json() as { data: Array<{ id: number }> }).data.map((r) => Number(r.id))).toEqual([ruleId]);
    const view = await rules(brand).view(ruleId);
    expect((await rules(brand).remove([ruleId], [Number(view.body.data.version) - 1])).status).toBe(409);
    const removed = await t.app.inject({ method: 'POST', url: '/api/adminapi/data-permissions/remove', payload: { id: ruleId }, headers: { authorization: `Bearer ${brand}` } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await rules(brand).view(ruleId)).status).toBe(404);
  });
});
