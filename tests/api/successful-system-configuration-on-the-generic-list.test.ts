import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the system configuration is the engine's list of the view entity `sys_config`: one
 * record, each setting a typed field (a choice from its dictionary, a count within its range), read
 * over the environment's defaults; a save at its version stores the settings given, applies them at
 * once (sign-up follows a new password rule) and is audited old beside new; a stale copy is 409; a
 * company administrator is refused.
 */
let t: TestApp;
let admin: string;
let brand: string;
const config = (token: string) => resourceClient(t.app, token, 'adminapi', 'sys_config');

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.database.db, t.config, 'admin');
  brand = await tokenFor(t.database.db, t.config, 'brand');
});
afterAll(async () => t?.close());

const signUp = async (password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/utilsapi/signup', payload: { username: `co${Date.now()}`, password, email: `c${Date.now()}@x.com`, mobile: '13911112222', company_name: `新公司${Date.now()}`, company_type: 'maker' } })).json() as { code: number; data: { errors?: Record<string, string> } };

describe('system configuration on the engine', () => {
  it('reads one record of the settings over their defaults, to the super administrator only', async () => {
    const page = await config(admin).page();
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.rows).toHaveLength(1);
    expect(page.body.data.rows[0]).toMatchObject({ id: 1, password_rule: 'pwd', version: 1, updated_by_name: null });
    expect(Number(page.body.data.rows[0].import_max_rows)).toBeGreaterThan(0);
    expect((await config(brand).page()).status).toBe(403);
    expect((await config(brand).save({ id: 1, version: 1, password_rule: 'pwdstrong' })).status).toBe(403);
  });

  it('refuses a count out of range and a choice not offered', async () => {
    const bad = await config(admin).save({ id: 1, version: 1, import_max_rows: 0, password_rule: 'weak' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toMatchObject({ import_max_rows: '请输入 1 到 1000000 之间的整数' });
    expect(bad.body.data.errors).toHaveProperty('password_rule');
  });

  it('stores a new rule at the version, applies it at once and audits it; a stale copy loses', async () => {
    const saved = await config(admin).save({ id: 1, version: 1, password_rule: 'pwdstrong', import_max_rows: '5000' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ password_rule: 'pwdstrong', import_max_rows: 5000, updated_by_name: 'admin' });
    expect(Number(saved.body.data.version)).toBeGreaterThan(1);
    expect(Object.keys((await signUp('abc123')).data.errors ?? {})).toContain('password');
    expect((await config(admin).save({ id: 1, version: 1, password_rule: 'pwd' })).status).toBe(409);
    const stored = await sql<{ key: string; value: unknown }>`select key, value from sys_config order by key`.execute(t.database.db);
    expect(stored.rows).toEqual([{ key: 'import_max_rows', value: 5000 }, { key: 'password_rule', value: 'pwdstrong' }]);
    const audit = await sql<{ changes: Array<{ field: string; old: unknown; new: unknown }> }>`select changes from audit_log where entity = 'sys_config' and action = 'update'`.execute(t.database.db);
    expect(audit.rows[0].changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'password_rule', old: 'pwd', new: 'pwdstrong' })]));
    const back = await config(admin).save({ id: 1, version: saved.body.data.version, password_rule: 'pwd' });
    expect(back.status).toBe(200);
    expect((await signUp('abc123')).data.errors?.password).toBeUndefined();
  });
});
