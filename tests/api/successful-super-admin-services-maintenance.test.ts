import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from '../support/test-app';

/**
 * Spec 2 "Admin": services. The super administrator puts a business module under maintenance: every
 * call under /api/{prefix}/ then answers 503 in the envelope for every tenant, with the note; other
 * modules, sign-in and the administration keep working; back in service, the module answers again.
 */
let t: TestApp;
let admin: string;
let brand: string;

type Env = { code: number; message: string; data: Record<string, unknown> | null };

async function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: Record<string, unknown>, lang?: 'zh-CN' | 'en') {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers['x-lang'] = lang;
  const res = await t.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json() as Env };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
  brand = await signIn(t.app, 'brand');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('services maintenance switch', () => {
  it('lists the business modules, all in service, to the super administrator only', async () => {
    const list = await call('GET', '/api/adminapi/sys/services', admin);
    expect(list.status).toBe(200);
    const rows = list.body.data as unknown as Array<{ prefix: string; enabled: boolean }>;
    expect(rows.map((r) => r.prefix)).toEqual(expect.arrayContaining(['mdapi', 'scmapi', 'crossapi']));
    expect(rows.map((r) => r.prefix)).not.toContain('adminapi');
    expect(rows.every((r) => r.enabled)).toBe(true);
    expect((await call('GET', '/api/adminapi/sys/services', brand)).status).toBe(403);
  });

  it('refuses a client administrator and validates the input', async () => {
    const denied = await call('POST', '/api/adminapi/sys/services/save', brand, { prefix: 'mdapi', enabled: false });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(403);
    const unknown = await call('POST', '/api/adminapi/sys/services/save', admin, { prefix: 'adminapi', enabled: false });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(11000);
    expect(Object.keys(unknown.body.data?.errors as object)).toContain('prefix');
    const long = await call('POST', '/api/adminapi/sys/services/save', admin, { prefix: 'mdapi', enabled: false, note: 'x'.repeat(201) });
    expect(long.body.code).toBe(11000);
    expect(Object.keys(long.body.data?.errors as object)).toContain('note');
    // Nothing was switched by the refused calls.
    expect((await call('GET', '/api/mdapi/vendor/page', brand)).status).toBe(200);
  });

  it('answers 503 with the note for a module under maintenance, and 200 again once back in service', async () => {
    expect((await call('GET', '/api/mdapi/vendor/page', brand)).status).toBe(200);
    expect((await call('GET', '/api/scmapi/prorder/page', brand)).status).toBe(200);

    const note = '数据迁移，22:00 恢复';
    const put = await call('POST', '/api/adminapi/sys/services/save', admin, { prefix: 'mdapi', enabled: false, note });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ prefix: 'mdapi', enabled: false, note, updated_by_name: 'admin' });

    const zh = await call('GET', '/api/mdapi/vendor/page', brand, undefined, 'zh-CN');
    expect(zh.status).toBe(503);
    expect(zh.body).toMatchObject({ code: 503, message: '该服务正在维护中，请稍后再试' });
    expect(zh.body.data?.note).toBe(note);
    const en = await call('GET', '/api/mdapi/vendor/page', brand, undefined, 'en');
    expect(en.status).toBe(503);
    expect(en.body).toMatchObject({ code: 503, message: 'This service is under maintenance, please try again later' });
    expect(en.body.data?.note).toBe(note);
    // Writes too, and without signing in (the gate runs before anything else).
    expect((await call('POST', '/api/mdapi/vendor/save', brand, { code: 'V-MAINT', name: 'x' })).status).toBe(503);
    expect((await call('GET', '/api/mdapi/vendor/page', null)).status).toBe(503);

    // Other modules, sign-in and the administration keep working.
    expect((await call('GET', '/api/scmapi/prorder/page', brand)).status).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'brand', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect((await call('GET', '/api/adminapi/users', brand)).status).toBe(200);
    expect((await call('GET', '/api/health', null)).status).toBe(200);
    const listed = (await call('GET', '/api/adminapi/sys/services', admin)).body.data as unknown as Array<{ prefix: string; enabled: boolean; note: string | null }>;
    expect(listed.find((r) => r.prefix === 'mdapi')).toMatchObject({ enabled: false, note });

    const back = await call('POST', '/api/adminapi/sys/services/save', admin, { prefix: 'mdapi', enabled: true, note: '' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ prefix: 'mdapi', enabled: true, note: null });
    const again = await call('GET', '/api/mdapi/vendor/page', brand);
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(200);
  });

  it('records the switch in the audit log', async () => {
    const audit = await call('GET', '/api/adminapi/audit', admin, undefined);
    expect(audit.status).toBe(200);
    const rows = (audit.body.data as { rows: Array<{ entity: string; action: string }> }).rows;
    expect(rows.filter((r) => r.entity === 'sys_service').map((r) => r.action)).toEqual(expect.arrayContaining(['maintenance', 'resume']));
  });
});
